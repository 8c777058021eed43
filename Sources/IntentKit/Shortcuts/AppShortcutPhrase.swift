import Foundation

/// One trigger phrase template of an App Shortcut, written the way `AppShortcuts.strings` stores
/// it: `"Load ${walk} in ${applicationName}"`.
///
/// `${applicationName}` stands for the app's name (and its synonyms); any other `${name}` is the
/// intent parameter of that name (R5.7).
public struct AppShortcutPhrase: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The name of the application-name placeholder.
    public static let applicationNameToken = "applicationName"

    public enum Segment: Hashable, Sendable {
        case text(String)
        case applicationName
        case parameter(String)
    }

    public let template: String

    public init(_ template: String) { self.template = template }
    public init(stringLiteral template: String) { self.init(template) }
    public init(stringInterpolation: DefaultStringInterpolation) { self.init(String(stringInterpolation: stringInterpolation)) }

    public var description: String { template }

    /// The template split into text and placeholders.
    /// - Throws: ``PhraseSyntaxError`` for `${` without `}` or an empty `${}`.
    public func segments() throws(PhraseSyntaxError) -> [Segment] {
        var segments: [Segment] = []
        var text = ""
        var rest = Substring(template)
        while let open = rest.range(of: "${") {
            text += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.firstIndex(of: "}"), !afterOpen[..<close].contains("${") else {
                throw .unterminatedPlaceholder
            }
            let name = afterOpen[..<close].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw .emptyPlaceholder }
            guard Self.isIdentifier(name) else { throw .invalidPlaceholderName(name) }
            if !text.isEmpty {
                segments.append(.text(text))
                text = ""
            }
            segments.append(name == Self.applicationNameToken ? .applicationName : .parameter(name))
            rest = afterOpen[afterOpen.index(after: close)...]
        }
        text += rest
        if !text.isEmpty { segments.append(.text(text)) }
        return segments
    }

    /// A Swift-style identifier: a letter or `_`, then letters, digits or `_`.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    /// The parameter names the template uses, in order (repeats kept).
    public var parameterNames: [String] {
        ((try? segments()) ?? []).compactMap { if case let .parameter(name) = $0 { name } else { nil } }
    }

    /// How many times `${applicationName}` appears.
    public var applicationNameCount: Int {
        ((try? segments()) ?? []).filter { $0 == .applicationName }.count
    }

    /// The phrase with placeholders replaced: the app name, and `values[name]` for parameters.
    public func expanded(applicationName: String, values: [String: String] = [:]) -> String {
        let parts = (try? segments()) ?? [.text(template)]
        return parts.map { segment in
            switch segment {
            case let .text(text): text
            case .applicationName: applicationName
            case let .parameter(name): values[name] ?? "${\(name)}"
            }
        }.joined()
    }
}

/// A malformed phrase template.
public enum PhraseSyntaxError: Error, Hashable, Sendable {
    /// `${` without a closing `}`.
    case unterminatedPlaceholder
    /// `${}`.
    case emptyPlaceholder
    /// `${…}` whose content is not a parameter name.
    case invalidPlaceholderName(String)

    public var message: String {
        switch self {
        case .unterminatedPlaceholder: "'${' has no closing '}'"
        case .emptyPlaceholder: "'${}' names nothing"
        case let .invalidPlaceholderName(name): "'${\(name)}' does not name a parameter"
        }
    }
}
