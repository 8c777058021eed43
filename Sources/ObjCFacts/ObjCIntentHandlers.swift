import Diagnostics
import FileInput
import Foundation

/// A SiriKit intent handler written in Objective-C: a method `handle<Name>:completion:` of an `@implementation`
/// whose first parameter is the intent (`HSExecuteLuaIntent *`), with what Swift sees of it through the repository
/// headers that declare the class (`activity-bridge convert` calls it from a converted `perform()`).
package struct ObjCIntentHandlerMethod: Hashable, Sendable {
    package var className: String
    /// The intent's Objective-C class as the method's parameter names it.
    package var intentType: String
    package var selector: String
    /// The method as Swift imports it: the `NS_SWIFT_NAME` of its declaration in an `@interface` of the class;
    /// `handle(intent:completion:)` when an `@interface` adopts `<intentType>Handling` (the protocol Xcode generates
    /// declares it so); Swift's default name (`handleExecuteLua(_:completion:)`) when an `@interface` declares it
    /// plainly; nil when no header read declares the method or adopts the protocol (Swift cannot call it).
    package var swiftName: String?
    package var position: SourceLocation
    /// The repository headers (display paths) with an `@interface` of the class, sorted.
    package var interfaceHeaders: [String]
}

extension ObjCFactsExtractor {
    /// Names without which a file holds no intent handler.
    static let handlerTriggers = ["completion"]

    /// The handler methods of the intent classes `intents` defined in `files` (`.m` / `.mm`), each with the headers
    /// it includes that declare its class. Only files that mention one of `intents` and `completion` go to clang,
    /// read as the audit reads them (bounded include scan first).
    package func intentHandlers(_ files: [ObjCSourceFile], intents: [String]) throws(LibClangUnavailable) -> [ObjCIntentHandlerMethod] {
        if case .failure(let reason) = LibClang.loaded { throw reason }
        let wanted = Set(intents)
        var found: [ObjCIntentHandlerMethod] = []
        for file in files {
            guard !wanted.isEmpty, let bytes = try? ObjCSourceReader.contents(ofFile: file.path),
                  ByteSearch.mentions(bytes, anyOf: Self.handlerTriggers), ByteSearch.mentions(bytes, anyOf: intents),
                  let scanner = scan(file, bytes: bytes).scanner else { continue }
            let definitions = scanner.intentHandlerDefinitions().filter { wanted.contains($0.intentType) }
            guard !definitions.isEmpty else { continue }
            let reached = cache.reachedHeaders(of: file, bytes: bytes, headers: headers)
            for definition in definitions {
                var interfaces: [(header: String, declaration: ObjCFileScanner.InterfaceDeclaration)] = []
                for header in reached {
                    guard let path = headers.fileSystemPath(header), let headerBytes = try? ObjCSourceReader.contents(ofFile: path),
                          ByteSearch.mentions(headerBytes, anyOf: [definition.className]),
                          let headerScanner = scan(ObjCSourceFile(path: path, displayPath: header, arguments: file.arguments), bytes: headerBytes).scanner,
                          let declaration = headerScanner.interfaceDeclaration(of: definition.className) else { continue }
                    interfaces.append((header, declaration))
                }
                found.append(ObjCIntentHandlerMethod(
                    className: definition.className, intentType: definition.intentType, selector: definition.selector,
                    swiftName: Self.swiftName(of: definition, declaredIn: interfaces.map(\.declaration)), position: definition.position,
                    interfaceHeaders: interfaces.map(\.header).sorted()))
            }
        }
        return found.sorted { $0.position < $1.position }
    }

    /// How Swift names the handler method, from the class's `@interface` declarations (see ``ObjCIntentHandlerMethod/swiftName``).
    static func swiftName(of definition: ObjCFileScanner.IntentHandlerDefinition, declaredIn declarations: [ObjCFileScanner.InterfaceDeclaration]) -> String? {
        if let named = declarations.lazy.compactMap({ $0.methods[definition.selector] }).first(where: { !$0.isEmpty }) { return named }
        if declarations.contains(where: { $0.protocols.contains(definition.intentType + "Handling") }) { return "handle(intent:completion:)" }
        if declarations.contains(where: { $0.methods[definition.selector] != nil }) {
            return String(definition.selector.split(separator: ":")[0]) + "(_:completion:)"
        }
        return nil
    }

    /// The repository headers `file` includes, directly or through other headers (display paths; bounded as every
    /// include scan is): what a bridging header makes visible to Swift.
    package func includedHeaders(of file: ObjCSourceFile) -> [String] {
        guard let bytes = try? ObjCSourceReader.contents(ofFile: file.path) else { return [] }
        return cache.reachedHeaders(of: file, bytes: bytes, headers: headers)
    }
}
