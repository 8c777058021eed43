import Foundation
import JSON
public import PropertyList

/// Follows a ``UserInfoRead`` through an activity's userInfo at continuation or migration time:
/// the key path, the decoding of data, the path inside the decoded value. The one place both
/// routes read a bound value, so they agree on what fits.
extension UserInfoRead {
    /// The raw value the read reaches, before its type's conversion; nil when a key or index on
    /// the way is absent (an optional binding then leaves the parameter empty).
    /// - Throws: ``ActivityConversionFailure/wrongShape(path:reason:)`` when the path goes into a
    ///   value that is not a dictionary (or array), or `decode` meets something that is not data;
    ///   ``ActivityConversionFailure/undecodable(path:format:reason:)`` when the data does not parse.
    public func rawValue(in userInfo: PropertyListDictionary) throws(ActivityConversionFailure) -> PropertyListValue? {
        guard let found = try Self.follow(path, from: .dictionary(userInfo), describe: { "\(path.prefix($0))" }) else { return nil }
        guard let decoding else { return found }
        let decoded = try decode(found, as: decoding.format)
        guard let inner = decoding.path else { return decoded }
        let base = "\(path) → \(decoding.format.rawValue)"
        return try Self.follow(inner, from: decoded, describe: { $0 == 0 ? base : "\(base) → \(inner.prefix($0))" })
    }

    /// The value at `path` inside `root`; nil when a key or index is absent. `describe(n)` names
    /// the value after `n` components, for messages.
    private static func follow(
        _ path: UserInfoKeyPath, from root: PropertyListValue, describe: (Int) -> String
    ) throws(ActivityConversionFailure) -> PropertyListValue? {
        var current = root
        for (depth, component) in path.components.enumerated() {
            switch (component, current) {
            case let (.key(key), .dictionary(dictionary)):
                guard let next = dictionary[key] else { return nil }
                current = next
            case let (.index(index), .array(elements)):
                guard elements.indices.contains(index) else { return nil }
                current = elements[index]
            case (.key, _):
                throw .wrongShape(path: describe(path.components.count), reason: "'\(describe(depth))' is a <\(current.kindName)>, not a dictionary")
            case (.index, _):
                throw .wrongShape(path: describe(path.components.count), reason: "'\(describe(depth))' is a <\(current.kindName)>, not an array")
            }
        }
        return current
    }

    /// Data decoded; an array of data decoded element by element.
    private func decode(_ value: PropertyListValue, as format: DataDecoding.Format) throws(ActivityConversionFailure) -> PropertyListValue {
        switch value {
        case let .data(data):
            return try Self.decode(data, as: format, what: path.description)
        case let .array(elements):
            var decoded: [PropertyListValue] = []
            for (index, element) in elements.enumerated() {
                guard case let .data(data) = element else {
                    throw .wrongShape(path: "\(path)[\(index)]", reason: "'decode' reads data, found <\(element.kindName)>")
                }
                decoded.append(try Self.decode(data, as: format, what: "\(path)[\(index)]"))
            }
            return .array(decoded)
        default:
            throw .wrongShape(path: path.description, reason: "'decode' reads data (or an array of data), found <\(value.kindName)>")
        }
    }

    private static func decode(_ data: Data, as format: DataDecoding.Format, what: String) throws(ActivityConversionFailure) -> PropertyListValue {
        switch format {
        case .json:
            guard let text = String(data: data, encoding: .utf8) else {
                throw .undecodable(path: what, format: format.rawValue, reason: "the data is not UTF-8 text")
            }
            let json: JSONValue
            do {
                json = try JSONParser(maximumDepth: 512).parse(text)
            } catch {
                throw .undecodable(path: what, format: format.rawValue, reason: error.description)
            }
            guard let value = PropertyListValue(json: json, nullMembersAreAbsent: true) else {
                throw .undecodable(path: what, format: format.rawValue, reason: "an array holds null, which has no property-list value")
            }
            return value
        case .plist:
            do {
                return try PropertyListReader(options: .init(maximumDepth: 512)).read(data, file: what).root
            } catch {
                throw .undecodable(path: what, format: format.rawValue, reason: error.description)
            }
        }
    }
}
