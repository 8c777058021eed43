import Foundation
import PropertyList
import Testing
import TestSupport

/// `activity-bridge validate` through the real built binary: output formats, flags and exit codes.
@Suite("validate end to end")
struct ValidateEndToEndTests {
    func withPlists<T>(_ files: [String: String], _ body: (URL) throws -> T) throws -> T {
        try FixtureTree.with(files, purpose: "validate-e2e", body)
    }

    @Test func cleanFileExitsZero() throws {
        try withPlists(["Info.plist": ValidatePlists.clean]) { directory in
            let result = try BuiltBinary.run(["validate", "--define", "PRODUCT_BUNDLE_IDENTIFIER=com.walkmate", "Info.plist"], in: directory)
            #expect(result.status == 0)
            #expect(result.standardOutput == "1 file checked: 0 errors, 0 warnings, 0 notes\n")
            #expect(result.standardError.isEmpty)
        }
    }

    @Test func withoutTheDefineTheReferenceIsAWarning() throws {
        try withPlists(["Info.plist": ValidatePlists.clean]) { directory in
            let result = try BuiltBinary.run(["validate", "Info.plist"], in: directory)
            #expect(result.status == 0)
            #expect(result.standardOutput.hasPrefix(
                "Info.plist:7:3: warning: '$(PRODUCT_BUNDLE_IDENTIFIER).open': build setting PRODUCT_BUNDLE_IDENTIFIER is not defined (pass --define PRODUCT_BUNDLE_IDENTIFIER=VALUE) [activity-type-unresolved-variable]\n"))
            let strict = try BuiltBinary.run(["validate", "--warnings-as-errors", "Info.plist"], in: directory)
            #expect(strict.status == 1)
            #expect(strict.standardOutput == result.standardOutput)
        }
    }

    @Test(arguments: ["text", "json", "sarif"])
    func errorsExitOneInEveryFormat(format: String) throws {
        try withPlists(["Info.plist": ValidatePlists.withError]) { directory in
            let result = try BuiltBinary.run(["validate", "--format", format, "Info.plist"], in: directory)
            #expect(result.status == 1)
            #expect(result.standardError.isEmpty)
            if format != "text" {
                #expect(try JSONSerialization.jsonObject(with: result.standardOutputData) is [String: Any])
            }
            #expect(result.standardOutput.contains("activity-type-empty"))
        }
    }

    @Test(arguments: ["json", "sarif"])
    func warningsAsErrorsInMachineFormats(format: String) throws {
        try withPlists(["Info.plist": ValidatePlists.warningOnly]) { directory in
            let lenient = try BuiltBinary.run(["validate", "--format=\(format)", "Info.plist"], in: directory)
            let strict = try BuiltBinary.run(["validate", "--format=\(format)", "--warnings-as-errors", "Info.plist"], in: directory)
            #expect(lenient.status == 0)
            #expect(strict.status == 1)
            #expect(lenient.standardOutput == strict.standardOutput)
        }
    }

    @Test func missingFileExits66AndStillReportsTheOthers() throws {
        try withPlists(["Info.plist": ValidatePlists.withError]) { directory in
            let result = try BuiltBinary.run(["validate", "--format", "json", "Info.plist", "Nope.plist"], in: directory)
            #expect(result.status == 66)
            let object = try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any]
            #expect((object?["summary"] as? [String: Int])?["files"] == 1)
            #expect(result.standardError == """
                error: cannot read 'Nope.plist': no such file
                Usage: activity-bridge validate [--format text|json|sarif|github] [--define NAME=VALUE]... [--project PATH.xcodeproj] [--target NAME]... [--configuration NAME] [--manifest BRIDGE.plist]... [--app-model APP.plist]... [--disable RULE]... [--warnings-as-errors] [--color auto|never|always] [PLIST]...
                See 'activity-bridge validate --help'.

                """)
        }
    }

    @Test func badDefineIsAUsageError() throws {
        try withPlists(["Info.plist": ValidatePlists.clean]) { directory in
            let result = try BuiltBinary.run(["validate", "--define", "PRODUCT_BUNDLE_IDENTIFIER", "Info.plist"], in: directory)
            #expect(result.status == 64)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.hasPrefix("error: invalid value 'PRODUCT_BUNDLE_IDENTIFIER' for '--define'"))
        }
    }

    @Test func helpListsTheOptions() throws {
        let result = try BuiltBinary.run(["validate", "--help"])
        #expect(result.status == 0)
        for option in ["--format", "--define", "--warnings-as-errors", "PLIST"] {
            #expect(result.standardOutput.contains(option))
        }
    }

    @Test func theOwnInfoPlistFixturesInOneRun() throws {
        let names = InfoPlistFixtures.names
        try #require(names.count >= 10)
        let result = try BuiltBinary.run(["validate", "--format", "json"] + names, in: InfoPlistFixtures.folder)
        // Five fixtures are malformed on purpose: errors, never a crash; the sixth error is types-in-dict's.
        #expect(result.status == 1)
        #expect(result.standardError.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.compactMap { $0["path"] as? String } == names)
        let syntaxErrorFiles = files.filter { file in
            ((file["diagnostics"] as? [[String: Any]]) ?? []).contains { $0["rule"] as? String == "plist-syntax" }
        }
        #expect(Set(syntaxErrorFiles.compactMap { $0["path"] as? String }) == InfoPlistFixtures.malformed)
        #expect((object["summary"] as? [String: Int])?["errors"] == InfoPlistFixtures.malformed.count + 1)
    }

    @Test func aLocatedFindingInTextOutput() throws {
        let result = try BuiltBinary.run(["validate", "types-in-dict.plist", "utf16-with-bom.plist"], in: InfoPlistFixtures.folder)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("types-in-dict.plist:8:2: error: ") == true, "\(lines)")
        #expect(lines.first?.hasSuffix(" [activity-types-not-array]") == true)
        #expect(lines.dropFirst().first?.hasPrefix("utf16-with-bom.plist:8:75: note: ") == true, "\(lines)")
        #expect(lines.last == "2 files checked: 1 error, 0 warnings, 1 note")
    }

    @Test func aBinaryInfoPlistIsValidatedAtOneOne() throws {
        let directory = try TemporaryDirectory("validate-binary")
        let xml = try PropertyListReader().read(contentsOf: InfoPlistFixtures.url("bare-names.plist").path)
        try directory.write(BinaryPropertyListWriter().data(for: xml.root), to: "Info.plist")
        let result = try BuiltBinary.run(["validate", "--format", "json", "Info.plist"], in: directory.url)
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
        let file = try #require((object["files"] as? [[String: Any]])?.first)
        let diagnostics = try #require(file["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.compactMap { $0["rule"] as? String } == ["activity-type-format", "activity-type-format"])
        // Binary plists have no positions: findings stand at 1:1, the declared types have null line and column.
        #expect(diagnostics.allSatisfy { $0["line"] as? Int == 1 && $0["column"] as? Int == 1 })
        let declared = try #require(file["activityTypes"] as? [[String: Any]])
        #expect(declared.compactMap { $0["value"] as? String } == ["OpenNotebook", "net.example.notes.compose", "SearchNotes"])
        #expect(declared.allSatisfy { $0["line"] is NSNull && $0["column"] is NSNull })
    }

    @Test(.enabled(if: SharedCorpus.isPresent, "../shared/corpus/realworld is not beside the checkout: real-world corpus skipped"))
    func theWholeCorpusInOneRun() throws {
        let corpus = SharedCorpus.realWorld
        let names = SharedCorpus.realWorldPlists
        let result = try BuiltBinary.run(["validate", "--format", "json"] + names, in: corpus)
        // The corpus holds malformed files on purpose: errors, never a crash.
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.count == names.count)
        #expect(files.compactMap { $0["path"] as? String } == names)
    }
}
