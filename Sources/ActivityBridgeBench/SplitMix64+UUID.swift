import SeededRandom

// The benchmark's generator is the package's one SplitMix64 (Sources/SeededRandom), so every run
// writes byte-identical inputs; only the UUIDs the donation logs need are the benchmark's own.
extension SplitMix64 {
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
