import BuildSettings
import ObjCFacts
import SwiftFacts

// A target's compile-time conditions from its resolved build settings of the audited configuration (issue 24):
// what the Swift reader keeps of `#if` and what clang reads Objective-C with.

extension TargetConditions {
    /// - Platforms: `SDKROOT`'s first, then each of `SUPPORTED_PLATFORMS` (`iphoneos`/`iphonesimulator` → iOS,
    ///   `macosx` → macOS, `appletvos` → tvOS, `watchos` → watchOS, `xros` → visionOS); `SUPPORTS_MACCATALYST = YES`
    ///   adds iOS's Mac Catalyst build. iOS when none is named (Xcode's default `SDKROOT`).
    /// - Swift flags: `SWIFT_ACTIVE_COMPILATION_CONDITIONS` and `-D X` / `-DX` of `OTHER_SWIFT_FLAGS`.
    /// - Swift features: `SWIFT_UPCOMING_FEATURE_X = YES`, `SWIFT_STRICT_CONCURRENCY = complete`,
    ///   `-enable-upcoming-feature X` / `-enable-experimental-feature X` of `OTHER_SWIFT_FLAGS`; `SWIFT_VERSION`.
    /// - Objective-C: `GCC_PREPROCESSOR_DEFINITIONS` and `-D` of `OTHER_CFLAGS`.
    package init(settings: ResolvedBuildSettings) {
        self.init(setting: { settings[$0] }, names: Array(settings.settings.keys))
    }

    /// `setting` gives a resolved value by name; `names` are every setting defined (for `SWIFT_UPCOMING_FEATURE_*`).
    package init(setting: (String) -> String?, names: [String] = []) {
        func words(_ name: String) -> [String] {
            ObjCCompilerArguments.words(setting(name) ?? "").filter { $0 != "$(inherited)" }
        }
        var platforms: [Platform] = []
        for name in words("SDKROOT") + words("SUPPORTED_PLATFORMS") {
            if let platform = Platform(sdk: name), !platforms.contains(platform) { platforms.append(platform) }
        }
        if platforms.isEmpty { platforms = [.iOS] }
        var variants = platforms.map { Variant($0) }
        if platforms.contains(.iOS), (setting("SUPPORTS_MACCATALYST") ?? "").uppercased() == "YES" {
            variants.append(Variant(.iOS, macCatalyst: true))
        }

        var flags = Set(words("SWIFT_ACTIVE_COMPILATION_CONDITIONS"))
        var features: Set<String> = []
        let swiftFlags = words("OTHER_SWIFT_FLAGS")
        var index = 0
        while index < swiftFlags.count {
            let flag = swiftFlags[index]
            let next = index + 1 < swiftFlags.count ? swiftFlags[index + 1] : nil
            if flag == "-Xcc" || flag == "-Xfrontend" {
                // Arguments of another tool (clang's -D, the frontend's own): not Swift conditions.
                index += 2
                continue
            }
            if flag == "-D", let next {
                flags.insert(next)
                index += 2
                continue
            }
            if flag.hasPrefix("-D"), flag.count > 2 {
                flags.insert(String(flag.dropFirst(2)))
            } else if flag == "-enable-upcoming-feature" || flag == "-enable-experimental-feature", let next {
                features.insert(String(next.prefix { $0 != ":" }))
                index += 2
                continue
            }
            index += 1
        }
        for name in names where name.hasPrefix("SWIFT_UPCOMING_FEATURE_") && (setting(name) ?? "").uppercased() == "YES" {
            // SWIFT_UPCOMING_FEATURE_EXISTENTIAL_ANY → ExistentialAny
            features.insert(name.dropFirst("SWIFT_UPCOMING_FEATURE_".count).split(separator: "_")
                .map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined())
        }
        if (setting("SWIFT_STRICT_CONCURRENCY") ?? "").lowercased() == "complete" { features.insert("StrictConcurrency") }
        let mode = setting("SWIFT_VERSION").flatMap { $0.isEmpty ? nil : $0 }

        let definitions = words("GCC_PREPROCESSOR_DEFINITIONS") + ObjCCompilerArguments.definitions(inFlags: words("OTHER_CFLAGS"))
        self.init(variants: variants, flags: flags, languageMode: mode, enabledFeatures: features,
                  preprocessorDefinitions: definitions)
    }
}
