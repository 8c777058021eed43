import Diagnostics
import ValueFlow
import FileInput
import Foundation

/// Extracts a target's ``ObjCTargetFacts`` from its `.m` / `.mm` files: a byte search picks the files that can
/// hold facts, libclang reads them on every core (each with the repository headers it includes), then the files
/// declaring what they use are read (rounds, until nothing new is needed) and every value is resolved.
package struct ObjCFactsExtractor: Sendable {
    package struct Options: Sendable {
        /// Read only files that mention a trigger name and the files declaring what they use; false reads every
        /// file (for comparison: the facts are the same).
        package var usePrefilter = true
        /// How many files are read at once.
        package var concurrency = ProcessInfo.processInfo.activeProcessorCount

        package init(usePrefilter: Bool = true, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount) {
            self.usePrefilter = usePrefilter
            self.concurrency = max(1, concurrency)
        }
    }

    /// Names without which a file holds no site: `initWithActivityType:` and `activityType` (compared),
    /// `NSUserActivity`, an interaction's `intent`, donations.
    static let triggers = ["ActivityType", "activityType", "NSUserActivity", "interaction", "becomeCurrent", "eligibleForPrediction", "donateInteraction"]
    static let maximumRounds = 6

    package var options: Options
    package var headers: HeaderIndex
    /// Shared by the targets of one audit: a file read with the same arguments is read once.
    package var cache: ObjCFactsCache

    package init(options: Options = Options(), headers: HeaderIndex = HeaderIndex(), cache: ObjCFactsCache = ObjCFactsCache()) {
        self.options = options
        self.headers = headers
        self.cache = cache
    }

    package static var isAvailable: Bool { LibClang.isAvailable }

    /// Reads, on every core at once, the files of several targets that mention a trigger name, into the cache:
    /// targets are extracted one after another, and most have only a few such files each.
    package func prefetch(_ files: [ObjCSourceFile]) {
        guard LibClang.isAvailable else { return }
        var unique: [ObjCSourceFile] = []
        var seen: Set<ObjCSourceFile> = []
        var contents: [[UInt8]?] = []
        for file in files where seen.insert(file).inserted {
            guard let bytes = try? ObjCSourceReader.contents(ofFile: file.path),
                  !options.usePrefilter || ByteSearch.mentions(bytes, anyOf: Self.triggers) else { continue }
            unique.append(file)
            contents.append(bytes)
        }
        _ = read(Array(unique.indices), files: unique, contents: contents)
    }

    /// `names`: names Swift code uses that may be Objective-C constants (``ObjCTargetFacts/constants``);
    /// `bridging`: the strings of class members Objective-C code uses that Swift declares (`@objc`), by
    /// `Class.member` as Objective-C names them.
    package func extract(_ files: [ObjCSourceFile], resolving names: [String] = [],
                         bridging: [String: String] = [:]) throws(LibClangUnavailable) -> ObjCTargetFacts {
        if case .failure(let reason) = LibClang.loaded { throw reason }
        var facts = ObjCTargetFacts()
        facts.files = files.count
        var contents: [[UInt8]?] = Array(repeating: nil, count: files.count)
        var selected: [Int] = []
        var pending: Set<Int> = []
        for (index, file) in files.enumerated() {
            do {
                let bytes = try ObjCSourceReader.contents(ofFile: file.path)
                contents[index] = bytes
                if !options.usePrefilter || ByteSearch.mentions(bytes, anyOf: Self.triggers) { selected.append(index) } else { pending.insert(index) }
            } catch {
                facts.warnings.append(ObjCFileWarning(position: SourceLocation(file: file.displayPath, line: 1, column: 1),
                                                      message: "cannot read the Objective-C file: \(error.reason)"))
            }
        }
        var scans = read(selected, files: files, contents: contents)
        var parsed = selected
        scans += readHeaders(of: files, contents: contents)
        // A name Swift uses may be a constant's NS_SWIFT_NAME, declared in a header (without Foundation's
        // headers clang cannot read the macro): the headers say which Objective-C name it stands for.
        let aliases = names.isEmpty ? [:] : cache.swiftNames(headers)
        let names = names.map { (asked: $0, objectiveC: aliases[$0] ?? $0) }
        var searched: Set<String> = []
        for _ in 0..<Self.maximumRounds where !pending.isEmpty {
            Self.rescan(&scans)
            var resolver = ObjCResolver(scans)
            for scan in scans { for site in scan.sites { _ = resolver.resolve(site.value) } }
            let defined = Self.definedSelectors(scans)
            let mappings = scans.flatMap(\.typeArguments).map(\.parameter.selector).filter { !defined.contains($0) }
            let selectors = Set((scans.flatMap(\.conveniences).map(\.selector) + mappings).map { Self.firstPiece($0) })
            let asked = Set(names.filter { resolver.constant(named: $0.objectiveC) == nil }.map(\.objectiveC))
            let wanted = Array(resolver.missingNames.union(selectors).union(asked).subtracting(searched))
            guard !wanted.isEmpty else { break }
            searched.formUnion(wanted)
            let next = pending.filter { contents[$0].map { ByteSearch.mentions($0, anyOf: wanted) } ?? false }.sorted()
            guard !next.isEmpty else { break }
            pending.subtract(next)
            scans += read(next, files: files, contents: contents)
            parsed += next
        }
        Self.rescan(&scans)
        let defined = Self.definedSelectors(scans)
        let typeArguments = scans.flatMap(\.typeArguments)
        // A mapping whose method no file read defines, its result switched over: handled, the type unknown.
        var unresolved: Set<SourceLocation> = []
        for argument in typeArguments where argument.isSwitched && !defined.contains(argument.parameter.selector)
            && unresolved.insert(argument.site.position).inserted {
            if let index = scans.firstIndex(where: { $0.file == argument.site.position.file }) { scans[index].sites.append(argument.site) }
        }
        facts.parsedFiles = parsed.map { files[$0].displayPath }.sorted()
        var resolver = ObjCResolver(scans)
        resolver.setBridged(bridging)
        func keys(_ values: [ObjCValue]?) -> [String]? {
            guard let values else { return nil }
            var keys: [String] = []
            for value in values {
                guard let key = resolver.resolve(value) else { return nil }
                if !keys.contains(key) { keys.append(key) }
            }
            return keys
        }
        // A value the tokens do not type is a String when the value flow resolves it to one string.
        func userInfoValues(_ found: [FoundObjCUserInfoValue]?) -> [UserInfoValue]? {
            found?.compactMap { entry in
                guard let key = resolver.resolve(entry.key) else { return nil }
                let kind = entry.kind ?? (resolver.resolve(entry.value) == nil ? nil : .string)
                let boxed = entry.written.hasPrefix("@(") || entry.written.hasPrefix("@ (")
                return UserInfoValue(key: key, kind: kind, expression: entry.written, line: entry.line,
                                     unknownReason: boxed ? "an NSNumber boxed from an expression whose C type (integer, floating, BOOL) is not known here" : nil)
            }
        }
        for scan in scans {
            facts.warnings += scan.warnings
            facts.donations += scan.donations
            for site in scan.sites {
                // One site per string the value can be (a local assigned in two branches), or one unresolved, with why.
                let value = resolver.value(site.value)
                let userInfo = keys(site.userInfoKeys), required = keys(site.requiredUserInfoKeys)
                let strings: [String?] = value.strings ?? [nil]
                let values = userInfo == nil ? nil : userInfoValues(site.userInfoValues)
                for string in strings {
                    var entry = ObjCActivitySite(kind: site.kind, value: site.written, resolved: string, position: site.position,
                                                 userInfoKeys: userInfo, requiredUserInfoKeys: required,
                                                 unresolvedReason: value.settled.reason?.description)
                    entry.userInfoValues = values
                    entry.suggestedInvocationPhrase = site.suggestedInvocationPhrase.flatMap { resolver.resolve($0) }
                    if site.kind.isCreation { facts.created.append(entry) } else { facts.handled.append(entry) }
                }
            }
        }
        for name in names { facts.constants[name.asked] = resolver.constant(named: name.objectiveC) }
        facts.classMembers = resolver.missingMembers.sorted()
        facts.created.sort { $0.position < $1.position }
        facts.handled.sort { $0.position < $1.position }
        facts.donations.sort { $0.position < $1.position }
        facts.warnings.sort { $0.position < $1.position }
        return facts
    }

    /// The repository headers the files include (directly or through other headers) that mention a trigger
    /// name, each read as its own file (with the arguments of the first file including it): their inline
    /// functions, static methods and `#define`s create and handle activities too, located in the header. Every
    /// file's includes are followed, read by clang or not, so the prefilter changes nothing.
    private func readHeaders(of files: [ObjCSourceFile], contents: [[UInt8]?]) -> [ObjCFileScan] {
        let wanted = cache.triggerHeaders(headers)
        guard !wanted.isEmpty else { return [] }
        var seen: Set<String> = Set(files.map(\.displayPath))
        var headerFiles: [ObjCSourceFile] = []
        var headerContents: [[UInt8]?] = []
        for (file, bytes) in zip(files, contents) {
            guard let bytes else { continue }
            for header in cache.reachedHeaders(of: file, bytes: bytes, headers: headers) where wanted.contains(header) && seen.insert(header).inserted {
                guard let path = headers.fileSystemPath(header), let bytes = try? ObjCSourceReader.contents(ofFile: path) else { continue }
                headerFiles.append(ObjCSourceFile(path: path, displayPath: header, arguments: file.arguments))
                headerContents.append(bytes)
            }
        }
        guard !headerFiles.isEmpty else { return [] }
        return read(Array(headerFiles.indices), files: headerFiles, contents: headerContents)
    }

    /// Reads and scans the files at `indices` on every core.
    private func read(_ indices: [Int], files: [ObjCSourceFile], contents: [[UInt8]?]) -> [ObjCFileScan] {
        concurrentlyCollect(count: indices.count, concurrency: options.concurrency) { slot -> ObjCFileScan? in
            contents[indices[slot]].map { scan(files[indices[slot]], bytes: $0) }
        }.compactMap { $0 }
    }

    /// One file: its headers checked and found, then clang, then the scanner.
    func scan(_ file: ObjCSourceFile, bytes: [UInt8]) -> ObjCFileScan {
        let key = file.path + "\u{1F}" + file.arguments.joined(separator: "\u{1F}")
        if let cached = cache.scan(key) {
            var scan = cached
            if scan.file != file.displayPath { scan = rescan(scan, as: file.displayPath) }
            return scan
        }
        var result = ObjCFileScan(file: file.displayPath)
        let included = IncludeScan.scan(bytes, file: file.displayPath, headers: headers) { cache.directives(of: $0, headers: headers) }
        if let refusal = included.refusal {
            result.warnings.append(ObjCFileWarning(position: SourceLocation(file: refusal.file, line: refusal.line, column: 1), message: refusal.message))
            cache.store(result, for: key)
            return result
        }
        var arguments = file.arguments
        for folder in included.headerFolders {
            if let path = headers.folderPath(folder) { arguments += ["-I", path] }
        }
        switch ClangReading.read(file.path, arguments: arguments) {
        case .failure(let failure):
            result.warnings.append(ObjCFileWarning(position: SourceLocation(file: file.displayPath, line: 1, column: 1),
                                                   message: "cannot read the Objective-C file: \(failure.description)"))
        case .success(let reading):
            let scanner = ObjCFileScanner(bytes: bytes, reading: reading, file: file.displayPath)
            let (sites, donations, conveniences, typeArguments) = scanner.scan()
            result.sites = sites
            result.donations = donations
            result.conveniences = conveniences
            result.typeArguments = typeArguments
            result.macros = reading.macros
            result.variables = reading.variables
            for (offset, expansion) in reading.expansions {
                result.expansions[offset] = ObjCResolver.key(expansion.definitionFile, expansion.definitionLine, expansion.definitionColumn)
            }
            result.scanner = scanner
            // What clang could not get through: an include nested without end. (Missing system headers are
            // expected without an SDK and say nothing.)
            for diagnostic in reading.diagnostics where diagnostic.message.contains("nested too deeply") {
                result.warnings.append(ObjCFileWarning(position: SourceLocation(file: file.displayPath, line: 1, column: 1),
                                                       message: "clang: \(diagnostic.message) (in \(diagnostic.file):\(diagnostic.line)): the file is read in part"))
                break
            }
        }
        cache.store(result, for: key)
        return result
    }

    /// A cached scan of the same file under another display path (two projects naming one file differently).
    private func rescan(_ scan: ObjCFileScan, as displayPath: String) -> ObjCFileScan {
        var copy = scan
        copy.file = displayPath
        func moved(_ position: SourceLocation) -> SourceLocation {
            position.file == scan.file ? SourceLocation(file: displayPath, line: position.line, column: position.column) : position
        }
        for index in copy.sites.indices { copy.sites[index].position = moved(copy.sites[index].position) }
        for index in copy.donations.indices { copy.donations[index].position = moved(copy.donations[index].position) }
        for index in copy.warnings.indices { copy.warnings[index].position = moved(copy.warnings[index].position) }
        copy.scanner = nil
        return copy
    }

    /// Calls of the convenience initializers found anywhere, and the parameters of the methods and functions
    /// calls pass an activity type to (ObjCMappedTypes.swift): each file is scanned again knowing them.
    static func rescan(_ scans: inout [ObjCFileScan]) {
        let conveniences = Set(scans.flatMap(\.conveniences))
        let defined = definedSelectors(scans)
        let typeParameters = Set(scans.flatMap(\.typeArguments).map(\.parameter).filter { defined.contains($0.selector) })
        guard !conveniences.isEmpty || !typeParameters.isEmpty else { return }
        for index in scans.indices {
            guard let scanner = scans[index].scanner else { continue }
            scans[index].sites = scanner.scan(conveniences: conveniences, typeParameters: typeParameters).sites
        }
    }

    /// The selectors of the methods (and `name()` of the C functions) the scanned files define.
    static func definedSelectors(_ scans: [ObjCFileScan]) -> Set<String> {
        Set(scans.compactMap(\.scanner).flatMap { $0.methods.map(\.selector) })
    }

    /// `kindForActivityType` of `kindForActivityType:`, `KindForType` of `KindForType()`: what a file defining it mentions.
    static func firstPiece(_ selector: String) -> String {
        String(selector.split(separator: ":").first?.split(separator: "(").first ?? "")
    }

}

/// Scans and header directives shared by every target of an audit (thread-safe).
package final class ObjCFactsCache: @unchecked Sendable {
    private let lock = NSLock()
    private var scans: [String: ObjCFileScan] = [:]
    private var headerDirectives: [String: Directives?] = [:]

    package init() {}

    func scan(_ key: String) -> ObjCFileScan? {
        lock.lock()
        defer { lock.unlock() }
        return scans[key]
    }

    func store(_ scan: ObjCFileScan, for key: String) {
        lock.lock()
        scans[key] = scan
        lock.unlock()
    }

    private var swiftNameTable: [String: String]?

    /// `NS_SWIFT_NAME(swiftName)` after a declared name in any header: Swift name → Objective-C name.
    func swiftNames(_ headers: HeaderIndex) -> [String: String] {
        lock.lock()
        if let known = swiftNameTable { lock.unlock(); return known }
        lock.unlock()
        var table: [String: String] = [:]
        let marker = Array("NS_SWIFT_NAME(".utf8)
        for path in headers.allFileSystemPaths {
            guard let bytes = try? ObjCSourceReader.contents(ofFile: path), ByteSearch.mentions(bytes, anyOf: ["NS_SWIFT_NAME("]) else { continue }
            var index = 0
            while index + marker.count < bytes.count {
                guard bytes[index..<(index + marker.count)].elementsEqual(marker) else { index += 1; continue }
                let start = index + marker.count
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: ")"), bytes[end] != 0x0A, end - start < 256 { end += 1 }
                let swiftName = String(decoding: bytes[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                // The identifier before the macro: the declared name.
                var back = index - 1
                while back >= 0, bytes[back] == 0x20 || bytes[back] == 0x09 { back -= 1 }
                let nameEnd = back + 1
                while back >= 0, bytes[back] == 0x5F || (bytes[back] | 0x20) >= 0x61 && (bytes[back] | 0x20) <= 0x7A || bytes[back] >= 0x30 && bytes[back] <= 0x39 { back -= 1 }
                if nameEnd > back + 1, !swiftName.isEmpty, !swiftName.contains("(") {
                    table[swiftName] = String(decoding: bytes[(back + 1)..<nameEnd], as: UTF8.self)
                }
                index = end
            }
        }
        lock.lock()
        swiftNameTable = table
        lock.unlock()
        return table
    }

    private var triggerHeaderSet: Set<String>?
    private var reached: [String: [String]] = [:]

    /// The repository headers a file reaches (display paths), once per file and display path for every target.
    func reachedHeaders(of file: ObjCSourceFile, bytes: [UInt8], headers: HeaderIndex) -> [String] {
        let key = file.path + "\u{1F}" + file.displayPath
        lock.lock()
        if let known = reached[key] { lock.unlock(); return known }
        lock.unlock()
        let order = IncludeScan.reach(Directives(bytes, keepCode: false), file: file.displayPath, headers: headers) {
            directives(of: $0, headers: headers)
        }.order
        lock.lock()
        reached[key] = order
        lock.unlock()
        return order
    }

    /// The repository headers (display paths) that mention a trigger name: those whose sites are read.
    func triggerHeaders(_ headers: HeaderIndex) -> Set<String> {
        lock.lock()
        if let known = triggerHeaderSet { lock.unlock(); return known }
        lock.unlock()
        var found: Set<String> = []
        for header in headers.allDisplayPaths {
            guard let path = headers.fileSystemPath(header), let bytes = try? ObjCSourceReader.contents(ofFile: path),
                  ByteSearch.mentions(bytes, anyOf: ObjCFactsExtractor.triggers) else { continue }
            found.insert(header)
        }
        lock.lock()
        triggerHeaderSet = found
        lock.unlock()
        return found
    }

    func directives(of header: String, headers: HeaderIndex) -> Directives? {
        lock.lock()
        if let known = headerDirectives[header] { lock.unlock(); return known }
        lock.unlock()
        let read = headers.fileSystemPath(header).flatMap { try? ObjCSourceReader.contents(ofFile: $0) }.map { Directives($0, keepCode: false) }
        lock.lock()
        headerDirectives[header] = read
        lock.unlock()
        return read
    }
}
