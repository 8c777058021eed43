import Audit
import Diagnostics
import Foundation
import PropertyList

/// Why nothing was converted.
package enum ConvertError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--intent` names no custom intent a target builds.
    case unknownIntents([String], known: [String])
    /// `--activity-type` names no type a target both creates and handles.
    case unknownActivityTypes([String], known: [String])
    /// An intent definition the audit found cannot be read now.
    case unreadableDefinition(String)

    package var description: String {
        switch self {
        case let .unknownIntents(names, known):
            let list = known.isEmpty ? "the repository has no custom intent a target builds" : "its custom intents: " + known.joined(separator: ", ")
            return "no custom intent named \(names.map { "'\($0)'" }.joined(separator: ", ")) (\(list))"
        case let .unknownActivityTypes(names, known):
            let list = known.isEmpty ? "no target both creates and handles an activity type the audit can follow" : "the types targets create and handle: " + known.joined(separator: ", ")
            return "no activity type \(names.map { "'\($0)'" }.joined(separator: ", ")) (\(list))"
        case let .unreadableDefinition(message): return message
        }
    }
}

/// The App Intents a repository's custom intents become, from the audit's model of it (which targets build which
/// `.intentdefinition`, the class names with their prefixes, which intents an App Intent already migrates).
package struct Converter: Sendable {
    package struct Conversion: Sendable {
        /// Files in path order, by path relative to the root (``Destination/besideProjects``:
        /// `<project folder>/ConvertedAppIntents/<Target>/<Type>.swift`) or to the folder (`<Target>/<Type>.swift`).
        package var files: [(path: String, contents: String)] = []
        /// The class names converted, in order.
        package var converted: [String] = []
        /// What was left out and why, one line each.
        package var notes: [String] = []
        /// The legacy handlers found, by intent class name: their `perform()` calls them.
        package var handlers: [String: IntentHandler] = [:]
    }

    package var root: String
    package var report: AuditReport
    /// Look for the legacy handlers (``IntentHandlerFinder``) so that `perform()` calls them.
    package var findsHandlers: Bool

    /// Where the files go, relative to `root`: `nil` puts each target's files beside its project
    /// (`<project folder>/ConvertedAppIntents/<Target>/`, where the audit reads them with the project's files); a
    /// folder puts them in `<folder>/<Target>/` (nil path: a folder outside the repository).
    package enum Destination: Sendable, Equatable {
        case besideProjects
        case folder(String?)
    }

    package var destination: Destination

    package init(root: String, report: AuditReport, findsHandlers: Bool = true, destination: Destination = .besideProjects) {
        self.root = root
        self.report = report
        self.findsHandlers = findsHandlers
        self.destination = destination
    }

    /// The default folder's name, beside each project.
    package static let defaultFolderName = "ConvertedAppIntents"

    /// The folder (relative to `root`) a target of the project at `projectPath` gets its files in, nil when outside.
    func folder(forProjectAt projectPath: String) -> String? {
        switch destination {
        case let .folder(folder): return folder
        case .besideProjects:
            let directory = (projectPath as NSString).deletingLastPathComponent
            return directory.isEmpty || directory == "." ? Self.defaultFolderName : directory + "/" + Self.defaultFolderName
        }
    }

    /// Whether the App Intent `name` of `target` is in a file the converter wrote (its first line says so) in the
    /// folder it writes to.
    private func isOwn(_ name: String, in target: AuditReport.Target, projectPath: String) -> Bool {
        guard let folder = folder(forProjectAt: projectPath), let file = target.appIntents.first(where: { $0.name == name })?.location.file,
              folder == "." || file.hasPrefix(folder + "/"),
              let handle = FileHandle(forReadingAtPath: (root as NSString).appendingPathComponent(file)) else { return false }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: AppIntentGenerator.headerPrefix.utf8.count)) ?? Data()
        return start == Data(AppIntentGenerator.headerPrefix.utf8)
    }

    /// Converts the intents named (class name `HSExecuteLuaIntent`, Swift name `ExecuteLuaIntent` or definition
    /// name `ExecuteLua`), or with none named every custom intent no App Intent migrates yet.
    package func convert(intents names: [String] = []) throws(ConvertError) -> Conversion {
        // Each intent once: an app and its extension often build the same definition. The application target
        // gets it (App Intents live in the app or an extension, never a framework: R10.5).
        struct Choice { var target: String; var project: String; var isApplication: Bool; var intent: AuditReport.CustomIntent }
        var chosen: [String: Choice] = [:]
        // Every definition of each class: an older copy (another localization, a folder of an older Xcode) may
        // have parameters the chosen one has not, whose saved values must still find a parameter.
        var definitionsByClass: [String: [String]] = [:]
        var order: [String] = []
        for project in report.projects {
            for target in project.targets {
                let isApplication = target.productType.hasPrefix("com.apple.product-type.application")
                for var intent in target.customIntents {
                    if !definitionsByClass[intent.name, default: []].contains(intent.location.file) {
                        definitionsByClass[intent.name, default: []].append(intent.location.file)
                    }
                    // Migrated only by what the converter wrote: converted again, so its file is refreshed.
                    if let by = intent.migratedBy, isOwn(by, in: target, projectPath: project.path) { intent.migratedBy = nil }
                    if let existing = chosen[intent.name] {
                        if !existing.isApplication, isApplication { chosen[intent.name] = Choice(target: target.name, project: project.path, isApplication: true, intent: intent) }
                        continue
                    }
                    chosen[intent.name] = Choice(target: target.name, project: project.path, isApplication: isApplication, intent: intent)
                    order.append(intent.name)
                }
            }
        }
        var conversion = Conversion()
        var definitions: [String: IntentDefinition] = [:]
        func definition(_ path: String) throws(ConvertError) -> IntentDefinition {
            if let known = definitions[path] { return known }
            guard let data = FileManager.default.contents(atPath: (root as NSString).appendingPathComponent(path)) else {
                throw .unreadableDefinition("cannot read '\(path)': the file the audit found is gone or unreadable")
            }
            do {
                let read = try IntentDefinition.read(data, path: path)
                definitions[path] = read
                return read
            } catch { throw .unreadableDefinition(error.description) }
        }
        var selected: [String]
        if names.isEmpty {
            selected = order.filter { name in
                guard let by = chosen[name]?.intent.migratedBy else { return true }
                conversion.notes.append("\(name) is already migrated by \(by): not converted")
                return false
            }
        } else {
            selected = []
            var unknown: [String] = []
            for name in names {
                var match = order.first { $0 == name }
                if match == nil {
                    // The definition's name or the Swift name (without the prefix) of a prefixed class.
                    for className in order {
                        guard let choice = chosen[className], let read = try? definition(choice.intent.location.file),
                              let intent = read.intents.first(where: { $0.className == className }) else { continue }
                        if intent.name == name || intent.name + "Intent" == name { match = className; break }
                    }
                }
                guard let match else { unknown.append(name); continue }
                if !selected.contains(match) { selected.append(match) }
            }
            if !unknown.isEmpty { throw .unknownIntents(unknown, known: order) }
        }
        // Per target and definition, in the order found: one generation each, so shared enums and types are written once.
        var groups: [(target: String, project: String, path: String, classNames: [String])] = []
        for className in selected {
            guard let choice = chosen[className] else { continue }
            if let index = groups.firstIndex(where: { $0.target == choice.target && $0.project == choice.project && $0.path == choice.intent.location.file }) {
                groups[index].classNames.append(className)
            } else {
                groups.append((choice.target, choice.project, choice.intent.location.file, [className]))
            }
        }
        var handlers: [String: IntentHandler] = [:]
        if findsHandlers {
            var swiftNames: [String: String] = [:]
            for group in groups {
                for intent in try definition(group.path).intents where group.classNames.contains(intent.className) {
                    swiftNames[SwiftCode.typeName(intent.name) + "Intent"] = intent.className
                }
            }
            var finderNotes: [String] = []
            handlers = IntentHandlerFinder(root: root).handlers(for: Set(selected), swiftNames: swiftNames, bridgingHeader: { className in
                chosen[className].flatMap { bridgingHeader(ofTarget: $0.target, inProjectAt: $0.project) }
            }, note: { finderNotes.append($0) })
            conversion.notes += finderNotes
            conversion.handlers = handlers
        }
        var written: [String: String] = [:]
        for group in groups {
            let read = try definition(group.path)
            var intents = group.classNames.compactMap { className in read.intents.first { $0.className == className } }
            for index in intents.indices {
                for other in definitionsByClass[intents[index].className, default: []] where other != group.path {
                    guard let copy = try? definition(other).intents.first(where: { $0.className == intents[index].className }) else { continue }
                    for var parameter in copy.parameters where !intents[index].parameters.contains(where: { $0.name == parameter.name }) {
                        parameter.onlyIn = other
                        intents[index].parameters.append(parameter)
                        conversion.notes.append("\(intents[index].className): parameter '\(parameter.name)' is only in \(other), not in \(group.path): converted too, so the values shortcuts saved with it keep a parameter")
                    }
                }
            }
            for className in group.classNames where !intents.contains(where: { $0.className == className }) {
                conversion.notes.append("\(group.path): \(className) is not in the file as the audit read it: not converted")
            }
            let output = AppIntentGenerator().generate(read, intents: intents, handlers: handlers)
            conversion.notes += output.notes
            conversion.converted += intents.map(\.className)
            for file in output.files {
                let path = Self.join(destinationPrefix(group.project), safeFolder(group.target) + "/" + file.name)
                if let existing = written[path], existing != file.contents {
                    conversion.notes.append("\(path): another definition of target \(group.target) defines \(file.name.dropLast(6)) too; the one written first is kept, \(read.path)'s is not written")
                    continue
                }
                written[path] = file.contents
            }
        }
        conversion.files = written.keys.sorted().map { ($0, written[$0]!) }
        return conversion
    }

    /// Besides projects, the project's folder (relative to `root`); with a folder, nothing: the paths are the folder's.
    private func destinationPrefix(_ projectPath: String) -> String {
        destination == .besideProjects ? folder(forProjectAt: projectPath) ?? "" : ""
    }

    private static func join(_ folder: String, _ path: String) -> String { folder.isEmpty ? path : folder + "/" + path }

    /// App Intents for the activity types named: each must be created and handled by one target (the first by
    /// project order that does), whose folder it goes in. Per target besides: an `AppShortcutsProvider` of the
    /// types' `suggestedInvocationPhrase`s (ActivityShortcutsGenerator) and the bridge manifest routing legacy
    /// continuations of the types into their intents (ActivityBridgeManifest).
    package func convert(activityTypes names: [String]) throws(ConvertError) -> Conversion {
        var conversion = Conversion()
        struct Found { var target: AuditReport.Target; var project: String; var activity: ActivityIntentGenerator.ActivityType }
        var found: [String: Found] = [:]
        var order: [String] = []
        for project in report.projects {
            for target in project.targets {
                let created = Set(target.created.compactMap(\.resolved))
                for type in target.handled.compactMap(\.resolved) where created.contains(type) && found[type] == nil {
                    found[type] = Found(target: target, project: project.path, activity: ActivityIntentGenerator.ActivityType(
                        type: type, created: target.created.filter { $0.resolved == type }, handled: target.handled.filter { $0.resolved == type }))
                    order.append(type)
                }
            }
        }
        let unknown = names.filter { found[$0] == nil }
        if !unknown.isEmpty { throw .unknownActivityTypes(unknown, known: order) }
        // Per target, in the order named: one provider and one manifest each.
        var groups: [(folder: String, found: Found, types: [String])] = []
        var seen: Set<String> = []
        for name in names where seen.insert(name).inserted {
            guard let entry = found[name] else { continue }
            let folder = Self.join(destinationPrefix(entry.project), safeFolder(entry.target.name))
            if let index = groups.firstIndex(where: { $0.folder == folder && $0.found.target.name == entry.target.name }) {
                groups[index].types.append(name)
            } else {
                groups.append((folder, entry, [name]))
            }
        }
        for group in groups {
            var intents: [(type: String, intent: String, parameters: [ActivityIntentGenerator.Parameter])] = []
            var shortcuts: [ActivityShortcutsGenerator.Shortcut] = []
            for type in group.types {
                guard let activity = found[type]?.activity else { continue }
                let (file, notes, parameters) = ActivityIntentGenerator().generate(activity)
                conversion.notes += notes
                conversion.converted.append(type)
                conversion.files.append((group.folder + "/" + file.name, file.contents))
                let intent = ActivityIntentGenerator.structName(type)
                intents.append((type, intent, parameters))
                var phrases: [String] = []
                for phrase in activity.created.compactMap(\.suggestedInvocationPhrase) where !phrases.contains(phrase) { phrases.append(phrase) }
                if let phrase = phrases.first { shortcuts.append(.init(intent: intent, activityType: type, phrase: phrase)) }
                if phrases.count > 1 {
                    conversion.notes.append("\(type): its creation sites suggest \(phrases.count) invocation phrases; the App Shortcut has the first, '\(phrases[0])'")
                }
            }
            let target = group.found.target
            let providerName = ActivityShortcutsGenerator.providerName(target: target.name)
            let providerPath = group.folder + "/" + providerName + ".swift"
            // App Shortcuts of the app's own (not of a provider this wrote before): Apple allows one provider per app.
            let own = target.appShortcuts.filter { !$0.location.file.hasSuffix(providerPath) }
            if !shortcuts.isEmpty, let first = own.first {
                conversion.notes.append("\(target.name) has App Shortcuts of its own (\(first.location.file):\(first.location.line)) and an app may have one AppShortcutsProvider: no \(providerName) is written; add to yours "
                    + shortcuts.map { "AppShortcut(intent: \($0.intent)(), phrases: [\"\(ActivityShortcutsGenerator.phrase($0.phrase, applicationName: target.applicationName))\"], …)" }.joined(separator: ", "))
            } else {
                let (provider, notes) = ActivityShortcutsGenerator().generate(target: target.name, applicationName: target.applicationName,
                                                                             shortcuts: shortcuts, existingShortcuts: own.count)
                conversion.notes += notes
                if let provider { conversion.files.append((group.folder + "/" + provider.name, provider.contents)) }
            }
            do {
                let manifest = try ActivityBridgeManifest.file(target: target.name, intents: intents)
                conversion.files.append((group.folder + "/" + manifest.name, manifest.contents))
            } catch {
                conversion.notes.append("\(target.name): no bridge manifest: \(error.description)")
            }
        }
        conversion.files.sort { $0.path < $1.path }
        return conversion
    }

    /// A target name as one folder name (no `/`, not `.` or `..`).
    private func safeFolder(_ name: String) -> String {
        let cleaned = name.replacingOccurrences(of: "/", with: "_")
        return cleaned == "." || cleaned == ".." || cleaned.isEmpty ? "_" + cleaned : cleaned
    }
}
