/// Small Xcode projects, Info.plists and App Shortcut sources for audit fixtures, shared by the audit's own tests
/// and the end-to-end tests of the built binary.

/// A one-project pbxproj: an app target building `appSources` (a Sources phase) and, optionally, an app
/// extension built from the synchronized folder `extensionFolder`. Settings are written as given.
package func pbxproj(
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
package func openShortcutsSource(_ body: String) -> String {
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
package func infoPlist(types: [String], extra: String = "") -> String {
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

/// An app (`Shop`, `App/`) that continues `com.example.shop.call` (marker `3️⃣`) and an Intents extension
/// (`Widget`, the synchronized folder `Intents/`) that creates it for the app with `.continueInApp` (`1️⃣`) and
/// compares another type in its own code (`2️⃣`); `appTypes` are the app's `NSUserActivityTypes` values.
package func continueInAppRepository(appTypes: [String]) -> [String: String] {
    [
        "Shop.xcodeproj/project.pbxproj": pbxproj(
            appSettings: "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop;", appSources: ["App/App.swift"],
            extensionFolder: "Intents", extensionSettings: "INFOPLIST_FILE = Intents/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop.intents;"),
        "App/Info.plist": infoPlist(types: appTypes.map { "<string>\($0)</string>" }),
        "App/App.swift": """
            import UIKit
            final class Scene { func scene(_ s: UIScene, continue a: NSUserActivity) { if a.activityType == 3️⃣"com.example.shop.call" {} } }
            """,
        "Intents/Info.plist": infoPlist(types: []),
        "Intents/IntentHandler.swift": """
            import Intents
            final class IntentHandler: INExtension, INStartCallIntentHandling {
                func handle(intent: INStartCallIntent, completion: @escaping (INStartCallIntentResponse) -> Void) {
                    let activity = NSUserActivity(activityType: 1️⃣"com.example.shop.call")
                    completion(INStartCallIntentResponse(code: .continueInApp, userActivity: activity))
                }
                func shared(_ a: NSUserActivity) -> Bool { a.activityType == 2️⃣"com.example.shop.other" }
            }
            """,
    ]
}

/// A SiriKit `.intentdefinition` (an XML property list) whose `INIntents` array holds `intents` (raw `<dict>`
/// entries, one per line, from line 6 on; a line may carry a marker) and whose root holds `root` (raw XML) too.
package func intentDefinition(_ intents: String, root: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \(root)<key>INIntents</key>
    <array>
    \(intents)
    </array>
    </dict>
    </plist>

    """
}
