import Diagnostics

/// What decides a target's compile-time conditions (`#if` in Swift, `#if` of the C preprocessor in Objective-C):
/// the platforms it builds for, its Swift compilation conditions and its preprocessor definitions. Built by the
/// audit from the target's resolved build settings of the audited configuration (Audit's
/// `TargetConditions(settings:)`); the Swift reader keeps only the clauses some build of the target compiles, and
/// the Objective-C reader gives clang the target triple of ``primaryVariant`` and ``preprocessorDefinitions``.
///
/// A target that builds for several platforms (`SUPPORTED_PLATFORMS = iphoneos macosx`, Mac Catalyst) is the
/// union of its builds: a clause is read when it is active in ANY of them.
package struct TargetConditions: Sendable, Hashable {
    package enum Platform: String, Sendable, Hashable, CaseIterable, Comparable {
        case iOS, macOS, tvOS, watchOS, visionOS

        package static func < (left: Platform, right: Platform) -> Bool {
            allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
        }

        /// The platform of an SDK or platform name as build settings write it (`iphoneos`, `iphonesimulator`,
        /// `macosx`, `appletvos`, `watchos`, `xros`; an SDK path ending in one, any case); nil for anything else.
        package init?(sdk: String) {
            var name = sdk.lowercased()
            if let slash = name.lastIndex(of: "/") { name = String(name[name.index(after: slash)...]) }
            if name.hasSuffix(".sdk") { name.removeLast(4) }
            name = String(name.prefix { $0.isLetter })
            switch name {
            case "iphoneos", "iphonesimulator": self = .iOS
            case "macosx", "macos": self = .macOS
            case "appletvos", "appletvsimulator": self = .tvOS
            case "watchos", "watchsimulator": self = .watchOS
            case "xros", "xrsimulator", "visionos", "visionossimulator": self = .visionOS
            default: return nil
            }
        }
    }

    /// One build of the target: a platform, and for iOS whether it is the Mac Catalyst build.
    package struct Variant: Sendable, Hashable, Comparable, CustomStringConvertible {
        package var platform: Platform
        package var macCatalyst: Bool

        package init(_ platform: Platform, macCatalyst: Bool = false) {
            self.platform = platform
            self.macCatalyst = macCatalyst
        }

        package static func < (left: Variant, right: Variant) -> Bool {
            (left.platform, left.macCatalyst ? 1 : 0) < (right.platform, right.macCatalyst ? 1 : 0)
        }

        package var description: String { macCatalyst ? "Mac Catalyst" : platform.rawValue }

        /// The names `os(…)` is true for in this build (visionOS also answers to its early name `xrOS`).
        package var osNames: Set<String> {
            platform == .visionOS ? ["visionOS", "xrOS"] : [platform.rawValue]
        }

        /// The architectures an archive of this build holds, each evaluated on its own (`arch(x86_64)` and
        /// `!arch(x86_64)` are both live in a universal macOS app). Device builds only: an archive has no simulator slice.
        package var architectures: [String] {
            switch platform {
            case .macOS: ["arm64", "x86_64"]
            case .watchOS: ["arm64", "arm64_32"]
            case .iOS where macCatalyst: ["arm64", "x86_64"]
            default: ["arm64"]
            }
        }

        /// The target triple clang reads this build's Objective-C with, so that it predefines `TARGET_OS_*` as
        /// Xcode's clang does (the deployment versions are the oldest the App Store takes code built for now; they
        /// only matter to availability macros).
        package var clangTargetTriple: String {
            switch platform {
            case .iOS: macCatalyst ? "arm64-apple-ios15.0-macabi" : "arm64-apple-ios15.0"
            case .macOS: "arm64-apple-macos12.0"
            case .tvOS: "arm64-apple-tvos15.0"
            case .watchOS: "arm64-apple-watchos8.0"
            case .visionOS: "arm64-apple-xros1.0"
            }
        }
    }

    /// Every build of the target, never empty, the one of its `SDKROOT` first.
    package private(set) var variants: [Variant]
    /// Swift's custom conditions: `SWIFT_ACTIVE_COMPILATION_CONDITIONS` and `-D X` of `OTHER_SWIFT_FLAGS`
    /// (`DEBUG` only where the configuration sets it).
    package var flags: Set<String>
    /// `SWIFT_VERSION` as written (`5.0`, `6`), nil when not set: what `swift(…)` compares with.
    package var languageMode: String?
    /// Upcoming and experimental features turned on (`SWIFT_UPCOMING_FEATURE_X = YES`, `-enable-upcoming-feature X`,
    /// `-enable-experimental-feature X`): `hasFeature(X)` is true for them.
    package var enabledFeatures: Set<String>
    /// The Objective-C preprocessor's definitions (`GCC_PREPROCESSOR_DEFINITIONS`, `-D` of `OTHER_CFLAGS`), as
    /// `NAME` or `NAME=VALUE`, in order.
    package var preprocessorDefinitions: [String]

    package init(variants: [Variant] = [Variant(.iOS)], flags: Set<String> = [], languageMode: String? = nil,
                 enabledFeatures: Set<String> = [], preprocessorDefinitions: [String] = []) {
        var seen: Set<Variant> = []
        let unique = variants.filter { seen.insert($0).inserted }
        self.variants = unique.isEmpty ? [Variant(.iOS)] : unique
        self.flags = flags
        self.languageMode = languageMode
        self.enabledFeatures = enabledFeatures
        self.preprocessorDefinitions = preprocessorDefinitions
    }

    /// The build the Objective-C reader compiles for (clang reads a file with one triple): the first, the
    /// target's `SDKROOT`.
    package var primaryVariant: Variant { variants[0] }
}

/// An `#if` condition the Swift reader could not decide for a target (SwiftIfConfig gave an error, a feature or
/// attribute the reader cannot know, a version check the compiler's version decides): the clause it guards and the
/// clauses after it are all read, and the audit says so in a note rather than guess.
package struct UndecidedCondition: Sendable, Hashable {
    /// Where the condition is (its first token).
    package var position: SourceLocation
    /// The condition as written (`hasFeature(Embedded)`).
    package var condition: String
    /// Why it cannot be decided, as a sentence fragment.
    package var reason: String

    package init(position: SourceLocation, condition: String, reason: String) {
        self.position = position
        self.condition = condition
        self.reason = reason
    }
}
