/// Typed access to the fields of one event object, throwing ``EventError`` on a missing field or
/// a wrong JSON type.
struct EventFields {
    private let object: [String: JSONValue]

    init(_ object: [String: JSONValue]) {
        self.object = object
    }

    /// The names of all fields present.
    var names: Set<String> { Set(object.keys) }

    func contains(_ name: String) -> Bool {
        object[name] != nil
    }

    func string(_ name: String) throws(EventError) -> String {
        switch object[name] {
        case .string(let text): return text
        case nil: throw .missingField(name)
        default: throw .wrongType(field: name, expected: "a string")
        }
    }

    /// A string or `null`; an absent field is `nil` too unless `required`.
    func optionalString(_ name: String, required: Bool = false) throws(EventError) -> String? {
        switch object[name] {
        case .string(let text): return text
        case .null: return nil
        case nil:
            if required { throw .missingField(name) }
            return nil
        default: throw .wrongType(field: name, expected: "a string or null")
        }
    }

    /// A whole number that fits in `Int`; a whole number beyond it (`1e26`, which `JSONValue` keeps
    /// as a `Double`) is out of range.
    func integer(_ name: String) throws(EventError) -> Int {
        switch object[name] {
        case .integer(let number): return number
        case .number(let number) where number.rounded() == number && number.magnitude >= 0x1p63:
            throw .numberOutOfRange(field: name)
        case nil: throw .missingField(name)
        default: throw .wrongType(field: name, expected: "an integer")
        }
    }
}
