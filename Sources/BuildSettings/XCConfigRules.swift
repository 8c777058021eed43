public import Diagnostics
public import PropertyList

// The rules of xcconfig files (XcodeProject's <doc:BuildSettingEvaluation>), each declared once: its id (the
// `Diagnostic.Rule` is the description's), severity, summary, rationale and examples (`Config/Base.xcconfig` and
// the files it includes, read by ``XCConfigReader``; XCConfigRuleExamplesTests runs them). Every one is a warning:
// the reader goes on without what is wrong. XcodeProject's `xcconfig-missing` (a base configuration file that is
// not there) is declared beside the project's rules.
extension Diagnostic.Rule {
    /// `#include "F"` of a file that does not exist (`#include?` is silent).
    public static let xcconfigIncludeMissing = RuleDescription.xcconfigIncludeMissing.id
    /// A file includes itself, directly or through others; the repeated include is skipped.
    public static let xcconfigIncludeCycle = RuleDescription.xcconfigIncludeCycle.id
    /// Includes nested deeper than ``XCConfigReader/maximumIncludeDepth``.
    public static let xcconfigIncludeDepth = RuleDescription.xcconfigIncludeDepth.id
    /// A line that is neither an assignment, an `#include`, a comment nor blank; it is skipped.
    public static let xcconfigSyntax = RuleDescription.xcconfigSyntax.id
}

private let base = "Config/Base.xcconfig"

/// `Config/Base.xcconfig` including `Config/L1.xcconfig`, which includes `L2`, … down to `L<depth>` (which includes
/// nothing); `↓` marks the include line of `L<marked>`.
private func includeChain(depth: Int, marked: Int? = nil) -> RuleExample {
    var files = [RuleExample.File(base, "#include \"L1.xcconfig\"\n")]
    for level in 1...depth {
        let include = level < depth ? "\(level == marked ? "↓" : "")#include \"L\(level + 1).xcconfig\"\n" : ""
        files.append(RuleExample.File("Config/L\(level).xcconfig", include + "LEVEL_\(level) = YES\n"))
    }
    return RuleExample(files: files)
}

extension RuleDescription {
    public static let xcconfigSyntax = RuleDescription(
        "xcconfig-syntax", .warning,
        "A line that is neither an assignment, an #include, a comment nor blank; it is skipped.",
        rationale: "A line is neither an assignment, an `#include`, a comment nor blank; it is skipped.",
        triggering: [.repository([base: "↓SWIFT_VERSION 6.0\n"])],
        nonTriggering: [.repository([base: "SWIFT_VERSION = 6.0 // a comment\n"])])

    public static let xcconfigIncludeMissing = RuleDescription(
        "xcconfig-include-missing", .warning,
        "`#include \"F\"` of a file that does not exist (`#include?` is silent).",
        rationale: "`#include \"FILE\"` names a file that does not exist (`#include?` is silent).",
        triggering: [.repository([base: "↓#include \"Missing.xcconfig\"\nSWIFT_VERSION = 6.0\n"])],
        nonTriggering: [.repository([base: "#include? \"Missing.xcconfig\"\nSWIFT_VERSION = 6.0\n"])])

    public static let xcconfigIncludeCycle = RuleDescription(
        "xcconfig-include-cycle", .warning,
        "A file includes itself, directly or through others; the repeated include is skipped.",
        triggering: [.repository([base: "#include \"Shared.xcconfig\"\n", "Config/Shared.xcconfig": "↓#include \"Base.xcconfig\"\nA = 1\n"])],
        nonTriggering: [.repository([base: "#include \"Shared.xcconfig\"\n", "Config/Shared.xcconfig": "A = 1\n"])])

    public static let xcconfigIncludeDepth = RuleDescription(
        "xcconfig-include-depth", .warning,
        "Includes nested deeper than XCConfigReader.maximumIncludeDepth.",
        rationale: "Includes nest deeper than ``XCConfigReader/maximumIncludeDepth`` (32) files.",
        triggering: [includeChain(depth: XCConfigReader.maximumIncludeDepth, marked: XCConfigReader.maximumIncludeDepth - 1)],
        nonTriggering: [includeChain(depth: XCConfigReader.maximumIncludeDepth - 1)])
}

/// Every xcconfig rule of this module, in the order of the xcconfig rule table (XcodeProject's Build Setting Evaluation article).
public enum XCConfigRules {
    public static let all: [RuleDescription] = [.xcconfigSyntax, .xcconfigIncludeMissing, .xcconfigIncludeCycle, .xcconfigIncludeDepth]
}
