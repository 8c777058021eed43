import Foundation
import Diagnostics
import SwiftFacts
import Testing
import BuildSettings
import TestSupport
import XcodeProject
@testable import Audit

/// Local Swift packages of real apps (../shared/corpus/apps): what each target gets from them, established by
/// reading the project's package references and each manifest (the comments say what was read).
@Suite("Local packages of real apps", .enabled(if: RealApps.isPresent, "../shared/corpus/apps is not beside the checkout: real-app packages skipped"),
       .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: manifests cannot be read statically"))
struct RealAppPackagesTests {
    /// The package Swift files of each checked target of `project` in `app`, and the packages' notes.
    static func packages(_ app: String, _ project: String) throws -> (files: [String: [String]], notes: [Diagnostic]) {
        let files = ProjectFiles(root: RealApps.root.appendingPathComponent(app).path)
        let model = try XcodeProjectReader(files: files).read(project)
        let packages = LocalPackages(project: model)
        var result: [String: [String]] = [:]
        for target in model.targets { result[target.name] = packages.swiftFiles(of: target) }
        return (result, packages.diagnostics)
    }

    /// The folder each file's target has its sources in: the path up to `Sources/<Target>` (or the given depth).
    static func targetFolders(_ files: [String], depth: Int? = nil) -> Set<String> {
        Set(files.map { file in
            let parts = file.split(separator: "/")
            if let depth { return parts.prefix(depth).joined(separator: "/") }
            guard let sources = parts.firstIndex(of: "Sources") else { return parts.dropLast().joined(separator: "/") }
            return parts.prefix(sources + 2).joined(separator: "/")
        })
    }

    /// Every `.swift` file on disk under `folder` of `app`.
    static func swiftFilesOnDisk(_ app: String, under folder: String) -> Int {
        let root = RealApps.root.appendingPathComponent(app).path
        return ProjectFiles(root: root).files(under: folder).filter { $0.hasSuffix(".swift") }.count
    }

    /// Notes on how a manifest was read that list parts static reading could not follow.
    static func gaps(_ notes: [Diagnostic]) -> [Diagnostic] { notes.filter { $0.rule == .packageManifestRead && !$0.notes.isEmpty } }

    @Test func omnivore() throws {
        // apple/OmnivoreKit is a folder reference; the targets link product App, which names no package. Its
        // manifest: App → target App, whose dependencies are the computed `appPackageDependencies` (Views,
        // Services, Models, Utils and PSPDFKit, a remote product); Views → Models; Services → Models, Utils;
        // Models → Utils. Test targets are not app code.
        let (files, notes) = try Self.packages("Omnivore", "apple/Omnivore.xcodeproj")
        let app = try #require(files["Omnivore-iOS"])
        let kit = "apple/OmnivoreKit/Sources/"
        #expect(Self.targetFolders(app) == Set(["App", "Views", "Services", "Models", "Utils"].map { kit + $0 }))
        #expect(app.count == ["App", "Views", "Services", "Models", "Utils"].reduce(0) { $0 + Self.swiftFilesOnDisk("Omnivore", under: kit + $1) })
        #expect(app.contains(kit + "App/Views/WebReader/WebReaderContainer.swift"))
        #expect(files["ShareExtension"] == app)
        #expect(Self.gaps(notes).isEmpty)
        #expect(notes.filter { $0.rule == .packageManifestRead }.map(\.location.description) == ["apple/OmnivoreKit/Package.swift:5:15"])
        #expect(notes.filter { $0.rule == .packageRemoteNotRead }.contains { $0.message.contains("PSPDFKit-SP") })
        // And so the audit finds the one activity the app creates (the site the audit missed before it read manifests).
        let report = try Auditor(root: RealApps.app("Omnivore").root).run()
        let created = report.projects.first { $0.path == "apple/Omnivore.xcodeproj" }?.targets.first { $0.name == "Omnivore-iOS" }?.created ?? []
        #expect(created.map { "\($0.resolved ?? "-") \($0.location.file):\($0.location.line)" }
                == ["com.omnivore.omnivore.openURL \(kit)App/Views/WebReader/WebReaderContainer.swift:767"])
    }

    @Test func wwdc() throws {
        // Packages/ConfCore: target ConfCore at `path: "ConfCore/"`, depending by name on "Transcripts", the
        // product of `.package(path: "../Transcripts")`, whose target is at `path: "Transcripts/"`.
        let (files, notes) = try Self.packages("WWDC", "WWDC.xcodeproj")
        let app = try #require(files["WWDC"])
        #expect(Self.targetFolders(app, depth: 3) == ["Packages/ConfCore/ConfCore", "Packages/Transcripts/Transcripts"])
        #expect(app.count == Self.swiftFilesOnDisk("WWDC", under: "Packages/ConfCore/ConfCore") + Self.swiftFilesOnDisk("WWDC", under: "Packages/Transcripts/Transcripts"))
        #expect(notes.filter { $0.rule == .packageManifestRead }.map(\.location.description)
                == ["Packages/ConfCore/Package.swift:5:15", "Packages/Transcripts/Package.swift:5:15"])
        #expect(Self.gaps(notes).isEmpty)
    }

    @Test func hackers() throws {
        // Six packages at the root, linked by XCLocalSwiftPackageReference; Features has a product per feature
        // with `path: "<Feature>/Sources/<Feature>"` and its tests beside them.
        let (files, notes) = try Self.packages("Hackers", "Hackers.xcodeproj")
        let app = try #require(files["Hackers"])
        #expect(Self.targetFolders(app) == [
            "Data/Sources/Data", "DesignSystem/Sources/DesignSystem", "Domain/Sources/Domain", "Networking/Sources/Networking", "Shared/Sources/Shared",
            "Features/Authentication/Sources/Authentication", "Features/Comments/Sources/Comments", "Features/Feed/Sources/Feed",
            "Features/Settings/Sources/Settings", "Features/WhatsNew/Sources/WhatsNew",
        ])
        #expect(!app.contains { $0.contains("/Tests/") })
        #expect(notes.filter { $0.rule == .packageManifestRead }.count == 6 && Self.gaps(notes).isEmpty)
    }

    @Test func iceCubes() throws {
        // Packages/*: each package names its siblings with `.package(name:path:)` and `.product(name:package:)`.
        // The action extension links NetworkClient only, which depends on Models.
        let (files, notes) = try Self.packages("IceCubesApp", "IceCubesApp.xcodeproj")
        let action = try #require(files["IceCubesActionExtension"])
        #expect(Self.targetFolders(action) == ["Packages/Models/Sources/Models", "Packages/NetworkClient/Sources/NetworkClient"])
        let app = try #require(files["IceCubesApp"])
        #expect(Self.targetFolders(app, depth: 2).count == 13)
        #expect(notes.filter { $0.rule == .packageManifestRead }.count == 13 && Self.gaps(notes).isEmpty)
        #expect(!notes.contains { $0.rule == .packageManifestUnreadable || $0.rule == .packageDependencyUnresolved })
    }

    @Test func mastodon() throws {
        // MastodonSDK's product MastodonSDK has `targets: publicLibraryTargets`, a `let` array of eight names;
        // its ArkanaKeys dependency is `.package(path: "../dependencies/ArkanaKeys")`, generated, not in the repository.
        let (files, notes) = try Self.packages("mastodon-ios", "Mastodon.xcodeproj")
        let app = try #require(files["Mastodon"])
        #expect(Self.targetFolders(app) == Set([
            "CoreDataStack", "MastodonAsset", "MastodonCommon", "MastodonCore", "MastodonExtension", "MastodonLocalization", "MastodonSDK", "MastodonUI",
        ].map { "MastodonSDK/Sources/" + $0 }))
        #expect(notes.filter { $0.rule == .packageManifestUnreadable }.map(\.message)
                == ["local package 'dependencies/ArkanaKeys': the folder is not in the repository (a submodule not checked out?): nothing to read"])
        #expect(Self.gaps(notes).isEmpty)
    }

    @Test func passepartout() throws {
        // app-apple/Package: the app links AppLibraryMain (CommonData* and AppLibraryMainWrapper, at `path:
        // "Sources/Empty/AppLibraryMainWrapper"`, which depends on `.target(name: "AppLibraryMain", condition: …)`);
        // the tunnel links TunnelLibrary (CommonLibrary) and PartoutLibrary, which depends on "partout", the
        // package ../../submodules/partout, a submodule not checked out.
        let (files, notes) = try Self.packages("passepartout", "app-apple/Passepartout.xcodeproj")
        let app = try #require(files["Passepartout"])
        #expect(app.contains("app-apple/Package/Sources/Empty/AppLibraryMainWrapper/Dummy.swift"))
        #expect(Self.targetFolders(app).isSuperset(of: ["app-apple/Package/Sources/AppLibraryMain", "app-apple/Package/Sources/AppLibrary",
                                                        "app-apple/Package/Sources/CommonLibrary", "app-apple/Package/Sources/CommonDataProfiles"]))
        let tunnel = try #require(files["PassepartoutTunnel"])
        #expect(Self.targetFolders(tunnel) == [
            "app-apple/Package/Sources/CommonLibrary", "app-apple/Package/Sources/CommonIAP", "app-apple/Package/Sources/CommonUtils",
            "app-apple/Package/Sources/Empty",
        ])
        #expect(notes.filter { $0.rule == .packageManifestUnreadable }.map(\.message)
                == ["local package 'submodules/partout': the folder is not in the repository (a submodule not checked out?): nothing to read"])
    }

    @Test func synchronizedFoldersOfPackages() throws {
        // CotEditor and Harbour hold their packages in an Xcode 16 synchronized folder (Packages/, Modules/) and
        // link products that name no package; the manifests that declare them are found in the project's folders.
        let (cot, cotNotes) = try Self.packages("CotEditor", "CotEditor.xcodeproj")
        let editor = try #require(cot["CotEditor"])
        #expect(Self.targetFolders(editor, depth: 2) == ["Packages/EditorCore", "Packages/MacUI", "Packages/Syntax"])
        // Syntax's executable targets (SyntaxMapBuilder, SyntaxMigrator) are in no product the app links.
        #expect(!editor.contains { $0.contains("/SyntaxMapBuilder/") || $0.contains("/Tests/") })
        #expect(cotNotes.filter { $0.rule == .packageManifestRead }.count == 3 && Self.gaps(cotNotes).isEmpty)
        let (harbour, harbourNotes) = try Self.packages("Harbour", "Harbour.xcodeproj")
        #expect(Self.targetFolders(try #require(harbour["Harbour"])) == ["Modules/Commons/Sources/Navigation"])
        #expect(harbourNotes.filter { $0.rule == .packageManifestRead }.map(\.location.description) == ["Modules/Commons/Package.swift:6:15"])
    }

    @Test func clendarAndSideStore() throws {
        // Clendar links CalendarView and ClendarTheme (Packages/*); Dependencies/ is a package no target links.
        let (clendar, clendarNotes) = try Self.packages("Clendar", "Clendar.xcodeproj")
        #expect(Self.targetFolders(try #require(clendar["Clendar"])) == [
            "Packages/CalendarView/Sources/CalendarView", "Packages/ClendarTheme/Sources/ClendarTheme",
        ])
        #expect(Self.gaps(clendarNotes).isEmpty)
        // SideStore's package references point into submodules that are not checked out: a note, nothing read.
        let (side, sideNotes) = try Self.packages("SideStore", "AltStore.xcodeproj")
        #expect(side["SideStore"] == [])
        #expect(sideNotes.map(\.rule) == [.packageManifestUnreadable])
        #expect(sideNotes.first?.message.contains("not in the repository") == true)
    }
}
