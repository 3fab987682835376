import Foundation
import ObserveDemoCore
import Testing

@Suite struct EventParserTests {
    private let parser = EventParser(tabCount: 4)

    // MARK: One test per event kind

    @Test func badgeWithText() throws {
        #expect(try parser.parse(#"{"kind":"badge","tab":1,"value":"5"}"#) == .badge(tab: 1, value: "5"))
    }

    @Test func badgeWithNullClearsTheValue() throws {
        #expect(try parser.parse(#"{"kind":"badge","tab":3,"value":null}"#) == .badge(tab: 3, value: nil))
    }

    @Test func title() throws {
        #expect(
            try parser.parse(#"{"kind":"title","tab":2,"title":"Explore"}"#)
                == .title(tab: 2, title: "Explore"))
    }

    @Test func imageWithAndWithoutSelectedImage() throws {
        #expect(
            try parser.parse(#"{"kind":"image","tab":0,"image":"home_alt","selectedImage":"home_alt_on"}"#)
                == .image(tab: 0, name: "home_alt", selectedName: "home_alt_on"))
        #expect(
            try parser.parse(#"{"kind":"image","tab":0,"image":"home_alt"}"#)
                == .image(tab: 0, name: "home_alt", selectedName: nil))
    }

    @Test func select() throws {
        #expect(try parser.parse(#"{"kind":"select","tab":3}"#) == .select(tab: 3))
    }

    @Test func plus() throws {
        #expect(try parser.parse(#"{"kind":"plus"}"#) == .plus)
    }

    @Test func pushOnTheSelectedTabOrAGivenOne() throws {
        #expect(try parser.parse(#"{"kind":"push","title":"Post"}"#) == .push(title: "Post", tab: nil))
        #expect(try parser.parse(#"{"kind":"push","title":"Post","tab":0}"#) == .push(title: "Post", tab: 0))
    }

    @Test func pop() throws {
        #expect(try parser.parse(#"{"kind":"pop"}"#) == .pop(tab: nil))
        #expect(try parser.parse(#"{"kind":"pop","tab":0}"#) == .pop(tab: 0))
    }

    @Test func popTo() throws {
        #expect(try parser.parse(#"{"kind":"popTo","index":1}"#) == .popTo(index: 1, tab: nil))
    }

    @Test func popToRoot() throws {
        #expect(try parser.parse(#"{"kind":"popToRoot","tab":0}"#) == .popToRoot(tab: 0))
    }

    @Test func delay() throws {
        #expect(try parser.parse(#"{"kind":"delay","milliseconds":250}"#) == .delay(milliseconds: 250))
    }

    @Test func blankLinesAreSkipped() throws {
        #expect(try parser.parse("") == nil)
        #expect(try parser.parse("  \t\r") == nil)
    }

    @Test func fieldOrderAndSpacingDoNotMatter() throws {
        #expect(
            try parser.parse(#" { "value" : "7" , "tab" : 0 , "kind" : "badge" } "#)
                == .badge(tab: 0, value: "7"))
    }

    // MARK: One test per error kind

    @Test func invalidJSON() {
        #expect(
            throws: EventError.invalidJSON(
                column: 25, reason: "expected a string key after ',', found the end of the line")
        ) {
            try parser.parse(#"{"kind":"badge","tab":1,"#)
        }
        #expect(throws: EventError.invalidJSON(column: 2, reason: "not UTF-8 text")) {
            try parser.parse(Data([0x7B, 0xFF, 0x7D]))
        }
    }

    /// Each fault of RFC 8259's grammar, named with its column (in Unicode scalars, from 1) and
    /// what was expected there.
    @Test(arguments: [
        (#"{"kind" "badge"}"#, 9, #"expected ':' after an object key, found '"'"#),
        (#"{kind:"badge"}"#, 2, "expected a string key or '}', found 'k'"),
        (#"{"kind":"badge" "tab":1}"#, 17, #"expected ',' or '}' after an object's value, found '"'"#),
        (#"{"kind":tru}"#, 12, "expected 'true', found '}'"),
        (#"{"kind":"badge","tab":01}"#, 23, "a number cannot start with 0"),
        (#"{"kind":"badge","tab":1.}"#, 25, "expected a digit after '.', found '}'"),
        (#"{"kind":"badge","tab":-x}"#, 24, "expected a digit, found 'x'"),
        (#"{"kind":"badge","tab":1e}"#, 25, "expected a digit in the exponent, found '}'"),
        (#"{"kind":"bad\qge"}"#, 14, #"expected one of " \ / b f n r t u after '\' in a string, found 'q'"#),
        (#"{"kind":"\u12"}"#, 10, #"expected four hexadecimal digits after '\u'"#),
        (#"{"kind":"badge"#, 15, #"unterminated string: expected '"', found the end of the line"#),
        (#"{"kind":"é" x"#, 13, "expected ',' or '}' after an object's value, found 'x'"),
        (#"{"kind":"plus"} {"#, 17, "expected the end of the line after the JSON value, found '{'"),
        (#"[1,2"#, 5, "expected ',' or ']' after an array's element, found the end of the line"),
        ("{\"kind\":\"a\u{1}\"}", 11, "control character U+0001 in a string (escape it)"),
        (
            #"{"kind":@}"#, 9,
            "expected a value (an object, array, string, number, true, false or null), found '@'"
        ),
    ])
    func invalidJSONNamesTheColumnAndWhatWasExpected(line: String, column: Int, reason: String) {
        #expect(throws: EventError.invalidJSON(column: column, reason: reason)) { try parser.parse(line) }
    }

    /// A trailing comma is invalid JSON, reported as the other faults are.
    ///
    /// `JSONSerialization` reads `{"kind":"plus",}` (and `[1,]`), and the grammar was walked only
    /// when it rejected a line, so such a line was applied (found by a cold bug hunt).
    @Test func aTrailingCommaIsInvalidJSON() {
        let afterComma = "expected a string key after ',', found '}'"
        let noValue = "expected a value (an object, array, string, number, true, false or null), found ']'"
        #expect(throws: EventError.invalidJSON(column: 16, reason: afterComma)) {
            try parser.parse(#"{"kind":"plus",}"#)
        }
        #expect(throws: EventError.invalidJSON(column: 37, reason: afterComma)) {
            try parser.parse(#"{"kind":"badge","tab":1,"value":"5",}"#)
        }
        #expect(throws: EventError.invalidJSON(column: 4, reason: noValue)) { try parser.parse("[1,]") }
        #expect(throws: EventError.invalidJSON(column: 33, reason: noValue)) {
            try parser.parse(#"{"kind":"select","tab":1,"x":[1,]}"#)
        }
    }

    /// What `JSONSerialization` reads besides plain UTF-8 is still read, and walked as the text it
    /// is: a UTF-8 byte order mark (not counted in the columns), UTF-16 and UTF-32.
    @Test func linesInTheEncodingsJSONSerializationReadsAreCheckedAsText() throws {
        let plus = #"{"kind":"plus"}"#
        let comma = #"{"kind":"plus",}"#
        let bom = Data([0xEF, 0xBB, 0xBF])
        let utf16Mark = Data([0xFF, 0xFE])
        let encodings: [String.Encoding] = [
            .utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian,
        ]
        #expect(try parser.parse(bom + Data(plus.utf8)) == .plus)
        #expect(
            try parser.parse(utf16Mark + Data(plus.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
                == .plus)
        for encoding in encodings {
            #expect(try parser.parse(try #require(plus.data(using: encoding))) == .plus)
        }
        let afterComma = EventError.invalidJSON(
            column: 16, reason: "expected a string key after ',', found '}'")
        #expect(throws: afterComma) { try parser.parse(bom + Data(comma.utf8)) }
        for encoding in encodings {
            let line = try #require(comma.data(using: encoding))
            #expect(throws: afterComma) { try parser.parse(line) }
        }
    }

    /// A line of 64 KiB of `[`: reported at the 513th, where `JSONSerialization` stops too, rather
    /// than followed 65,536 levels deep to the end of the line.
    @Test func aLineOfOpenersIsReportedAtTheDepthLimit() {
        let line = String(repeating: "[", count: EventParser.maximumLineLength)
        let tooDeep = "more than 512 nested arrays and objects"
        #expect(throws: EventError.invalidJSON(column: 513, reason: tooDeep)) { try parser.parse(line) }
    }

    /// Well-formed JSON nested deeper than `JSONSerialization` reads is named at its first
    /// opener past the limit; it was reported at column 1 with Foundation's own words ("Too
    /// many nested arrays or dictionaries around character 513.").
    @Test func jsonNestedPastTheLimitNamesTheColumnWhereTheLimitIsPassed() {
        func nested(_ depth: Int) -> String {
            #"{"kind":"# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)
                + "}"
        }
        // 512 levels, the object's included, are read; the kind is then of the wrong type.
        #expect(throws: EventError.wrongType(field: "kind", expected: "a string")) {
            try parser.parse(nested(512))
        }
        let tooDeep = "more than 512 nested arrays and objects"
        #expect(throws: EventError.invalidJSON(column: 520, reason: tooDeep)) {
            try parser.parse(nested(513))
        }
    }

    @Test func notAnObject() {
        #expect(throws: EventError.notAnObject) { try parser.parse(#"["badge",1,"5"]"#) }
    }

    @Test func missingField() {
        #expect(throws: EventError.missingField("kind")) { try parser.parse(#"{"tab":1}"#) }
        #expect(throws: EventError.missingField("value")) { try parser.parse(#"{"kind":"badge","tab":1}"#) }
    }

    @Test func unknownKind() {
        #expect(throws: EventError.unknownKind("bagde")) { try parser.parse(#"{"kind":"bagde","tab":1}"#) }
    }

    @Test func unknownField() {
        #expect(throws: EventError.unknownField("colour", kind: "badge")) {
            try parser.parse(#"{"kind":"badge","tab":1,"value":"5","colour":"red"}"#)
        }
    }

    @Test func wrongType() {
        #expect(throws: EventError.wrongType(field: "value", expected: "a string or null")) {
            try parser.parse(#"{"kind":"badge","tab":1,"value":5}"#)
        }
        #expect(throws: EventError.wrongType(field: "tab", expected: "an integer")) {
            try parser.parse(#"{"kind":"select","tab":"1"}"#)
        }
        #expect(throws: EventError.wrongType(field: "tab", expected: "an integer")) {
            try parser.parse(#"{"kind":"select","tab":true}"#)
        }
        #expect(throws: EventError.wrongType(field: "milliseconds", expected: "an integer")) {
            try parser.parse(#"{"kind":"delay","milliseconds":2.5}"#)
        }
        #expect(throws: EventError.wrongType(field: "kind", expected: "a string")) {
            try parser.parse(#"{"kind":7}"#)
        }
    }

    @Test func indexOutOfRange() {
        #expect(throws: EventError.indexOutOfRange(field: "tab", index: 4, count: 4)) {
            try parser.parse(#"{"kind":"select","tab":4}"#)
        }
        #expect(throws: EventError.indexOutOfRange(field: "tab", index: -1, count: 4)) {
            try parser.parse(#"{"kind":"badge","tab":-1,"value":"1"}"#)
        }
    }

    @Test func valueOutOfRange() {
        #expect(throws: EventError.valueOutOfRange(field: "milliseconds", value: -5, allowed: 0...60_000)) {
            try parser.parse(#"{"kind":"delay","milliseconds":-5}"#)
        }
    }

    @Test func numberOutOfRange() {
        #expect(throws: EventError.numberOutOfRange(field: "tab")) {
            try parser.parse(#"{"kind":"select","tab":1e26}"#)
        }
        #expect(throws: EventError.numberOutOfRange(field: "milliseconds")) {
            try parser.parse(#"{"kind":"delay","milliseconds":-9223372036854775809}"#)
        }
        // Too large for a Double: Foundation rejects the whole line, but the cause is told.
        #expect(throws: EventError.numberOutOfRange(field: nil)) {
            try parser.parse(#"{"kind":"delay","milliseconds":1e400}"#)
        }
        #expect(
            throws: EventError.invalidJSON(
                column: 37, reason: "expected ',' or '}' after an object's value, found the end of the line")
        ) { try parser.parse(#"{"kind":"delay","milliseconds":1e400"#) }
    }

    /// Not an error, though it could be: Foundation's JSONSerialization merges duplicate keys
    /// before the parser sees them (the last wins, as in most JSON parsers), and detecting them
    /// would take a JSON parser of our own.
    @Test func duplicateFieldKeepsItsLastValue() throws {
        #expect(try parser.parse(#"{"kind":"select","tab":1,"tab":3}"#) == .select(tab: 3))
    }

    @Test func lineTooLong() {
        let value = String(repeating: "9", count: EventParser.maximumLineLength)
        let line = #"{"kind":"badge","tab":1,"value":"\#(value)"}"#
        #expect(throws: EventError.lineTooLong(length: line.utf8.count, limit: 65_536)) {
            try parser.parse(line)
        }
    }

    @Test func splitterLinesParseAsTheirTextOrAreTooLong() throws {
        let text = LineSplitter.Line(number: 3, content: .text(Data(#"{"kind":"select","tab":2}"#.utf8)))
        #expect(try parser.parse(text) == .select(tab: 2))
        #expect(try parser.parse(LineSplitter.Line(number: 4, content: .text(Data(" \t".utf8)))) == nil)
        let overlong = LineSplitter.Line(number: 5, content: .overlong(length: 70_000))
        #expect(throws: EventError.lineTooLong(length: 70_000, limit: 65_536)) { try parser.parse(overlong) }
    }

    @Test func diagnosticNamesTheStreamAndTheLine() {
        #expect(
            DemoError.badEvent(.unknownKind("bagde"), file: "<stdin>", line: 12).message
                == "<stdin>:12: error: unknown event kind 'bagde'")
    }

    @Test func errorDescriptionsNameTheFault() {
        #expect(
            EventError.invalidJSON(column: 9, reason: "expected ':' after an object key, found '\"'")
                .description
                == "invalid JSON at column 9: expected ':' after an object key, found '\"'")
        #expect(EventError.unknownKind("bagde").description == "unknown event kind 'bagde'")
        #expect(
            EventError.unknownField("colour", kind: "badge").description
                == "unknown field 'colour' for kind 'badge'")
        #expect(
            EventError.indexOutOfRange(field: "tab", index: 4, count: 4).description
                == "field 'tab' value 4 out of range (0..<4)")
        // The stack index of popTo: once "index index 5 out of range (0..<2)".
        #expect(
            EventError.indexOutOfRange(field: "index", index: 5, count: 2).description
                == "field 'index' value 5 out of range (0..<2)")
        #expect(
            EventError.valueOutOfRange(field: "index", value: -1, allowed: 0...Int.max).description
                == "field 'index' value -1 out of range (0...)")
        #expect(
            EventError.valueOutOfRange(field: "milliseconds", value: -5, allowed: 0...60_000).description
                == "field 'milliseconds' value -5 out of range (0...60000)")
        #expect(EventError.numberOutOfRange(field: "tab").description == "field 'tab' out of range")
        #expect(EventError.numberOutOfRange(field: nil).description == "number out of range")
        #expect(
            EventError.lineTooLong(length: 70_000, limit: 65_536).description
                == "line of 70000 bytes exceeds the 65536-byte limit")
    }
}
