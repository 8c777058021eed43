/// The App Intents type a SiriKit parameter or property becomes: what the system maps the legacy value to when
/// a saved shortcut runs the migrated intent (the Tech Talk "Migrate custom intents to App Intents": the names
/// match and the types are equivalent). Every SiriKit parameter is optional in the class Xcode generates, so
/// every converted one is optional too (making one required is allowed later, R10.3, never assumed here).
enum ParameterType: Hashable {
    /// A Swift type written as is (`String`, `[IntentFile]`), with the modules it needs beyond AppIntents.
    case mapped(String, modules: Set<String>)
    /// No App Intents type holds it (a system `INObject` such as `INMediaItem`, a currency amount): the
    /// parameter is left out, with this reason, and said so in the file and on stderr.
    case unsupported(String)

    /// The element type of `type` (`INIntentParameterType` / `INTypePropertyType`), before `isArray`.
    static func scalar(type: String, objectType: String?, objectTypeIsSystem: Bool, enumType: String?) -> ParameterType {
        if let enumType, !enumType.isEmpty { return .mapped(AppIntentNames.appEnum(enumType), modules: []) }
        switch type {
        case "String", "SpeakableString": return .mapped("String", modules: [])
        case "Boolean": return .mapped("Bool", modules: [])
        case "Integer": return .mapped("Int", modules: [])
        // SiriKit's Decimal is an NSNumber holding a double: Double is what its value converts to.
        case "Decimal", "Double", "Number": return .mapped("Double", modules: [])
        case "URL": return .mapped("URL", modules: ["Foundation"])
        case "Date": return .mapped("Date", modules: ["Foundation"])
        case "DateComponents": return .mapped("DateComponents", modules: ["Foundation"])
        case "Placemark", "Location": return .mapped("CLPlacemark", modules: ["CoreLocation"])
        case "File": return .mapped("IntentFile", modules: [])
        case "Person": return .mapped("IntentPerson", modules: [])
        case "Duration": return .mapped("Measurement<UnitDuration>", modules: ["Foundation"])
        case "Distance": return .mapped("Measurement<UnitLength>", modules: ["Foundation"])
        case "Temperature": return .mapped("Measurement<UnitTemperature>", modules: ["Foundation"])
        case "Speed": return .mapped("Measurement<UnitSpeed>", modules: ["Foundation"])
        case "Mass": return .mapped("Measurement<UnitMass>", modules: ["Foundation"])
        case "Volume": return .mapped("Measurement<UnitVolume>", modules: ["Foundation"])
        case "Object":
            guard let objectType, !objectType.isEmpty else { return .unsupported("an Object parameter without an object type") }
            if objectTypeIsSystem { return .unsupported("the system type IN\(objectType) has no App Intents counterpart") }
            return .mapped(AppIntentNames.appEntity(objectType), modules: [])
        default:
            return .unsupported("SiriKit type '\(type)' has no App Intents counterpart this converter knows")
        }
    }

    /// The full type: `[Element]` when the parameter takes several values.
    static func of(type: String, isArray: Bool, objectType: String?, objectTypeIsSystem: Bool, enumType: String?) -> ParameterType {
        switch scalar(type: type, objectType: objectType, objectTypeIsSystem: objectTypeIsSystem, enumType: enumType) {
        case let .mapped(name, modules): .mapped(isArray ? "[\(name)]" : name, modules: modules)
        case let .unsupported(reason): .unsupported(reason)
        }
    }
}

/// The names of what the converter writes, chosen so that none is the name of a type Xcode generates from the
/// definition for the legacy side (`OrderSoupIntent`, the enum `OrderType`, the INObject `Soup`), which stays
/// in the app while both ship (R10.4).
package enum AppIntentNames {
    /// `OrderSoup` → `OrderSoupAppIntent`.
    package static func appIntent(_ intentName: String) -> String { SwiftCode.typeName(intentName) + "AppIntent" }
    package static func appEnum(_ enumName: String) -> String { SwiftCode.typeName(enumName) + "AppEnum" }
    package static func appEntity(_ typeName: String) -> String { SwiftCode.typeName(typeName) + "AppEntity" }
    package static func entityQuery(_ typeName: String) -> String { appEntity(typeName) + "Query" }
}
