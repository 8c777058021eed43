public import Diagnostics
import Foundation
public import IntentKit
public import PropertyList

/// A parsed replay script (<doc:ReplayScripts>): which app, on which platform, starting closed or
/// launched, through which continuation route, and its steps.
///
/// Parsing checks the script's shape only. Whether each `do` exists and has its arguments is
/// decided when the step runs, by the session and the app.
public struct ReplayScript: Hashable, Sendable {
    /// The `name` key: what the report calls the script.
    public var name: String
    /// The `app` key, e.g. `hairdressers`.
    public var app: String
    /// The `platform` key (default: the newest modelled release, iOS 27).
    public var platform: Platform
    /// The `launched` key: true starts the app on its home screen (default false: closed).
    public var launched: Bool
    /// The `bridge` key; nil means the app's default (true when it has a bridge manifest).
    public var bridge: Bool?
    public var steps: [ReplayStep]
    /// The script's file path (or a name for in-memory scripts), for messages.
    public var file: String
    /// Where the `app` value stands, for an unknown-app error.
    public var appLocation: SourceLocation?

    public init(
        name: String, app: String, platform: Platform = .latest, launched: Bool = false, bridge: Bool? = nil,
        steps: [ReplayStep], file: String = "<script>", appLocation: SourceLocation? = nil
    ) {
        self.name = name
        self.app = app
        self.platform = platform
        self.launched = launched
        self.bridge = bridge
        self.steps = steps
        self.file = file
        self.appLocation = appLocation
    }

    /// Parses a script from its root value; `locations` (when recorded) place errors and steps.
    /// - Throws: ``ReplayScriptError`` naming the key or step that is malformed (the first one: a
    ///   script stops at its first mistake).
    public init(root: PropertyListValue, file: String, locations: PropertyListLocations? = nil) throws(ReplayScriptError) {
        var context = PropertyListSchemaReader(file: file, locations: locations, shapeRule: .replayScript, unknownKeyRule: .replayScript)
        /// The first mistake the reader found, as the script's error (located only when the file has locations).
        func stopAtFirst(step: Int? = nil, action: String? = nil) throws(ReplayScriptError) {
            guard let first = context.findings.first?.diagnostic else { return }
            throw ReplayScriptError(file: file, location: locations == nil ? nil : first.location, step: step, action: action,
                                    message: first.message)
        }
        let rootPath = PropertyListPath()
        let script = context.dictionary(root, what: "a replay script's root", at: rootPath, expected: "a dictionary") ?? [:]
        try stopAtFirst()
        func text(_ key: String) throws(ReplayScriptError) -> String {
            let value = context.required(key, in: script, at: rootPath, missing: "missing key '\(key)'")
            let text = value.flatMap { context.nonEmptyString($0, what: "'\(key)'", at: PropertyListPath([.key(key)])) }
            try stopAtFirst()
            return text ?? ""
        }
        name = try text("name")
        app = try text("app")
        self.file = file
        appLocation = Self.location(of: PropertyListPath([.key("app")]), in: locations)
        platform = .latest
        if script["platform"] != nil {
            let text = try text("platform")
            if let parsed = Platform(parsing: text) {
                platform = parsed
            } else {
                context.report(.replayScript, "'platform' must look like 'iOS 27' or 'iOS 26.4', found '\(text)'",
                              at: context.location(PropertyListPath([.key("platform")])))
                try stopAtFirst()
            }
        }
        launched = context.bool(script, "launched", at: rootPath) ?? false
        bridge = context.bool(script, "bridge", at: rootPath)
        let stepsPath = PropertyListPath([.key("steps")])
        let entries = context.required("steps", in: script, at: rootPath, missing: "missing key 'steps'")
            .flatMap { context.array($0, what: "'steps'", at: stepsPath, expected: "an array") }
        try stopAtFirst()
        var steps: [ReplayStep] = []
        for (offset, entry) in (entries ?? []).enumerated() {
            let path = stepsPath.appending(.index(offset))
            let index = offset + 1
            let dictionary = context.dictionary(entry, what: "a step", at: path, expected: "a dictionary") ?? [:]
            let actionName = context.required("do", in: dictionary, at: path, missing: "missing key 'do'")
                .flatMap { context.nonEmptyString($0, what: "'do'", at: path.appending(.key("do"))) } ?? ""
            try stopAtFirst(step: index)
            var expectations = PropertyListDictionary()
            var expectationLocations: [String: SourceLocation] = [:]
            if let expect = dictionary["expect"] {
                let expected = context.dictionary(expect, what: "'expect'", at: path.appending(.key("expect")), expected: "a dictionary") ?? [:]
                try stopAtFirst(step: index, action: actionName)
                expectations = expected
                for key in expected.keys {
                    expectationLocations[key] = locations?.key(at: path.appending(.key("expect")).appending(.key(key)))
                }
            }
            var arguments = dictionary
            arguments["do"] = nil
            arguments["expect"] = nil
            steps.append(ReplayStep(
                index: index, action: actionName, arguments: arguments, expectations: expectations,
                location: Self.location(of: path, in: locations), expectationLocations: expectationLocations))
        }
        self.steps = steps
    }

    /// Reads and parses the script at `path` (XML or binary property list).
    /// - Throws: ``ReplayScriptError`` for an unreadable file, an invalid property list (at its
    ///   location) or a malformed script.
    public init(contentsOf path: String) throws(ReplayScriptError) {
        let document: PropertyListDocument
        do throws(PropertyListReadError) {
            document = try PropertyListReader(options: .init(recordLocations: true)).read(contentsOf: path)
        } catch {
            switch error {
            case let .unreadableFile(_, reason):
                throw ReplayScriptError(file: path, message: "cannot read script: \(reason)")
            case let .invalid(diagnostic, _):
                throw ReplayScriptError(file: path, location: diagnostic.location,
                                        message: "not a valid property list: \(diagnostic.message)")
            }
        }
        try self.init(root: document.root, file: path, locations: document.locations)
    }

    /// The same script named `file` in messages and locations (e.g. the path as the user typed it).
    public func relabeled(file: String) -> ReplayScript {
        var copy = self
        copy.file = file
        copy.appLocation?.file = file
        for index in copy.steps.indices {
            copy.steps[index].location?.file = file
            for key in copy.steps[index].expectationLocations.keys { copy.steps[index].expectationLocations[key]?.file = file }
        }
        return copy
    }

    private static func location(of path: PropertyListPath, in locations: PropertyListLocations?) -> SourceLocation? {
        guard let locations else { return nil }
        return locations.value(at: path) ?? locations.key(at: path)
    }
}
