import Foundation

/// Parses JSON Lines event streams, one line at a time, into ``DemoEvent`` values.
///
/// Each line is one JSON object with a `kind` and the fields of that kind:
///
/// ```
/// {"kind":"badge","tab":1,"value":"5"}
/// {"kind":"delay","milliseconds":250}
/// ```
///
/// Parsing is strict: a line that is not JSON by RFC 8259's grammar (a trailing comma as in
/// `{"kind":"plus",}` included, which Foundation's `JSONSerialization` would take), unknown
/// fields, wrong JSON types and tab indexes outside `0..<tabCount` are errors, so a typo never
/// passes silently. Blank lines are skipped. A line may be UTF-8 (after a byte order mark or
/// not), UTF-16 or UTF-32, as `JSONSerialization` reads it. A field given twice keeps its last
/// value without an error, as `JSONSerialization` (which parses the lines) merges duplicate
/// keys.
/// Stack indexes of `popTo` are checked when the event is applied, against the stack of that
/// moment.
public struct EventParser: Sendable {
    /// The longest line accepted, in bytes (64 KiB), not counting the line break.
    public static let maximumLineLength = 64 * 1024

    /// The longest delay accepted, in milliseconds (one minute).
    public static let maximumDelay = 60_000

    /// The number of tabs the events may address; `tab` fields must lie in `0..<tabCount`.
    public var tabCount: Int

    /// Creates a parser for a shell with this many tabs.
    ///
    /// - Parameter tabCount: The number of tabs the events may address.
    public init(tabCount: Int) {
        self.tabCount = tabCount
    }

    /// Parses one line given as text.
    ///
    /// - Parameter line: One line, without its line break.
    /// - Returns: The event, or `nil` for a blank line.
    /// - Throws: ``EventError`` saying what is wrong with the line.
    public func parse(_ line: String) throws(EventError) -> DemoEvent? {
        try parse(Data(line.utf8))
    }

    /// Parses one line given as bytes: UTF-8 (a byte order mark first or not), or UTF-16 or
    /// UTF-32 as `JSONSerialization` tells them apart.
    ///
    /// - Parameter line: One line, without its line break.
    /// - Returns: The event, or `nil` for a line of only white space.
    /// - Throws: ``EventError`` saying what is wrong with the line.
    public func parse(_ line: Data) throws(EventError) -> DemoEvent? {
        guard line.count <= Self.maximumLineLength else {
            throw .lineTooLong(length: line.count, limit: Self.maximumLineLength)
        }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
        // JSONSerialization, not JSONDecoder: for a short line it is about four times cheaper than
        // decoding an untyped `Decodable` value (observe-bench W8).
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: line, options: .fragmentsAllowed)
        } catch {
            throw Self.decodingFailure(error, line: line)
        }
        // JSONSerialization also reads what RFC 8259 does not allow (a trailing comma): the
        // grammar decides.
        if let fault = JSONSyntaxCheck.firstFault(inTextRead: line) {
            throw .invalidJSON(column: fault.column, reason: fault.reason)
        }
        guard case .object(let object) = JSONValue(parsed) else { throw .notAnObject }
        return try event(from: EventFields(object))
    }

    /// Tells why `JSONSerialization` rejected a line: a number too large for a `Double`
    /// (`1e400`), or invalid JSON, with the column and the expected token that
    /// `JSONSyntaxCheck` finds.
    ///
    /// `JSONSerialization` names the unrepresentable number in its debug description. Should that
    /// wording change, the line is still reported, as invalid JSON. Where the check finds no fault
    /// that `JSONSerialization` found, its own message ("Invalid value around character 8.") is
    /// given, at column 1.
    private static func decodingFailure(_ error: any Error, line: Data) -> EventError {
        let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        if reason.contains("not representable") { return .numberOutOfRange(field: nil) }
        guard let fault = JSONSyntaxCheck.firstFault(in: line) else {
            return .invalidJSON(column: 1, reason: reason.isEmpty ? "rejected by JSONSerialization" : reason)
        }
        return .invalidJSON(column: fault.column, reason: fault.reason)
    }

    private func event(from fields: EventFields) throws(EventError) -> DemoEvent {
        let kind = try fields.string("kind")
        guard let allowed = Self.fieldsByKind[kind] else { throw .unknownKind(kind) }
        if let unknown = fields.names.subtracting(allowed + ["kind"]).sorted().first {
            throw .unknownField(unknown, kind: kind)
        }
        switch kind {
        case "badge":
            return .badge(tab: try tab(fields), value: try fields.optionalString("value", required: true))
        case "title": return .title(tab: try tab(fields), title: try fields.string("title"))
        case "image":
            return .image(
                tab: try tab(fields), name: try fields.string("image"),
                selectedName: try fields.optionalString("selectedImage"))
        case "select": return .select(tab: try tab(fields))
        case "plus": return .plus
        case "dismiss": return .dismiss
        case "push": return .push(title: try fields.string("title"), tab: try optionalTab(fields))
        case "pop": return .pop(tab: try optionalTab(fields))
        case "popTo": return .popTo(index: try stackIndex(fields), tab: try optionalTab(fields))
        case "popToRoot": return .popToRoot(tab: try optionalTab(fields))
        default: return .delay(milliseconds: try delay(fields))
        }
    }

    /// The fields each kind takes besides `kind`.
    private static let fieldsByKind: [String: [String]] = [
        "badge": ["tab", "value"],
        "title": ["tab", "title"],
        "image": ["tab", "image", "selectedImage"],
        "select": ["tab"],
        "plus": [],
        "dismiss": [],
        "push": ["title", "tab"],
        "pop": ["tab"],
        "popTo": ["index", "tab"],
        "popToRoot": ["tab"],
        "delay": ["milliseconds"],
    ]

    private func tab(_ fields: EventFields) throws(EventError) -> Int {
        let index = try fields.integer("tab")
        guard (0..<tabCount).contains(index) else {
            throw .indexOutOfRange(field: "tab", index: index, count: tabCount)
        }
        return index
    }

    private func optionalTab(_ fields: EventFields) throws(EventError) -> Int? {
        fields.contains("tab") ? try tab(fields) : nil
    }

    private func stackIndex(_ fields: EventFields) throws(EventError) -> Int {
        let index = try fields.integer("index")
        guard index >= 0 else { throw .valueOutOfRange(field: "index", value: index, allowed: 0...Int.max) }
        return index
    }

    private func delay(_ fields: EventFields) throws(EventError) -> Int {
        let milliseconds = try fields.integer("milliseconds")
        let allowed = 0...Self.maximumDelay
        guard allowed.contains(milliseconds) else {
            throw .valueOutOfRange(field: "milliseconds", value: milliseconds, allowed: allowed)
        }
        return milliseconds
    }
}
