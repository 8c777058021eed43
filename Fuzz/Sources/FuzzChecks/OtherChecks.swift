import Foundation
import JSON
import Diagnostics
import PropertyList
import BuildSettings
import XcodeProject
import ActivityBridge

/// The checks of the harnesses other than the property-list round trips. Each reads hostile bytes the
/// way the CLI does; a refusal is fine, a crash (or a broken invariant, stopped with `fatalError`) is not.
public enum FuzzChecks {
    /// parse → text → parse is the identity, and writing is idempotent.
    public static func json(_ bytes: UnsafeRawBufferPointer) {
        let parser = JSONParser()
        let value: JSONValue
        do throws(JSONParser.Error) {
            value = try bytes.withMemoryRebound(to: UInt8.self) { buffer throws(JSONParser.Error) in try parser.parse(buffer) }
        } catch {
            _ = error.description
            return
        }
        let text = value.text
        let again: JSONValue
        do throws(JSONParser.Error) {
            again = try parser.parse(text)
        } catch {
            fatalError("JSON written from a parsed value does not parse: \(error)")
        }
        guard again == value else { fatalError("JSON parse → text → parse changed the value") }
        guard again.text == text else { fatalError("JSON writing is not idempotent") }
    }

    /// xcconfig text parsed, then every assignment resolved and every value expanded, as a project's
    /// settings are. Includes resolve under a folder that does not exist, so no file outside is read.
    public static func xcconfig(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        let reader = XCConfigReader(files: ProjectFiles(root: "/nonexistent-fuzz-root"))
        let file = reader.parse(text, path: "fuzz.xcconfig", level: .targetXcconfig)
        _ = file.diagnostics.map(\.description)
        let table = BuildSettingTable(file.assignments)
        for configuration in ["Debug", "Release"] {
            let resolved = table.resolve(for: BuildSettingEnvironment(configuration: configuration), options: .xcode)
            _ = resolved.settings.count
        }
        var definitions: [String: String] = [:]
        for assignment in file.assignments { definitions[assignment.name] = assignment.value }
        let settings = BuildSettings(definitions)
        for assignment in file.assignments.prefix(64) {
            _ = settings.expand(assignment.value)
            _ = settings.expand(assignment.value, options: .xcode)
        }
    }

    /// A project.pbxproj read into the model, every target's build settings evaluated, and its sources
    /// resolved through the groups (cycles, dangling references), build phases and local packages.
    public static func pbxproj(_ bytes: UnsafeRawBufferPointer) {
        let reader = XcodeProjectReader(files: ProjectFiles(root: "/nonexistent-fuzz-root"))
        do throws(XcodeProjectReadError) {
            let project = try reader.read(Data(bytes), path: "App.xcodeproj/project.pbxproj")
            for target in project.targets {
                let settings = project.buildSettings(for: target)
                _ = project.infoPlistPath(settings)
                _ = settings.diagnostics.map(\.description)
                _ = project.sourceFiles(of: target).count
                _ = project.swiftFiles(of: target).count
                for package in project.linkedLocalPackages(of: target) { _ = project.swiftFiles(of: package).count }
            }
            _ = project.diagnostics.map(\.description)
        } catch {
            _ = "\(error)"
        }
    }

    /// A replay script read from a property list (any format), with locations.
    public static func replayScript(_ bytes: UnsafeRawBufferPointer) {
        let reader = PropertyListReader(options: .init(recordLocations: true))
        guard let document = try? reader.read(Data(bytes), file: "fuzz.plist") else { return }
        do throws(ReplayScriptError) {
            let script = try ReplayScript(root: document.root, file: "fuzz.plist", locations: document.locations)
            _ = script.steps.count
        } catch {
            _ = error.description
        }
    }

    /// A bridge manifest read from bytes, with its diagnostics.
    public static func bridgeManifest(_ bytes: UnsafeRawBufferPointer) {
        let reading = BridgeManifestReader().read(Data(bytes), file: "fuzz-Bridge.plist")
        _ = reading.diagnostics.map(\.description)
    }
}

extension FuzzChecks {
    /// An app model read from bytes; a model read without errors, written again (`AppModelWriter`),
    /// must read back as the same model, without errors.
    public static func appModel(_ bytes: UnsafeRawBufferPointer) {
        let reading = AppModelReader().read(Data(bytes), file: "fuzz-AppModel.plist")
        _ = reading.diagnostics.map(\.description)
        guard let model = reading.model else { return }
        let written: Data
        do throws(PropertyListWriteError) {
            written = try AppModelWriter().data(model)
        } catch {
            return  // a clear refusal is an answer
        }
        let again = AppModelReader().read(written, file: "round-trip-AppModel.plist")
        guard let back = again.model else {
            fatalError("a written app model does not read back:\n" + again.diagnostics.map(\.description).joined(separator: "\n"))
        }
        guard back == model else { fatalError("an app model round trip changed the model") }
    }
}

extension FuzzChecks {
    /// An XcodeGen spec read into the project model (YAML through libyaml, includes resolving under a folder
    /// that does not exist), every target's settings evaluated and its sources listed. Every diagnostic must
    /// be located in a file the reader read (the spec here: includes cannot be read), at line and column ≥ 1.
    public static func xcodeGenSpec(_ bytes: UnsafeRawBufferPointer) {
        let reader = XcodeGenSpecReader(files: ProjectFiles(root: "/nonexistent-fuzz-root"))
        func checkLocated(_ diagnostics: [Diagnostic]) {
            for diagnostic in diagnostics {
                let place = diagnostic.location
                guard place.file == "project.yml", place.line >= 1, place.column >= 1 else {
                    fatalError("an XcodeGen diagnostic is not located in the spec: \(diagnostic)")
                }
            }
        }
        do throws(XcodeProjectReadError) {
            let project = try reader.read(Data(bytes), path: "project.yml")
            checkLocated(project.diagnostics)
            for target in project.targets {
                let settings = project.buildSettings(for: target)
                _ = project.infoPlistPath(settings)
                _ = settings.diagnostics.map(\.description)
                _ = project.sourceFiles(of: target).count
            }
        } catch {
            checkLocated(error.diagnostics)
            _ = "\(error)"
        }
    }
}
