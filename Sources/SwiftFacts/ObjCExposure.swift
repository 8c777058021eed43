import Diagnostics
import FileInput
import Foundation

// Swift constants Objective-C code sees (issue 17, mixed targets): a class's `@objc` static members (or every
// static member of an `@objcMembers` class), by the names Objective-C uses, `Class.member`, where `@objc(name)`
// renames the member or the class. ``SwiftFactsExtractor/objectiveCConstants(_:names:)`` resolves them for the
// audit, which passes them to ObjCFacts: `ActivityTypes.openNote` / `[ActivityTypes openNote]` in a `.m` file.

/// A static member of a class exposed to Objective-C.
struct ObjCExposedMember: Hashable, Sendable {
    /// The class as Swift names it (qualified by enclosing types; for an extension, the extended type as written).
    var type: String
    /// The member's Objective-C name: its `@objc(name)`, or its Swift name.
    var objectiveCName: String
    /// The declaration's scopes and Swift name (``ConstantDeclaration``).
    var context: [String]
    var name: String
}

#if SWIFT_FACTS_PARSER
@_implementationOnly import SwiftSyntax

extension ScanningVisitor {
    /// Whether `attributes` has `@objc` (with its name, for `@objc(Name)`), and whether `@objcMembers`.
    static func objectiveC(_ attributes: AttributeListSyntax) -> (exposed: Bool, name: String?, members: Bool) {
        var result: (exposed: Bool, name: String?, members: Bool) = (false, nil, false)
        for case .attribute(let attribute) in attributes {
            switch attribute.attributeName.trimmedDescription {
            case "objc":
                result.exposed = true
                if let arguments = attribute.arguments {
                    let name = arguments.trimmedDescription.filter { !$0.isWhitespace }
                    if !name.isEmpty, !name.contains(":") { result.name = name }
                }
            case "objcMembers":
                result.members = true
            default:
                break
            }
        }
        return result
    }

    /// A class opens: whether its members are all exposed, and its Objective-C name when `@objc(Name)` renames it.
    func openObjCClass(_ attributes: AttributeListSyntax, name: String) {
        let objectiveC = Self.objectiveC(attributes)
        objcMembersScopes.append(objectiveC.members)
        if let renamed = objectiveC.name { scan.objcClassNames[name] = renamed }
    }

    /// A static member directly in a class (or an extension): kept when Objective-C sees it.
    func noteObjCMember(_ name: String, attributes: AttributeListSyntax, isStatic: Bool) {
        guard isStatic, isDirectlyInType, let type = typeScopes.last else { return }
        let objectiveC = Self.objectiveC(attributes)
        guard objectiveC.exposed || objcMembersScopes.last == true else { return }
        scan.objcMembers.append(ObjCExposedMember(type: type, objectiveCName: objectiveC.name ?? name, context: scopes, name: name))
    }
}

extension SwiftFactsExtractor {
    /// The strings of the Swift members Objective-C names `Class.member` in `names`, read from the files that
    /// mention `@objc` and the member (then those declaring what their values use); a member declared with
    /// several values, or not followed, is left out.
    func exposedConstants(_ files: [SwiftSourceFile], names: [String]) -> [String: String] {
        let wantedNames = Set(names)
        let members = Array(Set(names.compactMap { $0.split(separator: ".").last.map(String.init) }))
        guard !members.isEmpty else { return [:] }
        let contents: [Result<Data, SwiftSourceReader.Unreadable>] = files.map { file in
            Result { () throws(SwiftSourceReader.Unreadable) in try SwiftSourceReader.contents(ofFile: file.path) }
        }
        var selected: [Int] = []
        var pending: Set<Int> = []
        for (index, content) in contents.enumerated() {
            guard case .success(let data) = content else { continue }
            let exposes = data.withUnsafeBytes { ByteSearch.mentions($0, anyOf: ["@objc"]) && ByteSearch.mentions($0, anyOf: members) }
            if exposes { selected.append(index) } else { pending.insert(index) }
        }
        guard !selected.isEmpty else { return [:] }
        var scans = parse(selected, files: files, contents: contents)
        var searched: Set<String> = []
        var table: [String: String] = [:]
        for round in 0...Self.maximumConstantRounds {
            var resolver = ConstantResolver(declarations: scans.flatMap(\.declarations), types: scans.flatMap(\.types))
            var renames: [String: String] = [:]
            for scan in scans { renames.merge(scan.objcClassNames) { first, _ in first } }
            table = [:]
            var conflicting: Set<String> = []
            for scan in scans {
                for member in scan.objcMembers {
                    let type = String(member.type.split(separator: ".").last ?? "")
                    let key = (renames[member.type] ?? renames[type] ?? type) + "." + member.objectiveCName
                    guard wantedNames.contains(key) else { continue }
                    let values = resolver.resolve(.reference(path: member.context + [member.name], implicitMember: false), context: member.context)
                    guard let values, values.count == 1, let value = values.first else { conflicting.insert(key); continue }
                    if let known = table[key], known != value { conflicting.insert(key) }
                    table[key] = value
                }
            }
            for key in conflicting { table[key] = nil }
            let wanted = Array(resolver.missingNames.subtracting(searched))
            guard round < Self.maximumConstantRounds, !wanted.isEmpty, !pending.isEmpty else { break }
            searched.formUnion(wanted)
            let next = pending.filter { index in
                guard case .success(let data) = contents[index] else { return false }
                return data.withUnsafeBytes { bytes in wanted.contains { SourcePrefilter.mayDeclare($0, in: bytes) } }
            }.sorted()
            guard !next.isEmpty else { break }
            pending.subtract(next)
            scans += parse(next, files: files, contents: contents)
        }
        return table
    }
}
#endif

extension SwiftFactsExtractor {
    /// The strings of Swift constants Objective-C code uses, by `Class.member` as it names them
    /// (`ActivityTypes.openNote`): a class's `@objc` static members, or those of an `@objcMembers` class, with
    /// `@objc(name)` renames. Empty without the parser.
    package func objectiveCConstants(_ files: [SwiftSourceFile], names: [String]) -> [String: String] {
        #if SWIFT_FACTS_PARSER
        exposedConstants(files, names: names)
        #else
        [:]
        #endif
    }
}
