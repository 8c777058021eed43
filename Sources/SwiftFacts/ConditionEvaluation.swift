import Diagnostics
#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftDiagnostics
@_implementationOnly import SwiftIfConfig
@_implementationOnly import SwiftSyntax

// Which clauses of a file's `#if`s some build of the target compiles (TargetConditions.swift). Each condition is
// evaluated by SwiftIfConfig (the compiler's own rules) with one ``BuildVariantConfiguration`` per build of the
// target (platform × architecture), twice: with the oldest and the newest compiler the target may be built with.
// A clause is read when some build compiles it; a condition that gives an error, or whose answer the compiler's
// version decides, is undecided: its clause is read and the clauses after it are evaluated as if it were false
// (so each one some build may compile is read too), and the scan records it.

/// The clauses of one file's `#if`s that no build of the target compiles, and the conditions left undecided.
struct InactiveClauses {
    var clauses: Set<SyntaxIdentifier> = []
    var undecided: [UndecidedCondition] = []

    /// Every `#if` of `tree`, outside clauses already inactive (a nested `#if` of a dropped clause is not evaluated).
    init(_ tree: some SyntaxProtocol, conditions: TargetConditions, place: @escaping (AbsolutePosition) -> Diagnostics.SourceLocation) {
        let finder = InactiveClauseFinder(configurations: BuildVariantConfiguration.all(for: conditions), place: place)
        finder.walk(tree)
        clauses = finder.inactive
        undecided = finder.undecided
    }
}

private final class InactiveClauseFinder: SyntaxVisitor {
    /// Per build: the configuration with the oldest and with the newest compiler.
    let configurations: [(oldest: BuildVariantConfiguration, newest: BuildVariantConfiguration)]
    let place: (AbsolutePosition) -> Diagnostics.SourceLocation
    var inactive: Set<SyntaxIdentifier> = []
    var undecided: [UndecidedCondition] = []

    init(configurations: [(oldest: BuildVariantConfiguration, newest: BuildVariantConfiguration)],
         place: @escaping (AbsolutePosition) -> Diagnostics.SourceLocation) {
        self.configurations = configurations
        self.place = place
        super.init(viewMode: .sourceAccurate)
    }

    enum Answer: Equatable {
        case active, inactive
        case undecided(String)
    }

    func answer(_ condition: ExprSyntax, in configuration: BuildVariantConfiguration) -> Answer {
        let (state, _, diagnostics) = IfConfigRegionState.evaluating(condition, in: configuration)
        if let error = diagnostics.first(where: { $0.diagMessage.severity == .error }) { return .undecided(error.message) }
        return state == .active ? .active : .inactive
    }

    func answer(_ condition: ExprSyntax, in pair: (oldest: BuildVariantConfiguration, newest: BuildVariantConfiguration)) -> Answer {
        let oldest = answer(condition, in: pair.oldest)
        let newest = answer(condition, in: pair.newest)
        if case .undecided = oldest { return oldest }
        if case .undecided = newest { return newest }
        return oldest == newest ? oldest : .undecided("the Swift version it is built with (compiler or language mode) decides it")
    }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        let clauses = Array(node.clauses)
        var live = Set<Int>()
        var reasons: [Int: String] = [:]
        for pair in configurations {
            for (index, clause) in clauses.enumerated() {
                guard let condition = clause.condition else {
                    live.insert(index)  // `#else`: no clause before it was active
                    break
                }
                switch answer(condition, in: pair) {
                case .active:
                    live.insert(index)
                case .inactive:
                    continue
                case .undecided(let reason):
                    live.insert(index)
                    reasons[index] = reasons[index] ?? reason
                    continue
                }
                break
            }
        }
        for (index, clause) in clauses.enumerated() {
            if !live.contains(index) { inactive.insert(clause.id) }
            if let reason = reasons[index], let condition = clause.condition {
                undecided.append(UndecidedCondition(position: place(condition.positionAfterSkippingLeadingTrivia),
                                                    condition: condition.trimmedDescription, reason: reason))
            }
        }
        return .visitChildren
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        inactive.contains(node.id) ? .skipChildren : .visitChildren
    }
}

/// Why a condition cannot be answered (SwiftIfConfig turns it into an error diagnostic: the condition is undecided).
private struct CannotDecide: Error, CustomStringConvertible {
    var description: String
}

/// One build of a target as SwiftIfConfig asks about it: a platform (Mac Catalyst an environment of iOS), one
/// architecture, the target's flags, features and language mode, and a compiler version.
struct BuildVariantConfiguration: BuildConfiguration {
    var variant: TargetConditions.Variant
    var architecture: String
    var conditions: TargetConditions
    var languageVersion: VersionTuple
    var compilerVersion: VersionTuple

    /// The oldest compiler an App Store build uses now (Xcode 16's Swift 6.0), and one newer than any there is.
    static let oldestCompiler = VersionTuple(6, 0)
    static let newestCompiler = VersionTuple(99)

    static func all(for conditions: TargetConditions) -> [(oldest: BuildVariantConfiguration, newest: BuildVariantConfiguration)] {
        // `swift(…)` compares with the language mode: Swift 5 mode of a Swift 6 compiler is 5.10; Swift 6 mode is
        // the compiler's own version; without SWIFT_VERSION either may be.
        let mode = conditions.languageMode ?? ""
        let languages: (VersionTuple, VersionTuple)
        if mode.hasPrefix("4.2") {
            languages = (VersionTuple(4, 2), VersionTuple(4, 2))
        } else if mode.hasPrefix("4") {
            languages = (VersionTuple(4), VersionTuple(4))
        } else if mode.hasPrefix("5") {
            languages = (VersionTuple(5, 10), VersionTuple(5, 10))
        } else if mode.hasPrefix("6") {
            languages = (VersionTuple(6, 0), newestCompiler)
        } else {
            languages = (VersionTuple(5, 10), newestCompiler)
        }
        return conditions.variants.flatMap { variant in
            variant.architectures.map { architecture in
                (BuildVariantConfiguration(variant: variant, architecture: architecture, conditions: conditions,
                                           languageVersion: languages.0, compilerVersion: oldestCompiler),
                 BuildVariantConfiguration(variant: variant, architecture: architecture, conditions: conditions,
                                           languageVersion: languages.1, compilerVersion: newestCompiler))
            }
        }
    }

    /// Swift 6 mode's upcoming features (SE-0362's list): on in Swift 6 mode, off in Swift 5 mode unless turned on.
    static let swift6Features: Set<String> = [
        "ConciseMagicFile", "ForwardTrailingClosures", "StrictConcurrency", "BareSlashRegexLiterals",
        "DeprecateApplicationMain", "ImportObjcForwardDeclarations", "DisableOutwardActorInference",
        "IsolatedDefaultValues", "GlobalConcurrency", "InferSendableFromCaptures", "ImplicitOpenExistentials",
        "RegionBasedIsolation", "DynamicActorIsolation", "NonfrozenEnumExhaustivity", "GlobalActorIsolatedTypesUsability",
    ]
    /// Upcoming features of later language modes: off unless turned on.
    static let laterUpcomingFeatures: Set<String> = [
        "ExistentialAny", "InternalImportsByDefault", "MemberImportVisibility", "InferIsolatedConformances",
        "NonisolatedNonsendingByDefault", "ImmutableWeakCaptures",
    ]
    /// Language features every Swift 6 compiler has (`hasFeature(X)` asked by code that also builds with older ones).
    static let baselineFeatures: Set<String> = [
        "AsyncAwait", "EffectfulProp", "Actors", "ConcurrentFunctions", "Sendable", "GlobalActors", "BuiltinMacros",
        "Macros", "FreestandingExpressionMacros", "AttachedMacros", "ExtensionMacros", "FreestandingMacros",
        "ParameterPacks", "MoveOnly", "NoncopyableGenerics", "RetroactiveAttribute", "TypedThrows", "BorrowingSwitch",
        "IsolatedAny", "SendingArgsAndResults", "BitwiseCopyable", "OptionalIsolatedParameters", "ConformanceSuppression",
        "PrimaryAssociatedTypes2", "UnavailableFromAsync", "NoAsyncAvailability", "AssociatedTypeAvailability",
    ]
    /// Attributes every Swift 6 compiler knows (`hasAttribute(X)`).
    static let knownAttributes: Set<String> = [
        "available", "objc", "objcMembers", "nonobjc", "MainActor", "Sendable", "preconcurrency", "retroactive",
        "unchecked", "discardableResult", "inlinable", "usableFromInline", "frozen", "propertyWrapper", "resultBuilder",
        "dynamicMemberLookup", "dynamicCallable", "main", "testable", "escaping", "autoclosure", "globalActor",
        "backDeployed", "attached", "freestanding", "nonisolated", "isolated", "sending", "unknown", "warn_unqualified_access",
        "_implementationOnly", "_spi", "_exported",
    ]

    func isCustomConditionSet(name: String) throws -> Bool { conditions.flags.contains(name) }

    func hasFeature(name: String) throws -> Bool {
        if conditions.enabledFeatures.contains(name) || Self.baselineFeatures.contains(name) { return true }
        if Self.swift6Features.contains(name) { return languageVersion >= VersionTuple(6) }
        if Self.laterUpcomingFeatures.contains(name) { return false }
        throw CannotDecide(description: "whether the compiler has the feature '\(name)' is not known")
    }

    func hasAttribute(name: String) throws -> Bool {
        guard Self.knownAttributes.contains(name) else {
            throw CannotDecide(description: "whether the compiler knows the attribute '\(name)' is not known")
        }
        return true
    }

    /// The audit has no SDK and no built dependencies, so no module can be looked up: a module the code asks for is
    /// taken to exist (Apple's frameworks are in each platform's SDK, and a project builds with its packages
    /// resolved; false would drop code the app compiles). The exceptions are the frameworks code uses to tell the
    /// platforms apart, whose presence is known: UIKit is on every platform but native macOS (watchOS has a part of
    /// it), AppKit and Cocoa on macOS only (and Mac Catalyst, whose SDK has them).
    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) throws -> Bool {
        guard let module = importPath.first?.1 else { return true }
        switch module {
        case "UIKit": return variant.platform != .macOS
        case "AppKit", "Cocoa": return variant.platform == .macOS || variant.macCatalyst
        default: return true
        }
    }

    func isActiveTargetOS(name: String) throws -> Bool { variant.osNames.contains(name) }

    func isActiveTargetArchitecture(name: String) throws -> Bool { name == architecture }

    /// `macCatalyst` in the Mac Catalyst build; never `simulator`: what ships is a device build.
    func isActiveTargetEnvironment(name: String) throws -> Bool { name == "macCatalyst" && variant.macCatalyst }

    func isActiveTargetRuntime(name: String) throws -> Bool { name == "_ObjC" }

    /// Apps ship `arm64`, not `arm64e`: no pointer authentication scheme.
    func isActiveTargetPointerAuthentication(name: String) throws -> Bool { false }

    func isActiveTargetObjectFormat(name: String) throws -> Bool { name == "MachO" }

    var targetPointerBitWidth: Int { architecture == "arm64_32" ? 32 : 64 }

    var targetAtomicBitWidths: [Int] { architecture == "arm64_32" ? [8, 16, 32, 64] : [8, 16, 32, 64, 128] }

    var endianness: Endianness { .little }
}
#endif
