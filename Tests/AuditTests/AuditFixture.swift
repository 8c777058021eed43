import Foundation
import Audit
import Diagnostics
import TestSupport

/// A small repository written into a temporary folder: each file's text may carry `1️⃣`… markers (removed),
/// so expected locations are read from the fixture, never counted by hand.
final class AuditFixture: @unchecked Sendable {
    let tree: FixtureTree

    init(_ files: [String: String]) throws {
        tree = try FixtureTree(files, purpose: "audit-fixture")
    }

    var root: String { tree.root }
    /// Each file's text without its markers, and the markers' places.
    var marked: [String: MarkedText] { tree.files }

    /// `FILE:LINE:COL` of `marker` in `file`.
    func at(_ file: String, _ marker: String) -> String { tree.at(file, marker) }

    /// `FILE:LINE:COL` of the first `token` in `file` (for the pbxproj, whose tokens are unique).
    func at(_ file: String, token: String) -> String {
        guard let text = marked[file]?.text else { return "\(file): no such file" }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: token) {
                return "\(file):\(index + 1):\(line.distance(from: line.startIndex, to: range.lowerBound) + 1)"
            }
        }
        return "\(file): no token \(token)"
    }

    func audit(_ configure: (inout AuditOptions) -> Void = { _ in }) throws -> AuditReport {
        var options = AuditOptions()
        configure(&options)
        return try Auditor(root: root, options: options).run()
    }
}

extension AuditReport {
    /// `rule FILE:LINE:COL` of every finding, in report order.
    var findings: [String] {
        diagnostics.map { "\($0.diagnostic.rule.rawValue) \($0.diagnostic.location)" }
    }

    func findings(_ rule: Diagnostic.Rule) -> [String] {
        diagnostics.filter { $0.diagnostic.rule == rule }.map { "\($0.diagnostic.location)" }
    }
}

/// A one-project pbxproj: an app target building `appSources` (a Sources phase) and, optionally, an app
/// extension built from the synchronized folder `extensionFolder`. Settings are written as given.
func pbxproj(
    appSettings: String, appSources: [String], extensionFolder: String? = nil, extensionSettings: String = "",
    projectXcconfig: String? = nil
) -> String {
    var objects = ""
    var fileRefs: [String] = []
    var buildFiles: [String] = []
    for (index, path) in appSources.enumerated() {
        objects += "\t\tF\(index) = {isa = PBXFileReference; path = \(quoted(path)); sourceTree = \"<group>\"; };\n"
        objects += "\t\tB\(index) = {isa = PBXBuildFile; fileRef = F\(index); };\n"
        fileRefs.append("F\(index)")
        buildFiles.append("B\(index)")
    }
    var children = fileRefs
    var targets = ["TAPP"]
    if let projectXcconfig {
        objects += "\t\tFXC = {isa = PBXFileReference; path = \(quoted(projectXcconfig)); sourceTree = \"<group>\"; };\n"
        children.append("FXC")
    }
    if let extensionFolder {
        objects += "\t\tSEXT = {isa = PBXFileSystemSynchronizedRootGroup; path = \(quoted(extensionFolder)); sourceTree = \"<group>\"; };\n"
        objects += "\t\tTEXT = {isa = PBXNativeTarget; buildConfigurationList = ELIST; buildPhases = (); fileSystemSynchronizedGroups = (SEXT, ); name = Widget; productType = \"com.apple.product-type.app-extension\"; };\n"
        objects += "\t\tELIST = {isa = XCConfigurationList; buildConfigurations = (ERELEASE, ); defaultConfigurationName = Release; };\n"
        objects += "\t\tERELEASE = {isa = XCBuildConfiguration; buildSettings = {\(extensionSettings)}; name = Release; };\n"
        children.append("SEXT")
        targets.append("TEXT")
    }
    let base = projectXcconfig == nil ? "" : "baseConfigurationReference = FXC; "
    return """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 77;
        \tobjects = {
        \t\tPROJ = {isa = PBXProject; buildConfigurationList = PLIST; mainGroup = GMAIN; targets = (\(listed(targets))); };
        \t\tGMAIN = {isa = PBXGroup; children = (\(listed(children))); sourceTree = "<group>"; };
        \t\tPLIST = {isa = XCConfigurationList; buildConfigurations = (PRELEASE, PDEBUG, ); defaultConfigurationName = Release; };
        \t\tPRELEASE = {isa = XCBuildConfiguration; \(base)buildSettings = {SDKROOT = iphoneos; }; name = Release; };
        \t\tPDEBUG = {isa = XCBuildConfiguration; \(base)buildSettings = {SDKROOT = iphoneos; }; name = Debug; };
        \t\tSRCAPP = {isa = PBXSourcesBuildPhase; files = (\(listed(buildFiles))); };
        \t\tTAPP = {isa = PBXNativeTarget; buildConfigurationList = ALIST; buildPhases = (SRCAPP, ); name = Shop; productType = "com.apple.product-type.application"; };
        \t\tALIST = {isa = XCConfigurationList; buildConfigurations = (ARELEASE, ADEBUG, ); defaultConfigurationName = Release; };
        \t\tARELEASE = {isa = XCBuildConfiguration; buildSettings = {\(appSettings)}; name = Release; };
        \t\tADEBUG = {isa = XCBuildConfiguration; buildSettings = {\(appSettings) PRODUCT_BUNDLE_IDENTIFIER = com.example.shop.debug; }; name = Debug; };
        \(objects)\t};
        \trootObject = PROJ;
        }
        """
}

private func quoted(_ text: String) -> String { "\"\(text)\"" }

/// An OpenStep list's elements, each followed by `, ` (as Xcode writes them; empty for none).
private func listed(_ elements: [String]) -> String { elements.map { "\($0), " }.joined() }

/// A Swift file with an `OpenIntent` and an `AppShortcutsProvider` whose `appShortcuts` body is `body` (whole
/// lines, indented by 8 spaces; a line may carry a marker).
func openShortcutsSource(_ body: String) -> String {
    """
    import AppIntents

    struct OpenIntent: AppIntent {
        static let title: LocalizedStringResource = "Open"
        func perform() async throws -> some IntentResult { .result() }
    }

    struct Shortcuts: AppShortcutsProvider {
        static var appShortcuts: [AppShortcut] {
    \(body)    }
    }

    """
}

/// An XML Info.plist whose `NSUserActivityTypes` holds `types` (each line may carry a marker before `<string>`)
/// and whose other entries are `extra` (raw XML).
func infoPlist(types: [String], extra: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleIdentifier</key>
    \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    \(extra)\t<key>NSUserActivityTypes</key>
    \t<array>
    \(types.map { "\t\t\($0)\n" }.joined())\t</array>
    </dict>
    </plist>

    """
}
