import Foundation
import BuildSettings
import Diagnostics
import JSON
import PropertyList
import XcodeProject

/// One localized phrase of an `AppShortcuts.xcstrings` or `*.lproj/AppShortcuts.strings` file: the source
/// phrase it translates (the key) and the localized text, each with where it is written.
struct LocalizedPhrase: Hashable, Sendable {
    var key: String
    var keyLocation: SourceLocation
    var language: String
    var text: String
    var textLocation: SourceLocation
    /// True when the value is one of a `stringSet`'s alternatives: it may be any phrase of the key's shortcut.
    var isAlternative: Bool
}

/// The keys and localized phrases of one phrase file.
struct PhraseLocalizationFile: Sendable {
    var path: String
    var keys: [(key: String, location: SourceLocation)] = []
    var phrases: [LocalizedPhrase] = []

    /// The files of the names Xcode uses for App Shortcut phrases.
    static func isPhraseFile(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name == "AppShortcuts.xcstrings" { return true }
        guard name == "AppShortcuts.strings" else { return false }
        let components = path.split(separator: "/")
        return components.count >= 2 && components[components.count - 2].hasSuffix(".lproj")
    }

    /// 4 MiB: App Shortcut phrases in every language take kilobytes (the corpus' largest catalog is 18 KB),
    /// and reading a catalog with the places of its values costs about 30 times its size.
    static let maximumSize = 4 << 20

    /// Reads the file shown as `path`; one that cannot be read (too large, not a regular file) or does not
    /// parse gives a located diagnostic.
    static func read(_ path: String, files: ProjectFiles) -> Result<PhraseLocalizationFile, Diagnostic> {
        do throws(PropertyListReadError) {
            return read(try files.read(path, maximumSize: maximumSize, kind: "a phrase file"), path: path)
        } catch {
            var reason = error.description
            if case let .unreadableFile(_, why) = error { reason = "\(why)" }
            return .failure(Diagnostic(.auditFileUnreadable, "cannot read the phrases: \(reason)",
                                       at: SourceLocation(file: path, line: 1, column: 1)))
        }
    }

    /// Reads `data` of the file shown as `path`; a file that does not parse gives a located diagnostic.
    static func read(_ data: Data, path: String) -> Result<PhraseLocalizationFile, Diagnostic> {
        path.hasSuffix(".xcstrings") ? readCatalog(data, path: path) : readStrings(data, path: path)
    }

    /// `AppShortcuts.xcstrings`: `strings.KEY.localizations.LANG` holding a `stringUnit` (`value`), a
    /// `stringSet` (`values`, the shortcut's phrases in that language) or `variations` of those.
    private static func readCatalog(_ data: Data, path: String) -> Result<PhraseLocalizationFile, Diagnostic> {
        let text = String(decoding: data, as: UTF8.self)
        let parsed: (value: JSONValue, locations: JSONLocations)
        do {
            parsed = try JSONParser().parseWithLocations(text)
        } catch {
            return .failure(Diagnostic(.auditFileUnreadable, "not a string catalog: \(error.message)",
                                       at: SourceLocation(file: path, line: error.line, column: error.column)))
        }
        func location(_ position: JSONLocations.Position?) -> SourceLocation {
            SourceLocation(file: path, line: position?.line ?? 1, column: position?.column ?? 1)
        }
        var file = PhraseLocalizationFile(path: path)
        guard case let .object(strings)? = parsed.value["strings"] else { return .success(file) }
        for member in strings {
            let keyPath: JSONPath = [.key("strings"), .key(member.key)]
            let keyLocation = location(parsed.locations.key(at: keyPath))
            file.keys.append((member.key, keyLocation))
            guard case let .object(languages)? = member.value["localizations"] else { continue }
            for language in languages {
                func collect(_ value: JSONValue, path: JSONPath) {
                    if case let .string(text)? = value["stringUnit"]?["value"] {
                        let at = path + [.key("stringUnit"), .key("value")]
                        file.phrases.append(LocalizedPhrase(
                            key: member.key, keyLocation: keyLocation, language: language.key, text: text,
                            textLocation: location(parsed.locations.value(at: at)), isAlternative: false))
                    }
                    if case let .array(values)? = value["stringSet"]?["values"] {
                        for (index, element) in values.enumerated() {
                            guard case let .string(text) = element else { continue }
                            let at = path + [.key("stringSet"), .key("values"), .index(index)]
                            file.phrases.append(LocalizedPhrase(
                                key: member.key, keyLocation: keyLocation, language: language.key, text: text,
                                textLocation: location(parsed.locations.value(at: at)), isAlternative: true))
                        }
                    }
                    if case let .object(kinds)? = value["variations"] {
                        for kind in kinds {
                            guard case let .object(cases) = kind.value else { continue }
                            for variation in cases {
                                collect(variation.value, path: path + [.key("variations"), .key(kind.key), .key(variation.key)])
                            }
                        }
                    }
                }
                collect(language.value, path: keyPath + [.key("localizations"), .key(language.key)])
            }
        }
        return .success(file)
    }

    /// `LANG.lproj/AppShortcuts.strings`: `"source phrase" = "localized phrase";`.
    private static func readStrings(_ data: Data, path: String) -> Result<PhraseLocalizationFile, Diagnostic> {
        let document: PropertyListDocument
        do {
            document = try PropertyListReader(options: .init(recordLocations: true)).readOpenStep(data, file: path)
        } catch {
            let diagnostic = error.diagnostics.last ?? Diagnostic(.auditFileUnreadable, "cannot read the phrases",
                                                                  at: SourceLocation(file: path, line: 1, column: 1))
            return .failure(Diagnostic(.auditFileUnreadable, diagnostic.message, at: diagnostic.location))
        }
        let components = path.split(separator: "/")
        let folder = components.count >= 2 ? components[components.count - 2] : ""
        let language = String(folder.dropLast(".lproj".count))
        var file = PhraseLocalizationFile(path: path)
        guard let dictionary = document.root.dictionaryValue else { return .success(file) }
        for entry in dictionary.entries {
            let at = PropertyListPath([.key(entry.key)])
            let keyLocation = document.locations?.key(at: at) ?? SourceLocation(file: path, line: 1, column: 1)
            file.keys.append((entry.key, keyLocation))
            guard let text = entry.value.stringValue else { continue }
            file.phrases.append(LocalizedPhrase(
                key: entry.key, keyLocation: keyLocation, language: language, text: text,
                textLocation: document.locations?.value(at: at) ?? keyLocation, isAlternative: false))
        }
        return .success(file)
    }
}
