import ActivityBridge
import Testing

/// Replay failures as Swift Testing issues, each at its place in the script.
enum ReplayIssues {
    /// Records one issue per failure of `report` (``ReplayScriptReport/issues``): a failed
    /// expectation at its `expect` key, a step that could not run at the step, a malformed script at
    /// its error. `fileID` shows the script as `ReplayTests/Replays/NAME.plist`; `filePath` is the
    /// runner's (absolute) path, which IDEs open.
    static func record(_ report: ReplayScriptReport) {
        for issue in report.issues {
            let location = issue.location
            Issue.record(Comment(rawValue: issue.message), sourceLocation: SourceLocation(
                fileID: "ReplayTests/" + relative(location.file), filePath: location.file, line: location.line, column: location.column))
        }
    }

    /// `path` from the package's folder on (`Replays/x.plist`), or as it is when outside it.
    static func relative(_ path: String) -> String {
        let root = ReplayScriptTests.packageRoot.path + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }
}
