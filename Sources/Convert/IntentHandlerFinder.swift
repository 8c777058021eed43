import BuildSettings
import Diagnostics
import Foundation
import ObjCFacts
import SwiftFacts

/// The legacy handler of a custom intent, in Swift or in Objective-C: the class whose `handle(intent:)` the system
/// called, as the converted App Intent's Swift calls it.
package struct IntentHandler: Hashable, Sendable {
    package enum Language: String, Hashable, Sendable { case swift, objectiveC }

    package var className: String
    /// The legacy intent's class as Swift names it (`ExecuteLuaIntent` for `HSExecuteLuaIntent`).
    package var intentType: String
    /// True when it implements `handle(intent:completion:)`, false for `func handle(intent:) async`.
    package var usesCompletion: Bool
    package var file: String
    package var line: Int
    package var language: Language = .swift
    /// The method's Swift base name and its intent argument's label (nil: unlabeled), as Swift imports it:
    /// `handle` / `intent` for `handle(intent:completion:)`, `handleExecuteLua` / nil for `handleExecuteLua(_:completion:)`.
    package var methodName = "handle"
    package var intentLabel: String? = "intent"
    /// Why Swift cannot call it from the App Intent's target (an Objective-C class its bridging header does not
    /// import): `perform()` keeps its TODO, naming the handler and this, and the conversion notes it.
    package var unreachable: String? = nil

    package init(className: String, intentType: String, usesCompletion: Bool, file: String, line: Int) {
        self.className = className
        self.intentType = intentType
        self.usesCompletion = usesCompletion
        self.file = file
        self.line = line
    }

    /// `Handler().handle(intent: intent`, the call up to its trailing closure or closing parenthesis.
    var callPrefix: String { "\(className)().\(methodName)(\(intentLabel.map { $0 + ": " } ?? "")intent" }
}

/// Finds the legacy handlers of custom intents in a repository's sources. The handler usually lives in an Intents
/// extension or the app delegate's files, not in the target the App Intent goes to, so every source file of the
/// repository is looked at (only those whose text can hold one are parsed): Swift classes and extensions with
/// `handle(intent: X)` (SwiftParser), Objective-C `@implementation`s with `handle<Name>:(X *)intent completion:`
/// (libclang, ObjCFacts), where X is the intent's class.
package struct IntentHandlerFinder: Sendable {
    package var root: String

    package init(root: String) { self.root = root }

    /// Handlers by intent class name, for `classNames` (Swift sees a prefixed `HSExecuteLuaIntent` as
    /// `ExecuteLuaIntent`; `swiftNames` maps those). The first by path when several handle one intent, a Swift one
    /// before an Objective-C one. An Objective-C handler is callable only when its class's header is imported by the
    /// bridging header of the App Intent's target: `bridgingHeader` gives that header (a path relative to the root)
    /// for an intent class name, nil when the target has none; otherwise the handler is ``IntentHandler/unreachable``.
    /// `note` is told when Objective-C files could hold handlers that cannot be looked for (no libclang).
    package func handlers(for classNames: Set<String>, swiftNames: [String: String] = [:],
                          bridgingHeader: (String) -> String? = { _ in nil }, note: (String) -> Void = { _ in }) -> [String: IntentHandler] {
        var found: [String: IntentHandler] = [:]
        let files = ProjectFiles(root: root)
        var swiftFiles: [String] = [], objcFiles: [String] = [], headers: [(displayPath: String, path: String)] = []
        files.searchEntries(under: ".") { shown, name, isFolder in
            guard !isFolder else { return }
            if name.hasSuffix(".swift") { swiftFiles.append(shown) }
            if name.hasSuffix(".m") || name.hasSuffix(".mm") { objcFiles.append(shown) }
            if name.hasSuffix(".h") { headers.append((shown, files.fileSystemPath(shown))) }
        }
        let marker = Data("handle(intent".utf8)
        for file in swiftFiles.sorted() {
            guard let data = try? SwiftSourceReader.contents(ofFile: files.fileSystemPath(file)), data.range(of: marker) != nil else { continue }
            for method in SwiftIntentSources.handlers(in: String(decoding: data, as: UTF8.self)) {
                let className = classNames.contains(method.intentType) ? method.intentType : swiftNames[method.intentType]
                guard let className, classNames.contains(className), found[className] == nil else { continue }
                found[className] = IntentHandler(className: method.typeName, intentType: method.intentType, usesCompletion: method.usesCompletion, file: file, line: method.line)
            }
        }
        let missing = classNames.filter { found[$0] == nil }.sorted()
        guard !objcFiles.isEmpty, !missing.isEmpty else { return found }
        if case let .failure(reason) = LibClang.loaded {
            note("Objective-C handlers were not looked for in the repository's \(objcFiles.count) .m/.mm file\(objcFiles.count == 1 ? "" : "s") (\(reason)): perform() of \(missing.joined(separator: ", ")) throws a TODO")
            return found
        }
        let extractor = ObjCFactsExtractor(headers: HeaderIndex(headers: headers))
        let arguments = ObjCCompilerArguments()
        let sources = objcFiles.sorted().map { ObjCSourceFile(path: files.fileSystemPath($0), displayPath: $0, arguments: arguments.arguments(objectiveCPlusPlus: $0.hasSuffix(".mm"))) }
        let swiftName = Dictionary(swiftNames.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for method in (try? extractor.intentHandlers(sources, intents: missing)) ?? [] {
            let className = method.intentType
            guard classNames.contains(className), found[className] == nil else { continue }
            var handler = IntentHandler(className: method.className, intentType: swiftName[className] ?? className, usesCompletion: true,
                                        file: method.position.file, line: method.position.line)
            handler.language = .objectiveC
            handler.unreachable = Self.unreachable(method, bridgingHeader: bridgingHeader(className), extractor: extractor, files: files)
            if let name = method.swiftName, let call = Self.call(name) {
                (handler.methodName, handler.intentLabel) = call
            } else if handler.unreachable == nil {
                handler.unreachable = "no header declares \(method.selector) in an @interface of \(method.className) or adopts \(className)Handling, so Swift sees no such method"
            }
            found[className] = handler
        }
        return found
    }

    /// Why Swift in the App Intent's target cannot see `method`'s class, nil when its bridging header imports a
    /// header declaring it.
    static func unreachable(_ method: ObjCIntentHandlerMethod, bridgingHeader: String?, extractor: ObjCFactsExtractor, files: ProjectFiles) -> String? {
        let headers = method.interfaceHeaders.joined(separator: ", ")
        guard !method.interfaceHeaders.isEmpty else { return "no header the file includes declares @interface \(method.className)" }
        guard let bridgingHeader else {
            return "the target has no bridging header (SWIFT_OBJC_BRIDGING_HEADER) importing \(headers)"
        }
        let file = ObjCSourceFile(path: files.fileSystemPath(bridgingHeader), displayPath: bridgingHeader, arguments: ObjCCompilerArguments().arguments(objectiveCPlusPlus: false))
        let included = Set(extractor.includedHeaders(of: file) + [bridgingHeader])
        guard method.interfaceHeaders.contains(where: included.contains) else {
            return "its bridging header \(bridgingHeader) does not import \(headers)"
        }
        return nil
    }

    /// `handle` and `intent` of `handle(intent:completion:)`: the base name and the first label, when the name is a
    /// method of two arguments whose second is `completion`.
    static func call(_ swiftName: String) -> (String, String?)? {
        guard let open = swiftName.firstIndex(of: "("), swiftName.hasSuffix(")") else { return nil }
        let labels = swiftName[swiftName.index(after: open)..<swiftName.index(before: swiftName.endIndex)].split(separator: ":", omittingEmptySubsequences: false).dropLast()
        guard labels.count == 2, labels.last == "completion", let first = labels.first else { return nil }
        let base = String(swiftName[..<open])
        guard SwiftCode.identifier(base) == base else { return nil }
        return (base, first == "_" ? nil : String(first))
    }
}
