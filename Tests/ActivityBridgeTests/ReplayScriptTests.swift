import Diagnostics
import Foundation
import Testing
import ActivityBridge
import IntentKit
import PropertyList
import TestSupport

@Suite("Replay scripts")
struct ReplayScriptTests {
    @Test func parsesTheSpecShape() throws {
        let root: PropertyListValue = [
            "name": "Siri books again", "app": "hairdressers", "platform": "iOS 26.4", "launched": true, "bridge": false,
            "steps": [
                ["do": "bookAppointment", "hairdresser": "Jane", "day": "Monday"],
                ["do": "check", "expect": ["appointments.count": 1]],
            ],
        ]
        let script = try ReplayScript(root: root, file: "x.plist")
        #expect(script.name == "Siri books again")
        #expect(script.app == "hairdressers")
        #expect(script.platform == Platform(26, 4))
        #expect(script.launched)
        #expect(script.bridge == false)
        #expect(script.steps.map(\.action) == ["bookAppointment", "check"])
        #expect(script.steps.map(\.index) == [1, 2])
        #expect(script.steps[0].arguments == ["hairdresser": "Jane", "day": "Monday"])
        #expect(script.steps[1].arguments.isEmpty)
        #expect(script.steps[1].expectations == ["appointments.count": 1])
    }

    @Test func defaultsFollowTheSpec() throws {
        let script = try ReplayScript(root: ["name": "n", "app": "walkmate", "steps": []], file: "x.plist")
        #expect(script.platform == .iOS27)
        #expect(!script.launched)
        #expect(script.bridge == nil)
    }

    static let malformed: [(root: PropertyListValue, step: Int?, message: String)] = [
        (PropertyListValue.array([]), nil, "a replay script's root must be a dictionary, found <array>"),
        (["app": "a", "steps": []], nil, "missing key 'name'"),
        (["name": "n", "steps": []], nil, "missing key 'app'"),
        (["name": "n", "app": "a"], nil, "missing key 'steps'"),
        (["name": "n", "app": "a", "steps": "x"], nil, "'steps' must be an array, found <string>"),
        (["name": "n", "app": "a", "platform": "Android 14", "steps": []], nil, "'platform' must look like 'iOS 27' or 'iOS 26.4', found 'Android 14'"),
        (["name": "n", "app": "a", "launched": "yes", "steps": []], nil, "'launched' must be <true/> or <false/>, found <string>"),
        (["name": "n", "app": "a", "steps": [["do": "check"], "launch"]], 2, "a step must be a dictionary, found <string>"),
        (["name": "n", "app": "a", "steps": [["expect": [:]]]], 1, "missing key 'do'"),
        (["name": "n", "app": "a", "steps": [["do": "check", "expect": 3]]], 1, "'expect' must be a dictionary, found <integer>"),
    ]

    @Test(arguments: malformed)
    func malformedScriptsNameTheProblem(_ example: (root: PropertyListValue, step: Int?, message: String)) {
        let (root, step, message) = example
        #expect {
            try ReplayScript(root: root, file: "bad.plist")
        } throws: { error in
            guard let error = error as? ReplayScriptError else { return false }
            return error.step == step && error.message == message && error.file == "bad.plist"
        }
    }

    @Test func stepErrorsCarryTheirSourceLocation() throws {
        let directory = try TemporaryDirectory.create("replay-script")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.plist").path
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>name</key><string>n</string>
              <key>app</key><string>hairdressers</string>
              <key>steps</key><array>
                <dict><key>do</key><string>launch</string></dict>
                <dict><key>expect</key><dict/></dict>
              </array>
            </dict></plist>
            """.utf8).write(to: URL(fileURLWithPath: file))
        #expect {
            try ReplayScript(contentsOf: file)
        } throws: { error in
            guard let error = error as? ReplayScriptError else { return false }
            return error.step == 2 && error.location?.line == 7 && error.location?.column == 5
                && error.description == "\(file):7:5: error: step 2: missing key 'do' [replay-script]"
        }
    }

    @Test func unreadableAndInvalidFilesAreScriptErrors() throws {
        #expect(throws: ReplayScriptError.self) { try ReplayScript(contentsOf: "/nonexistent/script.plist") }
        let directory = try TemporaryDirectory("replay-script")
        let file = try directory.write(Data("<plist><dict><key>name</key></plist>".utf8), to: "invalid.plist")
        #expect {
            try ReplayScript(contentsOf: file.path)
        } throws: { error in
            (error as? ReplayScriptError)?.message.hasPrefix("not a valid property list") == true
        }
    }
}
