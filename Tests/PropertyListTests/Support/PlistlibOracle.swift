import Foundation
import PropertyList
import TestSupport

/// Python's `plistlib`, run once over a directory, as an independent reader to compare with.
///
/// The script prints one line per file: `name<TAB>ok<TAB>tagged JSON` or `name<TAB>error<TAB>message`.
/// Values use the tags of ``ExpectedValueDecoder``. One mapping is applied on the Python side:
/// a dictionary that is exactly `{"CF$UID": n}` becomes `{"$uid": n}`, because Apple's readers
/// (and ours) read that XML spelling of a keyed-archiver reference as a UID, and plistlib does not.
enum PlistlibOracle {
    enum Verdict {
        case value(PropertyListValue)
        case error(String)
    }

    static let script = #"""
    import base64, json, math, os, plistlib, sys
    def tag(v):
        if isinstance(v, bool): return v
        if isinstance(v, int): return v
        if isinstance(v, float):
            if math.isnan(v): return {"$real": "nan"}
            if math.isinf(v): return {"$real": "inf" if v > 0 else "-inf"}
            return v
        if isinstance(v, str): return v
        if isinstance(v, bytes): return {"$data": base64.b64encode(v).decode()}
        if isinstance(v, plistlib.UID): return {"$uid": v.data}
        if hasattr(v, "year"):
            return {"$date": "%04d-%02d-%02dT%02d:%02d:%02dZ" % (v.year, v.month, v.day, v.hour, v.minute, v.second)}
        if isinstance(v, list): return [tag(x) for x in v]
        if isinstance(v, dict):
            if list(v.keys()) == ["CF$UID"] and isinstance(v["CF$UID"], int) and not isinstance(v["CF$UID"], bool) \
                    and 0 <= v["CF$UID"] <= 0xFFFFFFFF:
                return {"$uid": v["CF$UID"]}
            return {k: tag(x) for k, x in v.items()}
        raise TypeError(type(v).__name__)
    root = sys.argv[1]
    for name in sorted(os.listdir(root)):
        if not name.endswith(".plist"): continue
        try:
            with open(os.path.join(root, name), "rb") as f:
                line = "ok\t" + json.dumps(tag(plistlib.load(f)), ensure_ascii=False)
        except Exception as e:
            line = "error\t" + (type(e).__name__ + ": " + str(e)).replace("\t", " ").replace("\n", " ")
        print(name + "\t" + line)
    """#

    /// The verdicts by file name, or nil when python3 with plistlib cannot be run here.
    static func verdicts(for directory: URL) -> [String: Verdict]? {
        guard let output = try? ExternalTool.run("python3", ["-c", script, directory.path]), output.status == 0 else { return nil }
        var verdicts: [String: Verdict] = [:]
        for line in output.standardOutput.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { continue }
            if fields[1] == "ok", let value = try? ExpectedValueDecoder.decode(fields[2]) {
                verdicts[fields[0]] = .value(value)
            } else {
                verdicts[fields[0]] = .error(fields[2])
            }
        }
        return verdicts
    }
}
