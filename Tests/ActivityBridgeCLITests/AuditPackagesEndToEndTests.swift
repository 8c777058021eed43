import Foundation
import JSON
import Testing
import TestSupport

/// `activity-bridge audit` on a repository whose app's code is in a local Swift package, through the real
/// built binary: the manifest read statically by default, evaluated by SwiftPM with `--evaluate-manifests`.
@Suite("audit of local packages end to end")
struct AuditPackagesEndToEndTests {
    /// An app target linking product Kit of the package reference Kit.
    static let pbxproj = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tPROJ = {isa = PBXProject; buildConfigurationList = PLIST; mainGroup = GMAIN; packageReferences = (LPKG, ); targets = (TAPP, ); };
        \t\tGMAIN = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
        \t\tPLIST = {isa = XCConfigurationList; buildConfigurations = (PREL, ); defaultConfigurationName = Release; };
        \t\tPREL = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
        \t\tLPKG = {isa = XCLocalSwiftPackageReference; relativePath = Kit; };
        \t\tPDEP = {isa = XCSwiftPackageProductDependency; package = LPKG; productName = Kit; };
        \t\tTAPP = {isa = PBXNativeTarget; buildConfigurationList = ALIST; buildPhases = (); packageProductDependencies = (PDEP, ); name = App; productType = "com.apple.product-type.application"; };
        \t\tALIST = {isa = XCConfigurationList; buildConfigurations = (AREL, ); defaultConfigurationName = Release; };
        \t\tAREL = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.app; }; name = Release; };
        \t};
        \trootObject = PROJ;
        }
        """

    /// The product's targets come from code static reading does not follow (`filter`): SwiftPM, evaluating it,
    /// finds product Kit is target Kit only; static reading takes every file of the package.
    static let manifest = """
        // swift-tools-version: 5.9
        import PackageDescription

        let names = ["Kit", "Extra", ""].filter { !$0.isEmpty }
        let package = Package(
            name: "Kit",
            products: [.library(name: "Kit", targets: ["Kit"])],
            targets: names.map { .target(name: $0) }
        )

        """

    static func site(_ type: String) -> String {
        "import Foundation\n\nlet activity\(type) = NSUserActivity(activityType: \"com.example.\(type)\")\n"
    }

    func withRepository<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = try TemporaryDirectory.create("audit-packages-e2e")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [
            "App.xcodeproj/project.pbxproj": Self.pbxproj,
            "Info.plist": """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                \t<key>NSUserActivityTypes</key>
                \t<array><string>com.example.Kit</string><string>com.example.Extra</string></array>
                </dict>
                </plist>

                """,
            "Kit/Package.swift": Self.manifest,
            "Kit/Sources/Kit/Kit.swift": Self.site("Kit"),
            "Kit/Sources/Extra/Extra.swift": Self.site("Extra"),
        ]
        try FixtureTree.write(files, into: directory)
        return try body(directory)
    }

    /// The created types' values and the package notes of a JSON report.
    static func read(_ output: String) throws -> (created: [String], notes: [String]) {
        let document = try JSONParser().parse(output)
        var created: [String] = []
        if case let .array(projects)? = document["projects"] {
            for project in projects {
                guard case let .array(targets)? = project["targets"] else { continue }
                for target in targets {
                    guard case let .array(entries)? = target["activityTypes"]?["created"] else { continue }
                    for entry in entries { if case let .string(type)? = entry["resolved"] { created.append(type) } }
                }
            }
        }
        var notes: [String] = []
        if case let .array(diagnostics)? = document["diagnostics"] {
            for diagnostic in diagnostics {
                guard case let .string(rule)? = diagnostic["rule"], rule.hasPrefix("package-"), case let .string(message)? = diagnostic["message"] else { continue }
                notes.append("\(rule): \(message)")
            }
        }
        return (created.sorted(), notes)
    }

    @Test func readStaticallyByDefault() throws {
        try withRepository { directory in
            let result = try BuiltBinary.run(["audit", "--format", "json", directory.path], in: URL(fileURLWithPath: "/"))
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError.isEmpty)
            let (created, notes) = try Self.read(result.standardOutput)
            #expect(created == ["com.example.Extra", "com.example.Kit"])
            #expect(notes.count == 1)
            #expect(notes.first?.hasPrefix("package-manifest-read: the manifest of local package 'Kit' (Kit) was read statically") == true)
            #expect(notes.first?.contains("--evaluate-manifests lets SwiftPM evaluate it") == true)
            // SARIF describes the package rules.
            let sarif = try BuiltBinary.run(["audit", "--format", "sarif", directory.path], in: URL(fileURLWithPath: "/"))
            #expect(sarif.standardOutput.contains("\"id\":\"package-manifest-read\"") || sarif.standardOutput.contains("\"id\" : \"package-manifest-read\""))
        }
    }

    @Test(.enabled(if: AuditPackagesEndToEndTests.swiftIsOnPath, "`swift` is not on PATH: --evaluate-manifests cannot evaluate a manifest here"))
    func evaluatedWhenAsked() throws {
        try withRepository { directory in
            let result = try BuiltBinary.run(["audit", "--evaluate-manifests", "--format", "json", directory.path], in: URL(fileURLWithPath: "/"))
            // Extra is declared, now nothing creates it: a warning, exit 0.
            #expect(result.status == 0, "\(result.standardError)")
            let (created, notes) = try Self.read(result.standardOutput)
            #expect(created == ["com.example.Kit"])
            #expect(notes.count == 1)
            #expect(notes.first?.hasPrefix(
                "package-manifest-read: the manifest of local package 'Kit' (Kit) was evaluated by SwiftPM (`swift package dump-package`, --evaluate-manifests), which runs it: static reading could not follow Kit/Package.swift:4:") == true)
            // SwiftPM wrote nothing into the repository.
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("Kit").path).sorted()
            #expect(left == ["Package.swift", "Sources"])
        }
    }

    /// Without `swift` on PATH, `--evaluate-manifests` says why it could not evaluate and reads statically.
    @Test func evaluationWithoutSwiftOnPath() throws {
        try withRepository { directory in
            let result = try BuiltBinary.run(["audit", "--evaluate-manifests", "--format", "json", directory.path], in: URL(fileURLWithPath: "/"),
                                             environment: ["PATH": "/nonexistent"])
            let (created, notes) = try Self.read(result.standardOutput)
            #expect(created == ["com.example.Extra", "com.example.Kit"])
            #expect(notes.first?.contains("read statically") == true)
            #expect(result.standardOutput.contains("SwiftPM could not evaluate the manifest either: `swift` is not on PATH"))
        }
    }

    static let swiftIsOnPath: Bool = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/swift") }
}
