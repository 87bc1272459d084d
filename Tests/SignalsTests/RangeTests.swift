import Foundation
import Testing

@testable import Signals

/// Every arithmetic path has a range: inputs outside are refused up front, inside they render finite.
@Suite struct RangeTests {
    func refusal<S: Signal>(_ signal: S, rate: Double = 1000, aliasing: Bool = false) -> SignalError? {
        do {
            _ = try signal.render(
                sampleRate: rate, frameCount: 64, options: RenderOptions(allowAliasing: aliasing, parallelism: .serial))
            return nil
        } catch {
            return error
        }
    }

    @Test("phase products: frequencies far above the rate are refused even with aliasing allowed")
    func hugeFrequencies() throws {
        let e = refusal(Sine(frequency: 1e300), aliasing: true)
        #expect(e?.code == .outOfRange)
        #expect(e?.path == "$.sine.frequency")
        let chirp = refusal(Chirp(startFrequency: 1.2345678901e22, endFrequency: 1, duration: 1), aliasing: true)
        #expect(chirp?.path == "$.chirp.startFrequency")
        // Just inside the limit, and far beyond Nyquist: finite samples.
        let fast = try Sine(frequency: 0x1p31 * 1000).render(
            sampleRate: 1000, frameCount: 64,
            options: RenderOptions(allowAliasing: true))
        #expect(fast.samples.allSatisfy { $0.isFinite })
    }

    @Test(
        "sample rates outside 1e-6 … 1e10 Hz are refused with the limits named",
        arguments: [1e-200, -1000, 0, .infinity, .nan, 1e11])
    func rates(rate: Double) {
        let e = refusal(Chirp(startFrequency: 0, endFrequency: 0, duration: 1), rate: rate)
        #expect(e?.code == .invalidRender)
        #expect(e?.message.contains("from 1e-06 to 10000000000.0") == true, "\(e?.description ?? "")")
    }

    @Test(
        "samples that cannot be a finite Float are refused, naming the node",
        arguments: [
            (SignalNode.sine(Sine(amplitude: 1e39, frequency: 1)), "$.sine"),
            (.constant(Constant(3.4028236e38)), "$.constant"),
            (.scaled(by: 1e300, .scaled(by: 1e300, .constant(Constant(1)))), "$.scaled.signal.scaled"),
            (.sum([.constant(Constant(3e38)), .sine(Sine(amplitude: 3e38, frequency: 1))]), "$.sum"),
            (.offset(by: 3e38, .noise(Noise(amplitude: 1e38))), "$.offset.signal.noise"),
        ])
    func magnitudes(node: SignalNode, path: String) {
        let e = refusal(AnySignal(node: node))
        #expect(e?.code == .outOfRange, "\(e?.description ?? "no error")")
        #expect(e?.path == path)
        #expect(e?.message.contains("largest a Float holds") == true)
    }

    @Test("just under the largest Float renders finite samples")
    func nearLimit() throws {
        let b = try Sum {
            Sine(amplitude: 1.5e38, frequency: 10)
            Constant(1.5e38)
        }.render(sampleRate: 1000, frameCount: 1000)
        #expect(b.samples.allSatisfy { $0.isFinite })
        #expect(Double(b.samples.max() ?? 0) > 2.9e38)
    }

    @Test("phases beyond ±2^20 rad are refused; the limit renders")
    func phases() throws {
        #expect(refusal(Sine(frequency: 1, phase: 1e300))?.path == "$.sine.phase")
        #expect(refusal(Square(frequency: 1, phase: -2e6))?.path == "$.square.phase")
        #expect(
            try Sine(frequency: 1, phase: 0x1p20).render(sampleRate: 100, frameCount: 16).samples.allSatisfy {
                $0.isFinite
            })
    }

    @Test("Gaussian noise never exceeds the bound validation uses (5.8σ)")
    func gaussianTail() throws {
        let b = try Noise(amplitude: 1, seed: 3).render(sampleRate: 1000, frameCount: 1 << 20)
        #expect(Double(b.samples.map { abs($0) }.max() ?? 0) <= Noise.gaussianTail)
    }

    @Test("Fixed128 and Phase.fixed64 are total: extreme inputs neither trap nor loop")
    func totalPhase() {
        let extremes: [Double] = [
            0, 1, -1, 0.5, -0.5, 1e300, -1e300, 1.2345678901e22, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .nan, .infinity, 0x1p64, 0x1p-70, 1 - 0x1p-53,
        ]
        for a in extremes {
            for b in extremes {
                _ = Fixed128(turns: a, correction: b)
                _ = Phase.fixed64(a, correction: b, rounding: .up)
                _ = Phase.fixed64(a, correction: b)
            }
        }
        // Exact values: a quarter turn, minus a quarter (wraps), and a tiny negative correction.
        #expect(Phase.fixed64(0.25) == 1 << 62)
        #expect(Phase.fixed64(-0.25) == 3 << 62)
        #expect(
            Fixed128(turns: 0.5, correction: -0x1p-100)
                == Fixed128(high: (1 << 63) - 1, low: UInt64.max - (1 << 28) + 1))
    }

    @Test(
        "phase increments are ceil(f·2^64/fs) exactly",
        arguments: [(10.0, 1000.0), (3, 1000), (50, 44100), (1, 3), (999, 1000), (7, 48000), (0.5, 1)])
    func increments(f: Double, fs: Double) {
        // f/fs = p/q with small integers (scaled by 2 for 0.5): ceil(p·2^64 / q) in 128-bit integers.
        let scale = 2.0
        let p = UInt128(f * scale)
        let q = UInt128(fs * scale)
        let exact = (p << 64 + q - 1) / q
        #expect(Phase.increment(frequency: f, sampleRate: fs) == UInt64(truncatingIfNeeded: exact))
    }

    @Test("a chirp at extreme but valid parameters renders finite samples (no fs² under- or overflow)")
    func chirpRanges() throws {
        let slow = try Chirp(startFrequency: 0, endFrequency: 2e-7, duration: 1e6).render(
            sampleRate: 1e-6 * 1000, frameCount: 8)
        #expect(slow.samples.allSatisfy { $0.isFinite })
        let fast = try Chirp(startFrequency: 1e9, endFrequency: 4e9, duration: 1e-3).render(
            sampleRate: 1e10, frameCount: 64)
        #expect(fast.samples.allSatisfy { $0.isFinite })
        let short = try Chirp(startFrequency: 1, endFrequency: 400, duration: 1e-40).render(
            sampleRate: 1000, frameCount: 8)
        #expect(short.samples.allSatisfy { $0.isFinite })
        #expect(refusal(Chirp(startFrequency: 0, endFrequency: 1, duration: 1e300))?.path == "$.chirp.duration")
    }
}
