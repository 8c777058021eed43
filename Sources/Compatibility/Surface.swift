import JSON

// This file depends on JSON only: the fuzz package compiles it as it is (Fuzz/Sources/Linked/Surface).

/// What users build on, per app or extension target of one revision (diff.md, "The surface"): activity types
/// (declared, created, handled), custom intents of `.intentdefinition` files with their parameters, App
/// Intents with `intentClassName`, `isDiscoverable` and `@Parameter`s, `AppEnum` cases, `AppEntity` id types
/// and App Shortcuts with their phrases. Places are relative to the repository.
///
/// ``json`` writes it canonically (keys sorted, every list in a fixed order), so two surfaces of one revision
/// are byte-identical; ``SurfaceReader`` reads it back.
package struct Surface: Hashable, Sendable {
    package static let formatName = "activity-bridge-surface"
    package static let formatVersion = 1

    /// A place in a file of the revision.
    package struct Place: Hashable, Sendable, Comparable, CustomStringConvertible {
        package var file: String
        package var line: Int
        package var column: Int

        package init(file: String, line: Int, column: Int) {
            self.file = file
            self.line = line
            self.column = column
        }

        package static func < (a: Place, b: Place) -> Bool { (a.file, a.line, a.column) < (b.file, b.line, b.column) }
        package var description: String { "\(file):\(line):\(column)" }
    }

    /// One activity type and where it is declared, created and handled.
    package struct ActivityType: Hashable, Sendable {
        /// The resolved type (or the value as written when ``resolved`` is false).
        package var type: String
        package var resolved: Bool
        package var declared: [Place]
        package var created: [Place]
        package var handled: [Place]

        package init(type: String, resolved: Bool = true, declared: [Place] = [], created: [Place] = [], handled: [Place] = []) {
            self.type = type
            self.resolved = resolved
            self.declared = declared
            self.created = created
            self.handled = handled
        }
    }

    package struct CustomIntentParameter: Hashable, Sendable {
        package var name: String
        /// `INIntentParameterType` (`String`, `Integer`, `Object`, …), with the object or enum type after a colon
        /// when there is one (`Object:IntentContainer`, `Integer:ShuffleType`).
        package var type: String
        package var array: Bool
        package var place: Place

        package init(name: String, type: String, array: Bool, place: Place) {
            self.name = name
            self.type = type
            self.array = array
            self.place = place
        }
    }

    package struct CustomIntent: Hashable, Sendable {
        /// `INIntentClassPrefix` + `INIntentName` + `Intent`.
        package var className: String
        package var place: Place
        package var parameters: [CustomIntentParameter]

        package init(className: String, place: Place, parameters: [CustomIntentParameter] = []) {
            self.className = className
            self.place = place
            self.parameters = parameters
        }
    }

    package struct Parameter: Hashable, Sendable {
        package var name: String
        /// The type without its optional marker (`ItemEntity`, `[String]`).
        package var type: String
        package var optional: Bool
        package var place: Place

        package init(name: String, type: String, optional: Bool, place: Place) {
            self.name = name
            self.type = type
            self.optional = optional
            self.place = place
        }
    }

    package struct AppIntent: Hashable, Sendable {
        package var name: String
        package var place: Place
        package var intentClassName: String?
        /// False only when `isDiscoverable` is written `false`.
        package var isDiscoverable: Bool
        package var parameters: [Parameter]

        package init(name: String, place: Place, intentClassName: String? = nil, isDiscoverable: Bool = true, parameters: [Parameter] = []) {
            self.name = name
            self.place = place
            self.intentClassName = intentClassName
            self.isDiscoverable = isDiscoverable
            self.parameters = parameters
        }
    }

    package struct EnumCase: Hashable, Sendable {
        package var name: String
        package var place: Place

        package init(name: String, place: Place) {
            self.name = name
            self.place = place
        }
    }

    package struct AppEnum: Hashable, Sendable {
        package var name: String
        package var place: Place
        package var cases: [EnumCase]

        package init(name: String, place: Place, cases: [EnumCase] = []) {
            self.name = name
            self.place = place
            self.cases = cases
        }
    }

    package struct AppEntity: Hashable, Sendable {
        package var name: String
        package var place: Place
        /// The type of `id` as written, nil when unknown.
        package var idType: String?

        package init(name: String, place: Place, idType: String? = nil) {
            self.name = name
            self.place = place
            self.idType = idType
        }
    }

    package struct Phrase: Hashable, Sendable {
        /// As written between the quotes (`Open \(\.$target) in \(.applicationName)`).
        package var text: String
        package var place: Place

        package init(text: String, place: Place) {
            self.text = text
            self.place = place
        }
    }

    package struct AppShortcut: Hashable, Sendable {
        /// The intent's type name.
        package var intent: String
        package var place: Place
        package var phrases: [Phrase]

        package init(intent: String, place: Place, phrases: [Phrase] = []) {
            self.intent = intent
            self.place = place
            self.phrases = phrases
        }
    }

    package struct Target: Hashable, Sendable {
        package var name: String
        /// The `.xcodeproj` it is in.
        package var project: String
        package var productType: String
        package var bundleIdentifier: String?
        package var activityTypes: [ActivityType] = []
        package var customIntents: [CustomIntent] = []
        package var appIntents: [AppIntent] = []
        package var appEnums: [AppEnum] = []
        package var appEntities: [AppEntity] = []
        package var appShortcuts: [AppShortcut] = []

        package init(name: String, project: String, productType: String, bundleIdentifier: String? = nil) {
            self.name = name
            self.project = project
            self.productType = productType
            self.bundleIdentifier = bundleIdentifier
        }
    }

    package var targets: [Target]

    package init(targets: [Target] = []) { self.targets = targets }

    /// Every list in its canonical order: what ``json`` writes.
    package func normalized() -> Surface {
        func places(_ list: [Place]) -> [Place] { Array(Set(list)).sorted() }
        var result = self
        result.targets = targets.map { target in
            var target = target
            target.activityTypes = target.activityTypes.map { type in
                var type = type
                type.declared = places(type.declared)
                type.created = places(type.created)
                type.handled = places(type.handled)
                return type
            }.sorted { ($0.type, $0.resolved ? 1 : 0) < ($1.type, $1.resolved ? 1 : 0) }
            target.customIntents = target.customIntents.map { intent in
                var intent = intent
                intent.parameters.sort { ($0.place, $0.name) < ($1.place, $1.name) }
                return intent
            }.sorted { ($0.className, $0.place) < ($1.className, $1.place) }
            target.appIntents = target.appIntents.map { intent in
                var intent = intent
                intent.parameters.sort { ($0.place, $0.name) < ($1.place, $1.name) }
                return intent
            }.sorted { ($0.name, $0.place) < ($1.name, $1.place) }
            target.appEnums = target.appEnums.map { appEnum in
                var appEnum = appEnum
                appEnum.cases.sort { ($0.place, $0.name) < ($1.place, $1.name) }
                return appEnum
            }.sorted { ($0.name, $0.place) < ($1.name, $1.place) }
            target.appEntities.sort { ($0.name, $0.place) < ($1.name, $1.place) }
            target.appShortcuts = target.appShortcuts.map { shortcut in
                var shortcut = shortcut
                shortcut.phrases.sort { ($0.place, $0.text) < ($1.place, $1.text) }
                return shortcut
            }.sorted { ($0.intent, $0.place) < ($1.intent, $1.place) }
            return target
        }.sorted { ($0.name, $0.project) < ($1.name, $1.project) }
        return result
    }

    // MARK: - Writing

    /// The canonical JSON value: keys sorted at every level, lists in ``normalized()`` order.
    package var jsonValue: JSONValue {
        Self.sortingKeys(.object([
            ("format", .string(Self.formatName)), ("version", .integer(Self.formatVersion)),
            ("targets", .array(normalized().targets.map(Self.json))),
        ]))
    }

    /// The file `audit --emit-surface` writes: ``jsonValue``, one line, and a newline.
    package var json: String { jsonValue.text + "\n" }

    static func json(_ place: Place, _ members: [(String, JSONValue)] = []) -> JSONValue {
        .object(members + [("file", .string(place.file)), ("line", .integer(place.line)), ("column", .integer(place.column))])
    }

    static func json(_ target: Target) -> JSONValue {
        .object([
            ("name", .string(target.name)), ("project", .string(target.project)), ("productType", .string(target.productType)),
            ("bundleIdentifier", .string(target.bundleIdentifier)),
            ("activityTypes", .array(target.activityTypes.map { type in
                .object([
                    ("type", .string(type.type)), ("resolved", .bool(type.resolved)),
                    ("declared", .array(type.declared.map { json($0) })), ("created", .array(type.created.map { json($0) })),
                    ("handled", .array(type.handled.map { json($0) })),
                ])
            })),
            ("customIntents", .array(target.customIntents.map { intent in
                json(intent.place, [
                    ("className", .string(intent.className)),
                    ("parameters", .array(intent.parameters.map { parameter in
                        json(parameter.place, [("name", .string(parameter.name)), ("type", .string(parameter.type)), ("array", .bool(parameter.array))])
                    })),
                ])
            })),
            ("appIntents", .array(target.appIntents.map { intent in
                json(intent.place, [
                    ("name", .string(intent.name)), ("intentClassName", .string(intent.intentClassName)),
                    ("isDiscoverable", .bool(intent.isDiscoverable)),
                    ("parameters", .array(intent.parameters.map { parameter in
                        json(parameter.place, [("name", .string(parameter.name)), ("type", .string(parameter.type)), ("optional", .bool(parameter.optional))])
                    })),
                ])
            })),
            ("appEnums", .array(target.appEnums.map { appEnum in
                json(appEnum.place, [("name", .string(appEnum.name)),
                                     ("cases", .array(appEnum.cases.map { json($0.place, [("name", .string($0.name))]) }))])
            })),
            ("appEntities", .array(target.appEntities.map { entity in
                json(entity.place, [("name", .string(entity.name)), ("idType", .string(entity.idType))])
            })),
            ("appShortcuts", .array(target.appShortcuts.map { shortcut in
                json(shortcut.place, [("intent", .string(shortcut.intent)),
                                      ("phrases", .array(shortcut.phrases.map { json($0.place, [("text", .string($0.text))]) }))])
            })),
        ])
    }

    /// Sorts the members of every object by key (UTF-8 byte order), iteratively.
    static func sortingKeys(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .object(members):
            return .object(members.map { JSONValue.Member($0.key, sortingKeys($0.value)) }
                .sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) })
        case let .array(elements):
            return .array(elements.map(sortingKeys))
        default:
            return value
        }
    }
}

/// Reads a surface file back (``Surface/json``), strictly: every key's type is checked and a wrong one is
/// an error at its line and column. Input from a CI cache or an artifact is nobody's to trust: the JSON
/// parser is iterative with a depth limit, and the document is refused above ``maximumSize``.
package struct SurfaceReader: Sendable {
    /// Where and why a surface file is refused: a line, a column and a message (the JSON module's error).
    package typealias Error = JSONParser.Error

    /// 64 MiB: a hundred times the surface of the largest app of the corpus.
    package static let maximumSize = 64 << 20

    package init() {}

    package func read(_ bytes: [UInt8]) throws(Error) -> Surface {
        guard bytes.count <= Self.maximumSize else {
            throw Error(line: 1, column: 1, message: "the surface is \(bytes.count) bytes, above the \(Self.maximumSize >> 20) MiB limit")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let document: JSONValue
        let locations: JSONLocations
        do {
            (document, locations) = try JSONParser(maximumDepth: 64).parseWithLocations(text)
        } catch {
            throw Error(line: error.line, column: error.column, message: "not JSON: \(error.message)")
        }
        var reading = JSONDocumentReader(locations: locations)
        return try reading.surface(document)
    }
}

/// The surface file's schema, read with the JSON module's strict, located accessors.
private extension JSONDocumentReader {
    mutating func place(_ object: JSONValue) throws(JSONParser.Error) -> Surface.Place {
        Surface.Place(file: try string(object, "file"), line: try positiveInteger(object, "line"), column: try positiveInteger(object, "column"))
    }

    mutating func surface(_ document: JSONValue) throws(JSONParser.Error) -> Surface {
        guard case .object = document else { throw fail("expected an object") }
        let format = try string(document, "format")
        guard format == Surface.formatName else {
            throw try within(.key("format")) { $0.fail("expected \"\(Surface.formatName)\", found \"\(format)\": not a surface file") }
        }
        let version = try positiveInteger(document, "version")
        guard version == Surface.formatVersion else {
            throw try within(.key("version")) { $0.fail("version \(version) is not one this tool reads (\(Surface.formatVersion))") }
        }
        return Surface(targets: try objects(document, "targets") { reading, value throws(JSONParser.Error) in try reading.target(value) })
    }

    mutating func target(_ value: JSONValue) throws(JSONParser.Error) -> Surface.Target {
        var target = Surface.Target(name: try string(value, "name"), project: try string(value, "project"),
                                    productType: try string(value, "productType"),
                                    bundleIdentifier: try optionalString(value, "bundleIdentifier"))
        target.activityTypes = try objects(value, "activityTypes") { reading, type throws(JSONParser.Error) in
            Surface.ActivityType(
                type: try reading.string(type, "type"), resolved: try reading.bool(type, "resolved"),
                declared: try reading.objects(type, "declared") { r, v throws(JSONParser.Error) in try r.place(v) },
                created: try reading.objects(type, "created") { r, v throws(JSONParser.Error) in try r.place(v) },
                handled: try reading.objects(type, "handled") { r, v throws(JSONParser.Error) in try r.place(v) })
        }
        target.customIntents = try objects(value, "customIntents") { reading, intent throws(JSONParser.Error) in
            Surface.CustomIntent(
                className: try reading.string(intent, "className"), place: try reading.place(intent),
                parameters: try reading.objects(intent, "parameters") { r, p throws(JSONParser.Error) in
                    Surface.CustomIntentParameter(name: try r.string(p, "name"), type: try r.string(p, "type"),
                                                  array: try r.bool(p, "array"), place: try r.place(p))
                })
        }
        target.appIntents = try objects(value, "appIntents") { reading, intent throws(JSONParser.Error) in
            Surface.AppIntent(
                name: try reading.string(intent, "name"), place: try reading.place(intent),
                intentClassName: try reading.optionalString(intent, "intentClassName"),
                isDiscoverable: try reading.bool(intent, "isDiscoverable"),
                parameters: try reading.objects(intent, "parameters") { r, p throws(JSONParser.Error) in
                    Surface.Parameter(name: try r.string(p, "name"), type: try r.string(p, "type"),
                                      optional: try r.bool(p, "optional"), place: try r.place(p))
                })
        }
        target.appEnums = try objects(value, "appEnums") { reading, appEnum throws(JSONParser.Error) in
            Surface.AppEnum(name: try reading.string(appEnum, "name"), place: try reading.place(appEnum),
                            cases: try reading.objects(appEnum, "cases") { r, c throws(JSONParser.Error) in
                                Surface.EnumCase(name: try r.string(c, "name"), place: try r.place(c))
                            })
        }
        target.appEntities = try objects(value, "appEntities") { reading, entity throws(JSONParser.Error) in
            Surface.AppEntity(name: try reading.string(entity, "name"), place: try reading.place(entity),
                              idType: try reading.optionalString(entity, "idType"))
        }
        target.appShortcuts = try objects(value, "appShortcuts") { reading, shortcut throws(JSONParser.Error) in
            Surface.AppShortcut(intent: try reading.string(shortcut, "intent"), place: try reading.place(shortcut),
                                phrases: try reading.objects(shortcut, "phrases") { r, p throws(JSONParser.Error) in
                                    Surface.Phrase(text: try r.string(p, "text"), place: try r.place(p))
                                })
        }
        return target
    }
}
