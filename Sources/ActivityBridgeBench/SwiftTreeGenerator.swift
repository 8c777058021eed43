import Foundation
import SeededRandom

// `generate-swift-tree --files N OUT`: a deterministic Swift source tree of about 10 KB per file, as an app
// repository looks to the audit. One file in twenty donates or handles activities or declares intents and
// shortcuts; their constants live in plain files (`Module*/Keys*.swift`) that mention no trigger name, so the
// extractor must find them by their declarations. The other files are ordinary models, views and services.

struct SwiftTreeGenerator {
    let files: Int
    var random = SplitMix64(seed: 0x5EED_F11E)

    /// Writes the tree under `root`; returns (files, bytes).
    mutating func write(to root: String) throws -> (Int, Int) {
        var bytes = 0
        for index in 0..<files {
            let module = "Module\(index % 20)"
            let folder = URL(fileURLWithPath: root).appendingPathComponent(module)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let (name, text): (String, String)
            if index % 20 == 7 {
                (name, text) = ("Activity\(index).swift", activityFile(index))
            } else if index % 20 == 8 {
                (name, text) = ("Keys\(index - 1).swift", keysFile(index - 1))
            } else {
                (name, text) = ("Model\(index).swift", plainFile(index))
            }
            let data = Data(text.utf8)
            try data.write(to: folder.appendingPathComponent(name))
            bytes += data.count
        }
        return (files, bytes)
    }

    /// About 10 KB of ordinary Swift (eight parts): a model, a service with switches and closures, a view.
    mutating func plainFile(_ index: Int) -> String {
        var text = "import Foundation\nimport SwiftUI\n\n"
        for part in 0..<8 {
            let type = "Item\(index)Part\(part)"
            text += """
            struct \(type): Codable, Hashable, Identifiable {
                var id: UUID = UUID()
                var title: String
                var subtitle: String?
                var count: Int = \(random.below(1000))
                var tags: [String] = ["\(random.uuidString().prefix(8))", "\(random.uuidString().prefix(8))"]
                var score: Double { Double(count) * \(random.below(100)).5 }

                enum Kind: String, Codable, CaseIterable {
                    case first, second, third = "custom-\(random.below(99))"
                }

                func summary(for kind: Kind) -> String {
                    switch kind {
                    case .first: return "\\(title) (\\(count))"
                    case .second: return subtitle ?? title
                    case .third: return tags.joined(separator: ", ")
                    }
                }
            }

            final class \(type)Service {
                private var cache: [UUID: \(type)] = [:]
                private let queue = DispatchQueue(label: "service.\(index).\(part)")

                func load(_ items: [\(type)], completion: @escaping ([\(type)]) -> Void) {
                    queue.async {
                        let sorted = items.filter { $0.count > \(random.below(50)) }.sorted { $0.score > $1.score }
                        for item in sorted { self.cache[item.id] = item }
                        completion(sorted)
                    }
                }

                func item(_ id: UUID) -> \(type)? { queue.sync { cache[id] } }
            }

            struct \(type)Row: View {
                let item: \(type)
                var body: some View {
                    HStack {
                        Text(item.title).font(.headline)
                        Spacer()
                        Text("\\(item.count)").foregroundStyle(.secondary)
                    }
                    .padding(.vertical, \(random.below(12)))
                }
            }


            """
        }
        return text
    }

    /// Constants only: no trigger name in the file.
    func keysFile(_ index: Int) -> String {
        """
        import Foundation

        enum Keys\(index) {
            static let prefix = "com.example.module\(index)"
            static let open = prefix + ".open"
            static let edit = "\\(prefix).edit"
        }

        enum Screens\(index): String {
            case list, detail = "detail-screen"
            var identifier: String {
                switch self {
                case .list: return Keys\(index).prefix + ".list"
                case .detail: return Keys\(index).prefix + ".detail"
                }
            }
        }

        """
    }

    /// Donation, handling, an intent, an entity, an enum and (in one file of the tree) the shortcuts provider.
    mutating func activityFile(_ index: Int) -> String {
        var text = """
        import Foundation
        import UIKit
        import AppIntents

        final class Donor\(index) {
            func donate(screen: Screens\(index)) {
                let activity = NSUserActivity(activityType: Keys\(index).open)
                activity.userInfo = ["id": \(index), "screen": screen.rawValue]
                activity.requiredUserInfoKeys = ["id"]
                activity.becomeCurrent()
                _ = NSUserActivity(activityType: screen.identifier)
            }

            func handle(_ userActivity: NSUserActivity) -> Bool {
                switch userActivity.activityType {
                case Keys\(index).open, Keys\(index).edit: return true
                default: return userActivity.activityType == Screens\(index).list.identifier
                }
            }
        }

        struct Open\(index)Intent: AppIntent {
            static var title: LocalizedStringResource = "Open item \(index)"
            @Parameter(title: "Item") var item: Item\(index)Entity
            @Parameter(title: "Mode") var mode: Mode\(index)?
            func perform() async throws -> some IntentResult { .result() }
        }

        struct Item\(index)Entity: AppEntity {
            var id: String
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Item"
            var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\\(id)") }
            static var defaultQuery = Item\(index)Query()
        }

        enum Mode\(index): String, AppEnum {
            case quick, full
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Mode"
            static var caseDisplayRepresentations: [Mode\(index): DisplayRepresentation] = [.quick: "Quick", .full: "Full"]
        }


        """
        if index == 7 {
            text += """
            struct TreeShortcuts: AppShortcutsProvider {
                static var appShortcuts: [AppShortcut] {
                    AppShortcut(intent: Open7Intent(), phrases: ["Open \\(\\.$item) in \\(.applicationName)"],
                                shortTitle: "Open", systemImageName: "doc")
                }
            }


            """
        }
        return text + plainFile(index)
    }
}
