import Foundation
public import PropertyList

/// Turns a property-list value (a replay script's `parameters`, a legacy userInfo entry, a
/// stored donation) into the value of one intent parameter.
///
/// | kind | accepts |
/// | --- | --- |
/// | entity | an identifier string or integer (or `{id: …}`); failing that, an exact title or synonym (case/diacritic-insensitive) |
/// | enum | a case identifier, title or synonym |
/// | integer | an integer, a whole real, or decimal text |
/// | decimal, measurement | an integer, a finite real, or number text |
/// | string | a string (an integer is written out) |
/// | boolean | a bool, 0/1, or `true`/`false`/`yes`/`no` |
/// | date, url, file | what ``IntentValueParsing`` accepts: a date, ISO 8601 text or Unix seconds; an absolute URL; a `file:` URL or an absolute path |
///
/// Numbers are clamped into the parameter's range afterwards.
public struct IntentValueCoercion {
    public var intent: String
    public var parameter: IntentParameter
    public var registry: IntentRegistry

    public init(intent: String, parameter: IntentParameter, registry: IntentRegistry) {
        self.intent = intent
        self.parameter = parameter
        self.registry = registry
    }

    public func coerce(_ value: PropertyListValue) throws -> IntentValue {
        let coerced: IntentValue? = switch parameter.kind {
        case let .entity(typeName): try entity(typeName, value)
        case let .enumeration(enumeration): value.stringValue.flatMap(enumeration.case(matching:)).map(IntentValue.enumCase)
        case .integer: integer(value).map(IntentValue.integer)
        case .decimal: number(value).map(IntentValue.decimal)
        case let .measurement(unit, _): number(value).map { .measurement(IntentMeasurement($0, unit: unit)) }
        case .string: (value.stringValue ?? value.integerValue?.description).map(IntentValue.string)
        case .boolean: boolean(value).map(IntentValue.boolean)
        case .date: IntentValueParsing.date(value).map(IntentValue.date)
        case .url: IntentValueParsing.url(value).map(IntentValue.url)
        case .file: IntentValueParsing.fileURL(value).map(IntentValue.file)
        }
        guard let coerced else { throw invalid(value) }
        return parameter.clamped(coerced)
    }

    private func invalid(_ value: PropertyListValue) -> IntentError {
        var expected = parameter.kind.summary
        if case let .enumeration(enumeration) = parameter.kind {
            expected = "one of " + enumeration.cases.map(\.identifier).joined(separator: ", ")
        }
        return .invalidValue(typeName: intent, parameter: parameter.name, expected: expected, actual: Self.describe(value))
    }

    /// `string "abc"`, `integer 5`, `dict`.
    static func describe(_ value: PropertyListValue) -> String {
        switch value {
        case let .string(text): "string \"\(text.count > 40 ? text.prefix(40) + "…" : Substring(text))\""
        case let .integer(number): "integer \(number)"
        case let .real(number): "real \(number)"
        case let .bool(flag): "bool \(flag)"
        default: value.kindName
        }
    }

    private func entity(_ typeName: String, _ value: PropertyListValue) throws -> IntentValue? {
        let identifier: String
        switch value {
        case let .string(text): identifier = text
        case let .integer(number): identifier = number.description
        case let .dictionary(dictionary):
            guard let id = dictionary["id"]?.stringValue ?? dictionary["id"]?.integerValue?.description else { return nil }
            identifier = id
        default: return nil
        }
        let type = try registry.entityType(named: typeName)
        if let found = try type.entity(for: identifier) { return .entity(found) }
        let byTitle = try titleMatches(identifier, in: type)
        switch byTitle.count {
        case 1: return .entity(byTitle[0])
        case 0: throw IntentError.entityNotFound(typeName: intent, parameter: parameter.name, entityType: typeName, identifier: identifier)
        default: throw IntentError.ambiguousEntity(typeName: intent, parameter: parameter.name, matches: byTitle.map(\.title))
        }
    }

    /// Entities whose title or a synonym equals `text` once folded, from the richest listing the
    /// query offers.
    private func titleMatches(_ text: String, in type: EntityTypeDefinition) throws -> [AnyAppEntity] {
        let pool = if type.supportsStringQuery {
            try type.entities(matching: text)
        } else if type.isEnumerable {
            try type.allEntities()
        } else {
            try type.suggestedEntities()
        }
        let folded = TextFolding.fold(text)
        var seen: Set<AnyAppEntity> = []
        return pool.filter { entity in
            entity.displayRepresentation.spokenNames.contains { TextFolding.fold($0) == folded } && seen.insert(entity).inserted
        }
    }

    private func integer(_ value: PropertyListValue) -> Int? {
        switch value {
        case let .integer(number): number.int64Value.flatMap { Int(exactly: $0) }
        case let .real(number): number.isFinite && number.rounded() == number ? Int(exactly: number) : nil
        case let .string(text): Int(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }

    private func number(_ value: PropertyListValue) -> Double? {
        let number: Double? = switch value {
        case let .integer(number): number.doubleValue
        case let .real(number): number
        case let .string(text): Double(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
        return number.flatMap { $0.isFinite ? $0 : nil }
    }

    private func boolean(_ value: PropertyListValue) -> Bool? {
        switch value {
        case let .bool(flag): flag
        case let .integer(number): number == 0 ? false : number == 1 ? true : nil
        case let .string(text):
            switch text.lowercased() {
            case "true", "yes", "1": true
            case "false", "no", "0": false
            default: nil
            }
        default: nil
        }
    }
}
