import SeededRandom

/// A large, deterministic `project.pbxproj` in Xcode's own layout, for the OpenStep benchmark.
///
/// `files` Swift sources spread over groups of 40 and over targets of 500, each source with a
/// PBXBuildFile, a PBXFileReference, a group entry and a Sources build-phase entry, plus two
/// build configurations per target with realistic settings: the same sections, comments,
/// quoting and 24-hex-digit object IDs as a real project, so the parser sees the real mix of
/// unquoted strings, quoted strings (some with escapes), comments and nesting.
/// About 430 bytes per file: 48,000 files make ~20 MB.
struct PbxprojGenerator {
    let files: Int
    private var nextID: UInt64 = 0
    private var random: SplitMix64

    init(files: Int) {
        self.files = files
        self.random = SplitMix64(seed: 0x5042_5850 &+ UInt64(files))
    }

    private mutating func newID() -> String {
        nextID += 1
        let high = UInt32(truncatingIfNeeded: random.next())
        let text = String(high, radix: 16, uppercase: true).leftPadded(to: 8) + String(nextID, radix: 16, uppercase: true).leftPadded(to: 16)
        return text
    }

    mutating func makeText() -> String {
        struct Source { var name: String; var fileID: String; var buildID: String }
        struct Target { var name: String; var id: String; var phaseID: String; var listID: String; var configIDs: [String]; var sources: [Source] }

        var targets: [Target] = []
        var groups: [(id: String, name: String, children: [Source])] = []
        let targetCount = max(1, (files + 499) / 500)
        var made = 0
        for t in 0..<targetCount {
            let name = "Module\(t)"
            var target = Target(name: name, id: newID(), phaseID: newID(), listID: newID(), configIDs: [newID(), newID()], sources: [])
            while made < files && target.sources.count < 500 {
                let source = Source(name: "Feature\(made)View\(made % 7 == 0 ? "+Extensions" : "").swift", fileID: newID(), buildID: newID())
                target.sources.append(source)
                if made % 40 == 0 { groups.append((newID(), "Group \(made / 40)", [])) }
                groups[groups.count - 1].children.append(source)
                made += 1
            }
            targets.append(target)
        }
        let projectID = newID(), mainGroupID = newID(), projectListID = newID()

        var out = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n\tobjects = {\n\n"
        out.reserveCapacity(files * 450 + 4096)
        out += "/* Begin PBXBuildFile section */\n"
        for target in targets {
            for source in target.sources {
                out += "\t\t\(source.buildID) /* \(source.name) in Sources */ = {isa = PBXBuildFile; fileRef = \(source.fileID) /* \(source.name) */; };\n"
            }
        }
        out += "/* End PBXBuildFile section */\n\n/* Begin PBXFileReference section */\n"
        for target in targets {
            for source in target.sources {
                let path = source.name.contains("+") ? "\"\(source.name)\"" : source.name
                out += "\t\t\(source.fileID) /* \(source.name) */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \(path); sourceTree = \"<group>\"; };\n"
            }
        }
        out += "/* End PBXFileReference section */\n\n/* Begin PBXGroup section */\n"
        out += "\t\t\(mainGroupID) = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n"
        for group in groups { out += "\t\t\t\t\(group.id) /* \(group.name) */,\n" }
        out += "\t\t\t);\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
        for group in groups {
            out += "\t\t\(group.id) /* \(group.name) */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n"
            for source in group.children { out += "\t\t\t\t\(source.fileID) /* \(source.name) */,\n" }
            out += "\t\t\t);\n\t\t\tname = \"\(group.name)\";\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
        }
        out += "/* End PBXGroup section */\n\n/* Begin PBXNativeTarget section */\n"
        for target in targets {
            out += """
                \t\t\(target.id) /* \(target.name) */ = {
                \t\t\tisa = PBXNativeTarget;
                \t\t\tbuildConfigurationList = \(target.listID) /* Build configuration list for PBXNativeTarget "\(target.name)" */;
                \t\t\tbuildPhases = (
                \t\t\t\t\(target.phaseID) /* Sources */,
                \t\t\t);
                \t\t\tbuildRules = (
                \t\t\t);
                \t\t\tdependencies = (
                \t\t\t);
                \t\t\tname = \(target.name);
                \t\t\tproductName = \(target.name);
                \t\t\tproductType = "com.apple.product-type.framework";
                \t\t};

                """
        }
        out += "/* End PBXNativeTarget section */\n\n/* Begin PBXProject section */\n"
        out += "\t\t\(projectID) /* Project object */ = {\n\t\t\tisa = PBXProject;\n\t\t\tbuildConfigurationList = \(projectListID);\n"
        out += "\t\t\tmainGroup = \(mainGroupID);\n\t\t\ttargets = (\n"
        for target in targets { out += "\t\t\t\t\(target.id) /* \(target.name) */,\n" }
        out += "\t\t\t);\n\t\t};\n/* End PBXProject section */\n\n/* Begin PBXSourcesBuildPhase section */\n"
        for target in targets {
            out += "\t\t\(target.phaseID) /* Sources */ = {\n\t\t\tisa = PBXSourcesBuildPhase;\n\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (\n"
            for source in target.sources { out += "\t\t\t\t\(source.buildID) /* \(source.name) in Sources */,\n" }
            out += "\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t};\n"
        }
        out += "/* End PBXSourcesBuildPhase section */\n\n/* Begin XCBuildConfiguration section */\n"
        for target in targets {
            for (index, id) in target.configIDs.enumerated() {
                let name = index == 0 ? "Debug" : "Release"
                out += """
                    \t\t\(id) /* \(name) */ = {
                    \t\t\tisa = XCBuildConfiguration;
                    \t\t\tbuildSettings = {
                    \t\t\t\tDEFINES_MODULE = YES;
                    \t\t\t\tINFOPLIST_FILE = "\(target.name)/Info.plist";
                    \t\t\t\tLD_RUNPATH_SEARCH_PATHS = (
                    \t\t\t\t\t"$(inherited)",
                    \t\t\t\t\t"@executable_path/Frameworks",
                    \t\t\t\t);
                    \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = "com.example.\(target.name.lowercased())";
                    \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME:c99extidentifier)";
                    \t\t\t\tSWIFT_ACTIVE_COMPILATION_CONDITIONS = "\(name.uppercased()) $(inherited)";
                    \t\t\t\tOTHER_SWIFT_FLAGS = "-Xfrontend -warn-long-function-bodies=200 -D \\"QUOTED\\"";
                    \t\t\t\tSWIFT_VERSION = 5.0;
                    \t\t\t};
                    \t\t\tname = \(name);
                    \t\t};

                    """
            }
        }
        out += "/* End XCBuildConfiguration section */\n\n/* Begin XCConfigurationList section */\n"
        for target in targets {
            out += "\t\t\(target.listID) /* Build configuration list for PBXNativeTarget \"\(target.name)\" */ = {\n"
            out += "\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n"
            out += "\t\t\t\t\(target.configIDs[0]) /* Debug */,\n\t\t\t\t\(target.configIDs[1]) /* Release */,\n\t\t\t);\n"
            out += "\t\t\tdefaultConfigurationIsVisible = 0;\n\t\t\tdefaultConfigurationName = Release;\n\t\t};\n"
        }
        out += "\t\t\(projectListID) = {\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t);\n\t\t};\n"
        out += "/* End XCConfigurationList section */\n\t};\n\trootObject = \(projectID) /* Project object */;\n}\n"
        return out
    }
}
