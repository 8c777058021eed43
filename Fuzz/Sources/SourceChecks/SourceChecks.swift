import Diagnostics
import Foundation
import FuzzChecks
import FuzzedSwiftFacts

/// The harness of Swift fact extraction (SwiftParser), which the main package keeps out of its library
/// products: compiled in this package from the main package's sources (Sources/Linked/SwiftFacts), so it
/// calls the same code the audit does.
public enum SourceChecks {
    /// Whether this build has SwiftParser (run.sh skips `fuzz-swift-facts` when it has not).
    public static var swiftParserIsAvailable: Bool { SwiftFactsExtractor.isAvailable }

    /// The input's parts (FuzzInputFiles) are separate files of one target, so that constants declared in one
    /// file and used in another are resolved across files, as in a real target; they are written here.
    static let directory = FuzzInputFiles.directory("swift")

    /// Swift facts of the input's files, extracted with the byte prefilter (as the audit does) and
    /// without it: the facts must be the same (the prefilter only saves work), and every position must
    /// be inside its file.
    public static func swiftFacts(_ bytes: UnsafeRawBufferPointer) {
        guard SwiftFactsExtractor.isAvailable else { fatalError("fuzz-swift-facts was built without SwiftParser") }
        let parts = FuzzInputFiles.parts(Array(bytes)).prefix(4)
        var files: [SwiftSourceFile] = []
        var lineCounts: [String: Int] = [:]
        for (index, part) in parts.enumerated() {
            let path = "\(directory)/File\(index).swift"
            guard FileManager.default.createFile(atPath: path, contents: Data(part)) else { fatalError("cannot write \(path)") }
            let display = "Sources/File\(index).swift"
            files.append(SwiftSourceFile(path: path, displayPath: display))
            lineCounts[display] = lineCount(part)
        }
        let filtered: SwiftTargetFacts, everything: SwiftTargetFacts
        // One worker: with Dispatch's worker threads, LeakSanitizer reports Foundation's file buffers
        // (2 × 4 KB) as leaked after a two-file input, yet 4,000 runs of it grow no faster than with one
        // worker; the parallel path is the audit's, the extraction per file is the same.
        var withPrefilter = SwiftFactsExtractor.Options(usePrefilter: true), without = SwiftFactsExtractor.Options(usePrefilter: false)
        withPrefilter.concurrency = 1
        without.concurrency = 1
        do {
            filtered = try SwiftFactsExtractor(options: withPrefilter).extract(files)
            everything = try SwiftFactsExtractor(options: without).extract(files)
        } catch {
            fatalError("extraction threw: \(error)")
        }
        // Equal, except that with the prefilter a value may resolve where the whole parse finds two
        // declarations of the constant (a redeclaration, which the compiler refuses): the prefilter parses
        // no file once a name is resolved, so it can miss a conflict, never a declaration.
        guard Summary(filtered).forgetting(whatIsUnresolvedIn: Summary(everything)) == Summary(everything) else {
            fatalError("the prefilter changed the facts:\n\(Summary(filtered))\n---\n\(Summary(everything))")
        }
        for position in Summary(everything).positions {
            guard let lines = lineCounts[position.file], (1...lines).contains(position.line), position.column >= 1 else {
                fatalError("a fact at \(position), outside its file")
            }
        }
    }

    /// Lines as Swift counts them: LF, CR and CRLF each end one.
    static func lineCount(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 1
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x0A {
                count += 1
            } else if bytes[index] == 0x0D {
                count += 1
                if index + 1 < bytes.endIndex, bytes[index + 1] == 0x0A { index += 1 }
            }
            index += 1
        }
        return count
    }

}

/// The facts of a target without what only says how they were found (which files were parsed).
struct Summary: Equatable, CustomStringConvertible {
    var created: [ActivityTypeSite], handled: [ActivityTypeSite]
    var appIntents: [AppIntentFact], appEntities: [AppEntityFact], appEnums: [AppEnumFact]
    var shortcutsProviders: [ShortcutsProviderFact], appShortcuts: [AppShortcutFact]

    init(_ facts: SwiftTargetFacts) {
        created = facts.created; handled = facts.handled
        appIntents = facts.appIntents; appEntities = facts.appEntities; appEnums = facts.appEnums
        shortcutsProviders = facts.shortcutsProviders; appShortcuts = facts.appShortcuts
    }

    /// This summary with every resolved value (and userInfo key list) dropped where `other`, the same
    /// sites in the same order, has none; a value dropped so takes `other`'s reason for being unknown.
    func forgetting(whatIsUnresolvedIn other: Summary) -> Summary {
        func sites(_ mine: [ActivityTypeSite], _ theirs: [ActivityTypeSite]) -> [ActivityTypeSite] {
            guard mine.count == theirs.count else { return mine }
            return zip(mine, theirs).map { site, their in
                var site = site
                if their.resolved == nil {
                    site.resolved = nil
                    site.unresolvedReason = their.unresolvedReason
                }
                if their.userInfoKeys == nil { site.userInfoKeys = nil }
                return site
            }
        }
        func value(_ mine: SwiftValue?, _ theirs: SwiftValue?) -> SwiftValue? {
            guard var mine, let theirs else { return mine }
            if theirs.resolved == nil { mine.resolved = nil }
            return mine
        }
        var result = self
        result.created = sites(created, other.created)
        result.handled = sites(handled, other.handled)
        if appIntents.count == other.appIntents.count {
            result.appIntents = zip(appIntents, other.appIntents).map { intent, their in
                var intent = intent
                intent.intentClassName = value(intent.intentClassName, their.intentClassName)
                intent.title = value(intent.title, their.title)
                if intent.parameters.count == their.parameters.count {
                    intent.parameters = zip(intent.parameters, their.parameters).map { parameter, theirs in
                        var parameter = parameter
                        parameter.title = value(parameter.title, theirs.title)
                        return parameter
                    }
                }
                return intent
            }
        }
        if appShortcuts.count == other.appShortcuts.count {
            result.appShortcuts = zip(appShortcuts, other.appShortcuts).map { shortcut, their in
                var shortcut = shortcut
                shortcut.shortTitle = value(shortcut.shortTitle, their.shortTitle)
                shortcut.systemImageName = value(shortcut.systemImageName, their.systemImageName)
                return shortcut
            }
        }
        return result
    }

    var positions: [SourceLocation] {
        (created + handled).map(\.position)
            + appIntents.flatMap { [$0.position] + $0.parameters.map(\.position) }
            + appEntities.map(\.position)
            + appEnums.flatMap { [$0.position] + $0.cases.map(\.position) }
            + shortcutsProviders.map(\.position)
            + appShortcuts.flatMap { [$0.position] + $0.phrases.map(\.position) }
    }

    var description: String {
        "created \(created)\nhandled \(handled)\nintents \(appIntents)\nentities \(appEntities)\nenums \(appEnums)\n"
            + "providers \(shortcutsProviders)\nshortcuts \(appShortcuts)"
    }
}
