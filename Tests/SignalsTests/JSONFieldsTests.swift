import Foundation
import InternalUtilities
import Testing

@testable import Signals

/// Errors quote at most about 100 characters of input, in their message and in their JSON path
/// (the invariant every fuzz harness checks on every error).
@Suite struct JSONFieldsTests {
    func error(_ json: String) -> SignalError? {
        do {
            _ = try SignalNode.decode(json: Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    // A key is user input: a plain one (letters, digits, `_`) is cut in the path like any other, so an 8 MB
    // unknown field is neither echoed whole nor searched for a "did you mean" suggestion.
    @Test("a long key is cut to 60 characters in the path, plain or not", arguments: [300, 1 << 20])
    func longKeyInPath(length: Int) {
        let key = String(repeating: "a", count: length)
        let e = error(#"{"sine": {"\#(key)": 1}}"#)
        #expect(e?.code == .unknownField)
        #expect(e?.path == #"$.sine[""# + String(repeating: "a", count: 59) + #"…"]"#)
        #expect((e?.description.utf8.count ?? .max) < 600)
    }

    @Test("a key of 60 plain characters keeps the dotted form")
    func plainKeyInPath() {
        let key = String(repeating: "b", count: 60)
        #expect(JSONPath.child("$", key) == "$." + key)
        #expect(JSONPath.child("$", key + "b") == #"$[""# + String(repeating: "b", count: 59) + #"…"]"#)
        #expect(JSONPath.child("$.x", "a b") == #"$.x["a b"]"#)
    }

    @Test("the parser's syntax errors write keys the same way")
    func parserPath() {
        let key = String(repeating: "c", count: 300)
        let e = error(#"{"\#(key)": [1,]}"#)
        #expect(e?.code == .malformed)
        #expect(e?.path == #"$[""# + String(repeating: "c", count: 59) + #"…"]"#)
        #expect(error(#"{"a b": {"c": [1,]}}"#)?.path == #"$["a b"].c"#)
    }

    @Test("the closest name: a typo is found, a word far longer than every candidate has none")
    func closestName() {
        #expect(SignalError.closestName(to: "amplitdue", in: ["amplitude", "offset"]) == "amplitude")
        #expect(SignalError.closestName(to: "offsets", in: ["amplitude", "offset"]) == "offset")
        #expect(SignalError.closestName(to: "offsetxyz", in: ["amplitude", "offset"]) == nil)
        #expect(
            SignalError.closestName(to: String(repeating: "o", count: 1 << 22), in: ["amplitude", "offset"]) == nil)
    }
}
