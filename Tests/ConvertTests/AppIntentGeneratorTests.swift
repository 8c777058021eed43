import Convert
import Foundation
import SwiftFacts
import TestSupport
import Testing

/// What the generator writes for the Kitchen fixture's definition (every parameter type, an enum with a keyword
/// case and a gap in its indexes, a custom type, prefixed classes, a widget intent), checked line by line where a
/// mistake would break users' saved shortcuts: the class names, the parameter names, the enum cases.
@Suite("Convert: generated App Intents")
struct AppIntentGeneratorTests {
    static func generated(handlers: [String: IntentHandler] = [:]) throws -> AppIntentGenerator.Output {
        let definition = try ConvertFixtures.kitchenDefinition()
        return AppIntentGenerator().generate(definition, intents: definition.intents, handlers: handlers)
    }

    static func file(_ name: String, in output: AppIntentGenerator.Output) throws -> String {
        try #require(output.files.first { $0.name == name }?.contents, "no \(name) among \(output.files.map(\.name))")
    }

    @Test("the definition is read whole: prefixed class names, the system intent left out, enums and types")
    func reading() throws {
        let definition = try ConvertFixtures.kitchenDefinition()
        #expect(definition.intents.map(\.className) == ["KTPlaceOrderIntent", "KTConfigurationIntent", "KTRefillIntent", "KTCheckStatusIntent"])
        #expect(definition.stringsTable == "Kitchen")
        #expect(definition.enumerations.map(\.name) == ["Size"])
        #expect(definition.enumerations[0].cases.map(\.index) == [0, 1, 2, 5])
        #expect(definition.customTypes.map(\.name) == ["Dish"])
        let order = definition.intents[0]
        #expect(order.title == .init("Place Order", key: "tPlace"))
        #expect(order.combinations.count == 2)
        #expect(definition.intents[1].configuresWidgets && !definition.intents[1].isShortcut)
    }

    @Test("one @Parameter per parameter, with its name and the type App Intents maps it to, all optional")
    func parameters() throws {
        let order = try Self.file("PlaceOrderAppIntent.swift", in: Self.generated())
        let expected: [(String, String)] = [
            ("text", "String"), ("flag", "Bool"), ("count", "Int"), ("amount", "Double"), ("link", "URL"),
            ("when", "DateComponents"), ("day", "Date"), ("place", "CLPlacemark"), ("attachment", "IntentFile"),
            ("attachments", "[IntentFile]"), ("contact", "IntentPerson"), ("tags", "[String]"),
            ("duration", "Measurement<UnitDuration>"), ("size", "SizeAppEnum"), ("dish", "DishAppEntity"),
            ("dishes", "[DishAppEntity]"), ("`default`", "String"), ("distance", "Measurement<UnitLength>"),
            ("temperature", "Measurement<UnitTemperature>"), ("speed", "Measurement<UnitSpeed>"), ("mass", "Measurement<UnitMass>"),
            ("volume", "Measurement<UnitVolume>"), ("spoken", "String"),
        ]
        let declared = order.split(separator: "\n").filter { $0.hasPrefix("    var ") }.map { String($0.dropFirst(8)) }
        #expect(declared == expected.map { "\($0.0): \($0.1)?" })
        #expect(order.contains("static let intentClassName = \"KTPlaceOrderIntent\"\n"))
        #expect(order.contains("struct PlaceOrderAppIntent: AppIntent, CustomIntentMigratedAppIntent {"))
        #expect(order.contains("import CoreLocation\n"))
        // Localization keys and the strings table are kept; the title's escapes are Swift's.
        #expect(order.contains(#"static let title: LocalizedStringResource = LocalizedStringResource("tPlace", defaultValue: "Place Order", table: "Kitchen")"#))
        #expect(order.contains(#"@Parameter(title: LocalizedStringResource("p018", defaultValue: "Default \"Quote\" \\ Back", table: "Kitchen"))"#))
        // The system object has no counterpart: said in the file and in the notes, never silently dropped.
        #expect(order.contains("// TODO(activity-bridge convert): parameter 'media' (Object MediaItem) is not converted"))
        #expect(order.contains("// TODO(activity-bridge convert): parameter 'tip' (CurrencyAmount) is not converted"))
    }

    @Test("parameterSummary chooses between combinations that add parameters, with When(hasAnyValue), the largest first")
    func summary() throws {
        let output = try Self.generated()
        let order = try Self.file("PlaceOrderAppIntent.swift", in: output)
        #expect(order.contains(#"""
                static var parameterSummary: some ParameterSummary {
                    ParameterSummaryWhenCondition(\PlaceOrderAppIntent.$count, .hasAnyValue) {
                        // Localized in Kitchen.strings under "c2" for SiriKit; Summary takes no key, only the table: its text is the key.
                        Summary("Order \(\.$count) \(\.$size) \(\.$dish)", table: "Kitchen")
                    } otherwise: {
                        // Localized in Kitchen.strings under "c1" for SiriKit; Summary takes no key, only the table: its text is the key.
                        Summary("Order \(\.$dish)", table: "Kitchen")
                    }
                }
            """#), "\(order)")
        #expect(try Self.file("CheckStatusAppIntent.swift", in: output).contains(#"Summary("Check order \(\.$text)", table: "Kitchen")"#))
        #expect(!(try Self.file("RefillAppIntent.swift", in: output).contains("parameterSummary")))
        #expect(!output.notes.contains { $0.contains("parameterSummary") })
    }

    /// A definition of one intent `Pick` with String parameters `names` and the combinations given (key → title).
    static func definition(parameters names: [String], combinations: [(String, String, Bool)]) throws -> IntentDefinition {
        let parameters = names.map { "<dict><key>INIntentParameterName</key><string>\($0)</string><key>INIntentParameterType</key><string>String</string></dict>" }
        let entries = combinations.map { key, title, primary in
            "<key>\(key)</key><dict><key>INIntentParameterCombinationTitle</key><string>\(title)</string>\(primary ? "<key>INIntentParameterCombinationIsPrimary</key><true/>" : "")</dict>"
        }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>INIntents</key><array><dict>
            <key>INIntentName</key><string>Pick</string>
            <key>INIntentParameters</key><array>\(parameters.joined())</array>
            <key>INIntentParameterCombinations</key><dict>\(entries.joined())</dict>
            </dict></array></dict></plist>
            """
        return try IntentDefinition.read(Data(xml.utf8), path: "Pick.intentdefinition")
    }

    @Test("three nested combinations are three summaries; an unlocalized title has no table")
    func summaryChain() throws {
        let definition = try Self.definition(parameters: ["a", "b", "c"], combinations: [("a", "A ${a}", false), ("a,b,c", "All ${a} ${b} ${c}", true), ("a,b", "Two ${a} ${b}", false)])
        let output = AppIntentGenerator().generate(definition, intents: definition.intents)
        let pick = try Self.file("PickAppIntent.swift", in: output)
        #expect(pick.contains(#"ParameterSummaryWhenCondition(\PickAppIntent.$c, .hasAnyValue) {"#))
        #expect(pick.contains(#"ParameterSummaryWhenCondition(\PickAppIntent.$b, .hasAnyValue) {"#))
        #expect(pick.contains(#"Summary("All \(\.$a) \(\.$b) \(\.$c)")"#) && pick.contains(#"Summary("A \(\.$a)")"#))
        #expect(!pick.contains("table:"))
        #expect(output.notes.isEmpty, "\(output.notes)")
    }

    @Test("combinations of one size are told apart by a parameter one has; the same set listed twice is one summary")
    func summarySiblings() throws {
        let definition = try Self.definition(parameters: ["a", "b", "c"], combinations: [("a,b", "AB ${a} ${b}", true), ("a,c", "AC ${a} ${c}", false), ("c,a", "CA ${c} ${a}", false)])
        let output = AppIntentGenerator().generate(definition, intents: definition.intents)
        let pick = try Self.file("PickAppIntent.swift", in: output)
        #expect(pick.contains(#"""
                    ParameterSummaryWhenCondition(\PickAppIntent.$b, .hasAnyValue) {
                        Summary("AB \(\.$a) \(\.$b)")
                    } otherwise: {
                        Summary("AC \(\.$a) \(\.$c)")
                    }
            """#), "\(pick)")
        #expect(!pick.contains("CA "))
        #expect(output.notes.isEmpty, "\(output.notes)")
    }

    @Test("combinations no converted parameter tells apart: the primary one, and a note naming the others and why")
    func summaryLeftOut() throws {
        // `zz` is no parameter of the intent: nothing converted says whether it has a value.
        let definition = try Self.definition(parameters: ["a"], combinations: [("a,zz", "AZ ${a} ${zz}", true), ("a", "A ${a}", false)])
        let output = AppIntentGenerator().generate(definition, intents: definition.intents)
        let pick = try Self.file("PickAppIntent.swift", in: output)
        #expect(pick.contains(#"Summary("AZ \(\.$a) ${zz}")"#) && !pick.contains("ParameterSummaryWhenCondition"), "\(pick)")
        let note = try #require(output.notes.first { $0.contains("parameterSummary") })
        #expect(note == "Pick.intentdefinition:3: PickIntent: parameterSummary shows the combination 'a,zz' only; 'a' is left out: no converted parameter tells 'a,zz', 'a' apart, and App Intents chooses a summary by whether a parameter has a value (ParameterSummaryWhenCondition with .hasAnyValue)",
                "\(note)")
    }

    @Test("more combinations than the bound: the primary one and a note")
    func summaryBound() throws {
        let names = (0..<10).map { "p\($0)" }
        let combinations = (1...10).map { count in (names.prefix(count).joined(separator: ","), "S\(count)", count == 1) }
        let definition = try Self.definition(parameters: names, combinations: combinations)
        let output = AppIntentGenerator().generate(definition, intents: definition.intents)
        let pick = try Self.file("PickAppIntent.swift", in: output)
        #expect(pick.contains("Summary(\"S1\")") && !pick.contains("ParameterSummaryWhenCondition"), "\(pick)")
        #expect(output.notes.contains { $0.hasSuffix("left out: more than \(AppIntentGenerator.maximumSummaryCombinations) combinations") }, "\(output.notes)")
    }

    @Test("a widget's intent is a WidgetConfigurationIntent without perform(), a shortcut's throws a marked TODO without a handler")
    func performing() throws {
        let output = try Self.generated()
        let widget = try Self.file("ConfigurationAppIntent.swift", in: output)
        #expect(widget.contains("struct ConfigurationAppIntent: WidgetConfigurationIntent, CustomIntentMigratedAppIntent {"))
        #expect(widget.contains("@available(iOS 17.0, macOS 14.0, watchOS 10.0, *)"))
        #expect(!widget.contains("func perform()"))
        let refill = try Self.file("RefillAppIntent.swift", in: output)
        #expect(refill.contains("// TODO(activity-bridge convert): do here what the handler of KTRefillIntent did"))
        #expect(refill.contains("try NotConverted.fail(Self.intentClassName)"))
    }

    @Test("with a handler, perform() fills the legacy intent, runs the handler and fails unless it succeeded")
    func handlerCall() throws {
        let handlers = [
            "KTPlaceOrderIntent": IntentHandler(className: "PlaceOrderIntentHandler", intentType: "PlaceOrderIntent", usesCompletion: true, file: "App/H.swift", line: 6),
            "KTCheckStatusIntent": IntentHandler(className: "StatusIntentHandler", intentType: "CheckStatusIntent", usesCompletion: false, file: "App/H.swift", line: 15),
        ]
        let output = try Self.generated(handlers: handlers)
        let order = try Self.file("PlaceOrderAppIntent.swift", in: output)
        #expect(order.contains("import Intents\n"))
        #expect(order.contains("let intent = PlaceOrderIntent()\n"))
        #expect(order.contains("intent.flag = flag.map { NSNumber(value: $0) }\n"))
        #expect(order.contains("intent.size = size.flatMap { Size(rawValue: $0.legacyIndex) } ?? .unknown\n"))
        #expect(order.contains("intent.dishes = dishes?.map { Dish(identifier: $0.id, display: $0.displayString) }\n"))
        #expect(order.contains("PlaceOrderIntentHandler().handle(intent: intent) { continuation.resume(returning: $0) }"))
        #expect(order.contains("guard response.code == .success else {"))
        #expect(try Self.file("CheckStatusAppIntent.swift", in: output).contains("let response = await StatusIntentHandler().handle(intent: intent)\n"))
    }

    @Test("every enum case by its name with its index; the entity keeps the INObject identifier as id")
    func enumsAndEntities() throws {
        let output = try Self.generated()
        let size = try Self.file("SizeAppEnum.swift", in: output)
        for name in ["unknown", "small", "large", "`default`"] { #expect(size.contains("    case \(name)\n")) }
        #expect(size.contains("        case .`default`: 5\n"))
        #expect(size.contains(#".large: DisplayRepresentation(title: LocalizedStringResource("v2", defaultValue: "Large", table: "Kitchen")),"#))
        let dish = try Self.file("DishAppEntity.swift", in: output)
        #expect(dish.contains("struct DishAppEntity: AppEntity {"))
        #expect(dish.contains("let id: String\n"))
        #expect(dish.contains("var price: Double?\n") && dish.contains("var sides: [String]?\n") && dish.contains("var size: SizeAppEnum?\n"))
        #expect(dish.contains("struct DishAppEntityQuery: EntityQuery {"))
        #expect(output.notes.contains { $0.contains("property 'total' is not converted") })
        // The built-in INObject properties are the entity's id and displayString, not properties of their own.
        #expect(!dish.contains("var pronunciationHint"))
    }

    @Test("deterministic, one generated-header line, and every file parses with SwiftParser without errors",
          .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser"))
    func parsing() throws {
        let first = try Self.generated()
        let second = try Self.generated()
        #expect(first.files == second.files)
        for file in first.files {
            let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines[0].hasPrefix(AppIntentGenerator.headerPrefix + " from App/Kitchen.intentdefinition"), "\(file.name)")
            #expect(lines.dropFirst().allSatisfy { !$0.hasPrefix(AppIntentGenerator.headerPrefix) })
            #expect(file.contents.hasSuffix("}\n") && !file.contents.contains("\n\n\n") && !file.contents.contains(" \n"), "\(file.name)")
            #expect(SwiftIntentSources.parsesCleanly(file.contents) == true, "\(file.name) does not parse:\n\(file.contents)")
        }
        // The check itself: a broken file is caught.
        #expect(SwiftIntentSources.parsesCleanly("struct A: AppIntent { var x: = 1 }") == false)
    }
}
