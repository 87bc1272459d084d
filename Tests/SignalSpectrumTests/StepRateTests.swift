import Foundation
import Testing

@testable import SignalSpectrum

/// The autocorrelation step rate on gait-shaped signals with a known cadence, and its refusals.
@Suite struct StepRateTests {
    /// `seconds` at 100 Hz of `value(t)`.
    static func signal(_ seconds: Double = 30, _ value: (Double) -> Double) -> [Double] {
        (0..<Int(seconds * 100)).map { value(Double($0) / 100) }
    }

    /// A heel strike every step: a sharp pulse at `rate` steps/s, the left foot's 30 % stronger.
    static func steps(_ rate: Double) -> [Double] {
        signal { t in
            let phase = t * rate
            let k = phase.rounded(.down)
            let u = phase - k
            return (k.truncatingRemainder(dividingBy: 2) == 0 ? 1.3 : 1.0) * 3 * exp(-u * 12)
        }
    }

    @Test(
        "step pulses at 1.8 steps/s: the strongest lag is a stride (the feet differ), 1.8 steps/s",
        arguments: [1.6, 1.8, 2.0])
    func stepPulses(rate: Double) {
        let measured = StepRate(Self.steps(rate), rate: 100)
        #expect(abs(measured.stepsPerSecond - rate) < 0.02)
        #expect(measured.reading == .stride)
    }

    @Test("a thigh's swing, once a stride at 0.9 Hz: a lag of 1.1 s ≥ 0.8 s is a stride, 1.8 steps/s")
    func thighSwing() {
        let measured = StepRate(Self.signal { 2 * sin(2 * Double.pi * 0.9 * $0) }, rate: 100)
        #expect(abs(measured.stepsPerSecond - 1.8) < 0.02)
        #expect(measured.reading == .stride)
    }

    /// A slow swell (0.07 Hz) that makes nearer lags correlate better, as a real gait's drift does.
    static func swell(_ t: Double) -> Double { 1 + 0.3 * sin(2 * Double.pi * 0.07 * t) }

    @Test("running steps at 2.8 steps/s with equal feet: the lag of one step, read as a step")
    func runningSteps() {
        let measured = StepRate(
            Self.signal { t in Self.swell(t) * 5 * pow(sin(2 * Double.pi * 1.4 * t), 2) }, rate: 100)
        #expect(abs(measured.stepsPerSecond - 2.8) < 0.03)
        #expect(measured.reading == .step)
    }

    @Test("a rectified hand-held walk at 1.76 steps/s (a peak at half a step): 3.5 steps/s would exceed 3.3, so 1.76")
    func rectifiedWalkIsNotASprint() {
        // |sin| of the vertical bounce plus a stronger impact every step: peaks at 0.28 s (half a step) and 0.57 s.
        let measured = StepRate(
            Self.signal { t in
                Self.swell(t)
                    * (abs(3 * sin(2 * Double.pi * 1.76 * t)) + 1.5 * exp(-12 * (t * 1.76 - (t * 1.76).rounded(.down))))
            }, rate: 100)
        #expect(abs(measured.stepsPerSecond - 1.76) < 0.03)
        #expect(measured.reading == .step)
    }

    @Test("standing (deviation under 0.3): no gait, reading still")
    func still() {
        let measured = StepRate(Self.signal { 0.05 * sin(2 * Double.pi * 1.8 * $0) }, rate: 100)
        #expect(measured.stepsPerSecond == 0)
        #expect(measured.reading == .still)
        // The check can fail: the same cadence, strong enough, is a gait.
        #expect(StepRate(Self.signal { 0.5 * sin(2 * Double.pi * 1.8 * $0) }, rate: 100).stepsPerSecond > 0)
    }

    @Test("noise without a cadence (autocorrelation under 0.4): no gait, reading aperiodic")
    func aperiodic() {
        var state: UInt64 = 3
        let noise = Self.signal { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) * 4 - 2
        }
        let measured = StepRate(noise, rate: 100)
        #expect(measured.stepsPerSecond == 0)
        #expect(measured.reading == .aperiodic)
    }

    @Test("find_peaks's rules: strict rises, a flat top once at its middle, never an end")
    func peaks() {
        #expect(StepRate.peaks([0, 1, 0]) == [1])
        #expect(StepRate.peaks([0, 1, 1, 1, 0]) == [2])
        #expect(StepRate.peaks([0, 1, 1, 0]) == [1])
        #expect(StepRate.peaks([0, 1, 1, 2, 0]) == [3])
        #expect(StepRate.peaks([2, 1, 0]) == [])
        #expect(StepRate.peaks([0, 1, 2]) == [])
        #expect(StepRate.peaks([]) == [])
    }
}
