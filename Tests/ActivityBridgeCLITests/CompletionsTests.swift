import Foundation
import Testing
@testable import ActivityBridgeCLI
import TestSupport

/// `activity-bridge completions bash|zsh|fish`: the scripts come from the command declarations, and the
/// shells themselves answer: bash through its completion function called as bash calls it (COMP_WORDS,
/// COMP_CWORD), fish through `complete -C`, zsh by parsing (`zsh -n`; its completion system needs a terminal).
@Suite("shell completions")
struct CompletionsTests {
    static func shell(_ name: String) -> String? {
        ["/bin/\(name)", "/usr/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The script the built binary prints, in a file.
    static func script(_ shell: String, in directory: TemporaryDirectory) throws -> String {
        let result = try BuiltBinary.run(["completions", shell])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        return try directory.write(result.standardOutputData, to: "activity-bridge.\(shell)").path
    }

    /// Calls bash's completion function for each case (the words so far, the last being the one completed),
    /// in one bash without startup files; returns COMPREPLY of each.
    static func bashCompletions(_ cases: [[String]], in folder: URL = BuiltBinary.packageRoot) throws -> [[String]] {
        let directory = try TemporaryDirectory("activity-bridge-completions")
        let script = try Self.script("bash", in: directory)
        var driver = """
            source \(ShellQuoting.posix(script)) || exit 3
            spec=$(complete -p activity-bridge) || exit 4
            function=${spec#*-F }; function=${function%% *}
            run() {
                COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
                COMPREPLY=(); "$function"; local IFS='|'; printf '%s\\n' "${COMPREPLY[*]}"
            }

            """
        for words in cases { driver += "run " + (["activity-bridge"] + words).map(ShellQuoting.posix).joined(separator: " ") + "\n" }
        let result = try ChildProcess.run(URL(fileURLWithPath: try #require(shell("bash"))), ["--norc", "--noprofile", "-c", driver], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == cases.count, "\(result.standardOutput)\(result.standardError)")
        return lines.map { $0.isEmpty ? [] : $0.split(separator: "|").map(String.init) }
    }

    @Test(.enabled(if: shell("bash") != nil, "bash is not installed"))
    func bashCompletesSubcommandsOptionsAndChoices() throws {
        let cases: [([String], [String])] = [
            (["au"], ["audit"]),
            (["audit", "--fo"], ["--format"]),
            (["audit", "--format", ""], ["text", "json", "sarif", "html", "github", "junit"]),
            (["audit", "--format", "j"], ["json", "junit"]),
            (["audit", "--format", "=", "g"], ["github"]),  // --format=g, split by bash at '='
            (["audit", "--format", "json", "--war"], ["--warnings-as-errors"]),
            (["plist", "l"], ["lint"]),
            (["plist", "lint", "--fo"], ["--format"]),
            (["plist", "lint", "--format", ""], ["text", "github"]),
            (["validate", "--format", "s"], ["sarif"]),
            (["replay", "--format", "ju"], ["junit"]),
            (["completions", ""], ["bash", "zsh", "fish"]),
            (["--ver"], ["--version"]),
            (["donations", "list", "-"], ["--store", "--format", "--help", "-h"]),
            (["plist", "lint", "Plists/Hairdressers-I"], ["Plists/Hairdressers-Info.plist"]),
            (["audit", "-o", "Plists/WalkMate-I"], ["Plists/WalkMate-Info.plist"]),
            (["replay", "Samples", "au"], []),  // after a positional, words are not subcommands
        ]
        let answers = try Self.bashCompletions(cases.map(\.0))
        for ((words, expected), answer) in zip(cases, answers) {
            #expect(answer == expected, "activity-bridge \(words.joined(separator: " "))<TAB>")
        }
    }

    @Test(.enabled(if: shell("bash") != nil, "bash is not installed"))
    func bashOffersEveryTopLevelCommand() throws {
        let answer = try #require(try Self.bashCompletions([[""]]).first)
        let expected = ActivityBridgeCommand.configuration.subcommands.map { command in command.configuration.name }.sorted()
        #expect(answer == expected)
        #expect(answer.contains("completions"))
    }

    @Test(.enabled(if: shell("zsh") != nil, "zsh is not installed (apt-get install zsh)"))
    func zshScriptParses() throws {
        let directory = try TemporaryDirectory("activity-bridge-completions")
        let script = try Self.script("zsh", in: directory)
        let result = try ChildProcess.run(URL(fileURLWithPath: try #require(Self.shell("zsh"))), ["-n", script])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try String(contentsOfFile: script, encoding: .utf8).hasPrefix("#compdef activity-bridge\n"))
    }

    @Test(.enabled(if: shell("fish") != nil, "fish is not installed (apt-get install fish)"))
    func fishScriptParsesAndCompletes() throws {
        let directory = try TemporaryDirectory("activity-bridge-completions")
        let script = try Self.script("fish", in: directory)
        let fish = URL(fileURLWithPath: try #require(Self.shell("fish")))
        let parse = try ChildProcess.run(fish, ["--no-config", "-n", script])
        #expect(parse.status == 0, "\(parse.standardError)")
        let cases: [(String, [String])] = [
            ("activity-bridge au", ["audit"]),
            ("activity-bridge audit --fo", ["--format"]),
            ("activity-bridge audit --format ", ["text", "json", "sarif", "html", "github", "junit"]),
            ("activity-bridge plist l", ["lint"]),
            ("activity-bridge plist lint --format ", ["text", "github"]),
            ("activity-bridge completions ", ["bash", "zsh", "fish"]),
            ("activity-bridge audit --format json --warn", ["--warnings-as-errors"]),
        ]
        var command = "source \(ShellQuoting.fish(script)); or exit 3\n"
        for (line, _) in cases { command += "complete -C \(ShellQuoting.fish(line)); echo @@\n" }
        let result = try ChildProcess.run(fish, ["--no-config", "-c", command])
        #expect(result.status == 0, "\(result.standardError)")
        let answers = result.standardOutput.components(separatedBy: "@@\n").dropLast().map { block in
            block.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(answers.count == cases.count, "\(result.standardOutput)")
        for ((line, expected), answer) in zip(cases, answers) {
            #expect(Set(answer) == Set(expected), "\(line)<TAB>")
        }
    }

    @Test func anUnknownOrMissingShellIsAUsageErrorNamingTheChoices() throws {
        let unknown = try BuiltBinary.run(["completions", "tcsh"])
        #expect(unknown.status == 64)
        #expect(unknown.standardOutput.isEmpty)
        #expect(unknown.standardError == """
            error: invalid value 'tcsh' for SHELL: expected one of bash, zsh, fish
            Usage: activity-bridge completions SHELL
            See 'activity-bridge completions --help'.

            """)
        let missing = try BuiltBinary.run(["completions"])
        #expect(missing.status == 64)
        #expect(missing.standardError.hasPrefix("error: missing argument SHELL (expected one of bash, zsh, fish)\n"))
        let extra = try BuiltBinary.run(["completions", "bash", "zsh"])
        #expect(extra.status == 64)
        #expect(extra.standardError.hasPrefix("error: unexpected argument 'zsh'\n"))
    }

    /// The tree is walked from the declarations: every command is a node, with its options' values.
    @Test func theTreeHasEveryCommandAndItsDeclaredValues() throws {
        let tree = CompletionTree(root: ActivityBridgeCommand.self)
        func count(_ command: any Command.Type) -> Int { 1 + command.configuration.subcommands.map(count).reduce(0, +) }
        #expect(tree.nodes.count == count(ActivityBridgeCommand.self))
        #expect(tree.nodes.first?.path == "")
        let audit = try #require(tree.nodes.first { $0.path == "audit" })
        #expect(audit.options.first { $0.names == ["--format"] }?.values == .choices(["text", "json", "sarif", "html", "github", "junit"]))
        #expect(audit.options.first { $0.names == ["--output", "-o"] }?.values == .files)
        #expect(audit.options.first { $0.names == ["--emit-app-model"] }?.values == .directories)
        #expect(audit.options.first { $0.names == ["--define"] }?.values == CompletionTree.Values.none)
        #expect(audit.options.first { $0.names == ["--warnings-as-errors"] }.map { $0.values == nil } == true)
        #expect(audit.positional == .files)
        #expect(tree.nodes.first { $0.path == "completions" }?.positional == .choices(["bash", "zsh", "fish"]))
        #expect(tree.nodes.first { $0.path == "plist" }?.subcommands.map(\.name) == ["convert", "lint", "print"])
    }

    /// A tree of another shape (a command added tomorrow) is completed without touching the generators.
    @Test(.enabled(if: shell("bash") != nil, "bash is not installed"))
    func aNewCommandIsCompletedFromItsDeclarationAlone() throws {
        let script = BashCompletionScript.render(CompletionTree(root: ToyRoot.self))
        let directory = try TemporaryDirectory("activity-bridge-completions")
        let path = try directory.write(Data(script.utf8), to: "toy.bash").path
        let driver = """
            source \(ShellQuoting.posix(path))
            COMP_WORDS=(activity-bridge ship --color ''); COMP_CWORD=3; _activity_bridge; echo "${COMPREPLY[*]}"
            COMP_WORDS=(activity-bridge ship --x); COMP_CWORD=2; _activity_bridge; echo "${COMPREPLY[*]}"
            COMP_WORDS=(activity-bridge s); COMP_CWORD=1; _activity_bridge; echo "${COMPREPLY[*]}"
            """
        let result = try ChildProcess.run(URL(fileURLWithPath: try #require(Self.shell("bash"))), ["--norc", "--noprofile", "-c", driver])
        #expect(result.standardOutput == "red it's green\n--x-ray\nship\n", "\(result.standardError)")

        guard let fishShell = Self.shell("fish") else { return }
        let fishScript = try directory.write(Data(FishCompletionScript.render(CompletionTree(root: ToyRoot.self)).utf8), to: "toy.fish").path
        let fish = try ChildProcess.run(URL(fileURLWithPath: fishShell), ["--no-config", "-c", """
            source \(ShellQuoting.fish(fishScript)); or exit 3
            complete -C 'activity-bridge ship --color '
            """])
        #expect(Set(fish.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }) == ["red", "it's", "green"],
                "\(fish.standardOutput)\(fish.standardError)")
    }
}

/// A root command of another shape than activity-bridge's, for the generators.
private enum ToyRoot: Command {
    static let configuration = CommandConfiguration(path: "", overview: "Toy.", subcommands: [Ship.self])

    enum Ship: Command {
        static let color = Option("--color", value: "COLOR", choices: ["red", "it's", "green"], help: "A color")
        static let xray = Flag("--x-ray", help: "Look inside.")
        static let configuration = CommandConfiguration(
            path: "ship", overview: "Ship it.", arguments: [color.declaration, xray.declaration])
        static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode { .success }
    }
}
