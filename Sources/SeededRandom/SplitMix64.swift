/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014): a tiny
/// deterministic generator, so a seed gives the same numbers on every run and platform. The benchmark
/// executable writes byte-identical inputs with it, and randomized tests reproduce a failure exactly.
///
/// The one copy in the package: the benchmark and the test targets both depend on this target,
/// which depends on nothing (no test framework, so an executable can link it).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The reference algorithm's constants: the golden-ratio increment and the two mixing multipliers.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`next() % bound`; 0 when `bound` is 0 or less).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A real in `0..<1` with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}
