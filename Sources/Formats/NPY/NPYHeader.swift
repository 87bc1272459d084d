import Foundation
import SensorData

/// The header of a NumPy `.npy` file: the one reader (format versions 1, 2 and 3), writer (version 1.0)
/// and sniffer (the magic `\x93NUMPY`) of the format in the package. Parsed strictly: every number is
/// range-checked before it is used, so no header can make a reader trap or allocate without bound.
///
/// Supported arrays: little-endian `float32` (`<f4`) or `float64` (`<f8`), C order, shape `(frames,)`
/// or `(frames, channels)`.
///
/// ```swift
/// let bytes = NPYHeader.encode(dtype: .float64, shape: [100, 3])   // 128 bytes: the data starts at 128
/// let header = try NPYHeader(bytes, name: "truth.npy")              // width 8, frames 100, channels 3
/// ```
package struct NPYHeader: Sendable, Hashable {
    /// The first six bytes of every `.npy` file: `\x93NUMPY`.
    package static let magic: [UInt8] = [0x93] + Array("NUMPY".utf8)

    /// Whether `head` (the start of a file) begins with ``magic``.
    package static func isNPY(_ head: some Sequence<UInt8>) -> Bool { head.starts(with: magic) }

    /// The value types written: little-endian IEEE 754 floats.
    package enum DType: String, Sendable, CaseIterable {
        /// `<f4`: 4-byte `Float`.
        case float32 = "<f4"
        /// `<f8`: 8-byte `Double`.
        case float64 = "<f8"

        /// Bytes per value.
        package var width: Int { self == .float32 ? 4 : 8 }
    }

    /// A version 1.0 header for C-ordered data of `dtype` and `shape` (`[frames]` or `[frames, channels]`,
    /// written as the Python tuples `(frames,)` and `(frames, channels)`), padded with spaces and a newline
    /// so that the data starts at a multiple of 64 bytes.
    /// - Precondition: the padded dictionary fits the 65 535 bytes of a version 1.0 header (any shape of
    ///   at most a few hundred dimensions does).
    package static func encode(dtype: DType, shape: [Int]) -> Data {
        let tuple = shape.count == 1 ? "(\(shape[0]),)" : "(" + shape.map(String.init).joined(separator: ", ") + ")"
        var dict = "{'descr': '\(dtype.rawValue)', 'fortran_order': False, 'shape': \(tuple), }"
        let unpadded = 10 + dict.utf8.count + 1
        dict += String(repeating: " ", count: (64 - unpadded % 64) % 64) + "\n"
        precondition(
            dict.utf8.count <= Int(UInt16.max), ".npy header of \(dict.utf8.count) bytes does not fit version 1.0")
        var data = Data(magic + [1, 0])
        let length = UInt16(dict.utf8.count)
        data.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8)])
        data.append(contentsOf: Array(dict.utf8))
        return data
    }

    /// Bytes per value: 4 (`<f4`) or 8 (`<f8`).
    package let width: Int
    /// Number of frames (rows).
    package let frames: Int
    /// Number of channels (columns; 1 for a one-dimensional array).
    package let channels: Int
    /// Offset of the first value in the file.
    package let dataOffset: Int

    /// The largest header accepted (NumPy writes a few hundred bytes): 1 MiB.
    package static let largestHeader = 1 << 20

    /// Parses the header at the start of `bytes`.
    /// - Parameters:
    ///   - bytes: The start of the file (at least the whole header).
    ///   - name: The file's name, for errors.
    /// - Throws: `SignalError` (`malformed`) naming what is wrong.
    package init(_ bytes: Data, name: String) throws(SignalError) {
        func fail(_ message: String) -> SignalError { SignalError(.malformed, message, file: name) }
        let b = [UInt8](bytes.prefix(12))
        guard b.count >= 10, NPYHeader.isNPY(b) else {
            throw fail("not a .npy file (it does not start with \\x93NUMPY)")
        }
        let major = b[6]
        let length: Int
        let start: Int
        switch major {
        case 1:
            length = Int(b[8]) | Int(b[9]) << 8
            start = 10
        case 2, 3:
            guard b.count >= 12 else { throw fail("truncated .npy header") }
            length = Int(b[8]) | Int(b[9]) << 8 | Int(b[10]) << 16 | Int(b[11]) << 24
            start = 12
        default:
            throw fail("unsupported .npy format version \(major) (1, 2 and 3 are supported)")
        }
        guard length <= NPYHeader.largestHeader else {
            throw fail(".npy header of \(length) bytes is larger than \(NPYHeader.largestHeader)")
        }
        guard bytes.count >= start + length else { throw fail("truncated .npy header") }
        let text = String(decoding: bytes.dropFirst(start).prefix(length), as: UTF8.self)
        var dict = try NPYDict(text, name: name)
        guard let descr = try dict.string("descr") else { throw fail(".npy header has no 'descr'") }
        switch descr {
        case "<f4", "float32": width = 4
        case "<f8", "float64": width = 8
        default:
            throw fail(
                ".npy dtype \(descr.prefix(20)) is not supported; use little-endian float32 (<f4) or float64 (<f8)")
        }
        if try dict.bool("fortran_order") == true {
            throw fail("Fortran-ordered .npy arrays are not supported; save with C order")
        }
        guard let shape = try dict.tuple("shape") else { throw fail(".npy header has no 'shape'") }
        guard shape.count == 1 || shape.count == 2 else {
            throw fail(
                ".npy shape (\(shape.map(String.init).joined(separator: ", "))) must be (frames,) or (frames, channels)"
            )
        }
        frames = shape[0]
        channels = shape.count == 2 ? shape[1] : 1
        guard channels >= 1 else { throw fail(".npy shape has 0 channels") }
        let (values, o1) = frames.multipliedReportingOverflow(by: channels)
        let (_, o2) = values.multipliedReportingOverflow(by: width)
        guard !o1, !o2 else {
            throw fail(".npy shape (\(frames), \(channels)) holds more values than any file can")
        }
        dataOffset = start + length
    }
}

/// The Python dict literal of a `.npy` header: `{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }`.
private struct NPYDict {
    var entries: [String: Value] = [:]
    enum Value {
        case string(String)
        case bool(Bool)
        case tuple([Int])
    }
    let name: String

    init(_ text: String, name: String) throws(SignalError) {
        self.name = name
        var s = Substring(text)
        func fail(_ message: String) -> SignalError {
            SignalError(.malformed, ".npy header is not a valid dict: \(message)", file: name)
        }
        func skip() { while let c = s.first, c == " " || c == "\n" || c == "\t" || c == "\r" { s.removeFirst() } }
        func quoted() throws(SignalError) -> String {
            guard let q = s.first, q == "'" || q == "\"" else { throw fail("expected a quoted string") }
            s.removeFirst()
            guard let end = s.firstIndex(of: q) else { throw fail("unterminated string") }
            let value = String(s[..<end])
            s = s[s.index(after: end)...]
            return value
        }
        skip()
        guard s.first == "{" else { throw fail("expected '{'") }
        s.removeFirst()
        while true {
            skip()
            if s.first == "}" { break }
            let key = try quoted()
            skip()
            guard s.first == ":" else { throw fail("expected ':' after '\(key.prefix(40))'") }
            s.removeFirst()
            skip()
            if s.hasPrefix("True") {
                entries[key] = .bool(true)
                s = s.dropFirst(4)
            } else if s.hasPrefix("False") {
                entries[key] = .bool(false)
                s = s.dropFirst(5)
            } else if s.first == "(" {
                s.removeFirst()
                var items: [Int] = []
                while true {
                    skip()
                    if s.first == ")" {
                        s.removeFirst()
                        break
                    }
                    let digits = s.prefix { $0 == "-" || $0.isNumber || $0 == "L" }
                    guard !digits.isEmpty else { throw fail("expected a whole number in the shape") }
                    s = s.dropFirst(digits.count)
                    guard let n = Int(digits.filter { $0 != "L" }), n >= 0 else {
                        throw fail(
                            "the shape holds \(digits.prefix(30)), which is not a whole number from 0 to \(Int.max)")
                    }
                    items.append(n)
                    skip()
                    if s.first == "," { s.removeFirst() }
                }
                entries[key] = .tuple(items)
            } else {
                entries[key] = .string(try quoted())
            }
            skip()
            if s.first == "," {
                s.removeFirst()
                continue
            }
            skip()
            guard s.first == "}" else { throw fail("expected ',' or '}'") }
            break
        }
    }

    mutating func string(_ key: String) throws(SignalError) -> String? {
        guard let v = entries[key] else { return nil }
        guard case .string(let s) = v else {
            throw SignalError(.malformed, ".npy header '\(key)' must be a string", file: name)
        }
        return s
    }

    mutating func bool(_ key: String) throws(SignalError) -> Bool? {
        guard let v = entries[key] else { return nil }
        guard case .bool(let b) = v else {
            throw SignalError(.malformed, ".npy header '\(key)' must be True or False", file: name)
        }
        return b
    }

    mutating func tuple(_ key: String) throws(SignalError) -> [Int]? {
        guard let v = entries[key] else { return nil }
        guard case .tuple(let t) = v else {
            throw SignalError(.malformed, ".npy header '\(key)' must be a tuple", file: name)
        }
        return t
    }
}
