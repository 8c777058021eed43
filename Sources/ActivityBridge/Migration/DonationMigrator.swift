public import ActivityKit
public import Foundation
public import IntentKit
import PropertyList
import SQLiteStore

/// Turns stored legacy donation events into intent donation events, one for one, keeping their
/// times (`activity-bridge migrate`).
///
/// - The legacy store is opened read-only and never changes.
/// - Events stream through a cursor and are written in batches, each one transaction, so memory
///   stays flat whatever the store's size.
/// - Every donation carries its source key (``MigrationKey``) in the intent store's unique
///   `migrated_from` column and is inserted with `ON CONFLICT DO NOTHING`: a second run writes
///   nothing, and a run killed at any moment and started again ends with exactly what one clean
///   run writes (identifiers are derived from the keys too).
///
/// ```swift
/// let migrator = try DonationMigrator(sources: [MigrationSource(manifest: manifest, registry: registry)])
/// let report = try migrator.migrate(from: "legacy.sqlite", to: "intents.sqlite")
/// print(report.json)
/// ```
public struct DonationMigrator {
    /// Events per write transaction.
    public var batchSize = 2_000
    /// The release whose intents the events become (a manifest may map per platform).
    public let platform: Platform
    /// Events expired at this moment are skipped.
    public let now: Date
    private let mappings: [String: (mapping: ActivityMapping, source: PreparedSource)]

    /// - Throws: ``MigrationError/conflictingMappings(activityType:files:)`` when two manifests
    ///   map one type.
    public init(sources: [MigrationSource], platform: Platform = .latest, now: Date = Date()) throws(MigrationError) {
        self.platform = platform
        self.now = now
        var mappings: [String: (mapping: ActivityMapping, source: PreparedSource)] = [:]
        for source in sources {
            let prepared = PreparedSource(source)
            for mapping in source.manifest.mappings {
                if let existing = mappings[mapping.activityType] {
                    throw .conflictingMappings(activityType: mapping.activityType,
                                               files: [existing.source.source.manifest.file, source.manifest.file])
                }
                mappings[mapping.activityType] = (mapping, prepared)
            }
        }
        self.mappings = mappings
    }

    // MARK: Running

    /// Migrates every event of the legacy store at `legacyPath` into the intent store at
    /// `targetPath` (created when needed). With `dryRun`, nothing is written and the target is
    /// not created; an existing target is only read, to count what is already migrated.
    /// - Parameter progress: called every 10,000 events with the number read so far.
    public func migrate(
        from legacyPath: String, to targetPath: String, dryRun: Bool = false, progress: ((Int) -> Void)? = nil
    ) throws(MigrationError) -> MigrationReport {
        if Self.sameFile(legacyPath, targetPath) { throw .sameFile(targetPath) }
        let legacy: DonationStore
        do {
            legacy = try DonationStore(path: legacyPath, readOnly: true)
        } catch {
            throw .legacyStore(error)
        }
        defer { try? legacy.close() }
        let target = try MigrationTarget(path: targetPath, dryRun: dryRun)
        defer { target.close() }

        var report = MigrationReport()
        report.dryRun = dryRun
        var batch: [IntentDonation] = []
        batch.reserveCapacity(batchSize)
        var inTarget: Set<String> = []
        var leftBehind: Set<String> = []
        do {
            try legacy.forEachEvent { event in
                report.read += 1
                let identifier = event.activity.persistentIdentifier.flatMap { $0.isEmpty ? nil : $0 }
                let (decision, because) = try explainedDecision(event)
                switch decision {
                case let .skip(reason):
                    report.skipped[reason, default: 0] += 1
                    if report.firstSkipped[reason] == nil {
                        report.firstSkipped[reason] = MigrationReport.SkippedEvent(
                            eventID: event.id, activityType: event.activity.activityType, because: because ?? reason.rawValue)
                    }
                    if let identifier { leftBehind.insert(identifier) }
                case let .migrate(donation, unverified):
                    if unverified { report.unverifiedEntities += 1 }
                    if let identifier { inTarget.insert(identifier) } else { report.migratedWithoutPersistentIdentifier += 1 }
                    if dryRun {
                        if try target.contains(donation) { report.alreadyMigrated += 1 } else { report.migrated += 1 }
                    } else {
                        batch.append(donation)
                        if batch.count >= batchSize { try target.write(&batch, into: &report) }
                    }
                }
                if report.read % 10_000 == 0 { progress?(report.read) }
            }
            try target.write(&batch, into: &report)
        } catch let error as MigrationError {
            throw error
        } catch let error as DonationStoreError {
            throw .legacyStore(error)
        } catch {
            throw .targetStore(path: targetPath, reason: String(describing: error))
        }
        progress?(report.read)
        report.deletablePersistentIdentifiers = inTarget.subtracting(leftBehind).sorted()
        return report
    }

    // MARK: Deciding one event

    /// What becomes of one event.
    public enum Decision: Hashable, Sendable {
        /// The donation to write; `unverified` when an entity's existence could not be checked.
        case migrate(IntentDonation, unverified: Bool)
        case skip(MigrationSkipReason)
    }

    /// Decides `event`'s fate: the checks run in the order of ``MigrationSkipReason``'s cases.
    /// - Throws: ``MigrationError/appData(reason:)`` when an entity lookup fails.
    public func decide(_ event: DonationEvent) throws(MigrationError) -> Decision {
        try explainedDecision(event).decision
    }

    /// The decision, and for a skip why in words: what the report shows of the first event
    /// skipped for each reason (``MigrationReport/firstSkipped``).
    func explainedDecision(_ event: DonationEvent) throws(MigrationError) -> (decision: Decision, because: String?) {
        func skip(_ reason: MigrationSkipReason, _ because: String) -> (Decision, String?) { (.skip(reason), because) }
        let activity = event.activity
        guard let (mapping, source) = mappings[activity.activityType] else {
            return skip(.unmappedType, "no bridge manifest maps '\(activity.activityType)'")
        }
        if activity.isExpired(at: now) { return skip(.expired, "its expirationDate has passed") }
        let missing = activity.missingRequiredUserInfoKeys
        if !missing.isEmpty {
            return skip(.missingRequiredKeys, "requiredUserInfoKeys names \(missing.map { "'\($0)'" }.joined(separator: ", ")), which userInfo lacks")
        }
        guard let target = mapping.target(on: platform, isAvailable: { source.isAvailable($0, on: platform) }),
              let intent = source.catalog.intent(named: target.intent)
        else { return skip(.unavailableIntent, "none of its intents exists on \(platform)") }
        let bound: [ActivityConversion.BoundValue]
        do {
            // The system stored only the required keys (all keys when none are named).
            bound = try ActivityConversion.boundValues(of: target, in: mapping, parameters: intent.parameters,
                                                       userInfo: activity.restoredUserInfo)
        } catch {
            if case .missingKeys = error { return skip(.missingRequiredKeys, error.description) }
            return skip(.unconvertibleUserInfo, error.description)
        }
        var values: [String: PropertyListValue] = [:]
        var unverified = false
        for item in bound {
            if case let .entity(typeName) = item.parameter.kind {
                guard let identifier = ActivityConversion.entityIdentifier(item.value) else {
                    return skip(.unconvertibleUserInfo, "parameter '\(item.parameter.name)' needs an identifier, got <\(item.value.kindName)>")
                }
                switch try source.exists(entityType: typeName, identifier: identifier) {
                case false?: return skip(.entityNotFound, "parameter '\(item.parameter.name)': the app's data has no \(typeName) '\(identifier)'")
                case nil: unverified = true
                case true?: break
                }
                values[item.parameter.name] = .string(identifier)
            } else {
                let coercion = IntentValueCoercion(intent: target.intent, parameter: item.parameter, registry: source.source.registry)
                do {
                    values[item.parameter.name] = try coercion.coerce(item.value).propertyListValue
                } catch {
                    return skip(.unconvertibleUserInfo, String(describing: error))
                }
            }
        }
        let parameters = PropertyListDictionary(intent.parameters.compactMap { parameter in
            values[parameter.name].map { (parameter.name, $0) }
        })
        let key = MigrationKey.key(eventID: event.id, donatedAt: event.donatedAt)
        return (.migrate(IntentDonation(identifier: MigrationKey.identifier(for: key), intentTypeName: target.intent,
                                        parameters: parameters, donatedAt: event.donatedAt, migratedFrom: key),
                         unverified: unverified), nil)
    }

    /// Whether two paths name one file (by inode when both exist, else by resolved path).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        let manager = FileManager.default
        if let first = try? manager.attributesOfItem(atPath: a), let second = try? manager.attributesOfItem(atPath: b),
           let inode = first[.systemFileNumber] as? NSNumber, let other = second[.systemFileNumber] as? NSNumber,
           let device = first[.systemNumber] as? NSNumber, let otherDevice = second[.systemNumber] as? NSNumber {
            return inode == other && device == otherDevice
        }
        func resolved(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        return resolved(a) == resolved(b)
    }
}

/// One app's part of a migration: its manifest, its intents and, optionally, a way to check its
/// entities (``AppDataEntityChecker`` over its data).
public struct MigrationSource {
    public var manifest: BridgeManifest
    public var registry: IntentRegistry
    public var entities: (any EntityExistenceChecking)?

    public init(manifest: BridgeManifest, registry: IntentRegistry, entities: (any EntityExistenceChecking)? = nil) {
        self.manifest = manifest
        self.registry = registry
        self.entities = entities
    }
}

/// A source with its catalog taken once (availability and parameters by name).
private struct PreparedSource {
    let source: MigrationSource
    let catalog: IntentCatalog

    init(_ source: MigrationSource) {
        self.source = source
        catalog = IntentCatalog(registry: source.registry)
    }

    func isAvailable(_ intent: String, on platform: Platform) -> Bool {
        catalog.intent(named: intent).map { platform.supports($0.availability) } ?? false
    }

    func exists(entityType: String, identifier: String) throws(MigrationError) -> Bool? {
        guard let checker = source.entities else { return nil }
        do {
            return try checker.exists(entityType: entityType, identifier: identifier)
        } catch {
            throw .appData(reason: "checking \(entityType) '\(identifier)': \(error)")
        }
    }
}
