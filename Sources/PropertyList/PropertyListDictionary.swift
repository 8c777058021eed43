/// A property-list dictionary: unique string keys that keep their insertion (document) order.
///
/// Small dictionaries (the common case in Info.plists and activity userInfo) are searched
/// linearly; a hash index is built once a dictionary grows past `indexThreshold` keys, so a
/// 300,000-key dictionary still has O(1) lookups. Equality ignores key order, as property lists do.
public struct PropertyListDictionary: Sendable {
    public struct Entry: Hashable, Sendable {
        public var key: String
        public var value: PropertyListValue
    }

    static let indexThreshold = 16

    public private(set) var entries: [Entry] = []
    private var index: [String: Int]?

    public init() {}

    /// Builds a dictionary from pairs; a repeated key keeps its first position and its last value.
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, PropertyListValue) {
        for (key, value) in pairs { updateValue(value, forKey: key) }
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    public var keys: [String] { entries.map(\.key) }
    public var values: [PropertyListValue] { entries.map(\.value) }

    /// Reserves room for `capacity` entries.
    public mutating func reserveCapacity(_ capacity: Int) { entries.reserveCapacity(capacity) }

    public subscript(key: String) -> PropertyListValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Sets `value` for `key`, keeping the key's position when it exists.
    /// - Returns: the value that was replaced, if any (a duplicate key, for a parser).
    @discardableResult
    public mutating func updateValue(_ value: PropertyListValue, forKey key: String) -> PropertyListValue? {
        if let existing = position(of: key) {
            let old = entries[existing].value
            entries[existing].value = value
            return old
        }
        entries.append(Entry(key: key, value: value))
        if index != nil {
            index![key] = entries.count - 1
        } else if entries.count > Self.indexThreshold {
            buildIndex()
        }
        return nil
    }

    @discardableResult
    public mutating func removeValue(forKey key: String) -> PropertyListValue? {
        guard let existing = position(of: key) else { return nil }
        let old = entries.remove(at: existing).value
        if index != nil { buildIndex() }
        return old
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return entries.firstIndex { $0.key == key }
    }

    private mutating func buildIndex() {
        var built = [String: Int](minimumCapacity: entries.count)
        for (offset, entry) in entries.enumerated() { built[entry.key] = offset }
        index = built
    }
}

extension PropertyListDictionary: Sequence {
    public func makeIterator() -> IndexingIterator<[Entry]> { entries.makeIterator() }
}

extension PropertyListDictionary: Equatable {
    public static func == (lhs: PropertyListDictionary, rhs: PropertyListDictionary) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
    }
}

extension PropertyListDictionary: Hashable {
    public func hash(into hasher: inout Hasher) {
        // Order-independent, to agree with ==: combine per-entry hashes commutatively.
        var combined = 0
        for entry in entries { combined = combined &+ entry.hashValue }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension PropertyListDictionary: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, PropertyListValue)...) {
        self.init(elements)
    }
}
