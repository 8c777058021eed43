import BuildSettings
import Foundation
import SwiftFacts

/// Finds the legacy handlers of custom intents in a repository's Swift files: a class (or extension) with
/// `handle(intent: X)` where X is the intent's class as Swift sees it. The handler usually lives in an Intents
/// extension, not in the target the App Intent goes to, so every Swift file of the repository is looked at
/// (only those whose text has `handle(intent`, the rest are not parsed).
package struct IntentHandlerFinder: Sendable {
    package var root: String

    package init(root: String) { self.root = root }

    /// Handlers by intent class name, for `classNames` (Swift sees a prefixed `HSExecuteLuaIntent` as
    /// `ExecuteLuaIntent`; `swiftNames` maps those). The first by path when several handle one intent.
    package func handlers(for classNames: Set<String>, swiftNames: [String: String] = [:]) -> [String: IntentHandler] {
        var found: [String: IntentHandler] = [:]
        let files = ProjectFiles(root: root)
        var swiftFiles: [String] = []
        files.searchEntries(under: ".") { shown, name, isFolder in
            if !isFolder, name.hasSuffix(".swift") { swiftFiles.append(shown) }
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
        return found
    }
}
