public import BuildSettings
public import Diagnostics
public import PropertyList

/// One element of an Info.plist's `NSUserActivityTypes` array: what was written, where, and what it
/// expands to with the build settings in force.
public struct ActivityTypeDeclaration: Hashable, Sendable {
    /// The element's position in the array, from 0.
    public let index: Int
    /// The element as read; a declaration is only usable when this is a string.
    public let element: PropertyListValue
    /// The `<` of the element in the XML source; nil for binary property lists.
    public let location: SourceLocation?
    /// The build-setting expansion of the string; nil when the element is not a string.
    public let expansion: BuildSettingExpansion?

    public init(index: Int, element: PropertyListValue, location: SourceLocation?, settings: BuildSettings) {
        self.index = index
        self.element = element
        self.location = location
        expansion = element.stringValue.map { settings.expand($0) }
    }

    /// The string as written in the Info.plist, e.g. `$(PRODUCT_BUNDLE_IDENTIFIER).open`.
    public var rawValue: String? { element.stringValue }

    /// The string after build-setting expansion; unexpandable references stay as written.
    public var resolvedValue: String? { expansion?.value }

    /// True for a string whose every build-setting reference was expanded.
    public var isResolved: Bool { expansion?.isResolved ?? false }

    /// The system type this declaration names, if any.
    public var systemType: SystemActivityType? { resolvedValue.flatMap(SystemActivityType.init(rawValue:)) }
}
