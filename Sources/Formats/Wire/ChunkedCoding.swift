/// HTTP/1.1's chunked transfer coding (RFC 9112 §7.1): the one writer of the server's chunks and the one
/// reader of the client's bodies.
///
/// A chunk is its size in lowercase hexadecimal, CRLF, the bytes, CRLF; the body ends with the last
/// chunk, `0` CRLF CRLF. The writer writes exactly that. The reader (``ChunkedDecoder``) is lenient
/// where RFC 9112 allows a recipient to be (§2.2: a bare LF ends a line; spaces or tabs after the size;
/// extensions and trailers ignored) and strict everywhere else.
package enum ChunkedCoding {
    /// The line that opens a chunk of `size` bytes (`size` > 0): its size in hexadecimal and CRLF.
    package static func chunkHead(size: Int) -> String { String(size, radix: 16) + "\r\n" }
    /// What follows a chunk's bytes.
    package static let chunkEnd = "\r\n"
    /// The last chunk and the end of an empty trailer: the body's end.
    package static let lastChunk = "0\r\n\r\n"

    /// `body` as one chunk (nothing for an empty body: a zero-size chunk would end the stream).
    package static func chunk(_ body: [UInt8]) -> [UInt8] {
        body.isEmpty ? [] : Array(chunkHead(size: body.count).utf8) + body + Array(chunkEnd.utf8)
    }
}

/// An incremental decoder of an HTTP/1.1 `Transfer-Encoding: chunked` body (see ``ChunkedCoding`` for its
/// rules).
package struct ChunkedDecoder {
    private enum State {
        case size, sizeLineEnd
        case data(Int)
        case dataEnd, trailer, done
    }
    private var state = State.size
    private var size = 0
    private var sizeDigits = 0
    /// Whether a space or tab followed the size's digits (another digit is then an error).
    private var sizeEnded = false
    private var inExtension = false
    private var trailerLineEmpty = true

    /// Whether the last chunk (size 0) and its trailer were read.
    package var isDone: Bool { if case .done = state { return true } else { return false } }

    /// A decoder at the start of a body.
    package init() {}

    /// Decodes `bytes`, appending the body's bytes to `body`.
    /// - Throws: ``WireError`` for bad framing.
    package mutating func feed(_ bytes: ArraySlice<UInt8>, into body: inout [UInt8]) throws(WireError) {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            switch state {
            case .size:
                if let digit = ChunkedDecoder.hex(byte), !inExtension {
                    guard !sizeEnded else { throw WireError("a chunk size has a space between its digits") }
                    guard sizeDigits < 15 else { throw WireError("a chunk size is too large") }
                    size = size * 16 + digit
                    sizeDigits += 1
                } else if byte == UInt8(ascii: ";") {
                    inExtension = true
                } else if byte == UInt8(ascii: "\r") {
                    state = .sizeLineEnd
                } else if byte == UInt8(ascii: "\n") {
                    try endSizeLine()
                } else if !inExtension, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                    sizeEnded = sizeDigits > 0
                } else if !inExtension {
                    throw WireError(
                        "a chunk size line holds '\(Character(Unicode.Scalar(byte)))', not a hexadecimal digit")
                }
                i += 1
            case .sizeLineEnd:
                guard byte == UInt8(ascii: "\n") else { throw WireError("a chunk size line does not end in CR LF") }
                try endSizeLine()
                i += 1
            case .data(let remaining):
                let n = min(remaining, bytes.endIndex - i)
                body.append(contentsOf: bytes[i..<i + n])
                i += n
                state = remaining - n == 0 ? .dataEnd : .data(remaining - n)
            case .dataEnd:
                if byte == UInt8(ascii: "\n") {
                    state = .size
                } else if byte != UInt8(ascii: "\r") {
                    throw WireError("a chunk does not end in CR LF")
                }
                i += 1
            case .trailer:
                if byte == UInt8(ascii: "\n") {
                    if trailerLineEmpty { state = .done } else { trailerLineEmpty = true }
                } else if byte != UInt8(ascii: "\r") {
                    trailerLineEmpty = false
                }
                i += 1
            case .done:
                return
            }
        }
    }

    private mutating func endSizeLine() throws(WireError) {
        guard sizeDigits > 0 else { throw WireError("a chunk size line has no size") }
        state = size == 0 ? .trailer : .data(size)
        trailerLineEmpty = true
        size = 0
        sizeDigits = 0
        sizeEnded = false
        inExtension = false
    }

    private static func hex(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
