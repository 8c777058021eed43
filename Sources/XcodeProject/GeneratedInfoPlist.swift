import Diagnostics
import PropertyList

/// An Info.plist a project generator writes from the spec rather than a file in the repository (XcodeGen's
/// `info: {path:, properties:}`): the property list it produces, each value located where the spec writes it, so
/// that the audit reads it as it reads a file and points into the spec.
public struct GeneratedInfoPlist: Sendable {
    public var document: PropertyListDocument
    /// The file the generator writes (`INFOPLIST_FILE`), from the repository's root.
    public var writtenTo: String?

    public init(document: PropertyListDocument, writtenTo: String?) {
        self.document = document
        self.writtenTo = writtenTo
    }
}

extension XcodeGenProjectBuilder {
    /// XcodeGen's generated Info.plist: its default keys (each overridden by a property of the same name),
    /// then `properties`; YAML scalars as XcodeGen's YAML reader types them (`true`/`false` booleans, plain
    /// integers numbers, the rest strings). Nil when the target has no `info.properties`.
    static func generatedInfoPlist(_ info: YAMLMapping?, at location: SourceLocation, writtenTo path: String?) -> GeneratedInfoPlist? {
        guard let info, let properties = info["properties"], properties.mapping != nil else { return nil }
        let file = properties.location.file
        var locations = PropertyListLocations(file: file)
        let defaults: [(String, String)] = [
            ("CFBundleDevelopmentRegion", "$(DEVELOPMENT_LANGUAGE)"), ("CFBundleExecutable", "$(EXECUTABLE_NAME)"),
            ("CFBundleIdentifier", "$(PRODUCT_BUNDLE_IDENTIFIER)"), ("CFBundleInfoDictionaryVersion", "6.0"),
            ("CFBundleName", "$(PRODUCT_NAME)"), ("CFBundlePackageType", "$(PRODUCT_BUNDLE_PACKAGE_TYPE)"),
            ("CFBundleShortVersionString", "1.0"), ("CFBundleVersion", "1"),
        ]
        var root = PropertyListDictionary()
        for (key, value) in defaults {
            root[key] = .string(value)
            locations.recordValue(at: PropertyListPath([.key(key)]), info["properties"]?.location ?? location)
        }
        if case .dictionary(let written) = value(properties, path: PropertyListPath(), locations: &locations, depth: 0) {
            for entry in written.entries { root[entry.key] = entry.value }
        }
        let document = PropertyListDocument(root: .dictionary(root), format: .xml, locations: locations)
        return GeneratedInfoPlist(document: document, writtenTo: path)
    }

    /// Deeper than this a property is left out (a spec nobody controls may nest without end).
    static let maximumPropertyDepth = 64

    private static func value(_ node: YAMLNode, path: PropertyListPath, locations: inout PropertyListLocations, depth: Int) -> PropertyListValue {
        locations.recordValue(at: path, node.location)
        guard depth < maximumPropertyDepth else { return .string("") }
        switch node.content {
        case .scalar(let text, let plain):
            if plain, ["true", "yes", "True", "YES"].contains(text) { return .bool(true) }
            if plain, ["false", "no", "False", "NO"].contains(text) { return .bool(false) }
            if plain, let number = Int64(text) { return .integer(PropertyListInteger(number)) }
            return .string(text)
        case .sequence(let items):
            return .array(items.enumerated().map { value($0.element, path: path.appending(.index($0.offset)), locations: &locations, depth: depth + 1) })
        case .mapping(let mapping):
            var dictionary = PropertyListDictionary()
            for entry in mapping.entries {
                locations.recordKey(at: path.appending(.key(entry.key)), entry.keyLocation)
                dictionary[entry.key] = value(entry.value, path: path.appending(.key(entry.key)), locations: &locations, depth: depth + 1)
            }
            return .dictionary(dictionary)
        }
    }
}
