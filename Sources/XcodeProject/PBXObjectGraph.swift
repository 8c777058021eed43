public import Diagnostics
import PropertyList

/// One object of `project.pbxproj`'s `objects` dictionary.
struct PBXObject {
    let id: String
    let isa: String
    let fields: PropertyListDictionary

    func string(_ key: String) -> String? { fields[key]?.stringValue }

    /// The value of `key` if it is a dictionary.
    func dictionary(_ key: String) -> PropertyListDictionary? { fields[key]?.dictionaryValue }

    /// The path of one of this object's fields, for its location.
    func path(_ key: String, _ index: Int? = nil) -> PropertyListPath {
        var components: [PropertyListPath.Component] = [.key("objects"), .key(id), .key(key)]
        if let index { components.append(.index(index)) }
        return PropertyListPath(components)
    }
}

/// The objects of a `project.pbxproj` and the diagnostics met while following references between them.
/// Every reference goes through ``reference(from:_:)``, so a dangling one is reported once, where it is.
struct PBXObjectGraph {
    let file: String
    let objects: PropertyListDictionary
    let locations: PropertyListLocations?
    private(set) var diagnostics: [Diagnostic] = []
    private var reported: Set<PropertyListPath> = []

    init(document: PropertyListDocument, file: String) {
        self.file = file
        objects = document.root["objects"]?.dictionaryValue ?? PropertyListDictionary()
        locations = document.locations
    }

    func object(_ id: String) -> PBXObject? {
        guard let fields = objects[id]?.dictionaryValue else { return nil }
        return PBXObject(id: id, isa: fields["isa"]?.stringValue ?? "", fields: fields)
    }

    /// The location of a value in the file; the start of the file when locations were not recorded.
    func location(_ path: PropertyListPath) -> SourceLocation {
        locations?.value(at: path) ?? locations?.key(at: path) ?? SourceLocation(file: file, line: 1, column: 1)
    }

    /// Where an object is defined: its identifier, the key of its entry in `objects`.
    func location(of object: PBXObject) -> SourceLocation {
        let path = PropertyListPath([.key("objects"), .key(object.id)])
        return locations?.key(at: path) ?? location(path)
    }

    /// The object `from.key` (or `from.key[index]`) names; a dangling or malformed reference is reported.
    mutating func reference(from object: PBXObject, _ key: String, _ index: Int? = nil) -> PBXObject? {
        let value = index.map { object.fields[key]?[$0] } ?? object.fields[key]
        guard let value else { return nil }
        guard let id = value.stringValue else {
            report(.projectInvalidObject, "\(object.isa) \(object.id): '\(key)' is \(Self.kind(of: value)), expected an object identifier",
                   at: object.path(key, index))
            return nil
        }
        guard let target = self.object(id) else {
            report(.projectDanglingReference,
                   "\(object.isa) \(object.id) refers in '\(key)' to \(id), which is no object of the project; the reference is ignored",
                   at: object.path(key, index))
            return nil
        }
        return target
    }

    /// Every object the array `from.key` names, in order; dangling ones reported and left out.
    mutating func references(from object: PBXObject, _ key: String) -> [PBXObject] {
        guard let value = object.fields[key] else { return [] }
        guard let array = value.arrayValue else {
            report(.projectInvalidObject, "\(object.isa) \(object.id): '\(key)' is \(Self.kind(of: value)), expected an array",
                   at: object.path(key))
            return []
        }
        return array.indices.compactMap { reference(from: object, key, $0) }
    }

    /// Reports a problem once per place: at the value of `path`, or at its key when `atKey`.
    mutating func report(_ rule: RuleDescription, _ message: String, at path: PropertyListPath, atKey: Bool = false) {
        guard reported.insert(path).inserted else { return }
        let location = atKey ? (locations?.key(at: path) ?? location(path)) : location(path)
        diagnostics.append(Diagnostic(rule, message, at: location))
    }

    mutating func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// "an array", "a dict" …, for messages.
    static func kind(of value: PropertyListValue) -> String {
        let name = value.kindName
        return (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
    }
}
