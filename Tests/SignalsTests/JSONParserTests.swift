import Formats
import Foundation
import InternalUtilities
import Testing

@testable import Signals

@Suite struct JSONParserTests {
    func parse(_ text: String) throws(SignalError) -> JSONValue { try JSONValue.parse(text) }

    func failure(_ text: String) -> SignalError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("well-formed documents parse, keys in order, integers exact")
    func valid() throws {
        let v = try parse(
            #"{"b": [1, -0.5, 1e3, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"], "a": {}, "seed": 18446744073709551615}"#
        )
        let o = try #require({ if case .object(let o) = v { o } else { nil } }(), "not an object: \(v)")
        #expect(o.keys == ["b", "a", "seed"])
        #expect(o["b"]?.array?.count == 7)
        #expect(o["b"]?.array?[6].string == "x\"\\/\u{8}\u{c}\n\r\té😀")
        let seed = try #require({ if case .number(let n)? = o["seed"] { n } else { nil } }(), "seed is not a number")
        #expect(seed.unsignedInteger == UInt64.max)
        #expect(try parse("\u{FEFF}  [ ]  ") == .array([]))  // a byte order mark and whitespace are fine
    }

    @Test(
        "strict: each malformed document is refused with its line and column",
        arguments: [
            (#"{"a": 1,}"#, "trailing comma before '}'", 1, 9),
            ("[1, 2,\n ]", "trailing comma before ']'", 2, 2),
            (#"{"frequency": 10, "frequency": 20}"#, "duplicate key 'frequency'", 1, 19),
            (#"{"a": NaN}"#, "NaN and Infinity are not JSON numbers", 1, 7),
            (#"{"a": -Infinity}"#, "NaN and Infinity", 1, 7),
            (#"{"a": 1e400}"#, "too large for a Double", 1, 7),
            (#"{"a": 01}"#, "leading zeros", 1, 7),
            (#"{"a": 1.}"#, "digits after the decimal point", 1, 7),
            (#"{'a': 1}"#, "expected a key in double quotes", 1, 2),
            (#"{"a" 1}"#, "expected ':'", 1, 6),
            (#"{"a": "x"#, "unterminated string", 1, 7),
            ("{\"a\": \"x\ty\"}", "control character", 1, 9),
            (#"{"a": "\x"}"#, "invalid escape", 1, 8),
            (#"{"a": "\ud800"}"#, "unpaired UTF-16 surrogate", 1, 14),
            ("[1] [2]", "after the JSON value", 1, 5),
            ("", "the document is empty", 1, 1),
            ("[tru]", "expected a value", 1, 2),
        ])
    func malformed(text: String, message: String, line: Int, column: Int) {
        let e = failure(text)
        #expect(e?.code == .malformed)
        #expect(e?.message.contains(message) == true, "\(e?.description ?? "no error")")
        #expect(e?.line == line, "\(e?.description ?? "no error")")
        #expect(e?.column == column, "\(e?.description ?? "no error")")
    }

    @Test("syntax errors name the JSON path of the container")
    func path() {
        let e = failure(#"{"sum": [{"sine": {"frequency": 1}}, {"sine": {"frequency": 2,}}]}"#)
        #expect(e?.path == "$.sum[1].sine")
        #expect(e?.description.hasPrefix("$.sum[1].sine: line 1, column ") == true)
    }

    @Test("invalid UTF-8 in a string is refused")
    func utf8() {
        var bytes = Array(#"{"a": "x"#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#""}"#.utf8)
        #expect(#expect(throws: SignalError.self) { try JSONValue.parse(Data(bytes)) }?.code == .malformed)
    }

    @Test("nesting deeper than the limit is an error, not a stack overflow")
    func depth() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let e = failure(deep)
        #expect(e?.message.contains("nested deeper than 256 levels") == true)
        #expect(failure(String(repeating: "[", count: 256) + String(repeating: "]", count: 256)) == nil)
    }

    @Test("a document over the size limit is refused before it is parsed")
    func size() {
        #expect(
            #expect(throws: SignalError.self) { try JSONValue.parse(Data(count: 100), limits: JSONLimits(bytes: 99)) }?
                .code == .tooLarge)
    }

    @Test("serialized text parses back to the same value; previews are cut")
    func roundTrip() throws {
        let text = #"{"k": [1, 2.5, -3e-7, "a\"b\n\u0001", true, null, {"x": {}}], "z": 18446744073709551615}"#
        let v = try parse(text)
        #expect(try parse(v.serialized) == v)
        #expect(try parse(v.prettyPrinted) == v)
        let long = JSONValue.string(String(repeating: "x", count: 10_000))
        #expect(long.preview().count == 100)
        #expect(long.preview().hasSuffix("…"))
    }

    @Test("JSONFields refuses null, unknown fields, wrong types and missing fields with paths")
    func fields() throws {
        let v = try parse(#"{"amplitude": null, "frequncy": 1}"#)
        let unknown = #expect(throws: SignalError.self) {
            _ = try JSONFields(v, path: "$.sine", what: "'sine'", fields: ["amplitude", "frequency"])
        }
        #expect(unknown?.code == .unknownField)
        #expect(unknown?.path == "$.sine.frequncy")
        #expect(unknown?.message.contains("did you mean 'frequency'?") == true)
        let f = try JSONFields(
            try parse(#"{"amplitude": null, "seed": 1.5, "name": 3}"#), path: "$.x", what: "x",
            fields: ["amplitude", "seed", "name", "frequency"])
        let null = #expect(throws: SignalError.self) { _ = try f.optionalNumber("amplitude") }
        #expect(null?.path == "$.x.amplitude")
        #expect(null?.message.contains("null") == true)
        #expect(#expect(throws: SignalError.self) { _ = try f.optionalUnsigned("seed") }?.code == .malformed)
        #expect(#expect(throws: SignalError.self) { _ = try f.optionalString("name") }?.code == .malformed)
        let missing = #expect(throws: SignalError.self) { _ = try f.number("frequency") }
        #expect(missing?.code == .missingField)
    }
}
