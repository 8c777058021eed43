import Diagnostics
#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

/// The manifest's declarations turned into ``PackageManifest`` (ManifestInterpreter.swift evaluates the values).
extension ManifestInterpreter {

    func manifest(_ package: ManifestCall) -> PackageManifest {
        var result = PackageManifest(name: package.argument("name")?.stringValue, position: position(package.offset))
        switch package.argument("products") {
        case let .array(products)?:
            for value in products {
                guard case let .call(call) = value, let name = call.argument("name")?.stringValue else {
                    result.productsAreComplete = false
                    gap(in: &result, "a product", value, fallback: package.offset)
                    continue
                }
                let kind = PackageManifest.ProductKind(rawValue: call.name) ?? .other
                var product = PackageManifest.Product(name: name, kind: kind, targets: [], position: position(call.offset))
                let (targets, complete) = strings(call.argument("targets"), in: &result, "the targets of product '\(name)'", fallback: call.offset)
                product.targets = targets
                product.targetsAreComplete = complete
                result.products.append(product)
            }
        case nil: break
        case let value?:
            result.productsAreComplete = false
            gap(in: &result, "the products", value, fallback: package.offset)
        }
        switch package.argument("targets") {
        case let .array(targets)?:
            for value in targets { self.target(value, in: &result, fallback: package.offset) }
        case nil: break
        case let value?:
            result.targetsAreComplete = false
            gap(in: &result, "the targets", value, fallback: package.offset)
        }
        switch package.argument("dependencies") {
        case let .array(dependencies)?:
            for value in dependencies {
                guard case let .call(call) = value else {
                    result.dependenciesAreComplete = false
                    gap(in: &result, "a package dependency", value, fallback: package.offset)
                    continue
                }
                let location: PackageManifest.DependencyLocation
                if let path = call.argument("path")?.stringValue {
                    location = .path(path)
                } else if let url = call.argument("url")?.stringValue {
                    location = .url(url)
                } else if let id = call.argument("id")?.stringValue {
                    location = .registry(id)
                } else {
                    result.dependenciesAreComplete = false
                    gap(in: &result, "a package dependency", call.argument("path") ?? call.argument("url") ?? value, fallback: call.offset)
                    continue
                }
                result.dependencies.append(.init(name: call.argument("name")?.stringValue, location: location, position: position(call.offset)))
            }
        case nil: break
        case let value?:
            result.dependenciesAreComplete = false
            gap(in: &result, "the package dependencies", value, fallback: package.offset)
        }
        return result
    }

    static let targetKinds: [String: PackageManifest.TargetKind] = [
        "target": .regular, "executableTarget": .executable, "testTarget": .test, "macro": .macro, "plugin": .plugin,
        "systemLibrary": .system, "binaryTarget": .binary,
    ]

    func target(_ value: ManifestValue, in result: inout PackageManifest, fallback: Int) {
        guard case let .call(call) = value, let kind = Self.targetKinds[call.name], let name = call.argument("name")?.stringValue else {
            result.targetsAreComplete = false
            gap(in: &result, "a target", value, fallback: fallback)
            return
        }
        var target = PackageManifest.Target(name: name, kind: kind, position: position(call.offset))
        switch call.argument("dependencies") {
        case let .array(dependencies)?:
            for dependency in dependencies {
                if let known = Self.dependency(dependency) {
                    target.dependencies.append(known)
                } else {
                    target.dependenciesAreComplete = false
                    gap(in: &result, "a dependency of target '\(name)'", dependency, fallback: call.offset)
                }
            }
        case nil: break
        case let value?:
            target.dependenciesAreComplete = false
            gap(in: &result, "the dependencies of target '\(name)'", value, fallback: call.offset)
        }
        if let path = call.argument("path") {
            if let text = path.stringValue { target.path = text } else if case .symbol("nil") = path {} else {
                target.sourcesAreKnown = false
                gap(in: &result, "the path of target '\(name)'", path, fallback: call.offset)
            }
        }
        if let sources = call.argument("sources"), !Self.isNil(sources) {
            let (list, complete) = strings(sources, in: &result, "the sources of target '\(name)'", fallback: call.offset)
            target.sources = list
            if !complete { target.sourcesAreKnown = false }
        }
        if let exclude = call.argument("exclude") {
            let (list, complete) = strings(exclude, in: &result, "the excluded paths of target '\(name)'", fallback: call.offset)
            target.exclude = list
            if !complete { target.sourcesAreKnown = false }
        }
        if let headers = call.argument("publicHeadersPath")?.stringValue { target.publicHeadersPath = headers }
        for settings in ["cSettings", "cxxSettings"] {
            guard let value = call.argument(settings) else { continue }
            guard case let .array(entries) = value else {
                gap(in: &result, "the \(settings) of target '\(name)'", value, fallback: call.offset)
                continue
            }
            for case let .call(setting) in entries where Self.appliesToRelease(setting) {
                guard let first = setting.arguments.first?.value.stringValue else {
                    gap(in: &result, "a setting of target '\(name)'", .call(setting), fallback: call.offset)
                    continue
                }
                switch setting.name {
                case "define":
                    let value = setting.argument("to")?.stringValue
                    let definition = value.map { first + "=" + $0 } ?? first
                    if !target.definitions.contains(definition) { target.definitions.append(definition) }
                case "headerSearchPath":
                    if !target.headerSearchPaths.contains(first) { target.headerSearchPaths.append(first) }
                default:
                    continue  // unsafeFlags and the like: no definition or header the facts need
                }
            }
        }
        result.targets.append(target)
    }

    /// A setting without `.when(configuration: .debug)`: the build that ships has it.
    static func appliesToRelease(_ setting: ManifestCall) -> Bool {
        for argument in setting.arguments {
            guard case let .call(condition) = argument.value, condition.name == "when",
                  case let .symbol(configuration)? = condition.argument("configuration") else { continue }
            return !configuration.hasSuffix("debug")
        }
        return true
    }

    /// `"Name"`, `.target(name:)`, `.byName(name:)`, `.product(name:package:)`; nil for anything else.
    static func dependency(_ value: ManifestValue) -> PackageManifest.TargetDependency? {
        switch value {
        case let .string(name): return .byName(name)
        case let .call(call):
            guard let name = call.argument("name")?.stringValue else { return nil }
            switch call.name {
            case "target": return .target(name)
            case "byName": return .byName(name)
            case "product": return .product(name: name, package: call.argument("package")?.stringValue)
            default: return nil
            }
        default: return nil
        }
    }

    static func isNil(_ value: ManifestValue) -> Bool { if case .symbol("nil") = value { true } else { false } }

    /// An array of strings; false when it, or one of its elements, could not be followed.
    func strings(_ value: ManifestValue?, in result: inout PackageManifest, _ what: String, fallback: Int) -> ([String], Bool) {
        guard let value else { return ([], true) }
        guard case let .array(elements) = value else {
            gap(in: &result, what, value, fallback: fallback)
            return ([], false)
        }
        var strings: [String] = []
        var complete = true
        for element in elements {
            if let text = element.stringValue { strings.append(text) } else {
                complete = false
                gap(in: &result, what, element, fallback: fallback)
            }
        }
        return (strings, complete)
    }

    func gap(in result: inout PackageManifest, _ what: String, _ value: ManifestValue, fallback: Int) {
        guard result.gaps.count < Self.maximumGaps else { return }
        if let gap = gap(what, value, fallback: fallback) { result.gaps.append(gap) }
    }

    /// The located reason `value` is not what `what` needed; nil when the same gap was given already.
    func gap(_ what: String, _ value: ManifestValue, fallback: Int) -> PackageManifest.Gap? {
        let (reason, at): (String, Int) = switch value {
        case let .unknown(reason, offset): (reason, offset)
        case .string: ("a string where a call was expected", fallback)
        case .array: ("an array where a single value was expected", fallback)
        case .dictionary: ("a dictionary where another value was expected", fallback)
        case let .enumCase(type, name, _): ("'\(type).\(name)' where another value was expected", fallback)
        case let .call(call): ("a call of '\(call.name)' static reading does not map", call.offset)
        case let .symbol(name): ("'\(name)' where a value was expected", fallback)
        }
        // The first ``maximumGaps`` are kept (a note shows ten): a generated list of 10,000 unknowns is one problem.
        let gap = PackageManifest.Gap(what: "\(what): \(reason)", position: position(at))
        return gapsSeen.insert(gap).inserted ? gap : nil
    }
}
#endif
