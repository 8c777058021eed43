import Foundation
import Testing
import SwiftFacts

/// Swift constants Objective-C code sees (issue 17): `@objc` static members by `Class.member`, renamed by
/// `@objc(name)` on the member or the class, every static member of an `@objcMembers` class; what Objective-C
/// cannot see is left out.
@Suite("Swift @objc constants for Objective-C", .enabled(if: parserAvailable, "built without the toolchain's SwiftParser"))
struct ObjCExposureTests {
    static func constants(_ files: KeyValuePairs<String, String>, names: [String]) throws -> [String: String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("objcexposure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var sources: [SwiftSourceFile] = []
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            sources.append(SwiftSourceFile(path: url.path, displayPath: name))
        }
        return SwiftFactsExtractor().objectiveCConstants(sources, names: names)
    }

    @Test func objcMembersByTheNamesObjectiveCUses() throws {
        let table = try Self.constants([
            "ActivityTypes.swift": """
                import Foundation
                @objc class ActivityTypes: NSObject {
                    @objc static let openNote = "com.example.open"
                    @objc(editNoteType) static let editNote = Prefix.base + ".edit"
                    @objc static var share: String { "com.example.share" }
                    @objc static func browse() -> String { return "com.example.browse" }
                    static let hidden = "com.example.hidden"
                    @objc let instance = "com.example.instance"
                }
                @objc(ABKinds) @objcMembers final class Kinds: NSObject {
                    static let search = "com.example.search"
                }
                extension ActivityTypes {
                    @objc static let later = "com.example.later"
                }
                """,
            "Prefix.swift": "enum Prefix { static let base = \"com.example\" }\n",
        ], names: ["ActivityTypes.openNote", "ActivityTypes.editNoteType", "ActivityTypes.editNote", "ActivityTypes.share", "ActivityTypes.browse",
                   "ActivityTypes.hidden", "ActivityTypes.instance", "ABKinds.search", "Kinds.search", "ActivityTypes.later"])
        #expect(table == [
            "ActivityTypes.openNote": "com.example.open",
            "ActivityTypes.editNoteType": "com.example.edit",
            "ActivityTypes.share": "com.example.share",
            "ActivityTypes.browse": "com.example.browse",
            "ABKinds.search": "com.example.search",
            "ActivityTypes.later": "com.example.later",
        ])
    }

    @Test func filesWithoutObjcAreNotRead() throws {
        let table = try Self.constants(["Plain.swift": "class ActivityTypes { static let openNote = \"com.example.open\" }\n"],
                                       names: ["ActivityTypes.openNote"])
        #expect(table.isEmpty)
    }
}
