import Foundation

/// A rule example's repository fragment written into a temporary folder, as the audit and `diff` examples of
/// `RuleDescription` (AuditRules.swift) are checked: each file's `↓` marks where the finding must be reported
/// (removed, and remembered as `FILE:LINE:COLUMN`). Without a project of its own the fragment gets the app target
/// `Shop` of a one-project repository (`Shop.xcodeproj`) whose Sources phase builds every `.swift`, `.m`, `.mm` and
/// `.intentdefinition` file, with `INFOPLIST_FILE = App/Info.plist` (an Info.plist declaring no type is added
/// when the fragment has none). Arguments: `--setting 'NAME = VALUE;'` sets (or replaces) a target build setting,
/// `--xcconfig PATH` is the project's base configuration file, `--target NAME` names the target (not `Shop`),
/// `--local-package FOLDER PRODUCT` links product PRODUCT of the local package in FOLDER, `--mark-project` puts the `↓`
/// at the top of the project file (where findings about the project are reported), `--no-project` writes the fragment
/// alone (no project, no Info.plist: a repository the audit finds nothing to read in).
package final class RuleExampleRepository: @unchecked Sendable {
    package let directory: TemporaryDirectory
    /// `FILE:LINE:COLUMN` of each `↓`, in path order.
    package private(set) var marked: [String] = []

    package var root: String { directory.url.path }

    package init(files: [(path: String, text: String)], arguments: [String] = []) throws {
        directory = try TemporaryDirectory("rule-example")
        var files = files
        var settings = ["INFOPLIST_FILE = App/Info.plist;", "PRODUCT_BUNDLE_IDENTIFIER = com.example.shop;", "PRODUCT_NAME = Shop;"]
        var xcconfig: String?
        var target = "Shop"
        var packages: [(folder: String, product: String)] = []
        var markProject = false
        var writesProject = true
        var index = 0
        while index < arguments.count {
            let (option, value) = (arguments[index], index + 1 < arguments.count ? arguments[index + 1] : "")
            if option == "--setting" {
                let name = value.prefix { $0 != " " && $0 != "=" }
                settings.removeAll { $0.hasPrefix(name + " ") }
                settings.append(value)
                index += 2
            } else if option == "--xcconfig" {
                xcconfig = value
                index += 2
            } else if option == "--target" {
                target = value
                index += 2
            } else if option == "--local-package" {
                packages.append((value, index + 2 < arguments.count ? arguments[index + 2] : value))
                index += 3
            } else if option == "--no-project" {
                writesProject = false
                index += 1
            } else if option == "--mark-project" {
                markProject = true
                index += 1
            } else {
                index += 1
            }
        }
        if writesProject, !files.contains(where: { $0.path.contains(".xcodeproj/") }) {
            if !files.contains(where: { $0.path == "App/Info.plist" }) {
                files.append(("App/Info.plist", Self.emptyInfoPlist))
            }
            let sources = files.map(\.path).filter { [".swift", ".m", ".mm", ".intentdefinition"].contains(where: $0.hasSuffix) }.sorted()
            var project = Self.project(settings: settings, sources: sources, xcconfig: xcconfig, target: target, packages: packages)
            if markProject { project = "↓" + project }
            files.append(("Shop.xcodeproj/project.pbxproj", project))
        }
        for (path, text) in files.sorted(by: { $0.path < $1.path }) {
            let file = MarkedText(text.replacingOccurrences(of: "↓", with: "1️⃣"))
            if let position = file.position() { marked.append("\(path):\(position)") }
            let url = directory.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.data.write(to: url)
        }
    }

    static let emptyInfoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        <key>NSUserActivityTypes</key>
        <array/>
        </dict>
        </plist>

        """

    /// One project, one configuration (so a setting is written once), one application target.
    static func project(settings: [String], sources: [String], xcconfig: String?, target: String = "Shop",
                        packages: [(folder: String, product: String)] = []) -> String {
        var objects = ""
        var children: [String] = []
        var buildFiles: [String] = []
        var references: [String] = []
        var products: [String] = []
        for (index, package) in packages.enumerated() {
            objects += "\t\tPKG\(index) = {isa = XCLocalSwiftPackageReference; relativePath = \"\(package.folder)\"; };\n"
            objects += "\t\tPROD\(index) = {isa = XCSwiftPackageProductDependency; package = PKG\(index); productName = \"\(package.product)\"; };\n"
            references.append("PKG\(index), ")
            products.append("PROD\(index), ")
        }
        for (index, path) in sources.enumerated() {
            objects += "\t\tF\(index) = {isa = PBXFileReference; path = \"\(path)\"; sourceTree = \"<group>\"; };\n"
            objects += "\t\tB\(index) = {isa = PBXBuildFile; fileRef = F\(index); };\n"
            children.append("F\(index), ")
            buildFiles.append("B\(index), ")
        }
        var base = ""
        if let xcconfig {
            objects += "\t\tFXC = {isa = PBXFileReference; path = \"\(xcconfig)\"; sourceTree = \"<group>\"; };\n"
            children.append("FXC, ")
            base = "baseConfigurationReference = FXC; "
        }
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 77;
            \tobjects = {
            \t\tPROJ = {isa = PBXProject; buildConfigurationList = PLIST; mainGroup = GMAIN; packageReferences = (\(references.joined())); targets = (TAPP, ); };
            \t\tGMAIN = {isa = PBXGroup; children = (\(children.joined())); sourceTree = "<group>"; };
            \t\tPLIST = {isa = XCConfigurationList; buildConfigurations = (PRELEASE, ); defaultConfigurationName = Release; };
            \t\tPRELEASE = {isa = XCBuildConfiguration; \(base)buildSettings = {SDKROOT = iphoneos; }; name = Release; };
            \t\tSRCAPP = {isa = PBXSourcesBuildPhase; files = (\(buildFiles.joined())); };
            \t\tTAPP = {isa = PBXNativeTarget; buildConfigurationList = ALIST; buildPhases = (SRCAPP, ); packageProductDependencies = (\(products.joined())); name = \(target); productType = "com.apple.product-type.application"; };
            \t\tALIST = {isa = XCConfigurationList; buildConfigurations = (ARELEASE, ); defaultConfigurationName = Release; };
            \t\tARELEASE = {isa = XCBuildConfiguration; buildSettings = {\(settings.joined(separator: " ")) }; name = Release; };
            \(objects)\t};
            \trootObject = PROJ;
            }

            """
    }
}
