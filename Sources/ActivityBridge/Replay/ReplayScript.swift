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
    /// - Throws: ``ReplayScriptError`` naming the key or step that is malformed.
    public init(root: PropertyListValue, file: String, locations: PropertyListLocations? = nil) throws(ReplayScriptError) {
        func error(_ message: String, at path: PropertyListPath = PropertyListPath(), step: Int? = nil) -> ReplayScriptError {
            ReplayScriptError(file: file, location: Self.location(of: path, in: locations), step: step, message: message)
        }
        guard let script = root.dictionaryValue else {
            throw error("a replay script's root must be a dictionary, found <\(root.kindName)>")
        }
        func text(_ key: String) throws(ReplayScriptError) -> String {
            guard let value = script[key] else { throw error("missing key '\(key)'") }
            guard let string = value.stringValue, !string.isEmpty else {
                throw error("'\(key)' must be a non-empty string", at: PropertyListPath([.key(key)]))
            }
            return string
        }
        func flag(_ key: String) throws(ReplayScriptError) -> Bool? {
            guard let value = script[key] else { return nil }
            guard let bool = value.boolValue else {
                throw error("'\(key)' must be <true/> or <false/>, found <\(value.kindName)>", at: PropertyListPath([.key(key)]))
            }
            return bool
        }
        name = try text("name")
        app = try text("app")
        self.file = file
        appLocation = Self.location(of: PropertyListPath([.key("app")]), in: locations)
        if script["platform"] != nil {
            let text = try text("platform")
            guard let parsed = Platform(parsing: text) else {
                throw error("'platform' must look like 'iOS 27' or 'iOS 26.4', found '\(text)'", at: PropertyListPath([.key("platform")]))
            }
            platform = parsed
        } else {
            platform = .latest
        }
        launched = try flag("launched") ?? false
        bridge = try flag("bridge")
        guard let stepsValue = script["steps"] else { throw error("missing key 'steps'") }
        guard let entries = stepsValue.arrayValue else {
            throw error("'steps' must be an array, found <\(stepsValue.kindName)>", at: PropertyListPath([.key("steps")]))
        }
        var steps: [ReplayStep] = []
        for (offset, entry) in entries.enumerated() {
            let path = PropertyListPath([.key("steps"), .index(offset)])
            let index = offset + 1
            guard let dictionary = entry.dictionaryValue else {
                throw error("a step must be a dictionary, found <\(entry.kindName)>", at: path, step: index)
            }
            guard let action = dictionary["do"] else { throw error("missing key 'do'", at: path, step: index) }
            guard let actionName = action.stringValue, !actionName.isEmpty else {
                throw error("'do' must be a non-empty string", at: path.appending(.key("do")), step: index)
            }
            var expectations = PropertyListDictionary()
            var expectationLocations: [String: SourceLocation] = [:]
            if let expect = dictionary["expect"] {
                guard let expected = expect.dictionaryValue else {
                    var failure = error("'expect' must be a dictionary, found <\(expect.kindName)>",
                                        at: path.appending(.key("expect")), step: index)
                    failure.action = actionName
                    throw failure
                }
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
