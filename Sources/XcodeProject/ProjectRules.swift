public import BuildSettings
public import Diagnostics
public import PropertyList

// The rules of Xcode projects (`project.pbxproj`), of a target's build settings and of XcodeGen specs
// (<doc:XcodeProject>, <doc:BuildSettingEvaluation>), each declared once: its id (the `Diagnostic.Rule` is the
// description's), severity, summary, rationale and examples (repository fragments read by ``XcodeProjectReader``
// or ``XcodeGenSpecReader``, and each target's settings evaluated, for the configuration an example's
// `--configuration NAME` gives; ProjectRuleExamplesTests runs them). The readers report under them at the severity
// declared here, except that a file that is no project at all is thrown as a `project-invalid-object` error.
// The articles' tables are generated from ``ProjectRules``.
extension Diagnostic.Rule {
    /// An object refers to an identifier that no object of `project.pbxproj` has; the reference is ignored.
    public static let projectDanglingReference = RuleDescription.projectDanglingReference.id
    /// Groups contain each other (or themselves); the paths through the cycle cannot be resolved.
    public static let projectReferenceCycle = RuleDescription.projectReferenceCycle.id
    /// An object lacks a field it needs or has one of the wrong kind (e.g. a target without a name).
    public static let projectInvalidObject = RuleDescription.projectInvalidObject.id
    /// A target has no build configuration of the requested name; its default one is used.
    public static let projectConfigurationMissing = RuleDescription.projectConfigurationMissing.id
    /// A shared scheme (`.xcscheme`) that cannot be read: malformed XML, not a scheme, too large; it is not used.
    public static let projectSchemeInvalid = RuleDescription.projectSchemeInvalid.id
    /// Shared schemes that archive one target disagree on its configuration, or one names a configuration the
    /// project lacks: which one the target is audited with.
    public static let projectSchemesDisagree = RuleDescription.projectSchemesDisagree.id
    /// A build configuration's base xcconfig file does not exist.
    public static let xcconfigMissing = RuleDescription.xcconfigMissing.id
    /// YAML that cannot be read: a syntax error, an alias to no anchor, a limit (``XcodeGenLimits``).
    public static let xcodegenSyntax = RuleDescription.xcodegenSyntax.id
    /// `include:` names a file that does not exist or cannot be read; the rest of the spec is read.
    public static let xcodegenIncludeMissing = RuleDescription.xcodegenIncludeMissing.id
    /// A spec includes itself, directly or through others; the repeated include is skipped.
    public static let xcodegenIncludeCycle = RuleDescription.xcodegenIncludeCycle.id
    /// A key of the wrong kind, a missing `name` or `type`, a template or default configuration that is not there.
    public static let xcodegenInvalid = RuleDescription.xcodegenInvalid.id
    /// A target `type` that XcodeGen does not know; the target has no product type.
    public static let xcodegenUnknownTargetType = RuleDescription.xcodegenUnknownTargetType.id
    /// A target's source path that does not exist (and is not `optional: true`).
    public static let xcodegenSourceMissing = RuleDescription.xcodegenSourceMissing.id
}

private let projectFile = "Shop.xcodeproj/project.pbxproj"

/// `Shop.xcodeproj`: a project of one application target `Shop` with one configuration, `Release`. `children` are the
/// main group's (raw entries), `objects` more objects (raw lines), `base` the project configuration's extra fields,
/// `settings` the target's build settings (raw).
private func project(children: String = "FA, ", objects: String = "", base: String = "", settings: String = "PRODUCT_NAME = Shop; ",
                     target: String = "TAPP") -> String {
    """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 77;
    \tobjects = {
    \t\tPROJ = {isa = PBXProject; buildConfigurationList = PLIST; mainGroup = GMAIN; targets = (TAPP, ); };
    \t\tGMAIN = {isa = PBXGroup; children = (\(children)); sourceTree = "<group>"; };
    \t\tFA = {isa = PBXFileReference; path = App.swift; sourceTree = "<group>"; };
    \t\tPLIST = {isa = XCConfigurationList; buildConfigurations = (PRELEASE, ); defaultConfigurationName = Release; };
    \t\tPRELEASE = {isa = XCBuildConfiguration; \(base)buildSettings = {SDKROOT = iphoneos; }; name = Release; };
    \t\t\(target) = {isa = PBXNativeTarget; buildConfigurationList = ALIST; buildPhases = (); name = Shop; productType = "com.apple.product-type.application"; };
    \t\tALIST = {isa = XCConfigurationList; buildConfigurations = (ARELEASE, ); defaultConfigurationName = Release; };
    \t\tARELEASE = {isa = XCBuildConfiguration; buildSettings = {\(settings)}; name = Release; };
    \(objects)\t};
    \trootObject = PROJ;
    }

    """
}

private let schemeFile = "Shop.xcodeproj/xcshareddata/xcschemes/Shop.xcscheme"

/// A shared scheme that builds target `TAPP` (Shop) and archives it with `archive` (`marked`: `↓` before the Archive action).
private func scheme(archive: String, marked: Bool = false) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <Scheme LastUpgradeVersion = "1500" version = "1.7">
       <BuildAction parallelizeBuildables = "YES" buildImplicitDependencies = "YES">
          <BuildActionEntries>
             <BuildActionEntry buildForTesting = "YES" buildForRunning = "YES" buildForArchiving = "YES">
                <BuildableReference BuildableIdentifier = "primary" BlueprintIdentifier = "TAPP" BuildableName = "Shop.app"
                   BlueprintName = "Shop" ReferencedContainer = "container:Shop.xcodeproj">
                </BuildableReference>
             </BuildActionEntry>
          </BuildActionEntries>
       </BuildAction>
       \(marked ? "↓" : "")<ArchiveAction buildConfiguration = "\(archive)" revealArchiveInOrganizer = "YES">
       </ArchiveAction>
    </Scheme>

    """
}

private let xcconfigReference = "\t\tFXC = {isa = PBXFileReference; path = Config/Base.xcconfig; sourceTree = \"<group>\"; };\n"

/// `project.yml`: spec `P` with the raw lines `body` (targets, includes, …).
private func spec(_ body: String) -> String { "name: P\n" + body }

private let appTarget = "targets:\n  App:\n    type: application\n"

extension RuleDescription {
    public static let projectDanglingReference = RuleDescription(
        "project-dangling-reference", .warning,
        "An object refers to an identifier that no object of project.pbxproj has; the reference is ignored.",
        rationale: "An object refers to an identifier no object has; the reference is ignored (reported once, where it stands).",
        triggering: [.repository([projectFile: project(children: "FA, ↓GONE, ")])],
        nonTriggering: [.repository([projectFile: project()])])

    public static let projectReferenceCycle = RuleDescription(
        "project-reference-cycle", .warning,
        "Groups contain each other (or themselves); the paths through the cycle cannot be resolved.",
        rationale: "Groups contain each other; paths through the cycle cannot be resolved (reported at the child entry that closes it).",
        triggering: [.repository([projectFile: project(children: "FA, GA, ", objects: """
            \t\tGA = {isa = PBXGroup; children = (GB, ); path = A; sourceTree = "<group>"; };
            \t\tGB = {isa = PBXGroup; children = (↓GA, ); path = B; sourceTree = "<group>"; };

            """)])],
        nonTriggering: [.repository([projectFile: project(children: "FA, GA, ", objects: """
            \t\tGA = {isa = PBXGroup; children = (GB, ); path = A; sourceTree = "<group>"; };
            \t\tGB = {isa = PBXGroup; children = (); path = B; sourceTree = "<group>"; };

            """)])])

    public static let projectInvalidObject = RuleDescription(
        "project-invalid-object", .warning,
        "An object lacks a field it needs or has one of the wrong kind (e.g. a target without a name).",
        rationale: "An object lacks a field it needs, or has one of the wrong kind; what can be read is still read. A file that has no `objects` dictionary or whose `rootObject` names no `PBXProject` is no project at all: the reader throws that as an error of this rule.",
        triggering: [.repository([projectFile: project(settings: "PRODUCT_NAME = Shop; ↓\"bad name\" = x; ")])],
        nonTriggering: [.repository([projectFile: project(settings: "PRODUCT_NAME = Shop; \"GOOD_NAME\" = x; ")])])

    public static let projectConfigurationMissing = RuleDescription(
        "project-configuration-missing", .warning,
        "A target has no build configuration of the requested name; its default one is used.",
        rationale: "A target has no build configuration of the requested name: its settings are evaluated with its default configuration instead.",
        triggering: [.repository([projectFile: project(target: "↓TAPP")], arguments: ["--configuration", "Debug"])],
        nonTriggering: [.repository([projectFile: project()], arguments: ["--configuration", "Release"])])

    public static let projectSchemeInvalid = RuleDescription(
        "project-scheme-invalid", .note,
        "A shared scheme (.xcscheme) cannot be read: malformed XML, not a scheme, too large; it is not used.",
        rationale: "A shared scheme of `xcshareddata/xcschemes` cannot be read (malformed XML, a DOCTYPE, not a `<Scheme>`, too large): it is not used to choose the configuration a target ships with.",
        triggering: [.repository([projectFile: project(), schemeFile: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Scheme version = \"1.7\">\n   <ArchiveAction buildConfiguration = \"Release\">\n↓</Scheme>\n"])],
        nonTriggering: [.repository([projectFile: project(), schemeFile: scheme(archive: "Release")])])

    public static let projectSchemesDisagree = RuleDescription(
        "project-schemes-disagree", .note,
        "Shared schemes that archive a target disagree on its configuration (or name one the project lacks): which one is audited.",
        rationale: "Two shared schemes archive the same target with different configurations: the target is audited with the scheme named like it, else the first by name. A scheme that archives with a configuration the project does not have is not used. `--configuration` chooses another.",
        triggering: [.repository([projectFile: project(), schemeFile: scheme(archive: "Release", marked: true),
                                  "Shop.xcodeproj/xcshareddata/xcschemes/Shop Beta.xcscheme": scheme(archive: "Beta")])],
        nonTriggering: [.repository([projectFile: project(), schemeFile: scheme(archive: "Release"),
                                     "Shop.xcodeproj/xcshareddata/xcschemes/Shop Beta.xcscheme": scheme(archive: "Release")])])

    public static let xcconfigMissing = RuleDescription(
        "xcconfig-missing", .warning,
        "A build configuration's base xcconfig file does not exist.",
        rationale: "A configuration's base xcconfig does not exist; reported where `project.pbxproj` names it, and its settings are not applied.",
        triggering: [.repository([projectFile: project(children: "FA, FXC, ", objects: xcconfigReference, base: "baseConfigurationReference = ↓FXC; ")])],
        nonTriggering: [.repository([projectFile: project(children: "FA, FXC, ", objects: xcconfigReference, base: "baseConfigurationReference = FXC; "),
                                     "Config/Base.xcconfig": "SWIFT_VERSION = 6.0\n"])])

    public static let xcodegenSyntax = RuleDescription(
        "xcodegen-syntax", .error,
        "YAML that cannot be read: a syntax error, an alias to no anchor, a limit (XcodeGenLimits).",
        rationale: "YAML that cannot be read (in the spec itself: ``XcodeProjectReadError/invalid(_:)``), or a limit of ``XcodeGenLimits``.",
        triggering: [.repository(["project.yml": spec("include: [inc.yml]\n" + appTarget), "inc.yml": "settings: ↓*nothing\n"])],
        nonTriggering: [.repository(["project.yml": spec("include: [inc.yml]\n" + appTarget), "inc.yml": "settings: {base: {A: a}}\n"])])

    public static let xcodegenIncludeMissing = RuleDescription(
        "xcodegen-include-missing", .error,
        "include: names a file that does not exist or cannot be read; the rest of the spec is read.",
        rationale: "An include names a file that does not exist or cannot be read; the rest of the spec is read.",
        triggering: [.repository(["project.yml": spec("include:\n  - ↓missing.yml\n" + appTarget)])],
        nonTriggering: [.repository(["project.yml": spec("include:\n  - present.yml\n" + appTarget), "present.yml": "settings: {base: {A: a}}\n"])])

    public static let xcodegenIncludeCycle = RuleDescription(
        "xcodegen-include-cycle", .error,
        "A spec includes itself, directly or through others; the repeated include is skipped.",
        rationale: "A file includes itself, directly or through others; the repeated include is skipped.",
        triggering: [.repository(["project.yml": spec("include: [a.yml]\n" + appTarget), "a.yml": "include: [↓project.yml]\n"])],
        nonTriggering: [.repository(["project.yml": spec("include: [a.yml]\n" + appTarget), "a.yml": "settings: {base: {A: a}}\n"])])

    public static let xcodegenInvalid = RuleDescription(
        "xcodegen-invalid", .error,
        "A key of the wrong kind, a missing name or type, a template or default configuration that is not there.",
        rationale: "A key of the wrong kind, no `name` or `type`, an unknown template or default configuration; a document that is not a mapping is no spec at all (thrown).",
        triggering: [.repository(["project.yml": spec("targets:\n  App: ↓[1]\n")])],
        nonTriggering: [.repository(["project.yml": spec(appTarget)])])

    public static let xcodegenUnknownTargetType = RuleDescription(
        "xcodegen-unknown-target-type", .error,
        "A target type that XcodeGen does not know; the target has no product type.",
        rationale: "A target `type` XcodeGen does not know; the target has no product type.",
        triggering: [.repository(["project.yml": spec("targets:\n  App:\n    type: ↓aplication\n")])],
        nonTriggering: [.repository(["project.yml": spec(appTarget)])])

    public static let xcodegenSourceMissing = RuleDescription(
        "xcodegen-source-missing", .warning,
        "A target's source path that does not exist (and is not optional: true).",
        rationale: "A source path that does not exist and is not `optional`.",
        triggering: [.repository(["project.yml": spec(appTarget + "    sources: [↓Nowhere]\n")])],
        nonTriggering: [.repository(["project.yml": spec(appTarget + "    sources: [{path: Nowhere, optional: true}]\n")])])
}

/// The rules of this module, by what they are about, in the order of the articles' tables.
public enum ProjectRules {
    /// `project.pbxproj`'s rules (<doc:XcodeProject>).
    public static let project: [RuleDescription] = [.projectDanglingReference, .projectReferenceCycle, .projectInvalidObject, .projectSchemeInvalid]
    /// A target's settings: its configuration (<doc:BuildSettingEvaluation>).
    public static let buildSettings: [RuleDescription] = [.projectConfigurationMissing, .projectSchemesDisagree]
    /// xcconfig files: BuildSettings' reader's rules and the project's missing base configuration file
    /// (<doc:BuildSettingEvaluation>).
    public static let xcconfig: [RuleDescription] = XCConfigRules.all + [.xcconfigMissing]
    /// XcodeGen specs' rules (<doc:XcodeProject>).
    public static let xcodegen: [RuleDescription] = [
        .xcodegenSyntax, .xcodegenIncludeMissing, .xcodegenIncludeCycle, .xcodegenInvalid, .xcodegenUnknownTargetType, .xcodegenSourceMissing,
    ]
    /// Every rule raised by reading a project or spec and evaluating its targets' settings.
    public static let all: [RuleDescription] = project + buildSettings + xcconfig + xcodegen

    /// The rule with `id`, if it is one of ``all``.
    public static func named(_ id: Diagnostic.Rule) -> RuleDescription? { all.first { $0.id == id } }
}
