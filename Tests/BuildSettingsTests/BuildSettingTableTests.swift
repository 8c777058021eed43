import Diagnostics
import Testing
import PropertyList
@testable import BuildSettings

@Suite("Build-setting levels, conditions and origins")
struct BuildSettingTableTests {
    func at(_ level: BuildSettingLevel, _ line: Int) -> BuildSettingOrigin {
        BuildSettingOrigin(level, at: SourceLocation(file: "\(level.rawValue).file", line: line, column: 1))
    }

    func assign(_ name: String, _ value: String, _ origin: BuildSettingOrigin, _ conditions: [BuildSettingCondition] = []) -> BuildSettingAssignment {
        BuildSettingAssignment(name: name, value: value, conditions: conditions, origin: origin)
    }

    @Test func inheritedChainsThroughEveryLevel() {
        let table = BuildSettingTable([
            assign("FLAGS", "-default", BuildSettingOrigin(.default)),
            assign("FLAGS", "$(inherited) -pxc", at(.projectXcconfig, 1)),
            assign("FLAGS", "$(inherited) -p", at(.project, 2)),
            assign("FLAGS", "${inherited} -txc", at(.targetXcconfig, 3)),
            assign("FLAGS", "$(inherited) -t", at(.target, 4)),
            assign("FLAGS", "$(inherited) -define", BuildSettingOrigin(.define)),
        ])
        let resolved = table.resolve(for: BuildSettingEnvironment(configuration: "Release"))
        #expect(resolved["FLAGS"] == "-default -pxc -p -txc -t -define")
        #expect(resolved.settings["FLAGS"]?.origin == BuildSettingOrigin(.define))
        #expect(resolved.settings["FLAGS"]?.problems == [])
        #expect(resolved.assignments(of: "FLAGS").map(\.origin.level) == BuildSettingLevel.allCases)
    }

    @Test func aLevelWithoutInheritedReplacesWhatIsBelow() {
        let table = BuildSettingTable([
            assign("FLAGS", "-p", at(.project, 1)),
            assign("FLAGS", "-t", at(.target, 2)),
            assign("OTHER", "$(inherited)", at(.target, 3)),   // nothing below: empty, and not an undefined setting
        ])
        let resolved = table.resolve(for: BuildSettingEnvironment(configuration: "Debug"))
        #expect(resolved["FLAGS"] == "-t")
        #expect(resolved.settings["FLAGS"]?.origin == at(.target, 2))
        #expect(resolved["OTHER"] == "")
        #expect(resolved.settings["OTHER"]?.problems == [])
    }

    @Test func referencesSeeTheFinalValueOfOtherSettings() {
        let table = BuildSettingTable([
            assign("PRODUCT_NAME", "$(TARGET_NAME)", BuildSettingOrigin(.default)),
            assign("TARGET_NAME", "Walk Mate", BuildSettingOrigin(.default)),
            assign("BUNDLE_PREFIX", "com.example", at(.projectXcconfig, 1)),
            assign("PRODUCT_BUNDLE_IDENTIFIER", "$(BUNDLE_PREFIX).$(PRODUCT_NAME:rfc1034identifier)", at(.project, 5)),
            assign("PRODUCT_NAME", "WalkMate", at(.target, 9)),   // set above the identifier's level, still seen
            assign("BUNDLE_PREFIX", "org.walkmate", at(.targetXcconfig, 2)),
        ])
        let resolved = table.resolve(for: BuildSettingEnvironment(configuration: "Release"))
        #expect(resolved["PRODUCT_BUNDLE_IDENTIFIER"] == "org.walkmate.WalkMate")
        #expect(resolved.settings["PRODUCT_BUNDLE_IDENTIFIER"]?.origin == at(.project, 5))
        #expect(resolved.settings["PRODUCT_BUNDLE_IDENTIFIER"]?.unexpandedValue == "$(BUNDLE_PREFIX).$(PRODUCT_NAME:rfc1034identifier)")
        #expect(resolved.names == ["BUNDLE_PREFIX", "PRODUCT_BUNDLE_IDENTIFIER", "PRODUCT_NAME", "TARGET_NAME"])
    }

    @Test func conditionsAreEvaluatedForTheSDKConfigurationAndAnyArchitecture() {
        let sdk = BuildSettingCondition(key: "sdk", pattern: "iphoneos*")
        let table = BuildSettingTable([
            assign("A", "plain", at(.project, 1)),
            assign("A", "simulator", at(.project, 2), [BuildSettingCondition(key: "sdk", pattern: "iphonesimulator*")]),
            assign("B", "plain", at(.project, 3)),
            assign("B", "device", at(.project, 4), [sdk]),
            assign("C", "debug", at(.project, 5), [BuildSettingCondition(key: "config", pattern: "Debug")]),
            assign("D", "arm", at(.project, 6), [BuildSettingCondition(key: "arch", pattern: "arm64")]),
            assign("E", "device-release", at(.project, 7), [sdk, BuildSettingCondition(key: "config", pattern: "Rel*")]),
            assign("F", "unknown", at(.project, 8), [BuildSettingCondition(key: "dialect", pattern: "c")]),
            assign("G", "$(inherited) device", at(.target, 9), [sdk]),
            assign("G", "base", at(.project, 10)),
        ])
        let release = table.resolve(for: BuildSettingEnvironment(configuration: "Release"))
        #expect(release["A"] == "plain")
        #expect(release["B"] == "device")
        #expect(release.settings["B"]?.origin == at(.project, 4))
        #expect(release["C"] == nil)
        #expect(release["D"] == "arm")
        #expect(release["E"] == "device-release")
        #expect(release["F"] == nil)
        let debug = table.resolve(for: BuildSettingEnvironment(configuration: "Debug"))
        #expect(debug["C"] == "debug")
        #expect(debug["E"] == nil)
        let simulator = table.resolve(for: BuildSettingEnvironment(sdk: "iphonesimulator", configuration: "Debug"))
        #expect(simulator["A"] == "simulator")
        #expect(simulator["B"] == "plain")
        let x86 = table.resolve(for: BuildSettingEnvironment(configuration: "Release", architecture: "x86_64"))
        #expect(x86["D"] == nil)
    }

    @Test(arguments: [
        ("iphoneos*", "iphoneos", true), ("iphoneos", "iphoneos", true), ("*", "", true), ("iphone*os", "iphoneos", true),
        ("iphonesimulator*", "iphoneos", false), ("?phoneos", "iphoneos", true), ("Rel*se", "Release", true),
        ("Debug", "Release", false), ("*a*b*c*", "xaybzc", true), ("*a*b*c*", "xaybz", false),
    ])
    func globs(pattern: String, text: String, matches: Bool) {
        #expect(BuildSettingCondition.glob(pattern, matches: text) == matches)
    }

    @Test func undefinedSettingsExpandToEmptyAndAreReported() {
        let table = BuildSettingTable([
            assign("PRODUCT_BUNDLE_IDENTIFIER", "com.example.app$(PROVISIONING_SUFFIX)", at(.target, 1)),
            assign("BARE", "$UNDEFINED_BARE/x", at(.target, 2)),
        ])
        let resolved = table.resolve(for: BuildSettingEnvironment(configuration: "Release"))
        #expect(resolved["PRODUCT_BUNDLE_IDENTIFIER"] == "com.example.app")
        #expect(resolved.settings["PRODUCT_BUNDLE_IDENTIFIER"]?.problems == [
            BuildSettingProblem(.undefined, name: "PROVISIONING_SUFFIX", reference: "$(PROVISIONING_SUFFIX)"),
        ])
        #expect(resolved["BARE"] == "/x")
        #expect(resolved.settings["BARE"]?.problems.map(\.name) == ["UNDEFINED_BARE"])

        // The caller chooses: keep unresolved references as written (validate with only --define).
        let kept = table.resolve(for: BuildSettingEnvironment(configuration: "Release"), options: .keepingUnresolved)
        #expect(kept["PRODUCT_BUNDLE_IDENTIFIER"] == "com.example.app$(PROVISIONING_SUFFIX)")
        #expect(kept["BARE"] == "$UNDEFINED_BARE/x")   // `$NAME` is literal text there
    }

    @Test func expandingOtherTextAgainstResolvedSettings() {
        let resolved = BuildSettingTable([
            assign("PRODUCT_BUNDLE_IDENTIFIER", "com.example.app", at(.target, 1)),
        ]).resolve(for: BuildSettingEnvironment(configuration: "Release"))
        let expansion = resolved.expand("$(PRODUCT_BUNDLE_IDENTIFIER).open.$(TEAM_SUFFIX)")
        #expect(expansion.value == "com.example.app.open.")
        #expect(expansion.problems.map(\.name) == ["TEAM_SUFFIX"])
        #expect(resolved.expand("$(inherited)").problems.map(\.name) == ["inherited"])
        #expect(resolved.expand("$(TEAM_SUFFIX)", options: .keepingUnresolved).value == "$(TEAM_SUFFIX)")

        // As flat definitions (what validate's declarations take), with the same treatment of undefined ones.
        let flat = resolved.definitions
        #expect(flat.options == .xcode)
        #expect(flat.expand("$(PRODUCT_BUNDLE_IDENTIFIER).open.$(TEAM_SUFFIX)") == expansion)
        #expect(BuildSettings(["A": "1"]).expand("$(B)").value == "$(B)")   // --define keeps them as written
    }

    @Test func aSettingThatRefersToItselfTakesTheValueBelow() {
        let table = BuildSettingTable([
            assign("PRODUCT_BUNDLE_IDENTIFIER", "com.example.app", at(.targetXcconfig, 1)),
            assign("PRODUCT_BUNDLE_IDENTIFIER", "$(PRODUCT_BUNDLE_IDENTIFIER)", at(.target, 2)),
            assign("A", "a-project", at(.project, 3)),
            assign("A", "$(B)", at(.target, 4)),
            assign("B", "x$(A)", at(.target, 5)),   // $(A) while A's target value is expanded: A below it
            assign("SELF", "$(inherited) $(SELF)", at(.target, 6)),
        ])
        let resolved = table.resolve(for: BuildSettingEnvironment(configuration: "Release"))
        #expect(resolved["PRODUCT_BUNDLE_IDENTIFIER"] == "com.example.app")
        #expect(resolved.settings["PRODUCT_BUNDLE_IDENTIFIER"]?.origin == at(.target, 2))
        #expect(resolved["A"] == "xa-project")
        #expect(resolved.settings["A"]?.problems == [])
        #expect(resolved["B"] == "x")   // B's $(A) is A's top value, whose $(B) is B below its only value: empty
        #expect(resolved["SELF"] == " ")
        #expect(resolved.settings["SELF"]?.problems == [])
    }

    @Test func exponentialDefinitionsStopAtTheWorkLimit() {
        var assignments: [BuildSettingAssignment] = []
        for level in 0..<40 {
            assignments.append(assign("L\(level)", "$(L\(level + 1))$(L\(level + 1))", at(.target, level)))
        }
        // A cycle at the bottom stops every path from being cached, so only the work limit ends it.
        assignments.append(assign("L40", "$(L0)", at(.target, 40)))
        let clock = ContinuousClock()
        var resolved: ResolvedBuildSettings?
        let elapsed = clock.measure {
            resolved = BuildSettingTable(assignments).resolve(for: BuildSettingEnvironment(configuration: "Release"))
        }
        #expect(resolved?.settings["L0"]?.problems.contains { $0.kind == .recursive } == true)
        // A guard against a hang, not a speed figure (a debug build on a loaded 2-core machine took 12.7 s once;
        // the release figure is in BENCHMARKS.md's hostile inputs): 2⁴⁰ expansions would take days.
        #expect(elapsed < .seconds(120))
    }
}
