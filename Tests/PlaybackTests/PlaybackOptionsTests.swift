import Signals
import Testing

@testable import Playback

@Suite struct PlaybackOptionsTests {
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
