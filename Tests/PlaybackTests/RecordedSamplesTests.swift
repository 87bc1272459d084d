import Formats
import Foundation
import SignalRunnerTesting
import Signals
import Testing

@testable import Playback

/// Recordings for `verify` and `plot` (`.npy` and CSV), as the FuzzRecording harness reads them.
@Suite struct RecordedSamplesTests {
    func read(
        _ data: Data, name: String = "r.npy", frames: Int = 4, channels: Int = 1, rate: Double = 1000
    ) throws(SignalError) -> SampleBuffer {
        try RecordedSamples.read(
            NamedInput(name: name, bytes: data), sampleRate: rate, channelCount: channels, frameCount: frames)
    }

    @Test(
        ".npy shapes that cannot be are refused, never trap",
        arguments: [
            "(-1,)", "(2305843009213693952,)", "(4611686018427387904, 4)", "(1, 2, 3)", "()", "(99999999999999999999,)",
            "(x,)",
        ])
    func badShapes(shape: String) {
        let data = TestNPY.file(header: "{'descr': '<f4', 'fortran_order': False, 'shape': \(shape), }")
        #expect(#expect(throws: SignalError.self) { _ = try read(data) }?.code == .malformed)
    }

    @Test(".npy: float32 and float64 read, truncated data and other dtypes refused")
    func npyFiles() throws {
        let payload = TestNPY.payload([1, 2, 3, 4] as [Float])
        let b = try read(
            TestNPY.file(header: "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", payload: payload))
        #expect(b.samples == [1, 2, 3, 4])
        let truncated = #expect(throws: SignalError.self) {
            _ = try read(
                TestNPY.file(
                    header: "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", payload: payload.prefix(10)))
        }
        #expect(truncated?.message.contains("truncated") == true)
        #expect(
            #expect(throws: SignalError.self) {
                _ = try read(
                    TestNPY.file(header: "{'descr': '>f4', 'fortran_order': False, 'shape': (4,), }", payload: payload))
            }?.code == .malformed)
        #expect(
            #expect(throws: SignalError.self) {
                _ = try read(Data([0x93]) + Data("NUMPY".utf8) + Data([1, 0, 0xFF, 0xFF]))
            }?.code == .malformed)
        let nan = TestNPY.payload([1, .nan, 3, 4] as [Float])
        let e = #expect(throws: SignalError.self) {
            _ = try read(
                TestNPY.file(header: "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", payload: nan))
        }
        #expect(e?.code == .nonFinite)
    }

    @Test("a CSV whose t column is at another rate is refused, saying at which rate it advances")
    func csvRate() throws {
        let text = "t,value\n0,1\n0.001,2\n0.002,3\n0.003,4\n"
        let ok = try read(Data(text.utf8), name: "r.csv", frames: 4, rate: 1000)
        #expect(ok.samples == [1, 2, 3, 4])
        let e = #expect(throws: SignalError.self) { _ = try read(Data(text.utf8), name: "r.csv", frames: 4, rate: 500) }
        #expect(e?.message.contains("advances at 1000") == true, "\(e?.description ?? "")")
        #expect(e?.line == 3)
        let few = #expect(throws: SignalError.self) {
            _ = try read(Data(text.utf8), name: "r.csv", frames: 5, rate: 1000)
        }
        #expect(few?.message.contains("has 4 frames") == true)
        let noHeader = try read(Data("1,2\n3,4\n".utf8), name: "r.csv", frames: 2, channels: 2)
        #expect(noHeader.samples == [1, 3, 2, 4])
    }

    @Test("a CSV with a time column reads its samples")
    func csv() throws {
        let buffer = try read(Data("t,value\n0,0.5\n0.001,-1\n".utf8), name: "r.csv", frames: 2)
        #expect(buffer.samples == [0.5, -1])
    }

    // Messages stay bounded (FuzzRecording checks it too): a header name is user input and is cut like a value.
    @Test("a long header name is cut to 100 characters in the message and the field")
    func longHeaderName() throws {
        let name = String(repeating: "c", count: 3000)
        let error = #expect(throws: SignalError.self) {
            _ = try read(Data("t,\(name)\n0,abc\n".utf8), name: "r.csv", frames: 2)
        }
        let thrown = try #require(error)
        #expect(thrown.code == .malformed)
        #expect(thrown.message.utf8.count < 400)
        #expect(thrown.field == String(repeating: "c", count: 99) + "…")
    }
}
