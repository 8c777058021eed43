import PropertyList
import SeededRandom

/// Inputs with extreme shapes: one very wide dictionary, and arrays nested very deep.
enum ShapeGenerators {
    /// `{"key000000": …, …}` with `keys` entries whose values cycle through string, integer,
    /// real and bool.
    static func wideDictionary(keys: Int) -> PropertyListValue {
        var random = SplitMix64(seed: 0x3000_0000 &+ UInt64(keys))
        var dictionary = PropertyListDictionary()
        dictionary.reserveCapacity(keys)
        for index in 0..<keys {
            let key = "key" + String(index).leftPadded(to: 6)
            let value: PropertyListValue
            switch index % 4 {
            case 0: value = .string("value \(random.below(1_000_000))")
            case 1: value = .integer(PropertyListInteger(Int64(random.below(1 << 30))))
            case 2: value = .real(random.unit() * 1000)
            default: value = .bool(random.chance(50))
            }
            dictionary[key] = value
        }
        return .dictionary(dictionary)
    }

    /// `depth` arrays, each holding a string and the next array; the innermost holds a string.
    static func deepArray(depth: Int) -> PropertyListValue {
        var value: PropertyListValue = ["bottom"]
        for level in stride(from: depth - 1, to: 0, by: -1) {
            value = [.string("level \(level)"), value]
        }
        return value
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
