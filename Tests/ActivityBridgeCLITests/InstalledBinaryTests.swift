import Foundation
import TestSupport
import Testing

/// The binary as a user installs it: copied out of `.build` into a folder of its own, run from `/`.
/// The sample apps' Info.plists and bridge manifests are compiled in, so nothing is read from the
/// source tree (README, "Install").
@Suite("installed binary")
struct InstalledBinaryTests {
    /// A copy of the built binary in a fresh directory, removed with the value.
    struct Installed {
        let directory: TemporaryDirectory
        let executable: URL

        init() throws {
            directory = try TemporaryDirectory("activity-bridge-install")
            executable = directory.url.appendingPathComponent("activity-bridge")
            try FileManager.default.copyItem(at: BuiltBinary.url, to: executable)
        }
    }

    /// How many sample scripts the checkout has: every one must pass.
    static var sampleScriptCount: Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.packageRoot.appendingPathComponent("Samples/Replays").path)) ?? []
        return names.filter { $0.hasSuffix(".plist") }.count
    }

    @Test func replaysTheCheckoutsSamplesFromTheRoot() throws {
        let installed = try Installed()
        let scripts = TestPaths.packageRoot.appendingPathComponent("Samples/Replays").path
        let result = try ChildProcess.run(installed.executable, ["replay", scripts], in: URL(fileURLWithPath: "/"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Self.sampleScriptCount >= 28)
        #expect(result.standardOutput.hasSuffix("\(Self.sampleScriptCount) passed, 0 failed\n"))
    }

    /// Scripts copied where no `Plists/` folder exists above them: only the compiled-in copies can
    /// answer, on both routes (the bridge manifests are compiled in too).
    @Test func replaysScriptsFarFromAnyPlistsFolder() throws {
        let installed = try Installed()
        let scripts = try TemporaryDirectory("activity-bridge-scripts")
        let source = TestPaths.packageRoot.appendingPathComponent("Samples/Replays")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".plist") {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: scripts.url.appendingPathComponent(name))
        }
        #expect(!FileManager.default.fileExists(atPath: scripts.url.deletingLastPathComponent().appendingPathComponent("Plists").path))
        let result = try ChildProcess.run(installed.executable, ["replay", "--format", "json", scripts.url.path], in: URL(fileURLWithPath: "/"))
        #expect(result.status == 0, "\(result.standardOutput.suffix(2_000))")
        let report = try #require(try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
        let count = Self.sampleScriptCount
        #expect((report["summary"] as? [String: Int]) == ["scripts": count, "passed": count, "failed": 0])
    }

    /// `bridge` true fails a script whose app has no manifest: both apps' compiled-in manifests load.
    @Test(arguments: ["hairdressers", "walkmate"])
    func bridgeManifestsAreCompiledIn(app: String) throws {
        let installed = try Installed()
        let scripts = try TemporaryDirectory("activity-bridge-scripts")
        let script = """
            <plist version="1.0"><dict><key>name</key><string>bridged</string><key>app</key><string>\(app)</string>
            <key>bridge</key><true/><key>steps</key><array><dict><key>do</key><string>check</string></dict></array></dict></plist>
            """
        _ = try scripts.write(Data(script.utf8), to: "bridged.plist")
        let result = try ChildProcess.run(installed.executable, ["replay", scripts.path("bridged.plist")], in: URL(fileURLWithPath: "/"))
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardOutput.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func versionAndValidateWorkWithoutTheCheckout() throws {
        let installed = try Installed()
        let version = try ChildProcess.run(installed.executable, ["--version"], in: URL(fileURLWithPath: "/"))
        #expect(version.standardOutput.hasPrefix("activity-bridge 0.1.0\ncommit: "))
    }
}
