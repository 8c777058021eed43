import Diagnostics
import ValueFlow
import FileInput
import Foundation

/// Why Swift facts cannot be extracted (the audit's `swift-source-unavailable` note).
package struct SwiftParserUnavailable: Error, CustomStringConvertible, Sendable {
    package init() {}

    package var description: String {
        "Swift checks are off: ActivityBridge was built without the toolchain's SwiftSyntax/SwiftParser host libraries "
            + "(<toolchain>/usr/lib/swift/host); rebuild with a Swift 6 toolchain that ships them, or set "
            + "ACTIVITY_BRIDGE_SWIFT_HOST_LIBS to that directory and rebuild"
    }
}

/// Extracts a target's ``SwiftTargetFacts`` from its Swift files: a byte search picks the files that can hold
/// facts, SwiftParser reads them on every core, then the files declaring the constants they use are parsed
/// (rounds, until nothing new is needed) and every value is resolved across all of them.
package struct SwiftFactsExtractor: Sendable {
    package struct Options: Sendable {
        /// Parse only files that mention a trigger name and the files declaring what they use; false parses
        /// every file (for comparison: the facts are the same).
        package var usePrefilter = true
        /// How many files are parsed at once.
        package var concurrency = ProcessInfo.processInfo.activeProcessorCount
        /// Scans shared with other extractions of the same audit (FileScanCache.swift); nil parses every time.
        package var scanCache: FileScanCache?
        /// The target's compile-time conditions: only the `#if` clauses some build of it compiles are read, and
        /// the conditions they cannot decide are listed (``SwiftTargetFacts/undecidedConditions``). Nil reads
        /// every clause.
        package var conditions: TargetConditions?

        package init(usePrefilter: Bool = true) { self.usePrefilter = usePrefilter }
    }

    /// Whether this build has the parser; when false ``extract(_:)`` throws ``SwiftParserUnavailable``.
    package static var isAvailable: Bool {
        #if SWIFT_FACTS_PARSER
        true
        #else
        false
        #endif
    }

    /// At most this many rounds of looking for constant declarations in files not yet parsed.
    static let maximumConstantRounds = 6
    /// At most this many rounds of following values through parameters to their callers (a caller's argument
    /// may itself be a parameter of its function).
    static let maximumArgumentRounds = 3

    /// Protocols that refine `AppIntent` (and `AppIntent` itself); the target's own refinements are added.
    static let intentProtocols: Set<String> = [
        "AppIntent", "OpenIntent", "ForegroundContinuableIntent", "AudioPlaybackIntent", "AudioRecordingIntent",
        "AudioStartingIntent", "LiveActivityIntent", "LiveActivityStartingIntent", "ProgressReportingIntent",
        "DeleteIntent", "ShowInAppSearchResultsIntent", "URLRepresentableIntent", "SetValueIntent",
        "SetFocusFilterIntent", "WidgetConfigurationIntent", "ControlConfigurationIntent", "CameraCaptureIntent",
        "SystemIntent", "PlayVideoIntent", "PredictableIntent", "CustomIntentMigratedAppIntent", "SnippetIntent",
        "UndoableIntent", "PushToTalkTransmissionIntent",
    ]
    static let entityProtocols: Set<String> = [
        "AppEntity", "IndexedEntity", "TransientAppEntity", "FileEntity", "UniqueAppEntity", "URLRepresentableEntity",
    ]

    package var options: Options

    package init(options: Options = Options()) {
        self.options = options
    }

    package func extract(_ files: [SwiftSourceFile]) throws -> SwiftTargetFacts {
        #if SWIFT_FACTS_PARSER
        return extractWithParser(files)
        #else
        throw SwiftParserUnavailable()
        #endif
    }

    /// Parses every file with SwiftParser and does nothing else, on every core: the baseline the benchmarks
    /// compare ``extract(_:)`` with. Returns the number of tokens.
    package func parseEveryFile(_ files: [SwiftSourceFile]) throws -> Int {
        #if SWIFT_FACTS_PARSER
        let counts = concurrentlyCollect(count: files.count, concurrency: options.concurrency) { index -> Int? in
            guard let data = try? SwiftSourceReader.contents(ofFile: files[index].path) else { return nil }
            return data.withUnsafeBytes { SwiftFileScanner.parseOnly($0) }
        }
        return counts.reduce(0) { $0 + ($1 ?? 0) }
        #else
        throw SwiftParserUnavailable()
        #endif
    }

    #if SWIFT_FACTS_PARSER
    private func extractWithParser(_ files: [SwiftSourceFile]) -> SwiftTargetFacts {
        var facts = SwiftTargetFacts()
        facts.swiftFiles = files.count
        let contents: [Result<Data, SwiftSourceReader.Unreadable>] = files.map { file in
            Result { () throws(SwiftSourceReader.Unreadable) in try SwiftSourceReader.contents(ofFile: file.path) }
        }
        var pending: Set<Int> = []
        var selected: [Int] = []
        for (index, content) in contents.enumerated() {
            switch content {
            case .failure(let error):
                facts.unreadableFiles.append((files[index].displayPath, error.reason))
            case .success(let data):
                let triggered = !options.usePrefilter
                    || data.withUnsafeBytes { ByteSearch.mentions($0, anyOf: SourcePrefilter.triggers) }
                if triggered { selected.append(index) } else { pending.insert(index) }
            }
        }
        var scans = parse(selected, files: files, contents: contents)
        var parsed = selected
        var calls: [FoundCall] = []
        parseConstantDeclarations(into: &scans, parsed: &parsed, pending: &pending, calls: calls, files: files, contents: contents)

        // Values that flow in through a parameter (`NSUserActivity(activityType: id)` in `func make(id:)`): the
        // calls of those functions, from every file that mentions them, then the constants their arguments use.
        var recorded: Set<FunctionKey> = []
        // The base names whose calls each file has given already: a base name wanted again (another type's
        // `init`) is read again from the files that mention the new owner, never twice from one file.
        var recordedIn: [Int: Set<String>] = [:]
        for _ in 0..<Self.maximumArgumentRounds {
            let values = scans.flatMap(\.writtenValues) + calls.flatMap { $0.arguments.map(\.value) }
            let wantedKeys = Set(values.flatMap(\.expression.argumentFunctions)).subtracting(recorded)
            guard !wantedKeys.isEmpty else { break }
            recorded.formUnion(wantedKeys)
            let wanted = Set(wantedKeys.map(\.name))
            let names = Array(Set(wantedKeys.map(\.calledName)))
            let callers = contents.indices.filter { index in
                guard case .success(let data) = contents[index] else { return false }
                return data.withUnsafeBytes { ByteSearch.mentions($0, anyOf: names) }
            }
            let callerScans = parse(callers, files: files, contents: contents, recordingCallsTo: wanted)
            for (index, scan) in zip(callers, callerScans) {
                let already = recordedIn[index] ?? []
                calls += scan.calls.filter { !already.contains($0.function) }
                recordedIn[index, default: []].formUnion(wanted)
                if pending.remove(index) != nil {
                    var scan = scan
                    scan.calls = []
                    scans.append(scan)
                    parsed.append(index)
                }
            }
            parseConstantDeclarations(into: &scans, parsed: &parsed, pending: &pending, calls: calls, files: files, contents: contents)
        }
        facts.parsedFiles = parsed.map { files[$0].displayPath }.sorted()
        facts.undecidedConditions = scans.flatMap(\.undecidedConditions).sorted { $0.position < $1.position }
        assemble(scans, calls: calls, into: &facts)
        return facts
    }

    /// Rounds: parse the files that may declare what the parsed files (and the recorded calls' arguments)
    /// could not resolve.
    private func parseConstantDeclarations(
        into scans: inout [FileScan], parsed: inout [Int], pending: inout Set<Int>, calls: [FoundCall],
        files: [SwiftSourceFile], contents: [Result<Data, SwiftSourceReader.Unreadable>]
    ) {
        // Rounds: parse the files that may declare what the parsed files could not resolve (or resolved from
        // outside the type that refers to it, which a member in another file would shadow), that may declare
        // or extend a type the facts are about (its other parts add conformances, a title, a display name,
        // cases: `extension BookEntity { static var typeDisplayRepresentation … }` names no trigger), or that
        // mention the target's own AppIntent-refining protocols.
        var searched: Set<String> = []
        let callValues = calls.flatMap { $0.arguments.map(\.value) }
        for _ in 0..<Self.maximumConstantRounds where !pending.isEmpty {
            var resolver = ConstantResolver(declarations: scans.flatMap(\.declarations), calls: calls, types: scans.flatMap(\.types))
            for scan in scans { for value in scan.writtenValues { _ = resolver.resolve(value) } }
            for value in callValues { _ = resolver.resolve(value) }
            let families = Self.protocolFamilies(scans)
            let wanted = resolver.missingNames.union(resolver.shadowableNames)
                .union(Self.factTypeNames(scans, families: families)).subtracting(searched)
            let own = families.intents.union(families.entities).subtracting(Self.intentProtocols).subtracting(Self.entityProtocols)
            let protocols = Array(own.subtracting(searched))
            guard !wanted.isEmpty || !protocols.isEmpty else { break }
            searched.formUnion(wanted)
            searched.formUnion(protocols)
            let names = Array(wanted)
            let next = pending.filter { index in
                guard case .success(let data) = contents[index] else { return false }
                return data.withUnsafeBytes { bytes in
                    names.contains { SourcePrefilter.mayDeclare($0, in: bytes) } || ByteSearch.mentions(bytes, anyOf: protocols)
                }
            }.sorted()
            guard !next.isEmpty else { break }
            pending.subtract(next)
            scans += parse(next, files: files, contents: contents)
            parsed += next
        }
    }

    func parse(_ indices: [Int], files: [SwiftSourceFile], contents: [Result<Data, SwiftSourceReader.Unreadable>],
                       recordingCallsTo functions: Set<String> = []) -> [FileScan] {
        let options = self.options
        let results = concurrentlyCollect(count: indices.count, concurrency: options.concurrency) { slot -> FileScan? in
            let index = indices[slot]
            guard case .success(let data) = contents[index] else { return nil }
            // A file's scan is the same for every target of a project (the cache); one that records calls is not.
            let cache = functions.isEmpty ? options.scanCache : nil
            if let scan = cache?.scan(of: files[index], conditions: options.conditions) { return scan }
            let scan = data.withUnsafeBytes {
                SwiftFileScanner.scan($0, file: files[index].displayPath, recordingCallsTo: functions, conditions: options.conditions)
            }
            cache?.store(scan, of: files[index], conditions: options.conditions)
            return scan
        }
        return results.map { $0 ?? FileScan(file: "") }
    }
    #endif

    /// Names (as written) of the types and extensions that conform to what makes a fact: an intent or
    /// entity protocol, `AppEnum`, `AppShortcutsProvider`.
    static func factTypeNames(_ scans: [FileScan], families: (intents: Set<String>, entities: Set<String>)) -> Set<String> {
        let makesFact = families.intents.union(families.entities).union(["AppEnum", "AppShortcutsProvider"])
        return Set(scans.flatMap(\.types).filter { $0.kind != .protocol && $0.inherited.contains(where: makesFact.contains) }.map(\.name))
    }

    /// The App Intent and App Entity protocols: Apple's, plus those the target declares refining them
    /// (transitively).
    static func protocolFamilies(_ scans: [FileScan]) -> (intents: Set<String>, entities: Set<String>) {
        let protocols = scans.flatMap(\.types).filter { $0.kind == .protocol }
        var intents = intentProtocols, entities = entityProtocols
        var changed = true
        while changed {
            changed = false
            for declared in protocols {
                if !intents.contains(declared.name), declared.inherited.contains(where: intents.contains) {
                    intents.insert(declared.name)
                    changed = true
                }
                if !entities.contains(declared.name), declared.inherited.contains(where: entities.contains) {
                    entities.insert(declared.name)
                    changed = true
                }
            }
        }
        return (intents, entities)
    }

    /// Resolves every value and classifies the types.
    private func assemble(_ scans: [FileScan], calls: [FoundCall], into facts: inout SwiftTargetFacts) {
        var resolver = ConstantResolver(declarations: scans.flatMap(\.declarations), calls: calls, types: scans.flatMap(\.types))
        func value(_ written: WrittenValue?) -> SwiftValue? {
            guard let written else { return nil }
            let resolved = resolver.resolve(written)
            return SwiftValue(written: written.written, resolved: resolved?.count == 1 ? resolved?[0] : nil)
        }
        func keys(_ values: [WrittenValue]?) -> [String]? {
            guard let values else { return nil }
            var keys: [String] = []
            for key in values {
                guard let resolved = resolver.resolve(key), resolved.count == 1 else { return nil }
                if !keys.contains(resolved[0]) { keys.append(resolved[0]) }
            }
            return keys
        }
        // A value whose syntax does not tell its kind is a String when the value flow resolves it to one string.
        func userInfoValues(_ found: [FoundUserInfoValue]?) -> [UserInfoValue]? {
            guard let found else { return nil }
            return found.compactMap { entry in
                guard let key = resolver.resolve(entry.key), key.count == 1 else { return nil }
                var kind = entry.kind
                var reason: String?
                if kind == nil {
                    let strings = resolver.resolve(entry.value)
                    if strings?.count == 1 { kind = .string } else if let strings, strings.count > 1 { reason = "the value flow finds several strings, not one constant" }
                }
                return UserInfoValue(key: key[0], kind: kind, expression: entry.value.written, line: entry.line, unknownReason: reason)
            }
        }
        for scan in scans {
            for site in scan.activitySites {
                if !site.kind.isCreation, resolver.comparesAnotherType(site.value) { continue }
                let value = resolver.value(site.value)
                let resolved: [String?] = value.strings ?? [nil]
                let userInfo = keys(site.userInfoKeys), required = keys(site.requiredUserInfoKeys)
                let values = userInfo == nil ? nil : userInfoValues(site.userInfoValues)
                let phrase = site.suggestedInvocationPhrase.flatMap { resolver.resolve($0) }.flatMap { $0.count == 1 ? $0[0] : nil }
                for string in resolved {
                    var entry = ActivityTypeSite(kind: site.kind, value: site.value.written, resolved: string, position: site.position,
                                                 userInfoKeys: userInfo, requiredUserInfoKeys: required)
                    entry.userInfoValues = values
                    entry.suggestedInvocationPhrase = phrase
                    entry.unresolvedReason = value.settled.reason?.description
                    if site.kind.isCreation { facts.created.append(entry) } else { facts.handled.append(entry) }
                }
            }
        }
        facts.created.sort { $0.position < $1.position }
        facts.handled.sort { $0.position < $1.position }

        let (intentFamily, entityFamily) = Self.protocolFamilies(scans)

        // Each type declaration with the extensions of its name (two targets may each declare a type of one
        // name: they stay two); extensions of a type not parsed form a group of their own.
        let found = scans.flatMap(\.types).filter { $0.kind != .protocol }
        let extensions = Dictionary(grouping: found.filter { $0.kind == .extension }, by: \.name)
        let declared = Set(found.filter { $0.kind == .type }.map(\.name))
        var groups: [[FoundType]] = found.filter { $0.kind == .type }.map { [$0] + (extensions[$0.name] ?? []) }
        for (name, parts) in extensions where !declared.contains(name) { groups.append(parts) }
        var providers: Set<String> = []
        for group in groups {
            let parts = group.sorted { ($0.kind == .extension ? 1 : 0, $0.position) < ($1.kind == .extension ? 1 : 0, $1.position) }
            let name = parts[0].name
            var inherited: [String] = []
            for part in parts { for conformance in part.inherited where !inherited.contains(conformance) { inherited.append(conformance) } }
            // The type's declaration; for a type declared elsewhere, the extension that adds the conformance.
            func place(_ family: (String) -> Bool) -> SourceLocation {
                (parts.first { $0.kind == .type } ?? parts.first { $0.inherited.contains(where: family) } ?? parts[0]).position
            }
            if inherited.contains(where: intentFamily.contains) {
                facts.appIntents.append(AppIntentFact(
                    name: name, position: place(intentFamily.contains), conformances: inherited,
                    isCustomIntentMigrated: inherited.contains("CustomIntentMigratedAppIntent"),
                    intentClassName: value(parts.lazy.compactMap(\.intentClassName).first),
                    isDiscoverable: parts.lazy.compactMap(\.isDiscoverable).first,
                    title: value(parts.lazy.compactMap(\.title).first),
                    parameters: parts.flatMap(\.parameters),
                    openAppWhenRun: value(parts.lazy.compactMap(\.openAppWhenRun).first),
                    supportedModes: value(parts.lazy.compactMap(\.supportedModes).first)))
            }
            if inherited.contains(where: entityFamily.contains) {
                facts.appEntities.append(AppEntityFact(name: name, position: place(entityFamily.contains), conformances: inherited,
                                                       displayName: value(parts.lazy.compactMap(\.typeDisplayName).first),
                                                       idType: parts.lazy.compactMap(\.idType).first))
            }
            if inherited.contains("AppEnum") {
                facts.appEnums.append(AppEnumFact(name: name, position: place { $0 == "AppEnum" }, cases: parts.flatMap(\.enumCases)))
            }
            if inherited.contains("AppShortcutsProvider") {
                facts.shortcutsProviders.append(ShortcutsProviderFact(name: name, position: place { $0 == "AppShortcutsProvider" }))
                providers.insert(name)
            }
        }
        facts.appIntents.sort { $0.position < $1.position }
        facts.appEntities.sort { $0.position < $1.position }
        facts.appEnums.sort { $0.position < $1.position }
        facts.shortcutsProviders.sort { $0.position < $1.position }
        for shortcut in scans.flatMap(\.shortcuts) {
            facts.appShortcuts.append(AppShortcutFact(
                intent: shortcut.intent, position: shortcut.position,
                provider: shortcut.enclosingTypes.last(where: providers.contains),
                phrases: shortcut.phrases, shortTitle: value(shortcut.shortTitle),
                systemImageName: value(shortcut.systemImageName)))
        }
        facts.appShortcuts.sort { $0.position < $1.position }
    }
}
