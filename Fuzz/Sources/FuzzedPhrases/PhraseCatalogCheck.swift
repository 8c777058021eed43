import Foundation

/// The `xcstrings` harness, in the module of the audit's own phrase reader (PhraseLocalizations.swift,
/// linked from Sources/Audit), which it calls as the audit does.
public enum PhraseCatalogCheck {
    /// An `AppShortcuts.xcstrings` read as the audit reads it: a refusal is a located diagnostic inside
    /// the file, and every key and phrase read has a location inside it.
    public static func check(_ bytes: UnsafeRawBufferPointer) {
        let data = Data(bytes)
        let lines = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let path = "App/AppShortcuts.xcstrings"
        func check(_ line: Int, _ column: Int, _ what: String) {
            guard (1...lines).contains(line), column >= 1 else { fatalError("\(what) at \(line):\(column), outside the file") }
        }
        switch PhraseLocalizationFile.read(data, path: path) {
        case .failure(let diagnostic):
            let location = diagnostic.location
            guard location.file == path else { fatalError("a refusal located elsewhere: \(diagnostic)") }
            check(location.line, location.column, "the refusal")
            _ = diagnostic.description
        case .success(let file):
            let keys = Set(file.keys.map(\.key))
            for key in file.keys { check(key.location.line, key.location.column, "key \(key.key)") }
            for phrase in file.phrases {
                guard keys.contains(phrase.key) else { fatalError("a phrase of a key not read: \(phrase.key)") }
                check(phrase.textLocation.line, phrase.textLocation.column, "phrase \(phrase.text)")
            }
        }
    }

}
