public import Diagnostics
import PropertyList

/// Where in Xcode's order an assignment stands, lowest first: each level's `$(inherited)` sees the ones below.
public enum BuildSettingLevel: String, Hashable, Sendable, CaseIterable, Comparable {
    case `default`
    case projectXcconfig = "project-xcconfig"
    case project
    case targetXcconfig = "target-xcconfig"
    case target
    case define

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Where a value was set: its level and, except for built-in defaults and `--define`, the file and line.
public struct BuildSettingOrigin: Hashable, Sendable, CustomStringConvertible {
    public var level: BuildSettingLevel
    /// The assignment in an xcconfig file, or the key in `project.pbxproj`'s `buildSettings`.
    public var location: SourceLocation?

    public init(_ level: BuildSettingLevel, at location: SourceLocation? = nil) {
        self.level = level
        self.location = location
    }

    public var description: String {
        location.map { "\($0) (\(level.rawValue))" } ?? level.rawValue
    }
}

/// One `[key=pattern]` of a conditional assignment, e.g. `[sdk=iphoneos*]`.
public struct BuildSettingCondition: Hashable, Sendable, CustomStringConvertible {
    public var key: String
    /// A glob: `*` matches any run of characters, `?` one character.
    public var pattern: String

    public init(key: String, pattern: String) {
        self.key = key
        self.pattern = pattern
    }

    public var description: String { "[\(key)=\(pattern)]" }

    /// Whether the condition holds for `environment`. An `arch` condition holds for any architecture
    /// (settings are evaluated for the target, not for one slice); an unknown key never holds.
    public func holds(in environment: BuildSettingEnvironment) -> Bool {
        switch key {
        case "sdk": Self.glob(pattern, matches: environment.sdk)
        case "config": Self.glob(pattern, matches: environment.configuration)
        case "arch": environment.architecture.map { Self.glob(pattern, matches: $0) } ?? true
        case "variant": Self.glob(pattern, matches: "normal")
        default: false
        }
    }

    /// Iterative glob matching with one backtracking point per `*`: linear in practice, never recursive.
    package static func glob(_ pattern: String, matches text: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars), text = Array(text.unicodeScalars)
        var p = 0, t = 0, star = -1, mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                mark = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}

/// What conditions are evaluated against: the audit's `sdk=iphoneos`, one configuration, any architecture.
public struct BuildSettingEnvironment: Hashable, Sendable {
    public var sdk: String
    public var configuration: String
    /// nil: any `[arch=…]` condition holds.
    public var architecture: String?

    public init(sdk: String = "iphoneos", configuration: String, architecture: String? = nil) {
        self.sdk = sdk
        self.configuration = configuration
        self.architecture = architecture
    }
}

/// `NAME[cond]… = VALUE`, as written at one level.
public struct BuildSettingAssignment: Hashable, Sendable {
    public var name: String
    public var value: String
    public var conditions: [BuildSettingCondition]
    public var origin: BuildSettingOrigin

    public init(name: String, value: String, conditions: [BuildSettingCondition] = [], origin: BuildSettingOrigin) {
        self.name = name
        self.value = value
        self.conditions = conditions
        self.origin = origin
    }
}
