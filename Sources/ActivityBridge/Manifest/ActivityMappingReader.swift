import Diagnostics
import IntentKit
import PropertyList

/// Reads one `activityTypes` entry: its userInfo shape, its intent target(s) and bindings, and
/// its missing-entity policy. Mistakes are reported to the context; an entry without a usable
/// target is left out of the manifest.
enum ActivityMappingReader {
    static func mapping(type: String, value: PropertyListValue, at path: PropertyListPath, context: inout ManifestParseContext) -> ActivityMapping? {
        let keyLocation = context.keyLocation(path)
        guard !type.isEmpty, !type.contains(where: { $0.isWhitespace }) else {
            context.report(.manifestShape, "an activity type must be non-empty and without whitespace, found '\(type)'", at: keyLocation)
            return nil
        }
        guard let entry = context.dictionary(value, what: "the entry of '\(type)'", at: path) else { return nil }
        context.checkKeys(entry, allowed: ManifestKey.mapping, at: path, in: "the entry of '\(type)'")

        var shape: [UserInfoShape.Entry]?
        if let value = entry[ManifestKey.userInfo] {
            shape = userInfoShape(value, at: path.appending(.key(ManifestKey.userInfo)), context: &context)
        }

        var targets: [IntentTarget] = []
        let hasSingle = entry[ManifestKey.intent] != nil
        if let list = entry[ManifestKey.intents] {
            let listPath = path.appending(.key(ManifestKey.intents))
            if hasSingle || entry[ManifestKey.parameters] != nil || entry[ManifestKey.minimumPlatform] != nil {
                context.report(.manifestShape, "the entry of '\(type)' has both 'intents' and 'intent'/'parameters'/'minimumPlatform'; use one form",
                              at: context.keyLocation(listPath))
            }
            if let elements = list.arrayValue {
                if elements.isEmpty {
                    context.report(.manifestShape, "'intents' of '\(type)' is empty", at: context.location(listPath))
                }
                for (index, element) in elements.enumerated() {
                    let elementPath = listPath.appending(.index(index))
                    guard let dictionary = context.dictionary(element, what: "an element of 'intents'", at: elementPath) else { continue }
                    context.checkKeys(dictionary, allowed: ManifestKey.target, at: elementPath, in: "an element of 'intents'")
                    if let target = target(dictionary, at: elementPath, context: &context) { targets.append(target) }
                }
            } else {
                context.wrongKind(list, expected: "an <array>", what: "'intents'", at: listPath)
            }
        } else if hasSingle {
            if let target = target(entry, at: path, context: &context) { targets.append(target) }
        } else {
            context.report(.manifestShape, "the entry of '\(type)' needs 'intent' (or 'intents', one per platform)", at: keyLocation)
        }

        var policy = MissingEntityPolicy.skip
        if let value = entry[ManifestKey.onMissingEntity] {
            policy = missingEntityPolicy(value, at: path.appending(.key(ManifestKey.onMissingEntity)), context: &context)
        }
        guard !targets.isEmpty else { return nil }
        return ActivityMapping(activityType: type, location: keyLocation, userInfoShape: shape, targets: targets, onMissingEntity: policy)
    }

    private static func userInfoShape(_ value: PropertyListValue, at path: PropertyListPath, context: inout ManifestParseContext) -> [UserInfoShape.Entry]? {
        guard let dictionary = context.dictionary(value, what: "'userInfo'", at: path) else { return nil }
        return shapeEntries(dictionary, at: path, context: &context)
    }

    /// The entries of a dictionary shape; a value that is not a shape is reported and left out.
    private static func shapeEntries(_ dictionary: PropertyListDictionary, at path: PropertyListPath, context: inout ManifestParseContext) -> [UserInfoShape.Entry] {
        var entries: [UserInfoShape.Entry] = []
        for entry in dictionary {
            if let shape = shape(entry.value, of: "userInfo '\(entry.key)'", at: path.appending(.key(entry.key)), context: &context) {
                entries.append(UserInfoShape.Entry(key: entry.key, shape: shape))
            }
        }
        return entries
    }

    /// A type name, a `<dict>` of keys (a dictionary with known keys), or an `<array>` of one
    /// element (an array whose elements all have that shape).
    private static func shape(_ value: PropertyListValue, of what: String, at path: PropertyListPath, context: inout ManifestParseContext) -> UserInfoShape? {
        if value.dictionaryValue != nil || value.arrayValue != nil, path.components.count > maximumShapeDepth {
            context.report(.manifestShape, "the shape of \(what) nests deeper than \(maximumShapeDepth) levels", at: context.location(path))
            return nil
        }
        switch value {
        case let .dictionary(dictionary):
            return .dictionary(shapeEntries(dictionary, at: path, context: &context))
        case let .array(elements):
            guard elements.count == 1 else {
                context.report(.manifestShape, "the shape of \(what) is an <array> of \(elements.count) elements; it takes one: the shape of every element",
                              at: context.location(path))
                return nil
            }
            return shape(elements[0], of: "the elements of \(what)", at: path.appending(.index(0)), context: &context).map { .array(element: $0) }
        default:
            guard let name = context.string(value, what: "the type of \(what)", at: path) else { return nil }
            guard let type = UserInfoValueType(rawValue: name) else {
                context.report(.manifestShape, "unknown userInfo type '\(name)' (known: \(UserInfoValueType.namesList))",
                              at: context.location(path))
                return nil
            }
            return .value(type)
        }
    }

    /// How deep a userInfo shape may nest: far beyond any real userInfo, and shallow enough that
    /// every walk over a shape stays small.
    static let maximumShapeDepth = 64

    /// An intent target from a dictionary with `intent`, `parameters` and (unless a fallback)
    /// `minimumPlatform`.
    static func target(
        _ dictionary: PropertyListDictionary, at path: PropertyListPath, allowsPlatform: Bool = true, context: inout ManifestParseContext
    ) -> IntentTarget? {
        let intentPath = path.appending(.key(ManifestKey.intent))
        guard let value = dictionary[ManifestKey.intent] else {
            context.report(.manifestShape, "missing key 'intent'", at: context.location(path))
            return nil
        }
        guard let intent = context.string(value, what: "'intent'", at: intentPath) else { return nil }
        var target = IntentTarget(intent: intent, location: context.location(intentPath))
        if allowsPlatform, let value = dictionary[ManifestKey.minimumPlatform] {
            let platformPath = path.appending(.key(ManifestKey.minimumPlatform))
            if let text = context.string(value, what: "'minimumPlatform'", at: platformPath) {
                if let platform = Platform(parsing: text) {
                    target.minimumPlatform = platform
                    target.minimumPlatformLocation = context.location(platformPath)
                } else {
                    context.report(.manifestShape, "'minimumPlatform' must look like 'iOS 27' or 'iOS 26.4', found '\(text)'",
                                  at: context.location(platformPath))
                }
            }
        }
        if let value = dictionary[ManifestKey.parameters] {
            let parametersPath = path.appending(.key(ManifestKey.parameters))
            if let parameters = context.dictionary(value, what: "'parameters'", at: parametersPath) {
                for entry in parameters {
                    if let binding = binding(entry.key, entry.value, at: parametersPath.appending(.key(entry.key)), context: &context) {
                        target.bindings.append(binding)
                    }
                }
            }
        }
        return target
    }

    /// A binding: `<string>KEY.PATH</string>`, or `{from, decode?, path?, type?, optional?}`, or `{value}`.
    private static func binding(_ parameter: String, _ value: PropertyListValue, at path: PropertyListPath, context: inout ManifestParseContext) -> ParameterBinding? {
        let keyLocation = context.keyLocation(path)
        if let text = value.stringValue {
            guard !text.isEmpty else {
                context.report(.manifestShape, "the binding of '\(parameter)' names an empty userInfo key", at: context.location(path))
                return nil
            }
            guard let keyPath = parsedKeyPath(text, what: "the binding of '\(parameter)'", at: path, context: &context) else { return nil }
            return ParameterBinding(parameter: parameter, location: keyLocation, source: .userInfo(UserInfoRead(path: keyPath)),
                                    sourceLocation: context.location(path))
        }
        guard let dictionary = value.dictionaryValue else {
            context.wrongKind(value, expected: "a <string> (a userInfo key path) or a <dict>", what: "the binding of '\(parameter)'", at: path)
            return nil
        }
        context.checkKeys(dictionary, allowed: ManifestKey.binding, at: path, in: "the binding of '\(parameter)'")
        let fromPath = path.appending(.key(ManifestKey.from))
        let valuePath = path.appending(.key(ManifestKey.value))
        switch (dictionary[ManifestKey.from], dictionary[ManifestKey.value]) {
        case let (from?, nil):
            guard let text = context.string(from, what: "'from'", at: fromPath),
                  let keyPath = parsedKeyPath(text, what: "'from'", at: fromPath, context: &context)
            else { return nil }
            var read = UserInfoRead(path: keyPath)
            var typeLocation: SourceLocation?
            if let typeValue = dictionary[ManifestKey.type] {
                let typePath = path.appending(.key(ManifestKey.type))
                guard let name = context.string(typeValue, what: "'type'", at: typePath) else { return nil }
                guard let parsed = UserInfoValueType(rawValue: name) else {
                    context.report(.manifestShape, "unknown userInfo type '\(name)' (known: \(UserInfoValueType.namesList))",
                                  at: context.location(typePath))
                    return nil
                }
                read.type = parsed
                typeLocation = context.location(typePath)
            }
            if let flag = dictionary[ManifestKey.optional] {
                guard let bool = flag.boolValue else {
                    context.wrongKind(flag, expected: "<true/> or <false/>", what: "'optional'", at: path.appending(.key(ManifestKey.optional)))
                    return nil
                }
                read.optional = bool
            }
            var decodeLocation: SourceLocation?
            let decodePath = path.appending(.key(ManifestKey.decode))
            let innerPath = path.appending(.key(ManifestKey.path))
            if let decodeValue = dictionary[ManifestKey.decode] {
                guard let name = context.string(decodeValue, what: "'decode'", at: decodePath) else { return nil }
                guard let format = DataDecoding.Format(rawValue: name) else {
                    let names = DataDecoding.Format.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
                    context.report(.manifestShape, "'decode' must be \(names), found '\(name)'", at: context.location(decodePath))
                    return nil
                }
                var decoding = DataDecoding(format: format)
                if let pathValue = dictionary[ManifestKey.path] {
                    guard let text = context.string(pathValue, what: "'path'", at: innerPath),
                          let parsed = parsedKeyPath(text, what: "'path'", startsWithKey: false, at: innerPath, context: &context)
                    else { return nil }
                    decoding.path = parsed
                }
                read.decoding = decoding
                decodeLocation = context.location(decodePath)
            } else if dictionary[ManifestKey.path] != nil {
                context.report(.manifestShape, "'path' reads inside a decoded value: it needs 'decode' (json or plist); to read nested userInfo, write the whole key path in 'from'",
                              at: context.keyLocation(innerPath))
                return nil
            }
            return ParameterBinding(parameter: parameter, location: keyLocation, source: .userInfo(read),
                                    sourceLocation: context.location(fromPath), typeLocation: typeLocation, decodeLocation: decodeLocation)
        case let (nil, constant?):
            for key in [ManifestKey.type, ManifestKey.optional, ManifestKey.decode, ManifestKey.path] where dictionary[key] != nil {
                context.report(.manifestUnknownKey, "'\(key)' applies to 'from' bindings only; it is ignored with 'value'",
                                at: context.keyLocation(path.appending(.key(key))))
            }
            return ParameterBinding(parameter: parameter, location: keyLocation, source: .constant(constant),
                                    sourceLocation: context.location(valuePath))
        case (_?, _?):
            context.report(.manifestShape, "the binding of '\(parameter)' has both 'from' and 'value'; give one", at: keyLocation)
            return nil
        case (nil, nil):
            context.report(.manifestShape, "the binding of '\(parameter)' needs 'from' (a userInfo key path) or 'value' (a constant)", at: keyLocation)
            return nil
        }
    }

    /// `text` as a key path, or nil after reporting why it is not one at the element.
    private static func parsedKeyPath(
        _ text: String, what: String, startsWithKey: Bool = true, at path: PropertyListPath, context: inout ManifestParseContext
    ) -> UserInfoKeyPath? {
        do {
            return try UserInfoKeyPath(parsing: text, startsWithKey: startsWithKey)
        } catch {
            context.report(.manifestShape, "'\(text)' in \(what) is not a key path: \(error)", at: context.location(path))
            return nil
        }
    }

    private static func missingEntityPolicy(_ value: PropertyListValue, at path: PropertyListPath, context: inout ManifestParseContext) -> MissingEntityPolicy {
        if let name = value.stringValue {
            switch name {
            case "skip": return .skip
            case "openApp": return .openApp
            default:
                context.report(.manifestShape, "'onMissingEntity' must be 'skip', 'openApp' or a <dict> with 'intent' (a fallback action), found '\(name)'",
                              at: context.location(path))
                return .skip
            }
        }
        guard let dictionary = context.dictionary(value, what: "'onMissingEntity'", at: path) else { return .skip }
        context.checkKeys(dictionary, allowed: ManifestKey.fallback, at: path, in: "'onMissingEntity'")
        return target(dictionary, at: path, allowsPlatform: false, context: &context).map(MissingEntityPolicy.fallback) ?? .skip
    }
}
