public import Diagnostics
public import Foundation
public import PropertyList
import ActivityKit

/// Reads a bridge manifest and checks its structure; every problem is a `Diagnostic` at the
/// element it is about (line and column for XML files). Whether the intents, parameters and
/// types exist is ``BridgeManifestChecker``'s part, since it needs the app's intents.
///
/// The format (`formatVersion` 1):
///
/// ```xml
/// <dict>
///   <key>formatVersion</key><integer>1</integer>
///   <key>app</key><string>walkmate</string>
///   <key>activityTypes</key><dict>
///     <key>com.walkmate.route.generate</key><dict>
///       <key>userInfo</key><dict><key>distanceKm</key><string>number</string></dict>
///       <key>intent</key><string>GenerateRoutesIntent</string>
///       <key>parameters</key><dict>
///         <key>distance</key><dict><key>from</key><string>distanceKm</string><key>optional</key><true/></dict>
///       </dict>
///     </dict>
///   </dict>
/// </dict>
/// ```
///
/// An entry has either `intent` (+ `parameters`, optional `minimumPlatform`) or `intents`, an
/// array of such dictionaries tried in order. A binding is a userInfo key (shorthand), or a
/// dictionary with `from` (key), `type` and `optional`, or with `value` (a constant).
/// `onMissingEntity` is `skip` (default), `openApp`, or a dictionary with `intent` and
/// `parameters` (a fallback action). `entities` maps entity types to `table` and
/// `identifierColumn` in the app's SQLite data (for `migrate`).
public struct BridgeManifestReader: Sendable {
    public init() {}

    /// Reads the manifest at `path`; `displayPath` names it in diagnostics (default `path`).
    /// - Throws: ``BridgeManifestError/unreadable(path:reason:)`` when the file cannot be read.
    ///   A file that is not a valid property list is a reading with its `plist-syntax` error.
    public func read(contentsOf path: String, displayPath: String? = nil) throws(BridgeManifestError) -> BridgeManifestReading {
        let name = displayPath ?? path
        let data = try ManifestDocumentInput.contents(ofFile: path, displayPath: name, unreadable: BridgeManifestError.unreadable)
        return read(data, file: name)
    }

    /// Reads a manifest from `data`; `file` names it in diagnostics.
    public func read(_ data: Data, file: String) -> BridgeManifestReading {
        let (parsed, refusal) = ManifestDocumentInput.document(data, file: file)
        guard let document = parsed else { return BridgeManifestReading(manifest: nil, diagnostics: refusal) }
        var context = ManifestParseContext(file: file, locations: document.locations, diagnostics: document.diagnostics)
        let manifest = Self.manifest(from: document.root, file: file, context: &context)
        return BridgeManifestReading(manifest: manifest, diagnostics: context.diagnostics)
    }

    // MARK: Root

    static func manifest(from root: PropertyListValue, file: String, context: inout ManifestParseContext) -> BridgeManifest? {
        let rootPath = PropertyListPath()
        guard let dictionary = context.dictionary(root, what: "a bridge manifest's root", at: rootPath) else { return nil }
        context.checkKeys(dictionary, allowed: ManifestKey.root, at: rootPath, in: "the manifest")
        if let version = dictionary[ManifestKey.formatVersion] {
            let path = PropertyListPath([.key(ManifestKey.formatVersion)])
            if version.int64Value != Int64(BridgeManifest.formatVersion) {
                context.report(.manifestShape,
                              "'formatVersion' must be <integer>\(BridgeManifest.formatVersion)</integer> (the format this tool reads), found \(Self.describe(version))",
                              at: context.location(path))
            }
        }
        var app = ""
        let appPath = PropertyListPath([.key(ManifestKey.app)])
        if let value = dictionary[ManifestKey.app] {
            app = context.string(value, what: "'app'", at: appPath) ?? ""
        } else {
            context.report(.manifestShape, "missing key 'app' (the app whose intents the manifest names, e.g. walkmate)",
                          at: context.location(rootPath))
        }
        var mappings: [ActivityMapping] = []
        let typesPath = PropertyListPath([.key(ManifestKey.activityTypes)])
        if let value = dictionary[ManifestKey.activityTypes] {
            if let types = context.dictionary(value, what: "'activityTypes'", at: typesPath) {
                if types.isEmpty {
                    context.warning(.manifestShape, "'activityTypes' is empty: the manifest maps nothing", at: context.location(typesPath))
                }
                for entry in types {
                    let path = typesPath.appending(.key(entry.key))
                    if let mapping = ActivityMappingReader.mapping(type: entry.key, value: entry.value, at: path, context: &context) {
                        mappings.append(mapping)
                    }
                }
            }
        } else {
            context.report(.manifestShape, "missing key 'activityTypes' (a <dict> from each legacy activity type to its intent)",
                          at: context.location(rootPath))
        }
        var lookups: [EntityLookup] = []
        if let value = dictionary[ManifestKey.entities] {
            lookups = entityLookups(value, context: &context)
        }
        return BridgeManifest(file: file, app: app, appLocation: context.location(appPath), mappings: mappings, entityLookups: lookups)
    }

    private static func entityLookups(_ value: PropertyListValue, context: inout ManifestParseContext) -> [EntityLookup] {
        let path = PropertyListPath([.key(ManifestKey.entities)])
        guard let entities = context.dictionary(value, what: "'entities'", at: path) else { return [] }
        var lookups: [EntityLookup] = []
        for entry in entities {
            let entryPath = path.appending(.key(entry.key))
            guard let lookup = context.dictionary(entry.value, what: "entity lookup '\(entry.key)'", at: entryPath) else { continue }
            context.checkKeys(lookup, allowed: ManifestKey.entityLookup, at: entryPath, in: "entity lookup '\(entry.key)'")
            var names: [String] = []
            for key in ManifestKey.entityLookup {
                let keyPath = entryPath.appending(.key(key))
                guard let value = lookup[key] else {
                    context.report(.manifestShape, "entity lookup '\(entry.key)' needs '\(key)'", at: context.keyLocation(entryPath))
                    continue
                }
                guard let name = context.string(value, what: "'\(key)'", at: keyPath) else { continue }
                guard isSQLIdentifier(name) else {
                    context.report(.manifestShape, "'\(key)' must be a plain SQL name (letters, digits, _), found '\(name)'",
                                  at: context.location(keyPath))
                    continue
                }
                names.append(name)
            }
            if names.count == 2 {
                lookups.append(EntityLookup(entityType: entry.key, table: names[0], identifierColumn: names[1],
                                            location: context.keyLocation(entryPath)))
            }
        }
        return lookups
    }

    /// Letters, digits and `_`, not starting with a digit: safe to quote into SQL.
    static func isSQLIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    /// `<integer>2</integer>`-style text for messages.
    static func describe(_ value: PropertyListValue) -> String {
        switch value {
        case let .string(text): "<string>\(text)</string>"
        case let .integer(number): "<integer>\(number)</integer>"
        case let .real(number): "<real>\(number)</real>"
        case let .bool(flag): flag ? "<true/>" : "<false/>"
        default: "<\(value.kindName)>"
        }
    }
}

/// What ``BridgeManifestReader`` found: the manifest (nil when the file is not one at all: a
/// syntax error, or a root that is not a dictionary) and every diagnostic, in reading order.
public struct BridgeManifestReading: Sendable {
    public var manifest: BridgeManifest?
    public var diagnostics: [Diagnostic]

    public init(manifest: BridgeManifest?, diagnostics: [Diagnostic]) {
        self.manifest = manifest
        self.diagnostics = diagnostics
    }

    public var hasErrors: Bool { manifest == nil || diagnostics.contains { $0.severity == .error } }
}

/// The manifest's key names.
enum ManifestKey {
    static let formatVersion = "formatVersion"
    static let app = "app"
    static let activityTypes = "activityTypes"
    static let entities = "entities"
    static let root = [formatVersion, app, activityTypes, entities]

    static let userInfo = "userInfo"
    static let intent = "intent"
    static let intents = "intents"
    static let parameters = "parameters"
    static let minimumPlatform = "minimumPlatform"
    static let onMissingEntity = "onMissingEntity"
    static let mapping = [userInfo, intent, parameters, minimumPlatform, intents, onMissingEntity]
    static let target = [minimumPlatform, intent, parameters]
    static let fallback = [intent, parameters]

    static let from = "from"
    static let value = "value"
    static let type = "type"
    static let optional = "optional"
    static let decode = "decode"
    static let path = "path"
    static let binding = [from, value, type, optional, decode, path]

    static let table = "table"
    static let identifierColumn = "identifierColumn"
    static let entityLookup = [table, identifierColumn]
}
