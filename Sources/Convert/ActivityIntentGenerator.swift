import Audit
import Diagnostics
import Foundation

/// The App Intent an `NSUserActivity` type becomes (issue 27, "Donated activity types"): nothing migrates an
/// activity type automatically (no `intentClassName` exists for them, R10.6), so the file is a start the team
/// finishes: an `AppIntent` that opens the app, one parameter per `requiredUserInfoKeys` key (else per literal
/// `userInfo` key), where each creation site should donate it (`IntentDonationManager`, file:line), and a
/// `perform()` that throws until it does what the continuation handler did.
package struct ActivityIntentGenerator: Sendable {
    package init() {}

    /// What the audit saw of one activity type in one target.
    package struct ActivityType: Sendable {
        package var type: String
        package var created: [AuditReport.ActivityTypeEntry]
        package var handled: [AuditReport.ActivityTypeEntry]
    }

    /// `com.example.favorite.open` → `FavoriteOpenActivityIntent`: its last two parts, so that one app's types differ.
    package static func structName(_ type: String) -> String {
        let parts = type.split(separator: ".").suffix(2).map(String.init)
        return SwiftCode.typeName(parts.joined(separator: " ")) + "ActivityIntent"
    }

    package func generate(_ activity: ActivityType) -> (file: GeneratedFile, notes: [String]) {
        var notes: [String] = []
        let keys: [String] = {
            let required = activity.created.compactMap(\.requiredUserInfoKeys).flatMap { $0 }
            let literal = activity.created.compactMap(\.userInfoKeys).flatMap { $0 }
            var seen: Set<String> = []
            return (required.isEmpty ? literal : required).filter { seen.insert($0).inserted }
        }()
        let name = Self.structName(activity.type)
        var code = SwiftCode()
        code.line("\(AppIntentGenerator.headerPrefix) from activity type \(activity.type); remove this line to keep your edits from being overwritten.")
        code.line()
        code.line("import AppIntents")
        code.line("import Foundation")
        code.line()
        code.line("/// What continuing an `NSUserActivity` of type `\(activity.type)` did, as an App Intent. Its parameters are the")
        code.line("/// activity's userInfo keys; their types are not known to the converter (String until you say otherwise).")
        code.line("///")
        for site in activity.created {
            code.line("/// Donate it where the activity is created, \(site.location.file):\(site.location.line), when the user has done what it")
            code.line("/// records: `try await IntentDonationManager.shared.donate(intent: \(name)(…))` (and stop making the")
            code.line("/// activity eligible for prediction once the intent is donated).")
        }
        for site in activity.handled {
            code.line("/// Continued at \(site.location.file):\(site.location.line): `perform()` should do what that handler does.")
        }
        code.line("@available(iOS 16.0, macOS 13.0, watchOS 9.0, tvOS 16.0, *)")
        code.block("struct \(name): AppIntent") { code in
            code.line("static let title: LocalizedStringResource = \(SwiftCode.literal(activity.type))")
            code.line("static let openAppWhenRun = true")
            for key in keys {
                guard let identifier = SwiftCode.identifier(key) else {
                    notes.append("\(activity.type): userInfo key '\(key)' is not a Swift identifier: no parameter is written for it")
                    continue
                }
                code.line()
                code.line("@Parameter(title: \(SwiftCode.literal(key)))")
                code.line("var \(identifier): String?")
            }
            code.line()
            code.block("func perform() async throws -> some IntentResult") { code in
                code.line("// TODO(activity-bridge convert): do what continuing \(activity.type) did; until then running this intent fails.")
                code.line("try NotConverted.fail(\(SwiftCode.literal(activity.type)))")
                code.line("return .result()")
            }
            code.line()
            code.line("/// Thrown by ``perform()`` until the continuation's work is moved into it.")
            code.block("struct NotConverted: Error") { code in
                code.line("var activityType: String")
                code.line()
                code.block("static func fail(_ activityType: String) throws") { code in
                    code.line("throw NotConverted(activityType: activityType)")
                }
            }
        }
        return (GeneratedFile(name: name + ".swift", contents: code.text), notes)
    }
}
