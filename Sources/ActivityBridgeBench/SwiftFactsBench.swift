import Foundation
import SwiftFacts

// `activity-bridge-bench swift-facts [--all | --parse-only] [--dump] DIR`: extracts the Swift facts of every
// `.swift` file under DIR (with the prefilter; `--all` parses every file; `--parse-only` only parses every file,
// the baseline) and prints the time; `--dump` prints each fact.

/// Every `.swift` file under `root`, skipping hidden folders and third-party / build folders (as the audit does).
func swiftFiles(under root: String) -> [SwiftSourceFile] {
    let skipped: Set<String> = ["Pods", "Carthage", ".build", "DerivedData", "node_modules"]
    var files: [SwiftSourceFile] = []
    let rootURL = URL(fileURLWithPath: root)
    guard let enumerator = FileManager.default.enumerator(at: rootURL, includingPropertiesForKeys: [.isDirectoryKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
    for case let url as URL in enumerator {
        if skipped.contains(url.lastPathComponent) {
            enumerator.skipDescendants()
            continue
        }
        guard url.pathExtension == "swift" else { continue }
        let relative = String(url.path.dropFirst(rootURL.path.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        files.append(SwiftSourceFile(path: url.path, displayPath: relative))
    }
    return files.sorted { $0.displayPath < $1.displayPath }
}

func runSwiftFacts(_ arguments: [String]) {
    var arguments = arguments
    let all = arguments.contains("--all")
    let dump = arguments.contains("--dump")
    let parseOnly = arguments.contains("--parse-only")
    arguments.removeAll { $0 == "--all" || $0 == "--dump" || $0 == "--parse-only" }
    guard arguments.count == 1 else { fail("expected one DIR") }
    let files = swiftFiles(under: arguments[0])
    let extractor = SwiftFactsExtractor(options: .init(usePrefilter: !all))
    if parseOnly {
        let (tokens, seconds) = measure { () -> Int in
            do { return try extractor.parseEveryFile(files) } catch { fail("\(error)", code: 1) }
        }
        print(String(format: "parse only: %d files, %d tokens: %.3f s", files.count, tokens, seconds))
        return
    }
    let (facts, seconds) = measure { () -> SwiftTargetFacts in
        do { return try extractor.extract(files) } catch { fail("\(error)", code: 1) }
    }
    if dump { for line in facts.summaryLines(details: true) { print(line) } }
    print(String(format: "%@: %d files, %d parsed, %d created, %d handled, %d intents, %d shortcuts: %.3f s",
                 all ? "every file" : "prefiltered", facts.swiftFiles, facts.parsedFiles.count, facts.created.count,
                 facts.handled.count, facts.appIntents.count, facts.appShortcuts.count, seconds))
}

