import Audit
import Diagnostics
import Foundation
import ValueFlow

/// The App Intent an `NSUserActivity` type becomes (issue 27, "Donated activity types"): nothing migrates an
/// activity type automatically (no `intentClassName` exists for them, R10.6), so the file is a start the team
/// finishes: an `AppIntent` that opens the app, one parameter per `requiredUserInfoKeys` key (else per literal
/// `userInfo` key) typed from the values the creation sites write, where each creation site should donate it
/// (`IntentDonationManager`, file:line), and a `perform()` that throws until it does what the continuation
/// handler did.
package struct ActivityIntentGenerator: Sendable {
    package init() {}

    /// What the audit saw of one activity type in one target.
    package struct ActivityType: Sendable {
        package var type: String
        package var created: [AuditReport.ActivityTypeEntry]
        package var handled: [AuditReport.ActivityTypeEntry]

        package init(type: String, created: [AuditReport.ActivityTypeEntry], handled: [AuditReport.ActivityTypeEntry]) {
            self.type = type
            self.created = created
            self.handled = handled
        }
    }

    /// One parameter: the userInfo key it reads, and its kind, or nil (a `String`) with why.
    package struct Parameter: Hashable, Sendable {
        package var key: String
        package var identifier: String
        package var kind: UserInfoValueKind?
        /// When ``kind`` is nil: why, naming the expressions and where they are (the file's comment and the note).
        package var untypedReason: String?

        package var swiftType: String { kind?.swiftType ?? "String" }

        package init(key: String, identifier: String, kind: UserInfoValueKind? = nil, untypedReason: String? = nil) {
            self.key = key
            self.identifier = identifier
            self.kind = kind
            self.untypedReason = untypedReason
        }
    }

    /// `com.example.favorite.open` → `FavoriteOpenActivityIntent`: its last two parts, so that one app's types differ.
    package static func structName(_ type: String) -> String {
        let parts = type.split(separator: ".").suffix(2).map(String.init)
        return SwiftCode.typeName(parts.joined(separator: " ")) + "ActivityIntent"
    }

    /// The parameters of `activity`: its keys in order, each typed when every value the creation sites write for
    /// it has one kind; otherwise `String`, never a guess, with the reason.
    package static func parameters(_ activity: ActivityType) -> (parameters: [Parameter], notes: [String]) {
        let required = activity.created.compactMap(\.requiredUserInfoKeys).flatMap { $0 }
        let literal = activity.created.compactMap(\.userInfoKeys).flatMap { $0 }
        var seen: Set<String> = []
        let keys = (required.isEmpty ? literal : required).filter { seen.insert($0).inserted }
        var parameters: [Parameter] = []
        var notes: [String] = []
        for key in keys {
            guard let identifier = SwiftCode.identifier(key) else {
                notes.append("\(activity.type): userInfo key '\(key)' is not a Swift identifier: no parameter is written for it")
                continue
            }
            let written = activity.created.flatMap { site in
                (site.userInfoValues ?? []).filter { $0.key == key }.map { (value: $0, place: "\(site.location.file):\($0.line)") }
            }
            var parameter = Parameter(key: key, identifier: identifier)
            let kinds = Set(written.compactMap(\.value.kind))
            if written.isEmpty {
                parameter.untypedReason = "no creation site's userInfo value for it could be read"
            } else if let unknown = written.first(where: { $0.value.kind == nil }) {
                parameter.untypedReason = "`\(unknown.value.expression)` (\(unknown.place)) is \(unknown.value.unknownReason ?? UserInfoValue.notStaticReason)"
            } else if kinds.count > 1 {
                parameter.untypedReason = "the creation sites write different kinds: "
                    + written.map { "`\($0.value.expression)` (\($0.place)) \($0.value.kind!.swiftType)" }.joined(separator: ", ")
            } else {
                parameter.kind = kinds.first
            }
            if let reason = parameter.untypedReason {
                notes.append("\(activity.type): parameter '\(key)' is a String: \(reason)")
            }
            parameters.append(parameter)
        }
        return (parameters, notes)
    }

    package func generate(_ activity: ActivityType) -> (file: GeneratedFile, notes: [String], parameters: [Parameter]) {
        let (parameters, notes) = Self.parameters(activity)
        let name = Self.structName(activity.type)
        var code = SwiftCode()
        code.line("\(AppIntentGenerator.headerPrefix) from activity type \(activity.type); remove this line to keep your edits from being overwritten.")
        code.line()
        code.line("import AppIntents")
        code.line("import Foundation")
        code.line()
        code.line("/// What continuing an `NSUserActivity` of type `\(activity.type)` did, as an App Intent. Its parameters are the")
        code.line("/// activity's userInfo keys, typed from the values its creation sites write (String where that cannot be known).")
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
            for parameter in parameters {
                code.line()
                if let reason = parameter.untypedReason {
                    code.line("// TODO(activity-bridge convert): String, as the type is not known: \(reason).")
                }
                code.line("@Parameter(title: \(SwiftCode.literal(parameter.key)))")
                code.line("var \(parameter.identifier): \(parameter.swiftType)?")
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
        return (GeneratedFile(name: name + ".swift", contents: code.text), notes, parameters)
    }
}
