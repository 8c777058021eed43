import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain byte search over a source file's bytes (comments and strings included): how both code readers choose
/// the files worth parsing (those that name a trigger, or a name whose declaration is wanted) without parsing
/// them. `memchr` for the first byte, `memcmp` for the rest: linear in the file for each name.
public enum ByteSearch {
    /// Whether `bytes` contain any of `names`.
    public static func mentions(_ bytes: UnsafeRawBufferPointer, anyOf names: [String]) -> Bool {
        names.contains { firstOccurrence(of: $0, in: bytes, from: 0) != nil }
    }

    public static func mentions(_ bytes: [UInt8], anyOf names: [String]) -> Bool {
        bytes.withUnsafeBytes { mentions($0, anyOf: names) }
    }

    /// The offset of the first `needle` at or after `from`.
    public static func firstOccurrence(of needle: String, in bytes: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard from >= 0, from < bytes.count, let base = bytes.baseAddress else { return nil }
        var needle = needle
        return needle.withUTF8 { pattern -> Int? in
            guard let patternBase = pattern.baseAddress, pattern.count > 0, pattern.count <= bytes.count else { return nil }
            let first = Int32(pattern[0])
            var index = from
            let last = bytes.count - pattern.count
            while index <= last {
                guard let found = memchr(base + index, first, last - index + 1) else { return nil }
                let candidate = base.distance(to: UnsafeRawPointer(found))
                if memcmp(found, patternBase, pattern.count) == 0 { return candidate }
                index = candidate + 1
            }
            return nil
        }
    }
}

/// Runs `body` for items `0..<count` on up to `concurrency` threads, each worker taking the next item when it
/// is done (a slow file does not hold up a fixed share), and returns the results in item order.
public func concurrentlyCollect<Value: Sendable>(count: Int, concurrency: Int, _ body: @Sendable (Int) -> Value?) -> [Value?] {
    let slots = ConcurrentSlots<Value>(count: count)
    DispatchQueue.concurrentPerform(iterations: max(1, min(concurrency, count))) { _ in
        while let item = slots.take() {
            if let value = body(item) { slots.store(value, at: item) }
        }
    }
    return slots.values
}

/// Results written by concurrent workers, each to its own slot, and the next item to take.
private final class ConcurrentSlots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]
    private var next = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ value: Value, at index: Int) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
