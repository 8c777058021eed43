import Foundation
import SwiftFacts
import Testing
import TestSupport

/// The scans an audit shares between targets (an app and its extensions over their packages' files): the facts
/// are those of parsing afresh, and a file already scanned is not parsed again.
@Suite("File scans shared between targets", .enabled(if: parserAvailable, "built without the toolchain's SwiftParser"))
struct FileScanCacheTests {
    @Test func sharedScansGiveTheSameFacts() throws {
        let folder = try TemporaryDirectory("scan-cache")
        func file(_ name: String, _ text: String) throws -> SwiftSourceFile {
            let url = folder.url.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return SwiftSourceFile(path: url.path, displayPath: name)
        }
        let shared = try file("Shared.swift", "import Foundation\nlet open = NSUserActivity(activityType: Types.open)\n")
        let constants = try file("Types.swift", "enum Types { static let open = \"com.example.open\" }\n")
        let app = try file("App.swift", "import SwiftUI\nlet view = Text(\"x\").onContinueUserActivity(\"com.example.app\") { _ in }\n")
        let widget = try file("Widget.swift", "import WidgetKit\n")
        let cache = FileScanCache()
        var options = SwiftFactsExtractor.Options()
        options.scanCache = cache
        let cached = SwiftFactsExtractor(options: options)
        let fresh = SwiftFactsExtractor()
        let appFacts = try cached.extract([app, shared, constants])
        let parsedForApp = cache.count
        let widgetFacts = try cached.extract([widget, shared, constants])
        // The app's files were parsed (the constant's file in a round); the widget's extraction parsed nothing
        // again: the shared files' scans were reused, and Widget.swift names no trigger.
        #expect(parsedForApp == 3)
        #expect(cache.count == parsedForApp)
        #expect(lines(appFacts.created) == lines(try fresh.extract([app, shared, constants]).created))
        #expect(lines(appFacts.handled) == lines(try fresh.extract([app, shared, constants]).handled))
        #expect(lines(widgetFacts.created) == lines(try fresh.extract([widget, shared, constants]).created))
        #expect(lines(widgetFacts.created) == ["Shared.swift:2:41 activityInitializer Types.open => com.example.open"])
    }
}
