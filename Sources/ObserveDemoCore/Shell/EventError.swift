/// Why one event line was rejected; printed as `FILE:LINE: error: <description>`.
///
/// A rejected line changes nothing: the events before it keep their effect and the stream goes
/// on with the next line (unless `--strict`).
public enum EventError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line is not valid JSON (or not UTF-8): `column` (counting Unicode scalars from 1) is
    /// where it stops being JSON, and `reason` says what the grammar (RFC 8259) expected there,
    /// such as `expected ':' after an object key, found '"'`.
    case invalidJSON(column: Int, reason: String)
    /// The line is valid JSON but not an object.
    case notAnObject
    /// The object has no `kind` field, or a kind lacks one of its required fields.
    case missingField(String)
    /// The `kind` names no known event.
    case unknownKind(String)
    /// The object has a field its kind does not take.
    case unknownField(String, kind: String)
    /// A field holds a value of the wrong JSON type; `expected` describes the right one.
    case wrongType(field: String, expected: String)
    /// An index names no tab or no screen: `index` is not in `0..<count`.
    case indexOutOfRange(field: String, index: Int, count: Int)
    /// A number lies outside the values its field allows.
    case valueOutOfRange(field: String, value: Int, allowed: ClosedRange<Int>)
    /// A number is too large for any integer field (such as `1e26`), or, with `field` `nil`, too
    /// large for JSON decoding at all (such as `1e400`), so the line cannot be read.
    case numberOutOfRange(field: String?)
    /// The line is longer than the limit; both in bytes.
    case lineTooLong(length: Int, limit: Int)
    /// The models refused the event, for the reason given (for example, a tab without navigation).
    case refused(String)

    /// A one-line explanation naming the field or value at fault.
    public var description: String {
        switch self {
        case .invalidJSON(let column, let reason): "invalid JSON at column \(column): \(reason)"
        case .notAnObject: "expected a JSON object"
        case .missingField(let field): "missing field '\(field)'"
        case .unknownKind(let kind): "unknown event kind '\(kind)'"
        case .unknownField(let field, let kind): "unknown field '\(field)' for kind '\(kind)'"
        case .wrongType(let field, let expected): "field '\(field)' must be \(expected)"
        case .indexOutOfRange(let field, let index, let count):
            "field '\(field)' value \(index) out of range (0..<\(count))"
        case .valueOutOfRange(let field, let value, let allowed):
            "field '\(field)' value \(value) out of range (\(Self.describe(allowed)))"
        case .numberOutOfRange(let field?): "field '\(field)' out of range"
        case .numberOutOfRange(nil): "number out of range"
        case .lineTooLong(let length, let limit): "line of \(length) bytes exceeds the \(limit)-byte limit"
        case .refused(let reason): reason
        }
    }

    /// A range as Swift writes it, without an upper bound of `Int.max` (`0...`, `0...60000`).
    private static func describe(_ range: ClosedRange<Int>) -> String {
        range.upperBound == .max ? "\(range.lowerBound)..." : "\(range.lowerBound)...\(range.upperBound)"
    }
}
