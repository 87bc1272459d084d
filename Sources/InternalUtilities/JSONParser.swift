import Foundation

/// Bounds of the strict JSON reader: what a document may not exceed.
package struct JSONLimits: Sendable, Hashable {
    /// Deepest nesting of arrays and objects (default 256). Deeper documents are refused instead of
    /// exhausting the stack.
    package var depth: Int
    /// Largest document in bytes (default 64 MiB).
    package var bytes: Int

    package init(depth: Int = 256, bytes: Int = 64 << 20) {
        self.depth = depth
        self.bytes = bytes
    }
}

/// A document the strict JSON reader refuses: its syntax (with the line and column, in bytes, and the
/// JSON path of the container where the problem is) or its size. The public face of the reader,
/// `JSONValue.parse` in `Signals`, throws it as the package's `SignalError` (`malformed`, `tooLarge`).
package struct JSONSyntaxError: Error, Sendable, Hashable {
    /// What is wrong, naming the byte or value.
    package var message: String
    /// JSON path of the container being read (`$` is the root).
    package var path: String
    /// 1-based line, when the problem is at a place in the document.
    package var line: Int?
    /// 1-based column in bytes, when the problem is at a place in the document.
    package var column: Int?
    /// Whether the document is over ``JSONLimits/bytes`` (not a syntax error).
    package var isTooLarge = false

    package init(message: String, path: String, line: Int? = nil, column: Int? = nil, isTooLarge: Bool = false) {
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.isTooLarge = isTooLarge
    }
}

/// JSON paths as every message of the package writes them.
package enum JSONPath {
    /// The path of `key` inside the object at `path`: `$.a.b` for a plain key, `$.a["x y"]` for any other
    /// (quoted, cut to 60 characters).
    package static func child(_ path: String, _ key: String) -> String {
        let plain =
            !key.isEmpty && key.utf8.count <= 60
            && key.utf8.allSatisfy { b in
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
            }
        return plain ? "\(path).\(key)" : "\(path)[\"\(quotedForMessage(key, limit: 60))\"]"
    }
}

extension JSONParser {
    /// Parses one document within `limits`.
    /// - Throws: ``JSONSyntaxError``.
    package static func parse(_ data: Data, limits: JSONLimits) throws(JSONSyntaxError) -> JSONValue {
        guard data.count <= limits.bytes else {
            throw JSONSyntaxError(
                message: "the JSON document is \(data.count) bytes; the limit is \(limits.bytes) bytes",
                path: "$", isTooLarge: true)
        }
        let result: Result<JSONValue, JSONSyntaxError> = data.withUnsafeBytes { raw in
            var parser = JSONParser(raw.bindMemory(to: UInt8.self), limits: limits)
            do throws(JSONSyntaxError) {
                return .success(try parser.document())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// A recursive-descent parser over bytes (RFC 8259), strict: see ``JSONValue``.
package struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: JSONLimits
    private var position = 0
    private var depth = 0
    /// The path to the container being read, for errors.
    private var path: [PathPart] = []

    private enum PathPart {
        case key(String)
        case index(Int)
    }

    package init(_ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// The document: one value, whitespace around it.
    package mutating func document() throws(JSONSyntaxError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        guard position < bytes.count else { throw fail("the document is empty: expected a JSON value") }
        let value = try parseValue()
        skipWhitespace()
        guard position == bytes.count else {
            throw fail("unexpected \(describeHere()) after the JSON value; a document holds exactly one value")
        }
        return value
    }

    // MARK: Errors

    private var jsonPath: String {
        var s = "$"
        for part in path {
            switch part {
            case .key(let k): s = JSONPath.child(s, k)
            case .index(let i): s += "[\(i)]"
            }
        }
        return s
    }

    /// 1-based line and column (in bytes) of `offset`.
    private func location(_ offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        return (line, end - lineStart + 1)
    }

    private func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let (line, column) = location(offset ?? position)
        return JSONSyntaxError(message: "not valid JSON: \(message)", path: jsonPath, line: line, column: column)
    }

    /// The byte at the current position, described for a message.
    private func describeHere() -> String {
        guard position < bytes.count else { return "end of input" }
        let b = bytes[position]
        if b >= 0x20 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    // MARK: Grammar

    private mutating func skipWhitespace() {
        while position < bytes.count {
            let b = bytes[position]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            position += 1
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard position < bytes.count else { throw fail("unexpected end of input: expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw fail("NaN and Infinity are not JSON numbers; every number must be finite")
        case UInt8(ascii: "'"):
            throw fail("strings must be in double quotes")
        default:
            throw fail("unexpected \(describeHere()): expected a value (object, array, string, number, true, false)")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = position
        let count = word.utf8CodeUnitCount
        var ok = position + count <= bytes.count
        if ok {
            word.withUTF8Buffer { w in
                for k in 0..<count where bytes[position + k] != w[k] { ok = false }
            }
        }
        guard ok else { throw fail("unexpected \(describeHere()): expected a value", at: start) }
        position += count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= limits.depth else {
            throw fail("arrays and objects are nested deeper than \(limits.depth) levels")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        position += 1  // {
        var members: [JSONObject.Member] = []
        var seen: Set<String>? = nil
        skipWhitespace()
        if closes("}") { return .object(JSONObject(members)) }
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw fail("unexpected end of input inside an object: expected a key") }
            guard bytes[position] == UInt8(ascii: "\"") else {
                if bytes[position] == UInt8(ascii: "}") { throw fail("trailing comma before '}'") }
                throw fail("unexpected \(describeHere()): expected a key in double quotes")
            }
            let keyStart = position
            let key = try parseString()
            // Duplicate keys: a linear scan for small objects, a set beyond 16 keys.
            var duplicate = false
            if let s = seen {
                duplicate = s.contains(key)
            } else {
                duplicate = members.contains { $0.key == key }
                if members.count >= 16 { seen = Set(members.map(\.key)) }
            }
            if duplicate {
                throw fail("duplicate key '\(quotedForMessage(key, limit: 60))' in the same object", at: keyStart)
            }
            seen?.insert(key)
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw fail(
                    "unexpected \(describeHere()): expected ':' after the key '\(quotedForMessage(key, limit: 60))'")
            }
            position += 1
            skipWhitespace()
            path.append(.key(key))
            let value = try parseValue()
            path.removeLast()
            members.append(JSONObject.Member(key: key, value: value))
            if try closesAfterItem("}", inside: "an object", after: "a member") { return .object(JSONObject(members)) }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        position += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if closes("]") { return .array(elements) }
        while true {
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                throw fail("trailing comma before ']'")
            }
            path.append(.index(elements.count))
            let value = try parseValue()
            path.removeLast()
            elements.append(value)
            if try closesAfterItem("]", inside: "an array", after: "an element") { return .array(elements) }
        }
    }

    /// Leaves the container when the next byte is its `close` (`}` or `]`): consumes it and returns `true`.
    private mutating func closes(_ close: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: close) else { return false }
        position += 1
        depth -= 1
        return true
    }

    /// After a member or an element: skips white space, then consumes the ',' before the next one (returns
    /// `false`) or the container's `close` (returns `true`).
    /// - Throws: `JSONSyntaxError` at the end of the input or at anything else.
    private mutating func closesAfterItem(
        _ close: Unicode.Scalar, inside container: String, after item: String
    ) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard position < bytes.count else {
            throw fail("unexpected end of input inside \(container): expected ',' or '\(close)'")
        }
        if bytes[position] == UInt8(ascii: ",") {
            position += 1
            return false
        }
        if closes(close) { return true }
        throw fail("unexpected \(describeHere()): expected ',' or '\(close)' after \(item)")
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = position
        position += 1  // opening quote
        var scratch: [UInt8] = []
        var runStart = position
        while true {
            guard position < bytes.count else { throw fail("unterminated string", at: start) }
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                position += 1
                break
            }
            if b < 0x20 {
                throw fail("control character 0x\(String(b, radix: 16, uppercase: true)) inside a string (escape it)")
            }
            if b == UInt8(ascii: "\\") {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                position += 1
                guard position < bytes.count else { throw fail("unterminated string", at: start) }
                let e = bytes[position]
                position += 1
                switch e {
                case UInt8(ascii: "\""): scratch.append(0x22)
                case UInt8(ascii: "\\"): scratch.append(0x5C)
                case UInt8(ascii: "/"): scratch.append(0x2F)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if scalar >= 0xD800 && scalar < 0xDC00 {
                        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                            bytes[position + 1] == UInt8(ascii: "u")
                        else {
                            throw fail("unpaired UTF-16 surrogate \\u\(String(scalar, radix: 16)) in a string")
                        }
                        position += 2
                        let low = try hex4()
                        guard low >= 0xDC00 && low < 0xE000 else {
                            throw fail("unpaired UTF-16 surrogate \\u\(String(scalar, radix: 16)) in a string")
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if scalar >= 0xDC00 && scalar < 0xE000 {
                        throw fail("unpaired UTF-16 surrogate \\u\(String(scalar, radix: 16)) in a string")
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
                    scratch.append(contentsOf: Array(String(Character(u)).utf8))
                default:
                    throw fail("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string", at: position - 2)
                }
                runStart = position
                continue
            }
            position += 1
        }
        guard let text = String(validating: scratch, as: UTF8.self) else {
            throw fail("a string is not valid UTF-8", at: start)
        }
        return text
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[position]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit in a \\u escape")
            }
            v = v << 4 | d
            position += 1
        }
        return v
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = position
        func digits() -> Int {
            let s = position
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                position += 1
            }
            return position - s
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count else { throw fail("a number ends after '-'", at: start) }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                throw fail("a number may not have leading zeros", at: start)
            }
        } else if digits() == 0 {
            if position < bytes.count, bytes[position] == UInt8(ascii: "I") {
                throw fail("NaN and Infinity are not JSON numbers; every number must be finite", at: start)
            }
            throw fail("a number needs a digit after '-'", at: start)
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw fail("a number needs digits after the decimal point", at: start) }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { throw fail("a number needs digits in its exponent", at: start) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        // Double(String) parses with the C locale (never the user's), correctly rounded.
        guard let value = Double(text), value.isFinite else {
            throw fail(
                "the number \(quotedForMessage(text, limit: 40)) is too large for a Double (largest ±1.8e308)",
                at: start)
        }
        return JSONNumber(text: text, value: value)
    }
}
