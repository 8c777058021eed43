internal import CLibXML2
public import Diagnostics
public import BuildSettings
import Foundation
import PropertyList

/// Reads the shared schemes of a project (`<project>.xcodeproj/xcshareddata/xcschemes/*.xcscheme`) into
/// ``XcodeScheme``s, with libxml2's SAX2 parser (no DOM; as PropertyList reads XML plists). Each file is read
/// bounded (``XcodeSchemeLimits``, through ``ProjectFiles/read(_:maximumSize:kind:)``: no FIFO, device or huge file
/// is waited on), with nothing loaded from the network and no entity expanded: a DOCTYPE or entity declaration
/// stops the file. A scheme that cannot be read is a located `project-scheme-invalid` note, never a failure of
/// the project.
public struct XcodeSchemeReader: Sendable {
    public var files: ProjectFiles

    public init(files: ProjectFiles = ProjectFiles()) { self.files = files }

    /// The shared schemes of the `.xcodeproj` at `projectPath`, sorted by name, and the notes on those that
    /// could not be read.
    public func schemes(ofProjectAt projectPath: String) -> (schemes: [XcodeScheme], diagnostics: [Diagnostic]) {
        let folder = BuildSettingPath.join(BuildSettingPath.join(projectPath, "xcshareddata"), "xcschemes")
        guard files.isDirectory(folder),
              let entries = try? FileManager.default.contentsOfDirectory(atPath: files.fileSystemPath(folder)) else { return ([], []) }
        // By scheme name ("App" before "App Store", which a sort of file names would swap).
        var names = entries.filter { $0.hasSuffix(".xcscheme") && !$0.hasPrefix(".") }
            .sorted { ($0.dropLast(".xcscheme".count), $0) < ($1.dropLast(".xcscheme".count), $1) }
        var diagnostics: [Diagnostic] = []
        if names.count > XcodeSchemeLimits.maximumSchemes {
            diagnostics.append(Diagnostic(
                .projectSchemeInvalid,
                "\(names.count) shared schemes: only the first \(XcodeSchemeLimits.maximumSchemes) by name are read",
                at: SourceLocation(file: BuildSettingPath.join(folder, names[XcodeSchemeLimits.maximumSchemes]), line: 1, column: 1)))
            names = Array(names.prefix(XcodeSchemeLimits.maximumSchemes))
        }
        var schemes: [XcodeScheme] = []
        for name in names {
            let path = BuildSettingPath.join(folder, name)
            switch read(path) {
            case let .success(scheme): schemes.append(scheme)
            case let .failure(diagnostic): diagnostics.append(diagnostic)
            }
        }
        return (schemes, diagnostics)
    }

    /// One scheme file (a shown path); its name is the file name without `.xcscheme`.
    public func read(_ path: String) -> Result<XcodeScheme, Diagnostic> {
        let start = SourceLocation(file: path, line: 1, column: 1)
        let data: Data
        do {
            data = try files.read(path, maximumSize: XcodeSchemeLimits.maximumFileSize, kind: "a scheme")
        } catch {
            if case let .unreadableFile(_, reason) = error {
                return .failure(Diagnostic(.projectSchemeInvalid, "cannot read scheme '\(path)': \(reason); it is not used", at: start))
            }
            return .failure(Diagnostic(.projectSchemeInvalid, "cannot read scheme '\(path)': \(error); it is not used", at: start))
        }
        var name = BuildSettingPath.lastComponent(of: path)
        if name.hasSuffix(".xcscheme") { name.removeLast(".xcscheme".count) }
        return Self.parse(data, path: path, name: name)
    }

    /// Parses scheme XML (`path` for locations).
    public static func parse(_ data: Data, path: String, name: String) -> Result<XcodeScheme, Diagnostic> {
        data.withUnsafeBytes { bytes in
            let events = SchemeSAX.parse(bytes, file: path)
            if let failure = events.failure { return .failure(failure) }
            return events.scheme(name: name, path: path)
        }
    }
}

/// One start tag of a scheme file (or of another small Xcode XML file, a workspace's): its name, attributes and
/// where it starts.
struct SchemeElement {
    var name: String
    var attributes: [String: String]
    var location: SourceLocation
    /// The names of the open elements around it, outermost first.
    var ancestors: [String]
    /// The index of the element it is in, among the file's elements.
    var parent: Int?
}

/// The SAX2 events of one scheme file, and the scheme they make (WorkspaceReader.swift reads workspaces with it).
struct SchemeSAX {
    let bytes: UnsafeRawBufferPointer
    let file: String
    /// What the file is, and what becomes of it when it cannot be read, for the failure's message.
    var kind = "scheme"
    var consequence = "it is not used"
    var context: xmlParserCtxtPtr?
    /// The open elements: their indices in ``elements``.
    var open: [Int] = []
    var elements: [SchemeElement] = []
    var failure: Diagnostic?
    var stopped = false
    // Line counting, forward only (tags arrive in order).
    private var countedOffset = 0
    private var countedLine = 1
    private var countedLineStart = 0

    init(bytes: UnsafeRawBufferPointer, file: String) {
        self.bytes = bytes
        self.file = file
    }

    static func parse(_ bytes: UnsafeRawBufferPointer, file: String, kind: String = "scheme", consequence: String = "it is not used") -> SchemeSAX {
        let state = UnsafeMutablePointer<SchemeSAX>.allocate(capacity: 1)
        var initial = SchemeSAX(bytes: bytes, file: file)
        initial.kind = kind
        initial.consequence = consequence
        state.initialize(to: initial)
        defer {
            state.deinitialize(count: 1)
            state.deallocate()
        }
        guard bytes.count > 0, let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else {
            state.pointee.fail("empty \(kind) file", line: 1, column: 1)
            return state.pointee
        }
        var handler = makeHandler()
        guard let context = xmlCreatePushParserCtxt(&handler, state, nil, 0, nil) else {
            state.pointee.fail("libxml2 could not create a parser context", line: 1, column: 1)
            return state.pointee
        }
        state.pointee.context = context
        defer {
            if let document = context.pointee.myDoc {
                context.pointee.myDoc = nil
                xmlFreeDoc(document)
            }
            xmlFreeParserCtxt(context)
        }
        // No XML_PARSE_HUGE: libxml2's own depth and size limits stand; never XML_PARSE_NOENT.
        xmlCtxtUseOptions(context, Int32(bitPattern: XML_PARSE_NONET.rawValue))
        let chunk = 1 << 16
        var offset = 0
        while offset < bytes.count, !state.pointee.stopped {
            let length = min(chunk, bytes.count - offset)
            xmlParseChunk(context, base + offset, Int32(length), 0)
            offset += length
        }
        if !state.pointee.stopped { xmlParseChunk(context, nil, 0, 1) }
        state.pointee.context = nil
        return state.pointee
    }

    mutating func fail(_ message: String, line: Int, column: Int) {
        guard !stopped else { return }
        stopped = true
        failure = Diagnostic(.projectSchemeInvalid, "\(kind) cannot be read: \(message); \(consequence)",
                             at: SourceLocation(file: file, line: max(line, 1), column: max(column, 1)))
        if let context { xmlStopParser(context) }
    }

    /// The line and column of byte `offset` (offsets only grow between calls).
    private mutating func position(of offset: Int) -> (line: Int, column: Int) {
        let target = min(max(offset, 0), bytes.count)
        if target < countedOffset { (countedOffset, countedLine, countedLineStart) = (0, 1, 0) }
        while countedOffset < target {
            if bytes[countedOffset] == UInt8(ascii: "\n") {
                countedLine += 1
                countedLineStart = countedOffset + 1
            }
            countedOffset += 1
        }
        return (countedLine, target - countedLineStart + 1)
    }

    /// libxml2's read position: just past the start tag it reported.
    private var currentOffset: Int {
        guard let input = context?.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else { return 0 }
        return Int(input.pointee.consumed) + (cur - base)
    }

    mutating func startElement(_ name: String, attributes: [String: String]) {
        guard !stopped else { return }
        guard elements.count < XcodeSchemeLimits.maximumElements else {
            let (line, column) = position(of: currentOffset)
            fail("more than \(XcodeSchemeLimits.maximumElements) elements", line: line, column: column)
            return
        }
        // The tag starts at the last `<` before the read position (attribute values cannot hold one).
        var start = min(currentOffset, bytes.count) - 1
        while start > 0, bytes[start] != UInt8(ascii: "<") { start -= 1 }
        let (line, column) = position(of: max(start, 0))
        elements.append(SchemeElement(name: name, attributes: attributes, location: SourceLocation(file: file, line: line, column: column),
                                      ancestors: open.map { elements[$0].name }, parent: open.last))
        open.append(elements.count - 1)
    }

    mutating func endElement() {
        if !open.isEmpty { open.removeLast() }
    }

    mutating func refuseDeclarations(_ what: String) {
        let (line, column) = position(of: currentOffset)
        fail("\(what) (a \(kind) has none; nothing is loaded or expanded)", line: line, column: column)
    }

    mutating func libxml2Error(_ error: UnsafePointer<xmlError>) {
        guard !stopped, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let message = (error.pointee.message.map { String(cString: $0) } ?? "malformed XML")
            .split(whereSeparator: \.isNewline).joined(separator: "; ").trimmingCharacters(in: .whitespaces)
        if Int(error.pointee.code) == Int(XML_ERR_TAG_NAME_MISMATCH.rawValue) {
            // Reported past the end tag: point at its `</`.
            var start = min(currentOffset, bytes.count) - 2
            while start > 0, !(bytes[start] == UInt8(ascii: "<") && bytes[start + 1] == UInt8(ascii: "/")) { start -= 1 }
            let (line, column) = position(of: max(start, 0))
            fail("malformed XML: \(message)", line: line, column: column)
            return
        }
        fail("malformed XML: \(message)", line: Int(error.pointee.line), column: Int(error.pointee.int2))
    }

    func scheme(name: String, path: String) -> Result<XcodeScheme, Diagnostic> {
        guard let root = elements.first else {
            return .failure(Diagnostic(.projectSchemeInvalid, "scheme cannot be read: no root element; it is not used",
                                       at: SourceLocation(file: path, line: 1, column: 1)))
        }
        guard root.name == "Scheme" else {
            return .failure(Diagnostic(.projectSchemeInvalid, "not a scheme: the root element is <\(root.name)>, not <Scheme>; it is not used",
                                       at: root.location))
        }
        var built: [XcodeScheme.BuildableReference] = []
        var archive: SchemeElement?
        for element in elements {
            if element.name == "ArchiveAction", element.ancestors == ["Scheme"], archive == nil { archive = element }
            // Scheme > BuildAction > BuildActionEntries > BuildActionEntry > BuildableReference
            guard element.name == "BuildableReference",
                  element.ancestors == ["Scheme", "BuildAction", "BuildActionEntries", "BuildActionEntry"] else { continue }
            let entry = element.parent.map { elements[$0] }
            let archiving = entry?.attributes["buildForArchiving"].map { $0.uppercased() != "NO" } ?? true
            built.append(XcodeScheme.BuildableReference(
                blueprintIdentifier: element.attributes["BlueprintIdentifier"], blueprintName: element.attributes["BlueprintName"],
                referencedContainer: element.attributes["ReferencedContainer"], buildsForArchiving: archiving, location: element.location))
        }
        let configuration = archive?.attributes["buildConfiguration"].flatMap { $0.isEmpty ? nil : $0 }
        return .success(XcodeScheme(name: name, path: path, builtTargets: built, archiveConfiguration: configuration,
                                    archiveLocation: archive?.location))
    }

    // MARK: - SAX handler

    private static func state(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<SchemeSAX>? {
        context?.assumingMemoryBound(to: SchemeSAX.self)
    }

    private static func text(_ start: UnsafePointer<UInt8>?, _ end: UnsafePointer<UInt8>?) -> String {
        guard let start, let end, end >= start else { return "" }
        return String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
    }

    /// SAX2 callbacks: elements and their attributes, errors; no entity resolver or external subset, and a
    /// DOCTYPE or entity declaration stops the file.
    static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, _, _, _, _, attributeCount, _, attributes in
            guard let localName, let state = SchemeSAX.state(context) else { return }
            var values: [String: String] = [:]
            // Each attribute is five pointers: local name, prefix, URI, value start, value end.
            if let attributes {
                for index in 0..<Int(max(attributeCount, 0)) {
                    let base = index * 5
                    guard let name = attributes[base] else { continue }
                    values[String(cString: name)] = SchemeSAX.text(attributes[base + 3], attributes[base + 4])
                }
            }
            state.pointee.startElement(String(cString: localName), attributes: values)
        }
        handler.endElementNs = { context, _, _, _ in
            SchemeSAX.state(context)?.pointee.endElement()
        }
        handler.internalSubset = { context, _, _, _ in
            SchemeSAX.state(context)?.pointee.refuseDeclarations("a DOCTYPE")
        }
        handler.entityDecl = { context, _, _, _, _, _ in
            SchemeSAX.state(context)?.pointee.refuseDeclarations("an entity declaration")
        }
        handler.serror = { context, error in
            guard let error else { return }
            SchemeSAX.state(context)?.pointee.libxml2Error(error)
        }
        return handler
    }
}
