/// SplitMix64: a tiny deterministic generator, so every run writes byte-identical inputs.
struct BenchmarkRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A real in `0..<1` with 53 random bits.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// An upper-case version-4 UUID string.
    mutating func uuidString() -> String {
        let high = next()
        let low = next()
        var bytes: [UInt8] = []
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: high >> UInt64(shift))) }
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: low >> UInt64(shift))) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + text : text
        }
        let groups = [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]]
        return groups.map { $0.joined() }.joined(separator: "-")
    }
}
