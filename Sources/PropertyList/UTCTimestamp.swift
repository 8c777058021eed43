import Foundation

/// `YYYY-MM-DDTHH:MM:SSZ`: how every command and report writes a moment (UTC, whole seconds rounded
/// down), the same text the XML and JSON writers give a `<date>`.
public enum UTCTimestamp {
    /// The timestamp of `date`; a date outside years 0–9999 (which the 4-digit form cannot hold, and
    /// an imported file may still carry) is written as its seconds since 1970, e.g. `-1e+20s`.
    public static func string(_ date: Date) -> String {
        var buffer = PropertyListWriterBuffer(capacity: 20)
        guard buffer.appendISODate(date) else { return "\(date.timeIntervalSince1970)s" }
        return String(decoding: buffer.bytes, as: UTF8.self)
    }
}
