import Diagnostics
public import Foundation
public import BuildSettings
public import PropertyList

/// Checks Info.plist activity declarations: the rules of `activity-bridge validate` (<doc:ValidateRules>).
///
/// Each diagnostic points at the element it is about: the `<string>` of a bad type, the value under
/// `NSUserActivityTypes` when it is not an array, the root `<dict>` when the key is missing. Binary
/// property lists carry no positions, so their diagnostics point at `1:1`.
///
/// ```swift
/// let validator = ActivityTypeValidator()
/// let result = try validator.validateFile(atPath: "Plists/WalkMate-Info.plist",
///                                         defines: BuildSettings(["PRODUCT_BUNDLE_IDENTIFIER": "com.walkmate"]))
/// for diagnostic in result.diagnostics { print(diagnostic) }
/// ```
public struct ActivityTypeValidator: Sendable {
    /// When source locations are recorded while reading.
    public enum LocationPolicy: Hashable, Sendable {
        /// Every file is read with locations, so every ``ActivityTypeDeclaration/location`` is set.
        case always
        /// A file is first read without locations (recording them costs about as much as the parse
        /// itself) and read again with them only when it has findings, so every diagnostic is still
        /// located; the declarations of a clean file then carry no locations.
        case onlyForFindings
    }

    /// See ``LocationPolicy``.
    public let locationPolicy: LocationPolicy
    // One reader of each kind serves every file: no per-file setup.
    private let locatingReader = PropertyListReader(options: .init(recordLocations: true))
    private let plainReader = PropertyListReader()

    public init(locations: LocationPolicy = .always) { locationPolicy = locations }

    /// Reads and checks the file at `path`.
    /// - Parameters:
    ///   - path: where to read the file.
    ///   - displayPath: the name diagnostics use (the path as the user wrote it); `path` when nil.
    ///   - defines: definitions for `$(NAME)` references.
    ///   - handledTypes: the bridge manifest's handled types (see ``ValidationInput/handledTypes``).
    /// - Returns: the findings; a file that is not a valid property list yields its `plist-syntax` error.
    /// - Throws: `PropertyListReadError.unreadableFile(path:reason:)` only, when the file cannot be read.
    public func validateFile(
        atPath path: String, displayPath: String? = nil, defines: BuildSettings = BuildSettings(),
        handledTypes: [ValidationInput.HandledType]? = nil
    ) throws(PropertyListReadError) -> ValidationResult {
        let data = try PropertyListReader.contents(ofFile: path, displayPath: displayPath)
        return validate(data, file: displayPath ?? path, defines: defines, handledTypes: handledTypes)
    }

    /// Parses `data` (XML or binary) and checks it; `file` names it in diagnostics.
    public func validate(
        _ data: Data, file: String, defines: BuildSettings = BuildSettings(),
        handledTypes: [ValidationInput.HandledType]? = nil
    ) -> ValidationResult {
        if locationPolicy == .onlyForFindings {
            let quick = read(data, file: file, with: plainReader, defines: defines, handledTypes: handledTypes)
            // Syntax errors are located by the reader itself; any other finding needs the element locations.
            if quick.diagnostics.isEmpty || quick.declarations == nil { return quick }
        }
        return read(data, file: file, with: locatingReader, defines: defines, handledTypes: handledTypes)
    }

    private func read(
        _ data: Data, file: String, with reader: PropertyListReader, defines: BuildSettings,
        handledTypes: [ValidationInput.HandledType]?
    ) -> ValidationResult {
        let document: PropertyListDocument
        do throws(PropertyListReadError) {
            document = try reader.read(data, file: file)
        } catch {
            switch error {
            case let .invalid(error, warnings):
                return ValidationResult(path: file, declarations: nil, diagnostics: Self.ordered(warnings + [error], in: file))
            case let .unreadableFile(path, reason):
                // Not produced for in-memory data; handled rather than trapped.
                let location = SourceLocation(file: file, line: 1, column: 1)
                return ValidationResult(path: file, declarations: nil, diagnostics: [
                    Diagnostic(.plistSyntax, "cannot read '\(path)': \(reason)", at: location),
                ])
            }
        }
        return validate(ValidationInput(path: file, document: document, defines: defines, handledTypes: handledTypes))
    }

    /// Checks a parsed Info.plist.
    public func validate(_ input: ValidationInput) -> ValidationResult {
        let declared = ActivityTypeDeclarations(document: input.document, defines: input.defines)
        var check = ActivityTypeChecks(path: input.path, declared: declared)
        check.diagnostics = input.document.diagnostics
        check.checkShape()
        check.checkElements()
        if let handled = input.handledTypes {
            check.checkAgainstManifest(handled)
        }
        return ValidationResult(
            path: input.path, declarations: declared, diagnostics: Self.ordered(check.diagnostics, in: input.path))
    }

    /// Orders by position, keeping the order of equal positions; other files' findings go last.
    static func ordered(_ diagnostics: [Diagnostic], in file: String) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let (x, y) = (a.element.location, b.element.location)
            let (xElsewhere, yElsewhere) = (x.file != file, y.file != file)
            if xElsewhere != yElsewhere { return !xElsewhere }
            if x.file != y.file { return x.file < y.file }
            if x.line != y.line { return x.line < y.line }
            if x.column != y.column { return x.column < y.column }
            return a.offset < b.offset
        }.map(\.element)
    }
}
