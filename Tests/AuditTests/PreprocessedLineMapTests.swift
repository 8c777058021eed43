import Foundation
import Testing
import Diagnostics
@testable import Audit

/// The line map read from clang's markers, and the pieces of a preprocessor run that need no clang.
@Suite("Preprocessed Info.plist line map")
struct PreprocessedLineMapTests {
    static let output = """
        # 1 "App/Info.plist"
        # 1 "<built-in>" 1
        # 1 "<built-in>" 3
        # 456 "<built-in>" 3
        # 1 "<command line>" 1
        # 1 "<built-in>" 2
        # 1 "App/Info.plist" 2
        <plist>
        <dict>


        \t<string>1.2.3</string>
        # 1 "App/Part \\"two\\" \\303\\251.plist" 1
        \t<key>A</key>
        # 7 "App/Info.plist" 2
        </dict>

        """

    static let sources = [
        "App/Info.plist": "<plist>\n<dict>\n#if X\n#endif\n\t<string>VERSION</string>\n#include \"Part \\\"two\\\" é.plist\"\n</dict>\n",
        "App/Part \"two\" é.plist": "\t<key>A</key>\n",
    ]

    let map = PreprocessedLineMap(output: Data(output.utf8), file: "App/Info.plist") { Self.sources[$0].map { Data($0.utf8) } }

    @Test func theTextHasNoMarkers() {
        #expect(String(decoding: map.text, as: UTF8.self) == "<plist>\n<dict>\n\n\n\t<string>1.2.3</string>\n\t<key>A</key>\n</dict>\n")
    }

    @Test func linesMapToTheirFilesAndLines() {
        func mapped(_ line: Int, _ column: Int = 1) -> String { "\(map.map(SourceLocation(file: "App/Info.plist", line: line, column: column)))" }
        #expect(mapped(1) == "App/Info.plist:1:1")
        #expect(mapped(5, 2) == "App/Info.plist:5:2")
        #expect(mapped(6, 2) == "App/Part \"two\" é.plist:1:2")
        #expect(mapped(7) == "App/Info.plist:7:1")
        // Another file's locations are left as they are.
        #expect(map.map(SourceLocation(file: "Other.swift", line: 3, column: 4)) == SourceLocation(file: "Other.swift", line: 3, column: 4))
        #expect(map.includedFiles.map(\.file) == ["App/Info.plist", "App/Part \"two\" é.plist"])
        #expect(map.includedFiles.last?.includedAt == SourceLocation(file: "App/Info.plist", line: 6, column: 1))
    }

    @Test func columnsAroundAMacroMapToTheSource() {
        // "\t<string>1.2.3</string>" from "\t<string>VERSION</string>": before, inside and after the change.
        func column(_ column: Int) -> Int { map.map(SourceLocation(file: "App/Info.plist", line: 5, column: column)).column }
        #expect(column(2) == 2)
        #expect(column(10) == 10)
        #expect(column(12) == 10)
        #expect(column(15) == 17)
    }

    @Test func messagesNamingALineGetTheRealLine() {
        let diagnostic = Diagnostic(.error, .plistSyntax, "malformed XML: Opening and ending tag mismatch: dict line 2 and key line 6",
                                    at: SourceLocation(file: "App/Info.plist", line: 7, column: 1))
        #expect(map.map(diagnostic).message == "malformed XML: Opening and ending tag mismatch: dict line 2 and key line 1 of App/Part \"two\" é.plist")
    }

    @Test func settingsListsSplitAsXcodeSplitsThem() {
        #expect(InfoPlistPreprocessor.words(#"A=1 "B=two words" C='x y' D=a\ b"#) == ["A=1", "B=two words", "C=x y", "D=a b"])
        #expect(InfoPlistPreprocessor.words("  ") == [])
        let flags = InfoPlistPreprocessor.allowedFlags(["-DX=1", "-I", "inc", "-include", "-x.h", "-o", "/tmp/out", "-Xclang", "-load", "-UY"])
        #expect(flags.allowed == ["-DX=1", "-I", "inc", "-include", "./-x.h", "-UY"])
        #expect(flags.ignored == ["-o", "/tmp/out", "-Xclang", "-load"])
    }

    @Test func clangIsFoundBesideSwiftOrNamed() throws {
        #expect(InfoPlistPreprocessor.locateClang(environment: ["ACTIVITY_BRIDGE_CLANG": ""]) == nil)
        #expect(InfoPlistPreprocessor.locateClang(environment: ["ACTIVITY_BRIDGE_CLANG": "/no/such/clang"]) == nil)
        #expect(InfoPlistPreprocessor.locateClang(environment: ["PATH": "/no/such/folder"]) == nil)
        if let found = InfoPlistPreprocessor.toolchainClang {
            #expect(InfoPlistPreprocessor.locateClang(environment: ["ACTIVITY_BRIDGE_CLANG": found]) == found)
        }
    }

    @Test func clangErrorsAreReadWithTheirPlaces() {
        let errors = InfoPlistPreprocessor.errors(in: """
            App/Info.plist:2:2: error: "no"
            <built-in>:1:10: fatal error: 'x.h' file not found
            /etc/x:1:1: error: outside
            clang: error: unknown argument
            """)
        #expect(errors.map(\.message) == ["\"no\"", "'x.h' file not found", "outside", "unknown argument"])
        #expect(errors.map { $0.location.map(\.description) } == ["App/Info.plist:2:2", nil, nil, nil])
    }
}
