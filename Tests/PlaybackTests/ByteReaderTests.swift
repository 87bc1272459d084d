import Formats
import Foundation
import Signals
import Testing

@testable import Playback

/// The byte reader under every refill boundary: point files must read the same through a buffer of
/// any size (the FuzzPoints harness checks it on every input with buffers of 1 and 5 bytes).
@Suite struct ByteReaderTests {
    static let inputs: [(String, PointFormat)] = [
        ("timestamp,x,y,z\r\n0,1,2,3\r\n\r\n0.5, -1 ,\"2\",3e-3\n1,0,0,0", .csv),
        ("{\"timestamp\": 0, \"x\": 1, \"y\": 2, \"z\": 3}\r\n\n{\"timestamp\": 1}\n", .jsonLines),
        (
            "[{\"timestamp\": 0, \"gravity\": {\"x\": 0, \"y\": 0, \"z\": -1}} ,\n {\"timestamp\": 2, \"rotationRate\": {\"x\": 1, \"y\": 0, \"z\": 0} }]",
            .json
        ),
    ]

    func decode(_ text: String, _ format: PointFormat, bufferSize: Int) -> Result<[MotionPoint], SignalError> {
        Result { () throws(SignalError) in
            try PointFile.decode(ByteReader(data: Data(text.utf8), name: "t", bufferSize: bufferSize), format: format)
        }
    }

    // The mark may arrive split across reads: a reader with a buffer smaller than three bytes must still
    // skip it rather than read it as part of the first CSV column or JSON value (FuzzPoints' small-buffer
    // check, seed t-bom-crlf.csv).
    @Test("a byte order mark is skipped whatever the buffer size", arguments: [1, 2, 3, 4, 1 << 16])
    func byteOrderMark(bufferSize: Int) throws {
        let expected = try PointFile.decode(Data("timestamp,x,y,z\n0,1,2,3\n".utf8), format: .csv)
        #expect(try decode("\u{FEFF}timestamp,x,y,z\n0,1,2,3\n", .csv, bufferSize: bufferSize).get() == expected)
        #expect(
            try decode("\u{FEFF}{\"timestamp\": 0, \"x\": 1, \"y\": 2, \"z\": 3}\n", .jsonLines, bufferSize: bufferSize)
                .get() == expected)
        #expect(
            try decode("\u{FEFF}[{\"timestamp\": 0, \"x\": 1, \"y\": 2, \"z\": 3}]", .json, bufferSize: bufferSize)
                .get() == expected)
    }

    @Test("a mark that is not at the start is not skipped")
    func byteOrderMarkInside() {
        for size in [1, 3, 1 << 16] {
            #expect(
                #expect(throws: SignalError.self) {
                    try decode("\n\u{FEFF}timestamp,x,y,z\n0,1,2,3\n", .csv, bufferSize: size).get()
                }?.code == .unknownField)
            #expect(
                #expect(throws: SignalError.self) {
                    try decode("\u{EF}\u{BB}timestamp,x,y,z\n0,1,2,3\n", .csv, bufferSize: size).get()
                }?.code == .unknownField)
        }
    }

    @Test("lines, CRLF, quoted fields and JSON elements split across refills read the same", arguments: 1...9)
    func refillBoundaries(bufferSize: Int) throws {
        for (text, format) in Self.inputs {
            let whole = try decode(text, format, bufferSize: 1 << 16).get()
            #expect(whole.count >= 2)
            #expect(try decode(text, format, bufferSize: bufferSize).get() == whole)
        }
    }

    @Test("errors are the same through a small buffer, with the same line")
    func errorsAtBoundaries() throws {
        let text = "timestamp,x\n0,1\n1,nan\n"
        let whole = decode(text, .csv, bufferSize: 1 << 16)
        let small = decode(text, .csv, bufferSize: 1)
        let a = try #require({ if case .failure(let e) = whole { e } else { nil } }(), "expected a failure: \(whole)")
        let b = try #require({ if case .failure(let e) = small { e } else { nil } }(), "expected a failure: \(small)")
        #expect(a == b)
        #expect(a.line == 3)
    }
}
