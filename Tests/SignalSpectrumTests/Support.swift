import Foundation
import SignalSpectrum
import Signals
import Testing

/// Shared helpers of the spectrum tests.
enum Fixture {
    static let rate = 1000.0
    static let frames = 1 << 16

    /// A sum of a tone, a square and noise (the waveform and the short-record suites both verify it).
    static let sumWithNoise = AnySignal(
        Sum {
            Sine(frequency: 50)
            Square(amplitude: 0.2, frequency: 8)
            Noise(amplitude: 0.01, seed: 1)
        })

    /// A falling chirp (300 → 100 Hz over `duration` seconds) with a 40 Hz tone and noise (both suites verify
    /// it, at their own lengths).
    static func chirpWithToneAndNoise(duration: Double) -> AnySignal {
        AnySignal(
            Sum {
                Chirp(amplitude: 1, startFrequency: 300, endFrequency: 100, duration: duration)
                Sine(amplitude: 0.5, frequency: 40)
                Noise(amplitude: 0.05, seed: 2)
            })
    }

    /// A sum of a tone and a triangle, scaled by 9.81 (both suites verify it).
    static let scaledSum = AnySignal(
        Sum {
            Sine(frequency: 50)
            Triangle(amplitude: 0.5, frequency: 20)
        }.scaled(by: 9.81))

    /// Renders `signal` (serial, deterministic).
    static func render<S: SpecRepresentable>(
        _ signal: S, rate: Double = rate, frames: Int = frames
    ) throws -> SampleBuffer {
        try signal.render(sampleRate: rate, frameCount: frames, options: RenderOptions(parallelism: .serial))
    }

    /// Verifies `buffer` against the spectrum `spec` must have.
    static func verify<S: SpecRepresentable>(
        _ buffer: SampleBuffer, against spec: S,
        tolerances: Tolerances = Tolerances()
    ) throws -> VerificationReport {
        try Verifier.verify(
            buffer, against: ExpectedSpectrum(spec, sampleRate: buffer.sampleRate), tolerances: tolerances)
    }

    /// A buffer from Double samples (one channel).
    static func buffer(_ values: [Double], rate: Double = rate) -> SampleBuffer {
        SampleBuffer(sampleRate: rate, channelCount: 1, frameCount: values.count, samples: values.map { Float($0) })
    }

    /// The failed checks of a kind.
    static func failed(_ report: VerificationReport, _ kind: VerificationCheck.Kind) -> [VerificationCheck] {
        report.checks.filter { $0.kind == kind && !$0.passed }
    }
}

extension VerificationReport {
    /// The table, for test failure messages.
    var summary: Comment { Comment(rawValue: table) }
}
