import Foundation

/// A parsed JSON value, kept with its JSON type so that fields can be type-checked exactly.
///
/// Made from what Foundation's `JSONSerialization` returns; a JSON number is `.integer` when it
/// is a whole number that fits in `Int`, else `.number`, and `true`/`false` stay booleans (they
/// arrive as `NSNumber`s of Foundation's boolean class, told apart from the number 1).
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The boolean `NSNumber` class, whose instances are JSON's `true` and `false`.
    private static let booleanClass: AnyClass = type(of: NSNumber(value: true))

    init(_ object: Any) {
        switch object {
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            self = Self(number)
        case let array as [Any]:
            self = .array(array.map(JSONValue.init))
        case let dictionary as [String: Any]:
            self = .object(dictionary.mapValues(JSONValue.init))
        default:
            self = .null
        }
    }

    private init(_ number: NSNumber) {
        if type(of: number) == Self.booleanClass {
            self = .bool(number.boolValue)
            return
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            // A literal outside Int's range arrives as a double; one that rounds to exactly
            // -2^63 must still count as out of range, hence the strict bound.
            let value = number.doubleValue
            if value.rounded() == value, value.magnitude < 0x1p63, let integer = Int(exactly: value) {
                self = .integer(integer)
            } else {
                self = .number(value)
            }
        case UInt8(ascii: "Q"):
            let value = number.uint64Value
            self = value <= UInt64(Int.max) ? .integer(Int(value)) : .number(number.doubleValue)
        default:
            self = .integer(number.intValue)
        }
    }
}
