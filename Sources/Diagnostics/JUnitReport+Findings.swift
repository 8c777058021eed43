import Diagnostics

extension JUnitReport {
    /// Findings of a checking command (`audit`, and any that reports ``Diagnostic``s by group) as JUnit: a
    /// `<testsuite>` per group (a target), a `<testcase>` per finding, named `rule-id at PATH:LINE:COLUMN`.
    /// An error is a `<failure>` (of type its rule id, its message the finding's, its text the finding's text
    /// lines with their notes), a warning too when warnings count as errors; otherwise warnings and notes pass
    /// with their text in `<system-out>`. A group without findings has one passing case, `no findings`, so
    /// that every group checked shows in the report.
    package struct FindingGroup: Sendable {
        package var name: String
        /// `audit.<Target>`: the test cases' classname.
        package var classname: String
        package var diagnostics: [Diagnostic]

        package init(name: String, classname: String, diagnostics: [Diagnostic]) {
            self.name = name
            self.classname = classname
            self.diagnostics = diagnostics
        }
    }

    /// - Parameter repositoryPath: the `file` attribute of a case (CI services link it against the
    ///   repository root); the text keeps the paths as the command shows them.
    package static func findings(
        _ name: String, groups: [FindingGroup], warningsAsErrors: Bool, repositoryPath: (String) -> String = { $0 }
    ) -> JUnitReport {
        let suites = groups.map { group in
            let cases = group.diagnostics.map { diagnostic in
                let location = diagnostic.location
                let text = String(diagnostic.textLines.dropLast())
                let fails = diagnostic.severity == .error || (warningsAsErrors && diagnostic.severity == .warning)
                return TestCase(
                    classname: group.classname, name: "\(diagnostic.rule.rawValue) at \(location)",
                    file: location.file.isEmpty ? nil : repositoryPath(location.file),
                    outcome: fails ? .failure(message: diagnostic.message, type: diagnostic.rule.rawValue, text: text) : .passed,
                    systemOut: fails ? nil : text)
            }
            return TestSuite(name: group.name, cases: cases.isEmpty ? [TestCase(classname: group.classname, name: "no findings")] : cases)
        }
        return JUnitReport(name: name, suites: suites)
    }
}
