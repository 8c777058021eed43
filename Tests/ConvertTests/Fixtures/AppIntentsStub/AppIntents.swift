// An interface stub of Apple's AppIntents framework, for `swiftc -typecheck` of what `activity-bridge convert`
// writes, on Linux. It declares only what the generated code uses, with the shapes Apple's reference gives
// (https://developer.apple.com/documentation/appintents, each declaration names its page); bodies are never
// run. A generated `@Parameter` of a type App Intents does not take (no `_IntentValue`) fails to type-check
// here as it would in Xcode.
import CoreLocation
import Foundation

// MARK: - Foundation's localized strings (Apple's Foundation has them; swift-corelibs-foundation does not)

extension String {
    /// https://developer.apple.com/documentation/swift/string/localizationvalue
    public struct LocalizationValue: ExpressibleByStringInterpolation, Sendable {
        public init(stringLiteral value: String) {}
        public init(stringInterpolation: DefaultStringInterpolation) {}
    }
}

/// https://developer.apple.com/documentation/foundation/localizedstringresource
public struct LocalizedStringResource: ExpressibleByStringInterpolation, Sendable {
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: DefaultStringInterpolation) {}
    /// https://developer.apple.com/documentation/foundation/localizedstringresource/init(_:table:locale:bundle:comment:)
    public init(_ keyAndValue: String.LocalizationValue, table: String? = nil) {}
    /// https://developer.apple.com/documentation/foundation/localizedstringresource/init(_:defaultvalue:table:locale:bundle:comment:)
    public init(_ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil) {}
}

// MARK: - Values parameters and properties can hold

/// The values App Intents parameters take (the types listed under "Parameter types" of
/// https://developer.apple.com/documentation/appintents/intentparameter): what `@Parameter` requires of its value.
public protocol _IntentValue {}
extension String: _IntentValue {}
extension Bool: _IntentValue {}
extension Int: _IntentValue {}
extension Double: _IntentValue {}
extension Decimal: _IntentValue {}
extension URL: _IntentValue {}
extension Date: _IntentValue {}
extension DateComponents: _IntentValue {}
extension Measurement: _IntentValue {}
/// https://developer.apple.com/documentation/appintents/intentparameter — `CLPlacemark` is a supported type.
extension CLPlacemark: _IntentValue {}
extension Optional: _IntentValue where Wrapped: _IntentValue {}
extension Array: _IntentValue where Element: _IntentValue {}

/// https://developer.apple.com/documentation/appintents/intentfile
public struct IntentFile: _IntentValue, Sendable {
    public var data: Data
    public var filename: String
    /// https://developer.apple.com/documentation/appintents/intentfile/fileurl
    public var fileURL: URL?
}

/// https://developer.apple.com/documentation/appintents/intentperson
public struct IntentPerson: _IntentValue, Sendable {}

// MARK: - Intents

/// https://developer.apple.com/documentation/appintents/appintent
public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult
    associatedtype SummaryContent: ParameterSummary
    init()
    /// https://developer.apple.com/documentation/appintents/appintent/title
    static var title: LocalizedStringResource { get }
    /// https://developer.apple.com/documentation/appintents/appintent/description
    static var description: IntentDescription? { get }
    /// https://developer.apple.com/documentation/appintents/appintent/parametersummary
    static var parameterSummary: SummaryContent { get }
    /// https://developer.apple.com/documentation/appintents/appintent/openappwhenrun
    static var openAppWhenRun: Bool { get }
    /// https://developer.apple.com/documentation/appintents/appintent/perform()
    func perform() async throws -> PerformResult
}

extension AppIntent {
    public static var description: IntentDescription? { nil }
    public static var openAppWhenRun: Bool { false }
    /// https://developer.apple.com/documentation/appintents/appintent/parametersummary-4vgic
    public static var parameterSummary: some ParameterSummary { IntentParameterSummary<Self>() }
    /// https://developer.apple.com/documentation/appintents/appintent/parameter
    public typealias Parameter<Value: _IntentValue> = IntentParameter<Value>
    /// https://developer.apple.com/documentation/appintents/appintent/summary
    public typealias Summary = IntentParameterSummary<Self>
}

/// https://developer.apple.com/documentation/appintents/customintentmigratedappintent
public protocol CustomIntentMigratedAppIntent: AppIntent {
    /// https://developer.apple.com/documentation/appintents/customintentmigratedappintent/intentclassname
    static var intentClassName: String { get }
}

/// https://developer.apple.com/documentation/appintents/widgetconfigurationintent
public protocol WidgetConfigurationIntent: AppIntent {}

extension WidgetConfigurationIntent {
    /// A widget's configuration is not run: the protocol gives `perform()` a default.
    public func perform() async throws -> some IntentResult { .result() }
}

/// https://developer.apple.com/documentation/appintents/intentdescription
public struct IntentDescription: ExpressibleByStringLiteral, Sendable {
    /// https://developer.apple.com/documentation/appintents/intentdescription/init(_:categoryname:searchkeywords:)
    public init(_ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil, searchKeywords: [LocalizedStringResource] = []) {}
    public init(stringLiteral value: String) {}
}

/// https://developer.apple.com/documentation/appintents/intentresult
public protocol IntentResult: Sendable {}

/// https://developer.apple.com/documentation/appintents/intentresultcontainer
public struct IntentResultContainer<Value, OpensIntent, Content, Dialog>: IntentResult {}

extension IntentResult {
    /// https://developer.apple.com/documentation/appintents/intentresult/result()
    public static func result() -> Self where Self == IntentResultContainer<Never, Never, Never, Never> { IntentResultContainer() }
}

/// https://developer.apple.com/documentation/appintents/intentparameter
@propertyWrapper
public final class IntentParameter<Value: _IntentValue>: @unchecked Sendable {
    public var wrappedValue: Value {
        get { fatalError("a stub") }
        set {}
    }

    public var projectedValue: IntentParameter<Value> { self }

    /// https://developer.apple.com/documentation/appintents/intentparameter/init(title:description:requestvaluedialog:inputoptions:)
    /// — an optional parameter with no default: what every converted SiriKit parameter is.
    public init<Wrapped>(title: LocalizedStringResource, description: LocalizedStringResource? = nil) where Value == Wrapped? {}
}

// MARK: - Parameter summaries

/// https://developer.apple.com/documentation/appintents/parametersummary
public protocol ParameterSummary {
    associatedtype Intent: AppIntent
}

/// https://developer.apple.com/documentation/appintents/intentparametersummary
public struct IntentParameterSummary<Intent: AppIntent>: ParameterSummary {
    /// https://developer.apple.com/documentation/appintents/intentparametersummary/init()
    public init() {}
    /// https://developer.apple.com/documentation/appintents/intentparametersummary/init(_:table:)
    public init(_ string: ParameterSummaryString<Intent>, table: String? = nil) {}
    /// https://developer.apple.com/documentation/appintents/intentparametersummary/init(_:table:_:)
    public init(_ string: ParameterSummaryString<Intent>, table: String? = nil,
                @ParameterKeyPathsBuilder _ additionalParameterKeyPaths: () -> [PartialKeyPath<Intent>]) {}

    /// https://developer.apple.com/documentation/appintents/intentparametersummary/parameterkeypathsbuilder
    @resultBuilder
    public enum ParameterKeyPathsBuilder {
        /// https://developer.apple.com/documentation/appintents/intentparametersummary/parameterkeypathsbuilder/buildblock(_:)
        public static func buildBlock(_ blocks: PartialKeyPath<Intent>...) -> [PartialKeyPath<Intent>] { blocks }
        /// https://developer.apple.com/documentation/appintents/intentparametersummary/parameterkeypathsbuilder/buildexpression(_:)
        public static func buildExpression<ValueType: _IntentValue & Sendable>(_ expression: KeyPath<Intent, IntentParameter<ValueType>>) -> PartialKeyPath<Intent> {
            expression
        }
    }
}

/// https://developer.apple.com/documentation/appintents/parametersummarystring
public struct ParameterSummaryString<Intent: AppIntent>: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: StringInterpolation) {}

    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {}
        /// https://developer.apple.com/documentation/appintents/parametersummarystring/stringinterpolation/appendinterpolation(_:)
        public mutating func appendInterpolation<Value>(_ parameterKeyPath: KeyPath<Intent, IntentParameter<Value>>) {}
    }
}

/// https://developer.apple.com/documentation/appintents/anyintentvalue — "Conforming Types: IntentParameter".
public protocol AnyIntentValue: Sendable {
    /// https://developer.apple.com/documentation/appintents/anyintentvalue/value
    associatedtype Value: _IntentValue
}

extension IntentParameter: AnyIntentValue {}

/// https://developer.apple.com/documentation/appintents/hasvaluecomparisonoperator
public enum HasValueComparisonOperator: Hashable, Sendable {
    /// https://developer.apple.com/documentation/appintents/hasvaluecomparisonoperator/hasanyvalue
    case hasAnyValue
    /// https://developer.apple.com/documentation/appintents/hasvaluecomparisonoperator/hasnovalue
    case hasNoValue
}

/// https://developer.apple.com/documentation/appintents/parametersummarybuilder
@resultBuilder
public enum ParameterSummaryBuilder<Intent: AppIntent> {
    /// https://developer.apple.com/documentation/appintents/parametersummarybuilder/buildblock(_:)
    public static func buildBlock<Summary: ParameterSummary>(_ block: Summary) -> Summary where Intent == Summary.Intent { block }
    /// https://developer.apple.com/documentation/appintents/parametersummarybuilder/buildexpression(_:)
    public static func buildExpression<Summary: ParameterSummary>(_ expression: Summary) -> Summary where Intent == Summary.Intent { expression }
}

/// https://developer.apple.com/documentation/appintents/parametersummarywhencondition
public struct ParameterSummaryWhenCondition<Intent: AppIntent, WhenCondition: ParameterSummary, Otherwise: ParameterSummary>: ParameterSummary {
    /// https://developer.apple.com/documentation/appintents/parametersummarywhencondition/init(_:_:_:otherwise:)
    public init<Parameter: AnyIntentValue>(_ keyPath: KeyPath<Intent, Parameter>, _ comparisonOperator: HasValueComparisonOperator,
                                           @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                                           @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise) {}
}

// MARK: - Display

/// https://developer.apple.com/documentation/appintents/typedisplayrepresentation
public struct TypeDisplayRepresentation: ExpressibleByStringLiteral, Sendable {
    /// https://developer.apple.com/documentation/appintents/typedisplayrepresentation/init(name:numericformat:)
    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) {}
    public init(stringLiteral value: String) {}
}

/// https://developer.apple.com/documentation/appintents/displayrepresentation
public struct DisplayRepresentation: ExpressibleByStringLiteral, Sendable {
    /// https://developer.apple.com/documentation/appintents/displayrepresentation/init(title:subtitle:image:)
    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil) {}
    public init(stringLiteral value: String) {}
}

// MARK: - Enums and entities

/// https://developer.apple.com/documentation/appintents/appenum
public protocol AppEnum: _IntentValue, CaseIterable, Hashable, RawRepresentable, Sendable where RawValue: LosslessStringConvertible {
    /// https://developer.apple.com/documentation/appintents/typedisplayrepresentable/typedisplayrepresentation
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// https://developer.apple.com/documentation/appintents/caseddisplayrepresentable/casedisplayrepresentations
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

/// https://developer.apple.com/documentation/appintents/entityidentifierconvertible
public protocol EntityIdentifierConvertible {}
extension String: EntityIdentifierConvertible {}
extension UUID: EntityIdentifierConvertible {}
extension Int: EntityIdentifierConvertible {}

/// https://developer.apple.com/documentation/appintents/appentity
public protocol AppEntity: _IntentValue, Identifiable, Sendable where ID: EntityIdentifierConvertible & Sendable {
    /// https://developer.apple.com/documentation/appintents/appentity/defaultquery-swift.associatedtype
    associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// https://developer.apple.com/documentation/appintents/appentity/defaultquery-swift.type.property
    static var defaultQuery: DefaultQuery { get }
    /// https://developer.apple.com/documentation/appintents/displayrepresentable/displayrepresentation
    var displayRepresentation: DisplayRepresentation { get }
}

extension AppEntity {
    /// https://developer.apple.com/documentation/appintents/appentity/property
    public typealias Property<Value: _IntentValue> = EntityProperty<Value>
}

/// https://developer.apple.com/documentation/appintents/entityproperty
@propertyWrapper
public final class EntityProperty<Value: _IntentValue>: @unchecked Sendable {
    public var wrappedValue: Value {
        get { fatalError("a stub") }
        set {}
    }

    /// https://developer.apple.com/documentation/appintents/entityproperty/init(title:)
    public init<Wrapped>(title: LocalizedStringResource) where Value == Wrapped? {}
}

/// https://developer.apple.com/documentation/appintents/entityquery
public protocol EntityQuery: Sendable {
    associatedtype Entity: AppEntity
    init()
    /// https://developer.apple.com/documentation/appintents/entityquery/entities(for:)
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    /// https://developer.apple.com/documentation/appintents/entityquery/suggestedentities()
    func suggestedEntities() async throws -> [Entity]
}

extension EntityQuery {
    public func suggestedEntities() async throws -> [Entity] { [] }
}

// MARK: - App Shortcuts

/// https://developer.apple.com/documentation/appintents/appshortcutsprovider
public protocol AppShortcutsProvider {
    /// https://developer.apple.com/documentation/appintents/appshortcutsprovider/appshortcuts
    @AppShortcutsBuilder static var appShortcuts: [AppShortcut] { get }
}

/// https://developer.apple.com/documentation/appintents/appshortcutsbuilder
@resultBuilder
public enum AppShortcutsBuilder {
    /// https://developer.apple.com/documentation/appintents/appshortcutsbuilder/buildexpression(_:)
    public static func buildExpression(_ expression: AppShortcut) -> [AppShortcut] { [expression] }
    /// https://developer.apple.com/documentation/appintents/appshortcutsbuilder/buildblock(_:)
    public static func buildBlock(_ components: [AppShortcut]...) -> [AppShortcut] { components.flatMap { $0 } }
}

/// https://developer.apple.com/documentation/appintents/appshortcut
public struct AppShortcut: Sendable {
    /// https://developer.apple.com/documentation/appintents/appshortcut/init(intent:phrases:shorttitle:systemimagename:)
    public init<Intent: AppIntent>(intent: Intent, phrases: [AppShortcutPhrase<Intent>], shortTitle: LocalizedStringResource, systemImageName: String) {}
}

/// https://developer.apple.com/documentation/appintents/appshortcutphrase — a phrase is a string literal whose
/// interpolations are the application name token or one of the intent's parameters.
public struct AppShortcutPhrase<Intent: AppIntent>: ExpressibleByStringInterpolation, Sendable {
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: StringInterpolation) {}

    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {}
        /// https://developer.apple.com/documentation/appintents/appshortcutphrase/stringinterpolation/appendinterpolation(_:)-5a4uq
        public mutating func appendInterpolation(_ token: AppShortcutPhraseToken) {}
        /// https://developer.apple.com/documentation/appintents/appshortcutphrase/stringinterpolation/appendinterpolation(_:)-6bc8b
        public mutating func appendInterpolation<Value>(_ parameter: KeyPath<Intent, IntentParameter<Value>>) {}
    }
}

/// https://developer.apple.com/documentation/appintents/appshortcutphrasetoken
public enum AppShortcutPhraseToken: Sendable {
    /// https://developer.apple.com/documentation/appintents/appshortcutphrasetoken/applicationname
    case applicationName
}
