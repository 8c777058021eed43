import Foundation
import Testing
@testable import ActivityBridgeCLI
import TestSupport

/// `validate --manifest`: the Info.plist's declared types against the types the bridge manifests
/// handle, and the manifests' own findings.
@Suite("activity-bridge validate --manifest")
struct ValidateManifestTests {
    private func run(_ arguments: [String]) -> (ExitCode, String, String) {
        let context = CommandContext(standardOutput: CommandOutput(), standardError: CommandOutput(),
                                     currentDirectory: BuiltBinary.packageRoot.path, apps: CommandContext.sampleApps)
        let code = CommandRunner.run(ActivityBridgeCommand.self, arguments: ["validate"] + arguments, context: context)
        return (code, context.standardOutput.capturedText, context.standardError.capturedText)
    }

    /// `FILE:LINE:COL` of the first `snippet` in the package file `file`.
    private func at(_ snippet: String, in file: String) throws -> String {
        let text = try String(contentsOf: BuiltBinary.packageRoot.appendingPathComponent(file), encoding: .utf8)
        let range = try #require(text.range(of: snippet), "'\(snippet)' not in \(file)")
        let before = text[..<range.lowerBound]
        let line = before.filter(\.isNewline).count + 1
        let lineStart = before.lastIndex(where: \.isNewline).map { before.index(after: $0) } ?? before.startIndex
        return "\(file):\(line):\(before[lineStart...].unicodeScalars.count + 1)"
    }

    @Test func eachSampleManifestCoversItsInfoPlist() {
        for app in ["WalkMate", "Hairdressers"] {
            let (code, out, err) = run(["--manifest", "Plists/\(app)-Bridge.plist", "Plists/\(app)-Info.plist"])
            #expect(code == .success, "\(out)\(err)")
            #expect(out == "2 files checked: 0 errors, 0 warnings, 0 notes\n")
        }
    }

    @Test func unhandledAndUndeclaredTypesPointAtTheirElements() throws {
        let (code, out, _) = run(["--manifest", "Plists/Hairdressers-Bridge.plist", "Plists/WalkMate-Info.plist"])
        #expect(code == .failure)
        let info = "Plists/WalkMate-Info.plist"
        let manifest = "Plists/Hairdressers-Bridge.plist"
        #expect(out == """
            \(try at("<string>com.walkmate.favorite.open</string>", in: info)): warning: 'com.walkmate.favorite.open' is declared, but the bridge manifest handles no such type [activity-type-unhandled]
            \(try at("<string>com.walkmate.route.generate</string>", in: info)): warning: 'com.walkmate.route.generate' is declared, but the bridge manifest handles no such type [activity-type-unhandled]
            \(try at("<key>com.donnywals.hairdressers.appointment</key>", in: manifest)): error: the bridge manifest handles 'com.donnywals.hairdressers.appointment', but NSUserActivityTypes does not declare it, so it is never delivered [activity-type-undeclared]
            2 files checked: 1 error, 2 warnings, 0 notes

            """)
    }

    @Test func manifestsPairWithInfoPlistsInOrder() {
        let (code, out, _) = run(["--manifest", "Plists/WalkMate-Bridge.plist", "--manifest", "Plists/Hairdressers-Bridge.plist",
                                  "Plists/WalkMate-Info.plist", "Plists/Hairdressers-Info.plist"])
        #expect(code == .success, "\(out)")
        #expect(out == "4 files checked: 0 errors, 0 warnings, 0 notes\n")
        let (swapped, swappedOut, _) = run(["--manifest", "Plists/Hairdressers-Bridge.plist", "--manifest", "Plists/WalkMate-Bridge.plist",
                                            "Plists/WalkMate-Info.plist", "Plists/Hairdressers-Info.plist"])
        #expect(swapped == .failure)
        #expect(swappedOut.contains("[activity-type-undeclared]") && swappedOut.contains("[activity-type-unhandled]"))
        let (mismatch, _, err) = run(["--manifest", "Plists/WalkMate-Bridge.plist", "--manifest", "Plists/Hairdressers-Bridge.plist",
                                      "Plists/WalkMate-Info.plist", "Plists/Hairdressers-Info.plist", "Plists/WalkMate-Info.plist"])
        #expect(mismatch == .usage)
        #expect(err.contains("give one --manifest for all Info.plists, or one per Info.plist in the same order"))
    }

    @Test func oneInfoPlistMayBeCoveredBySeveralManifests() {
        let (code, out, _) = run(["--manifest", "Plists/WalkMate-Bridge.plist", "--manifest", "Plists/Hairdressers-Bridge.plist",
                                  "Plists/Hairdressers-Info.plist"])
        // Walk Mate's types are not Hairdressers': undeclared there.
        #expect(code == .failure)
        #expect(!out.contains("[activity-type-unhandled]"))
        #expect(out.components(separatedBy: "[activity-type-undeclared]").count - 1 == 2, "favorite.open and route.generate; the Spotlight item is a system type")
    }

    @Test func theManifestsOwnErrorsAreReported() throws {
        let manifest = "Plists/Invalid/WalkMate-Bridge-unknown-names.plist"
        let (code, out, _) = run(["--manifest", manifest, "--format", "json", "Plists/WalkMate-Info.plist"])
        #expect(code == .failure)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["Plists/WalkMate-Info.plist", manifest])
        let manifestRules = (files[1]["diagnostics"] as? [[String: Any]])?.compactMap { $0["rule"] as? String } ?? []
        #expect(Set(manifestRules) == ["manifest-unknown-key", "manifest-platform", "manifest-unknown-userinfo-key", "manifest-unknown-parameter",
                                       "manifest-unreachable-entry", "manifest-missing-parameter", "manifest-unknown-intent",
                                       "manifest-type-mismatch", "manifest-entity-lookup"])
        // The types the broken manifest still maps are cross-checked too, pointing into the manifest.
        let infoDiagnostics = files[0]["diagnostics"] as? [[String: Any]] ?? []
        let undeclared = infoDiagnostics.filter { $0["rule"] as? String == "activity-type-undeclared" }
        #expect(!undeclared.isEmpty && undeclared.allSatisfy { $0["file"] as? String == manifest })
    }

    /// The same rule as `migrate`'s: an error, and the cross-check of the declared types still runs.
    @Test func anUnknownAppIsAnErrorAndTheCrossCheckStillRuns() throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try String(contentsOf: BuiltBinary.packageRoot.appendingPathComponent("Plists/WalkMate-Bridge.plist"), encoding: .utf8)
            .replacingOccurrences(of: "<string>walkmate</string>", with: "<string>strollbuddy</string>")
        let path = directory.appendingPathComponent("Other-Bridge.plist").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let (code, out, _) = run(["--manifest", path, "Plists/WalkMate-Info.plist"])
        #expect(code == .failure)
        #expect(out.contains("error: unknown app 'strollbuddy' (known: hairdressers, walkmate); its intents cannot be checked (describe it with --app-model APP.plist) [manifest-unknown-app]"))
        #expect(out.hasSuffix("2 files checked: 1 error, 0 warnings, 0 notes\n"))
    }

    @Test func aMissingManifestIsExit66AfterTheReport() {
        let (code, out, err) = run(["--manifest", "Plists/Nope-Bridge.plist", "Plists/WalkMate-Info.plist"])
        #expect(code == .noInput)
        #expect(out == "1 file checked: 0 errors, 0 warnings, 0 notes\n", "the rules are off for a manifest that could not be read")
        #expect(err.contains("cannot read bridge manifest 'Plists/Nope-Bridge.plist': no such file"))
    }

    @Test func theHelpNamesTheOption() {
        let (code, out, _) = run(["--help"])
        #expect(code == .success)
        #expect(out.contains("--manifest BRIDGE.plist"))
    }
}
