import Diagnostics
import Testing

@Suite("GitHub Actions annotations")
struct GitHubAnnotationsTests {
    @Test func eachSeverityIsItsWorkflowCommandWithTheRuleAsTitle() {
        let findings = [
            Diagnostic(.error, "plist-syntax", "bad", at: SourceLocation(file: "App/Info.plist", line: 9, column: 2)),
            Diagnostic(.warning, "duplicate-key", "twice", at: SourceLocation(file: "App/Info.plist", line: 3, column: 1)),
            Diagnostic(.note, "activity-type-format", "legal", at: SourceLocation(file: "App/Info.plist", line: 4, column: 7)),
        ]
        #expect(GitHubAnnotations(findings).text == """
            ::error file=App/Info.plist,line=9,col=2,title=plist-syntax::bad
            ::warning file=App/Info.plist,line=3,col=1,title=duplicate-key::twice
            ::notice file=App/Info.plist,line=4,col=7,title=activity-type-format::legal

            """)
    }

    @Test func dataAndPropertiesAreEscapedAsTheRunnerReadsThem() {
        #expect(GitHubAnnotations.escapeData("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b")
        #expect(GitHubAnnotations.escapeProperty("a:b,c%\nd") == "a%3Ab%2Cc%25%0Ad")
        let finding = Diagnostic(.error, "rule", "50% of 'x'\nsecond line",
                                 at: SourceLocation(file: "odd, name: 100%.plist", line: 1, column: 1))
        #expect(GitHubAnnotations([finding]).command(for: finding)
            == "::error file=odd%2C name%3A 100%25.plist,line=1,col=1,title=rule::50%25 of 'x'%0Asecond line")
    }

    @Test func notesBecomeLinesOfTheMessageWithMappedPaths() {
        let finding = Diagnostic(
            .error, "required-user-info-key-missing", "no such key",
            at: SourceLocation(file: "Hairdressers/A.swift", line: 13, column: 50),
            notes: [Diagnostic.Note("the activity created here", at: SourceLocation(file: "Hairdressers/A.swift", line: 10, column: 53))])
        let annotations = GitHubAnnotations([finding], repositoryPath: { "Samples/Repositories/" + $0 })
        #expect(annotations.text == "::error file=Samples/Repositories/Hairdressers/A.swift,line=13,col=50,title=required-user-info-key-missing"
            + "::no such key%0ASamples/Repositories/Hairdressers/A.swift:10:53: note: the activity created here\n")
    }

    @Test func aLocationWithoutLineOrFileLeavesThoseOut() {
        let projectWide = Diagnostic(.warning, "build-setting-undefined", "undefined", at: SourceLocation(file: "App.xcodeproj", line: 0, column: 0))
        let nowhere = Diagnostic(.note, "swift-source-unavailable", "off", at: SourceLocation(file: "", line: 0, column: 0))
        #expect(GitHubAnnotations([projectWide, nowhere]).text == """
            ::warning file=App.xcodeproj,title=build-setting-undefined::undefined
            ::notice title=swift-source-unavailable::off

            """)
    }
}
