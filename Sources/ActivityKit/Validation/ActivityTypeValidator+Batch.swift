public import Foundation
public import BuildSettings
public import PropertyList
import FileInput

extension ActivityTypeValidator {
    /// One file of a batch: where to read it and the name its diagnostics use.
    public struct BatchFile: Hashable, Sendable {
        public var path: String
        public var displayPath: String

        public init(path: String, displayPath: String? = nil) {
            self.path = path
            self.displayPath = displayPath ?? path
        }
    }

    /// Checks many files, spreading them over up to `workers` threads; results come back in input order.
    ///
    /// Each file is independent (its own parser context), so the batch scales with cores; a batch smaller
    /// than ``minimumParallelBatch`` stays on the calling thread, where threads would cost more than they save.
    /// - Parameters:
    ///   - files: the files, in the order results should have.
    ///   - workers: the most threads to use; defaults to the active processor count.
    ///   - progress: called after each file with the number done so far (serialised, any thread).
    /// - Returns: per file, the findings or why it could not be read
    ///   (`PropertyListReadError.unreadableFile(path:reason:)`).
    public func validateFiles(
        _ files: [BatchFile], defines: BuildSettings = BuildSettings(),
        handledTypes: [ValidationInput.HandledType]? = nil,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (@Sendable (Int) -> Void)? = nil
    ) -> [Result<ValidationResult, PropertyListReadError>] {
        let validateOne = { @Sendable (file: BatchFile) -> Result<ValidationResult, PropertyListReadError> in
            Result { () throws(PropertyListReadError) in
                try validateFile(atPath: file.path, displayPath: file.displayPath, defines: defines, handledTypes: handledTypes)
            }
        }
        let threads = max(1, min(workers, files.count / Self.minimumParallelBatch))
        guard threads > 1 else {
            return files.enumerated().map { offset, file in
                let result = validateOne(file)
                progress?(offset + 1)
                return result
            }
        }
        let collector = BatchCollector(count: files.count, progress: progress)
        // Interleaved shares (worker w takes w, w+T, w+2T…) even out files of different sizes.
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
            var index = worker
            while index < files.count {
                collector.store(validateOne(files[index]), at: index)
                index += threads
            }
        }
        return collector.results
    }

    /// Below this many files per extra thread, a batch runs on the calling thread.
    public static let minimumParallelBatch = 16
}

/// Results filled in by the batch's threads; every access holds `lock`.
private final class BatchCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<ValidationResult, PropertyListReadError>?]
    private var done = 0
    private let progress: (@Sendable (Int) -> Void)?

    init(count: Int, progress: (@Sendable (Int) -> Void)?) {
        slots = Array(repeating: nil, count: count)
        self.progress = progress
    }

    func store(_ result: Result<ValidationResult, PropertyListReadError>, at index: Int) {
        lock.withLock {
            slots[index] = result
            done += 1
            progress?(done)
        }
    }

    /// Every slot is filled once `concurrentPerform` has returned.
    var results: [Result<ValidationResult, PropertyListReadError>] {
        lock.withLock {
            slots.map { $0 ?? .failure(.unreadableFile(path: "", reason: .other("not validated"))) }
        }
    }
}
