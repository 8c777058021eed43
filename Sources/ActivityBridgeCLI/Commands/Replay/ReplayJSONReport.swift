import ActivityBridge
import Diagnostics
import Foundation
import PropertyList

/// The JSON report: one document with every script, its steps, their results and failures, and a
/// summary. Keys keep this order; values in results and expectations keep their JSON mapping
/// (`plist convert --to json`).
///
/// ```json
/// {"scripts":[{"file":"…","name":"…","app":"hairdressers","passed":false,
///   "warnings":[{"file":"Plists/…","line":29,"column":3,"rule":"activity-type-unresolved-variable","message":"…"}],
///   "steps":[{"index":1,"do":"check","passed":false,"result":{"outcome":"ok"},
///             "failures":[{"key":"screen","expected":"splash","actual":"closed","message":"screen: expected …"}]}]}],
///  "summary":{"scripts":1,"passed":0,"failed":1}}
/// ```
enum ReplayJSONReport {
    static func render(_ report: ReplayReport) -> Data {
        let document: PropertyListValue = [
            "scripts": .array(report.scripts.map(script)),
            "summary": [
                "scripts": integer(report.scripts.count),
                "passed": integer(report.passedCount),
                "failed": integer(report.failedCount),
            ],
        ]
        // Reals that JSON cannot hold (NaN, infinities) are written as strings instead.
        var data = (try? PropertyListWriter(format: .json).data(for: jsonSafe(document))) ?? Data("{}".utf8)
        while data.last == UInt8(ascii: "\n") { data.removeLast() }
        return data + Data("\n".utf8)
    }

    static func script(_ script: ReplayScriptReport) -> PropertyListValue {
        var object: PropertyListDictionary = ["file": .string(script.file), "name": .string(script.name)]
        if let app = script.app { object["app"] = .string(app) }
        object["passed"] = .bool(script.passed)
        if !script.warnings.isEmpty {
            object["warnings"] = .array(script.warnings.map { warning in
                ["file": .string(warning.location.file), "line": integer(warning.location.line),
                 "column": integer(warning.location.column), "rule": .string(warning.rule.rawValue), "message": .string(warning.message)]
            })
        }
        object["steps"] = .array(script.steps.map(step))
        if let error = script.error { object["error"] = self.error(error) }
        return .dictionary(object)
    }

    static func step(_ step: ReplayStepReport) -> PropertyListValue {
        var object: PropertyListDictionary = ["index": integer(step.index), "do": .string(step.action), "passed": .bool(step.passed)]
        if let result = step.result { object["result"] = .dictionary(result) }
        object["failures"] = .array(step.failures.map { failure in
            var entry: PropertyListDictionary = ["key": .string(failure.key), "expected": failure.expected]
            if let actual = failure.actual { entry["actual"] = actual }
            entry["message"] = .string(failure.description)
            return .dictionary(entry)
        })
        if let error = step.error { object["error"] = self.error(error) }
        return .dictionary(object)
    }

    static func error(_ error: ReplayScriptError) -> PropertyListValue {
        var object: PropertyListDictionary = ["message": .string(error.summary)]
        if let step = error.step { object["step"] = integer(step) }
        if let location = error.location {
            object["line"] = integer(location.line)
            object["column"] = integer(location.column)
        }
        return .dictionary(object)
    }

    private static func integer(_ value: Int) -> PropertyListValue { .integer(PropertyListInteger(value)) }

    private static func jsonSafe(_ value: PropertyListValue) -> PropertyListValue {
        switch value {
        case let .real(real) where !real.isFinite: .string(real.description)
        case let .array(elements): .array(elements.map(jsonSafe))
        case let .dictionary(dictionary): .dictionary(PropertyListDictionary(dictionary.entries.map { ($0.key, jsonSafe($0.value)) }))
        default: value
        }
    }
}
