public import Diagnostics
// PropertyList's own rules, each declared once: its severity, summary, rationale and examples (Info.plist
// fragments, read by ``PropertyListReader``; PropertyListRuleExamplesTests runs them, and `validate` runs them
// again as its own: ActivityKit's `ValidationRules.all` lists them). The readers raise them at the severity declared
// here. `plist-syntax` and `duplicate-key` keep their ids in Diagnostics (`Diagnostic.Rule`), which every module
// sees; `date-out-of-range`'s id is the description's.

extension Diagnostic.Rule {
    /// A `<date>` field outside its calendar range (`2024-01-32`); read rolled over, as Apple does.
    public static let dateOutOfRange = RuleDescription.dateOutOfRange.id
}

/// The Info.plist the examples of PropertyList's and `validate`'s rules are written in.
package enum RuleExampleInfoPlist {
    /// An Info.plist whose `NSUserActivityTypes` holds `elements` (raw XML, one a line), with `extra` entries before it.
    package static func with(_ elements: String, extra: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \(extra)<key>NSUserActivityTypes</key>
        <array>
        \(elements)
        </array>
        </dict>
        </plist>

        """
    }
}

extension RuleDescription {
    public static let plistSyntax = RuleDescription(
        .plistSyntax, .error, "The file is not a well-formed, valid property list.",
        rationale: "The file is not a well-formed, valid property list (see PropertyList's *What the readers accept and guarantee*). Nothing else is checked then.",
        triggering: [.plist("<plist version=\"1.0\">\n<dict>\n<key>NSUserActivityTypes</key>\n<array>\n<string>com.example.open</string>\n↓</dict>\n</plist>\n")],
        nonTriggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.open</string>"))])

    public static let duplicateKey = RuleDescription(
        .duplicateKey, .warning, "A dictionary repeats a key; the last value wins.",
        rationale: "A dictionary repeats a key; the later value is the one used.",
        triggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.open</string>", extra: "<key>CFBundleName</key>\n<string>Shop</string>\n↓<key>CFBundleName</key>\n<string>Shop 2</string>\n"))],
        nonTriggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.open</string>", extra: "<key>CFBundleName</key>\n<string>Shop</string>\n"))])

    public static let dateOutOfRange = RuleDescription(
        "date-out-of-range", .warning, "A <date> field is outside its calendar range (2024-01-32); it is read rolled over, as Apple does.",
        rationale: "A `<date>` field is outside its calendar range (`2024-01-32`); the reader reads it rolled over, as Apple does.",
        triggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.open</string>", extra: "<key>Built</key>\n↓<date>2024-01-32T00:00:00Z</date>\n"))],
        nonTriggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.open</string>", extra: "<key>Built</key>\n<date>2024-01-31T00:00:00Z</date>\n"))])
}

/// PropertyList's rules, in the order `validate`'s table lists them.
public enum PropertyListRules {
    public static let all: [RuleDescription] = [.plistSyntax, .duplicateKey, .dateOutOfRange]
}
