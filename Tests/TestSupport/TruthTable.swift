import Foundation

/// What is true of one real app of `../shared/corpus/apps`, written down by a person who read its code before
/// the audit ran on it (`Tests/TestSupport/TruthTables/README.md` has the format and the reading rules).
package struct TruthTable: Decodable, Sendable {
    package struct Project: Decodable, Sendable {
        /// The main `.xcodeproj`, relative to the app's folder; nil when XcodeGen generates it.
        package var path: String?
        /// The XcodeGen spec, when the project is generated.
        package var xcodegen: String?
        /// The Tuist manifest (`Project.swift`, relative to the app's folder) of an app Tuist generates; such a
        /// table sets ``path`` and ``xcodegen`` to null.
        package var tuist: String?
        /// The project's `defaultConfigurationName` (else its first configuration).
        package var configuration: String?
        /// The configuration the app ships with, when it is not ``configuration``: its shared scheme's Archive
        /// action, else the one named `Release` (``XcodeProject/shippingConfiguration(for:requested:)``). The
        /// products are resolved under it (`shippingConfiguration ?? configuration`).
        package var shippingConfiguration: String?
        /// Every native target in the project's order: name and product type.
        package var targets: [[String?]]
        /// Application and app-extension targets: name, `INFOPLIST_FILE`, `PRODUCT_BUNDLE_IDENTIFIER`.
        package var products: [[String?]]
        /// ``shippingConfiguration``, else ``configuration``: what the products are resolved under.
        package var productsConfiguration: String? { shippingConfiguration ?? configuration }
    }

    /// One place in the app's files that declares, creates or handles an activity type.
    package struct Site: Decodable, Sendable, Hashable {
        package var target: String?
        /// The type at run time; nil when only running the app can tell (``why`` says so).
        package var type: String?
        package var file: String
        package var line: Int
        package var language: String?
        package var why: String?
        /// Where the value is defined when that is outside the repository (a dependency not checked in): no
        /// reading of the repository can give the type, so the audit must say the site is unresolved, at its place.
        package var definedOutside: String?

        package var isObjectiveC: Bool { language == "objc" }

        package init(target: String? = nil, type: String?, file: String, line: Int, language: String? = nil, why: String? = nil) {
            (self.target, self.type, self.file, self.line, self.language, self.why) = (target, type, file, line, language, why)
        }
    }

    package struct CustomIntent: Decodable, Sendable, Hashable {
        /// `INIntentClassPrefix` + `INIntentName` + `Intent`.
        package var className: String
        package var file: String
        package var migratedBy: String?
        /// Configures a widget (`IntentConfiguration`) rather than a Siri shortcut.
        package var widget: Bool?
    }

    package struct AppIntent: Decodable, Sendable, Hashable {
        package var name: String
        package var file: String
        package var line: Int
    }

    package var app: String
    package var commit: String?
    package var project: Project?
    package var declared: [Site] = []
    package var created: [Site] = []
    package var handled: [Site] = []
    package var customIntents: [CustomIntent] = []
    package var appIntents: [AppIntent] = []
    /// Sites whose type the target's `NSUserActivityTypes` lacks: the mismatches the audit exists to find.
    package var undeclared: [Site] = []
    package var notes: [String] = []

    enum CodingKeys: String, CodingKey {
        case app, commit, project, declared, created, handled, customIntents, appIntents, undeclared, notes
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        app = try container.decode(String.self, forKey: .app)
        commit = try container.decodeIfPresent(String.self, forKey: .commit)
        project = try container.decodeIfPresent(Project.self, forKey: .project)
        declared = try container.decodeIfPresent([Site].self, forKey: .declared) ?? []
        created = try container.decodeIfPresent([Site].self, forKey: .created) ?? []
        handled = try container.decodeIfPresent([Site].self, forKey: .handled) ?? []
        customIntents = try container.decodeIfPresent([CustomIntent].self, forKey: .customIntents) ?? []
        appIntents = try container.decodeIfPresent([AppIntent].self, forKey: .appIntents) ?? []
        undeclared = try container.decodeIfPresent([Site].self, forKey: .undeclared) ?? []
        notes = try container.decodeIfPresent([String].self, forKey: .notes) ?? []
    }

    /// `Tests/TestSupport/TruthTables`.
    package static let folder: URL = TestPaths.inPackage("Tests/TestSupport/TruthTables")

    /// Every table, by app name, sorted.
    package static func all() throws -> [TruthTable] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { try load(String($0.dropLast(".json".count))) }
    }

    package static func load(_ app: String) throws -> TruthTable {
        let data = try Data(contentsOf: folder.appendingPathComponent(app + ".json"))
        return try JSONDecoder().decode(TruthTable.self, from: data)
    }
}
