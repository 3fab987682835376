/// Where a line stops being JSON and what the grammar expected there: the error message of a
/// line that `JSONSerialization` rejected, and the verdict on a line it read.
///
/// `JSONSerialization` parses, and says only "Invalid value around character 8" or "Unexpected
/// end of file"; this check walks the line again by RFC 8259's grammar to name the column and the
/// expected token. It walks every line `JSONSerialization` read as well, since that reads a
/// trailing comma (see ``firstFault(inTextRead:)``). It is iterative (a stack of open containers, at most
/// ``maximumDepth`` deep), so no line can exhaust the thread's stack.
struct JSONSyntaxCheck {
    /// The first fault: its column, counting Unicode scalars from 1, and what was expected there.
    struct Fault: Equatable {
        var column: Int
        var reason: String
    }

    private enum Container {
        case object
        case array
    }

    /// What the walk looks for next.
    private enum Expectation {
        case value
        case keyOrEnd
        case key
        case colon
        case commaOrObjectEnd
        case commaOrArrayEnd
        case end
    }

    /// The deepest nesting of arrays and objects a line may have, as Foundation's
    /// `JSONSerialization` allows (it rejects the 513th level, "Too many nested arrays or
    /// dictionaries"); a deeper line is reported at its first opener past the limit.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var offset = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Finds the first fault of a line that is not one JSON value.
    ///
    /// - Parameter line: The line's bytes, without its line break.
    /// - Returns: The fault, or `nil` when the walk finds the line to be JSON (then the caller
    ///   falls back on `JSONSerialization`'s own message).
    /// - Complexity: O(*n*) in the line's length.
    static func firstFault(in line: some Collection<UInt8>) -> Fault? {
        let bytes = Array(line)
        if let invalid = firstInvalidUTF8(in: bytes) {
            return Fault(column: column(ofByte: invalid, in: bytes), reason: "not UTF-8 text")
        }
        var check = JSONSyntaxCheck(bytes)
        guard let (offset, reason) = check.walk() else { return nil }
        return Fault(column: column(ofByte: offset, in: bytes), reason: reason)
    }

    /// Walks the grammar; returns the byte offset and reason of the first fault.
    private mutating func walk() -> (Int, String)? {
        var open: [Container] = []
        var expectation = Expectation.value
        while true {
            skipWhiteSpace()
            guard offset < bytes.count else {
                return expectation == .end
                    ? nil : (offset, "\(describe(expectation)), found the end of the line")
            }
            let byte = bytes[offset]
            switch expectation {
            case .end:
                return (offset, "expected the end of the line after the JSON value, found \(found())")
            case .colon:
                guard byte == UInt8(ascii: ":") else {
                    return (offset, "expected ':' after an object key, found \(found())")
                }
                offset += 1
                expectation = .value
            case .keyOrEnd where byte == UInt8(ascii: "}"), .commaOrObjectEnd where byte == UInt8(ascii: "}"),
                .commaOrArrayEnd where byte == UInt8(ascii: "]"):
                offset += 1
                open.removeLast()
                expectation = after(open)
            case .commaOrObjectEnd where byte == UInt8(ascii: ","):
                offset += 1
                expectation = .key
            case .commaOrArrayEnd where byte == UInt8(ascii: ","):
                offset += 1
                expectation = .value
            case .key, .keyOrEnd:
                guard byte == UInt8(ascii: "\"") else {
                    return (offset, "\(describe(expectation)), found \(found())")
                }
                if let fault = scanString() { return fault }
                expectation = .colon
            case .commaOrObjectEnd, .commaOrArrayEnd:
                return (offset, "\(describe(expectation)), found \(found())")
            case .value:
                switch byte {
                case UInt8(ascii: "{") where open.count == Self.maximumDepth,
                    UInt8(ascii: "[") where open.count == Self.maximumDepth:
                    return (offset, "more than \(Self.maximumDepth) nested arrays and objects")
                case UInt8(ascii: "{"):
                    offset += 1
                    open.append(.object)
                    expectation = .keyOrEnd
                    continue
                case UInt8(ascii: "["):
                    offset += 1
                    open.append(.array)
                    skipWhiteSpace()
                    if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                        offset += 1
                        open.removeLast()
                        expectation = after(open)
                    }
                    continue
                case UInt8(ascii: "\""):
                    if let fault = scanString() { return fault }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if let fault = scanNumber() { return fault }
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    if let fault = scanLiteral() { return fault }
                default:
                    return (offset, "\(describe(.value)), found \(found())")
                }
                expectation = after(open)
            }
        }
    }

    /// What follows a complete value inside `open`.
    private func after(_ open: [Container]) -> Expectation {
        switch open.last {
        case .object?: .commaOrObjectEnd
        case .array?: .commaOrArrayEnd
        case nil: .end
        }
    }

    private func describe(_ expectation: Expectation) -> String {
        switch expectation {
        case .value: "expected a value (an object, array, string, number, true, false or null)"
        case .keyOrEnd: "expected a string key or '}'"
        case .key: "expected a string key after ','"
        case .colon: "expected ':' after an object key"
        case .commaOrObjectEnd: "expected ',' or '}' after an object's value"
        case .commaOrArrayEnd: "expected ',' or ']' after an array's element"
        case .end: "expected the end of the line"
        }
    }

    /// The byte at `offset`, quoted, or a code point for a control character.
    private func found() -> String {
        guard offset < bytes.count else { return "the end of the line" }
        let end = bytes[offset...].dropFirst().firstIndex { $0 & 0xC0 != 0x80 } ?? bytes.count
        let character = String(decoding: bytes[offset..<end], as: UTF8.self)
        guard let scalar = character.unicodeScalars.first, scalar.value >= 0x20, scalar.value != 0x7F else {
            let hex = String(character.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "'\(character)'"
    }

    private mutating func skipWhiteSpace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// Scans a string from its opening quote.
    private mutating func scanString() -> (Int, String)? {
        offset += 1
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return nil
            case UInt8(ascii: "\\"):
                offset += 1
                guard offset < bytes.count else { break }
                let escape = bytes[offset]
                if escape == UInt8(ascii: "u") {
                    let digits = bytes[(offset + 1)...].prefix(4)
                    guard digits.count == 4, digits.allSatisfy(\.isHexDigit) else {
                        return (offset - 1, "expected four hexadecimal digits after '\\u'")
                    }
                    offset += 5
                } else if Array(#""\/bfnrt"#.utf8).contains(escape) {
                    offset += 1
                } else {
                    return (
                        offset, "expected one of \" \\ / b f n r t u after '\\' in a string, found \(found())"
                    )
                }
            case 0x00..<0x20:
                return (offset, "control character \(found()) in a string (escape it)")
            default:
                offset += 1
            }
        }
        return (offset, "unterminated string: expected '\"', found the end of the line")
    }

    /// Scans a number, as RFC 8259 writes it: an optional minus, `0` or digits not starting with
    /// `0`, an optional fraction, an optional exponent.
    private mutating func scanNumber() -> (Int, String)? {
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count, bytes[offset].isDigit else {
            return (offset, "expected a digit, found \(found())")
        }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, bytes[offset].isDigit {
                return (offset - 1, "a number cannot start with 0")
            }
        } else {
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard offset < bytes.count, bytes[offset].isDigit else {
                return (offset, "expected a digit after '.', found \(found())")
            }
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")
            {
                offset += 1
            }
            guard offset < bytes.count, bytes[offset].isDigit else {
                return (offset, "expected a digit in the exponent, found \(found())")
            }
            skipDigits()
        }
        return nil
    }

    private mutating func skipDigits() {
        while offset < bytes.count, bytes[offset].isDigit { offset += 1 }
    }

    /// Scans `true`, `false` or `null`, told apart by the first letter.
    private mutating func scanLiteral() -> (Int, String)? {
        let literal =
            switch bytes[offset] {
            case UInt8(ascii: "t"): "true"
            case UInt8(ascii: "f"): "false"
            default: "null"
            }
        for expected in literal.utf8 {
            guard offset < bytes.count, bytes[offset] == expected else {
                return (offset, "expected '\(literal)', found \(found())")
            }
            offset += 1
        }
        return nil
    }

    /// The byte offset of the first byte that does not begin a valid UTF-8 sequence.
    private static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        if bytes.allSatisfy({ $0 < 0x80 }) { return nil }  // ASCII, as most lines are.
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// The column, from 1, of a byte: the Unicode scalars before it, plus one.
    private static func column(ofByte offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<min(offset, bytes.count)].count { $0 & 0xC0 != 0x80 } + 1
    }
}

extension UInt8 {
    fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
    fileprivate var isHexDigit: Bool {
        isDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self | 0x20)
    }
}
