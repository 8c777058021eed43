import BuildSettings
/// The settings Xcode defines before any project or xcconfig does (level ``BuildSettingLevel/default``),
/// for the iOS device SDK. Derived ones are written as references, so a project that sets `PRODUCT_NAME`
/// or `WRAPPER_EXTENSION` gets the dependent values (`PRODUCT_MODULE_NAME`, `FULL_PRODUCT_NAME` …) right.
enum BuiltInBuildSettings {
    static func assignments(project: XcodeProject, target: XcodeTarget, configuration: String) -> [BuildSettingAssignment] {
        let product = productKind(target.productType)
        var settings: [(String, String)] = [
            ("ACTION", "build"),
            ("CONFIGURATION", configuration),
            ("TARGET_NAME", target.name),
            ("TARGETNAME", "$(TARGET_NAME)"),
            ("PRODUCT_NAME", "$(TARGET_NAME)"),
            ("PRODUCT_MODULE_NAME", "$(PRODUCT_NAME:c99extidentifier)"),
            ("PRODUCT_TYPE", target.productType ?? ""),
            ("PROJECT_NAME", project.name),
            ("PROJECT_DIR", project.sourceRoot),
            ("PROJECT_FILE_PATH", project.path),
            ("SRCROOT", "$(PROJECT_DIR)"),
            ("SOURCE_ROOT", "$(SRCROOT)"),
            ("SDKROOT", "iphoneos"),
            ("SDK_NAME", "iphoneos"),
            ("PLATFORM_NAME", "iphoneos"),
            ("EFFECTIVE_PLATFORM_NAME", "-iphoneos"),
            ("PLATFORM_DISPLAY_NAME", "iOS"),
            ("ARCHS_STANDARD", "arm64"),
            ("ARCHS", "$(ARCHS_STANDARD)"),
            ("CURRENT_ARCH", "arm64"),
            ("NATIVE_ARCH", "arm64"),
            ("DEVELOPER_DIR", "/Applications/Xcode.app/Contents/Developer"),
            ("SYMROOT", "$(PROJECT_DIR)/build"),
            ("OBJROOT", "$(SYMROOT)"),
            ("BUILD_DIR", "$(SYMROOT)"),
            ("BUILD_ROOT", "$(SYMROOT)"),
            ("BUILT_PRODUCTS_DIR", "$(BUILD_DIR)/$(CONFIGURATION)$(EFFECTIVE_PLATFORM_NAME)"),
            ("CONFIGURATION_BUILD_DIR", "$(BUILT_PRODUCTS_DIR)"),
            ("TARGET_BUILD_DIR", "$(CONFIGURATION_BUILD_DIR)"),
            // Intermediates: files a build phase writes there (an Info.plist a script generates) are in no repository.
            ("PROJECT_TEMP_DIR", "$(OBJROOT)/$(PROJECT_NAME).build"),
            ("CONFIGURATION_TEMP_DIR", "$(PROJECT_TEMP_DIR)/$(CONFIGURATION)$(EFFECTIVE_PLATFORM_NAME)"),
            ("TARGET_TEMP_DIR", "$(CONFIGURATION_TEMP_DIR)/$(TARGET_NAME).build"),
            ("DERIVED_FILE_DIR", "$(TARGET_TEMP_DIR)/DerivedSources"),
            ("DERIVED_SOURCES_DIR", "$(DERIVED_FILE_DIR)"),
            ("DEVELOPMENT_LANGUAGE", "en"),
            ("INFOPLIST_EXPAND_BUILD_SETTINGS", "YES"),
            ("GENERATE_INFOPLIST_FILE", "NO"),
            ("EXECUTABLE_PREFIX", product.prefix),
            ("EXECUTABLE_SUFFIX", product.suffix),
            ("EXECUTABLE_NAME", "$(EXECUTABLE_PREFIX)$(PRODUCT_NAME)$(EXECUTABLE_SUFFIX)"),
        ]
        if let wrapper = product.wrapperExtension {
            settings += [
                ("WRAPPER_EXTENSION", wrapper),
                ("WRAPPER_SUFFIX", ".$(WRAPPER_EXTENSION)"),
                ("WRAPPER_NAME", "$(PRODUCT_NAME)$(WRAPPER_SUFFIX)"),
                ("FULL_PRODUCT_NAME", "$(WRAPPER_NAME)"),
                ("CONTENTS_FOLDER_PATH", "$(WRAPPER_NAME)"),
                ("INFOPLIST_PATH", "$(CONTENTS_FOLDER_PATH)/Info.plist"),
                ("EXECUTABLE_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)"),
                ("EXECUTABLE_PATH", "$(EXECUTABLE_FOLDER_PATH)/$(EXECUTABLE_NAME)"),
            ]
        } else {
            settings += [("FULL_PRODUCT_NAME", "$(EXECUTABLE_NAME)"), ("EXECUTABLE_PATH", "$(EXECUTABLE_NAME)")]
        }
        if let packageType = product.packageType { settings.append(("PRODUCT_BUNDLE_PACKAGE_TYPE", packageType)) }
        return settings.map { BuildSettingAssignment(name: $0.0, value: $0.1, origin: BuildSettingOrigin(.default)) }
    }

    private struct ProductKind {
        var wrapperExtension: String?
        var packageType: String?
        var prefix = ""
        var suffix = ""
    }

    private static func productKind(_ type: String?) -> ProductKind {
        guard let type else { return ProductKind() }
        let name = type.hasPrefix("com.apple.product-type.") ? String(type.dropFirst("com.apple.product-type.".count)) : type
        if name.hasPrefix("application") || name.hasPrefix("watchapp") { return ProductKind(wrapperExtension: "app", packageType: "APPL") }
        if name.hasPrefix("app-extension") || name.hasPrefix("extensionkit-extension") || name.hasPrefix("tv-app-extension")
            || name.hasPrefix("watchkit") {
            return ProductKind(wrapperExtension: "appex", packageType: "XPC!")
        }
        if name.hasPrefix("framework") { return ProductKind(wrapperExtension: "framework", packageType: "FMWK") }
        if name.hasPrefix("bundle.unit-test") || name.hasPrefix("bundle.ui-testing") {
            return ProductKind(wrapperExtension: "xctest", packageType: "BNDL")
        }
        if name.hasPrefix("bundle") { return ProductKind(wrapperExtension: "bundle", packageType: "BNDL") }
        if name.hasPrefix("xpc-service") { return ProductKind(wrapperExtension: "xpc", packageType: "XPC!") }
        if name.hasPrefix("library.static") { return ProductKind(prefix: "lib", suffix: ".a") }
        if name.hasPrefix("library.dynamic") { return ProductKind(prefix: "lib", suffix: ".dylib") }
        return ProductKind()
    }
}
