import Foundation
import Testing
@testable import Playback
import Signals

/// Recordings for `verify` and `plot`, as the FuzzRecording harness reads them.
@Suite struct RecordingTests {
    func read(_ text: String, name: String = "r.csv", channels: Int = 1, frames: Int = 2) -> Result<SampleBuffer, PlaybackError> {
        Result { () throws(PlaybackError) in
            try Recording.read(InputSource(name: name, bytes: Data(text.utf8)), sampleRate: 1000, channelCount: channels,
                               frameCount: frames)
        }
    }

    @Test("a CSV with a time column reads its samples")
    func csv() throws {
        let buffer = try read("t,value\n0,0.5\n0.001,-1\n").get()
        #expect(buffer.samples == [0.5, -1])
    }

    // Found by FuzzRecording (its bounded-message check): header names went into messages and fields
    // whole, so a 3,000-character header was echoed in full.
    @Test("a long header name is cut to 100 characters in the message and the field")
    func longHeaderName() {
        let name = String(repeating: "c", count: 3000)
        guard case .failure(let error) = read("t,\(name)\n0,abc\n") else {
            Issue.record("a non-number was read")
            return
        }
        #expect(error.code == .malformed)
        #expect(error.message.utf8.count < 400)
        #expect(error.field == String(repeating: "c", count: 99) + "…")
    }
}
