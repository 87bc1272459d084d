import Testing
@testable import Playback

@Suite struct PlaybackErrorTests {
    @Test("description: file:line: point N: field: message, with the parts that are known")
    func description() {
        #expect(PlaybackError(.nonFinite, "bad", file: "a.csv", line: 3, index: 1, field: "x").description == "a.csv:3: point 1: x: bad")
        #expect(PlaybackError(.malformed, "bad", line: 3).description == "line 3: bad")
        #expect(PlaybackError(.invalidArgument, "bad").description == "bad")
        let located = PlaybackError(.malformed, "bad", field: "x").located(file: "f", line: 2, index: 0)
        #expect(located == PlaybackError(.malformed, "bad", file: "f", line: 2, index: 0, field: "x"))
    }

    @Test("timing policies: precise spins 100 µs, efficient never; negative windows are zero")
    func timing() {
        #expect(TimingPolicy.precise.spinWindow == .microseconds(100))
        #expect(TimingPolicy.efficient.spinWindow == .zero)
        #expect(TimingPolicy.precise(spinWindow: .microseconds(-3)).spinWindow == .zero)
        let options = PlaybackOptions()
        #expect(options.timing == .precise)
        #expect(options.latePolicy == .deliverLate)
        #expect(options.speed == 1)
        #expect(!options.loop)
    }
}
