import Diagnostics

/// A JUnit XML report, the test-results format CI services read (GitLab's `artifacts:reports:junit`,
/// Jenkins, Azure Pipelines, GitHub test-report actions): `<testsuites>` holding a `<testsuite>` per group,
/// each holding `<testcase>`s that pass, or carry a `<failure>` (an expectation or finding) or an `<error>`
/// (the case could not run), and optionally `<system-out>`. `replay` and `audit` both write it through this.
package struct JUnitReport: Sendable {
    package struct TestCase: Sendable {
        package enum Outcome: Sendable {
            case passed
            case failure(message: String, type: String, text: String)
            case error(message: String, type: String, text: String)
        }

        package var classname: String
        package var name: String
        package var file: String?
        package var outcome: Outcome
        /// Text for `<system-out>` (warnings, notes); nil or empty: none.
        package var systemOut: String?

        package init(classname: String, name: String, file: String? = nil, outcome: Outcome = .passed, systemOut: String? = nil) {
            self.classname = classname
            self.name = name
            self.file = file
            self.outcome = outcome
            self.systemOut = systemOut
        }

        var isFailure: Bool { if case .failure = outcome { true } else { false } }
        var isError: Bool { if case .error = outcome { true } else { false } }
    }

    package struct TestSuite: Sendable {
        package var name: String
        package var cases: [TestCase]

        package init(name: String, cases: [TestCase]) {
            self.name = name
            self.cases = cases
        }
    }

    package var name: String
    package var suites: [TestSuite]

    package init(name: String, suites: [TestSuite]) {
        self.name = name
        self.suites = suites
    }

    /// The document, UTF-8, with a trailing newline.
    package var xml: String {
        let all = suites.flatMap(\.cases)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(MarkupText.escaped(name, for: .xml))\" tests=\"\(all.count)\" failures=\"\(all.count(where: \.isFailure))\" "
            + "errors=\"\(all.count(where: \.isError))\">\n"
        for suite in suites {
            xml += "  <testsuite name=\"\(MarkupText.escaped(suite.name, for: .xml))\" tests=\"\(suite.cases.count)\" "
                + "failures=\"\(suite.cases.count(where: \.isFailure))\" errors=\"\(suite.cases.count(where: \.isError))\">\n"
            for testCase in suite.cases { xml += Self.element(testCase) }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    private static func element(_ testCase: TestCase) -> String {
        var xml = "    <testcase classname=\"\(MarkupText.escaped(testCase.classname, for: .xml))\" name=\"\(MarkupText.escaped(testCase.name, for: .xml))\""
        if let file = testCase.file { xml += " file=\"\(MarkupText.escaped(file, for: .xml))\"" }
        let systemOut = testCase.systemOut ?? ""
        var body = ""
        switch testCase.outcome {
        case .passed: break
        case let .failure(message, type, text): body += result("failure", message: message, type: type, text: text)
        case let .error(message, type, text): body += result("error", message: message, type: type, text: text)
        }
        if !systemOut.isEmpty { body += "      <system-out>" + MarkupText.escaped(systemOut, for: .xml) + "</system-out>\n" }
        return body.isEmpty ? xml + "/>\n" : xml + ">\n" + body + "    </testcase>\n"
    }

    private static func result(_ element: String, message: String, type: String, text: String) -> String {
        "      <\(element) message=\"\(MarkupText.escaped(message, for: .xml))\" type=\"\(MarkupText.escaped(type, for: .xml))\">\(MarkupText.escaped(text, for: .xml))</\(element)>\n"
    }
}
