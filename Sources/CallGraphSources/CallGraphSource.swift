/// Where a generator takes its choices from: a seeded generator in the tests, the fuzzer's bytes in the
/// libFuzzer harness `value-flow`, so both explore the same programs.
public protocol ChoiceSource {
    /// A number in `0..<bound` (0 when `bound` ≤ 1).
    mutating func below(_ bound: Int) -> Int
}

/// The fuzzer's input as choices: one byte each, 0 once they run out (so every input is a program).
public struct ByteChoices: ChoiceSource {
    private let bytes: [UInt8]
    private var index = 0
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public mutating func below(_ bound: Int) -> Int {
        guard bound > 1, index < bytes.count else { return 0 }
        defer { index += 1 }
        return Int(bytes[index]) % bound
    }
}

/// Swift programs shaped like the value flows real apps have, generated for the resolver: functions that
/// forward a same-named parameter to themselves and to each other, initializers calling `super.init` along a
/// chain of subclasses and `required init?(coder:)` forwarding its own parameter, constants defined through
/// each other (in cycles too), enum members whose cases refer to another case's member and back, a protocol
/// whose extension reads a requirement that many conformers implement; creation and handling sites reading
/// all of these, spread over a few files.
public enum CallGraphSource {
    /// File name → source text, in the order generated.
    public static func generate<Choices: ChoiceSource>(_ choices: inout Choices) -> [(name: String, text: String)] {
        let fileCount = 1 + choices.below(4)
        var files = Array(repeating: "import UIKit\n", count: fileCount)
        func add(_ text: String, _ choices: inout Choices) { files[choices.below(fileCount)] += text + "\n" }
        let literals = ["\"com.example.a\"", "\"com.example.b\"", "\"com.example.\" + \"c\"", "\"\\(Bundle.main.bundleIdentifier!).d\""]

        // Constants, some defined through each other.
        let constants = 1 + choices.below(6)
        var constantNames = (0..<constants).map { "K.c\($0)" }
        var body = "enum K {\n"
        for index in 0..<constants {
            let value: String
            switch choices.below(4) {
            case 0, 1: value = literals[choices.below(literals.count)]
            case 2: value = "K.c\(choices.below(constants))"
            default: value = "K.c\(choices.below(constants)) + \".x\""
            }
            body += "    static let c\(index) = \(value)\n"
        }
        add(body + "}", &choices)

        // Functions forwarding a parameter named `id` to themselves and each other.
        let functions = choices.below(6)
        for index in 0..<functions {
            var text = "func f\(index)(id: String, n: Int) {\n"
            for _ in 0..<choices.below(3) { text += "    if n > 0 { f\(choices.below(functions))(id: id, n: n - 1) }\n" }
            if choices.below(2) == 0 { text += "    _ = NSUserActivity(activityType: id)\n" }
            if choices.below(3) == 0 { text += "    if NSUserActivity(activityType: \"x\").activityType == id { }\n" }
            add(text + "}", &choices)
        }
        for _ in 0..<choices.below(4) where functions > 0 {
            add("func call\(choices.below(100))() { f\(choices.below(functions))(id: \(constantNames[choices.below(constantNames.count)]), n: 2) }", &choices)
        }

        // A chain of view controllers, each forwarding to its superclass's initializer.
        let classes = choices.below(4)
        for index in 0..<classes {
            let superclass = index == 0 ? "UIViewController" : "V\(index - 1)"
            var text = "class V\(index): \(superclass) {\n"
            if index == 0 {
                text += "    init(type: String) {\n        super.init(nibName: nil, bundle: nil)\n        userActivity = NSUserActivity(activityType: type)\n    }\n"
            } else {
                text += "    init(type: String) { super.init(type: type + \".v\(index)\") }\n"
            }
            text += "    required init?(coder: NSCoder) { super.init(coder: coder) }\n}"
            add(text, &choices)
            if choices.below(2) == 0 { add("let v\(index)_\(choices.below(100)) = V\(index)(type: \(constantNames[choices.below(constantNames.count)]))", &choices) }
        }

        // An enum whose cases' members refer to each other.
        let cases = 1 + choices.below(4)
        var enumText = "enum E: String {\n    case " + (0..<cases).map { "e\($0)" }.joined(separator: ", ") + "\n"
        for member in ["x", "y"] {
            enumText += "    var \(member): String {\n        switch self {\n"
            for index in 0..<cases {
                let value: String
                switch choices.below(4) {
                case 0: value = "E.e\(choices.below(cases)).\(member)"
                case 1: value = "E.e\(choices.below(cases)).\(member == "x" ? "y" : "x")"
                case 2: value = "\"com.example.\" + rawValue"
                default: value = literals[choices.below(literals.count)]
                }
                enumText += "        case .e\(index): return \(value)\n"
            }
            enumText += "        }\n    }\n"
        }
        add(enumText + "}", &choices)
        constantNames += (0..<cases).flatMap { ["E.e\($0).x", "E.e\($0).y", "E.e\($0).rawValue"] }

        // A protocol whose extension makes activities from a requirement its conformers implement.
        let conformers = choices.below(5)
        if conformers > 0 {
            add("protocol Restorable { var restorationType: String { get } }", &choices)
            add("extension Restorable { func makeActivity() -> NSUserActivity { NSUserActivity(activityType: restorationType) } }", &choices)
            for index in 0..<conformers {
                add("struct R\(index): Restorable { var restorationType: String { \(constantNames[choices.below(constantNames.count)]) } }", &choices)
            }
        }

        // Sites reading any of it.
        for _ in 0..<(1 + choices.below(5)) {
            let value = constantNames[choices.below(constantNames.count)]
            if choices.below(2) == 0 {
                add("let a\(choices.below(1000)) = NSUserActivity(activityType: \(value))", &choices)
            } else {
                add("func h\(choices.below(1000))(_ a: NSUserActivity) -> Bool { a.activityType == \(value) }", &choices)
            }
        }
        return files.enumerated().map { (name: "F\($0.offset).swift", text: $0.element) }
    }
}
