import Diagnostics
// The SiriKit intent handlers of one file, over the tokens clang lexed: the methods
// `- (void)handle<Name>:(<Intent> *)intent completion:(void (^)(<Intent>Response *))completion { … }` of an
// `@implementation`, and, in a header, what an `@interface` of a class says of them (the protocols it adopts, the
// `NS_SWIFT_NAME` of a declaration). A linear walk over the tokens; no recursion.

extension ObjCFileScanner {
    /// A handler method as defined in an `@implementation`.
    struct IntentHandlerDefinition: Sendable {
        var className: String
        var intentType: String
        var selector: String
        var position: SourceLocation
    }

    /// What the `@interface` blocks (and categories, class extensions) of one class in this file declare.
    struct InterfaceDeclaration: Sendable {
        /// The protocols in its `<…>` lists.
        var protocols: [String] = []
        /// Selector → the `NS_SWIFT_NAME(…)` of its declaration, or "" for a declaration without one.
        var methods: [String: String] = [:]
    }

    /// Qualifiers in a parameter's type that are not its class.
    private static let typeQualifiers: Set<String> = [
        "nonnull", "nullable", "null_unspecified", "_Nonnull", "_Nullable", "_Null_unspecified", "__nonnull", "__nullable",
        "__kindof", "const", "__strong", "__weak", "__unsafe_unretained", "__autoreleasing", "in", "out", "inout", "bycopy", "byref", "oneway",
    ]

    /// The `handle…:completion:` methods of each `@implementation` whose first parameter is a pointer to a class
    /// named `…Intent`.
    func intentHandlerDefinitions() -> [IntentHandlerDefinition] {
        var found: [IntentHandlerDefinition] = []
        var currentClass: String?
        var index = 0
        while index < list.count {
            if list[index] == "@" {
                if list[index + 1] == "implementation", index + 2 < list.count, list.toks[index + 2].isIdentifier {
                    currentClass = list[index + 2]
                    index += 3
                    continue
                }
                if list[index + 1] == "end" { currentClass = nil }
            }
            if let className = currentClass, list[index] == "-", list[index + 1] == "(",
               let (selector, types, end) = methodSignature(at: index) {
                let pieces = selector.split(separator: ":")
                if pieces.count == 2, pieces[0].hasPrefix("handle"), pieces[1] == "completion", let intentType = types.first ?? nil,
                   intentType.hasSuffix("Intent") {
                    found.append(IntentHandlerDefinition(className: className, intentType: intentType, selector: selector, position: position(index)))
                }
                // Past the body: its `-` and `@` are expressions.
                var cursor = end
                while cursor < list.count, list[cursor] != "{", list[cursor] != ";" { cursor += 1 }
                index = cursor < list.count && list[cursor] == "{" && list.partner[cursor] > cursor ? list.partner[cursor] + 1 : max(index + 1, cursor)
                continue
            }
            index += 1
        }
        return found
    }

    /// The declarations of `className`'s `@interface` blocks in this file (nil when it has none).
    func interfaceDeclaration(of className: String) -> InterfaceDeclaration? {
        var declaration: InterfaceDeclaration?
        var inClass = false
        var index = 0
        while index < list.count {
            if list[index] == "@", list[index + 1] == "interface", list[index + 2] == className {
                inClass = true
                if declaration == nil { declaration = InterfaceDeclaration() }
                // The header of the block: `(Category)`, `: Super`, `<Protocols>` (before or after the superclass).
                index += 3
                var inAngles = false
                while index < list.count, !["-", "+", "@", "{"].contains(list[index]) || inAngles {
                    if list[index] == "<" { inAngles = true } else if list[index] == ">" { inAngles = false } else if inAngles, list.toks[index].isIdentifier {
                        declaration?.protocols.append(list[index])
                    }
                    index += 1
                }
                continue
            }
            if list[index] == "@", list[index + 1] == "end" { inClass = false }
            if inClass, list[index] == "-", list[index + 1] == "(", let (selector, _, end) = methodSignature(at: index) {
                // Attributes up to the `;`: `NS_SWIFT_NAME(handle(intent:completion:))`, `API_AVAILABLE(…)`.
                var swiftName = ""
                var cursor = end
                while cursor < list.count, list[cursor] != ";", list[cursor] != "{", list[cursor] != "@" {
                    if list[cursor] == "NS_SWIFT_NAME", list[cursor + 1] == "(", list.partner[cursor + 1] > cursor + 1 {
                        swiftName = ((cursor + 2)..<list.partner[cursor + 1]).map { list[$0] }.joined()
                    }
                    cursor = list[cursor] == "(" && list.partner[cursor] > cursor ? list.partner[cursor] + 1 : cursor + 1
                }
                declaration?.methods[selector] = swiftName
                index = max(index + 1, cursor)
                continue
            }
            index += 1
        }
        return declaration
    }

    /// A method's selector, the class of each parameter (the first identifier of its type that is no qualifier, when
    /// the type is a pointer), and the index after its last parameter name.
    private func methodSignature(at start: Int) -> (selector: String, types: [String?], end: Int)? {
        let typeOpen = start + 1
        guard list.partner[typeOpen] > typeOpen else { return nil }
        var index = list.partner[typeOpen] + 1
        var pieces: [String] = []
        var types: [String?] = []
        while index < list.count, list.toks[index].isIdentifier, list[index + 1] == ":" {
            pieces.append(list[index])
            index += 2
            var type: String?
            if list[index] == "(", list.partner[index] > index {
                let inner = (index + 1)..<list.partner[index]
                if inner.contains(where: { list[$0] == "*" }) {
                    type = inner.first { list.toks[$0].isIdentifier && !Self.typeQualifiers.contains(list[$0]) }.map { list[$0] }
                }
                index = list.partner[index] + 1
            }
            guard index < list.count, list.toks[index].isIdentifier else { return nil }
            types.append(type)
            index += 1
        }
        guard !pieces.isEmpty else { return nil }
        return (pieces.map { $0 + ":" }.joined(), types, index)
    }
}
