/// JSON string literals, escaped exactly as the JSON writer escapes them, for the commands and
/// reports that write small JSON documents by hand.
public enum JSONStringLiteral {
    /// `text` in double quotes, with `"`, `\` and control characters escaped; other characters raw.
    public static func quoted(_ text: String) -> String {
        var buffer = PropertyListWriterBuffer(capacity: text.utf8.count + 2)
        PropertyListJSONWriter.appendQuoted(text, to: &buffer)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal to `output`.
    public static func append(_ text: String, to output: inout String) {
        output += quoted(text)
    }
}
