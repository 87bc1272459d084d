import Foundation
import SignalSpectrum
import Signals

/// Spectrum rows, one core: the full verification of 2^20 samples against an expected spectrum derived
/// once (the least-squares fit of the exact expected waveform, its lines projected through their common
/// 1000-sample period; the FFT of the residual; every check); deriving that expected spectrum; one FFT of
/// the same size through the public `forward` (input copy and Double bin arrays included); and FFTW plan
/// creation for a new size (once per size and process).
func spectrumRows(quick: Bool, wanted: (String) -> Bool) throws -> [Row] {
    var rows: [Row] = []
    let size = 1 << 20
    let reps = quick ? 3 : 11
    let signal = Sum {
        Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)
        Square(amplitude: 0.5, frequency: 5)
        Noise(amplitude: 0.01, seed: 42)
    }
    let buffer = try signal.render(
        sampleRate: sampleRate, frameCount: size, options: RenderOptions(parallelism: .serial))
    let verifyName = "spectrum: verify 2^20 samples (FFT + all checks), 1 core"
    let expectedName = "spectrum: expected spectrum of sum(sine, square, noise)"
    let fftName = "spectrum: one 2^20-point real FFT (FFTW, estimate plan)"
    let planName = "spectrum: FFTW plan creation for 2^20 points (once)"
    if wanted(verifyName) || wanted(expectedName) {
        let expected = try ExpectedSpectrum(signal, sampleRate: sampleRate)
        var passed = true
        let (verify, derive) = interleaved(
            repetitions: reps,
            {
                let report = try! Verifier.verify(buffer, against: expected)
                passed = passed && report.passed
            },
            baseline: {
                blackHole(try! ExpectedSpectrum(signal, sampleRate: sampleRate))
            })
        if wanted(verifyName) {
            rows.append(
                Row(
                    name: verifyName, unit: "ms", value: verify.median * 1e3, baseline: nil, baselineValue: nil,
                    ratio: nil,
                    spread:
                        "\(formatted(verify.min * 1e3, digits: 1))…\(formatted(verify.max * 1e3, digits: 1)) ms, \(passed ? "report passed" : "REPORT FAILED")"
                ))
        }
        if wanted(expectedName) {
            rows.append(
                Row(
                    name: expectedName, unit: "ms", value: derive.median * 1e3, baseline: nil, baselineValue: nil,
                    ratio: nil,
                    spread: "\(formatted(derive.min * 1e3, digits: 2))…\(formatted(derive.max * 1e3, digits: 2)) ms"))
        }
    }
    if wanted(fftName) || wanted(planName) {
        let samples = Array(buffer.channel(0))
        let fresh = RealFFT()
        let t0 = now()
        blackHole(try fresh.forward(samples))  // plans, then executes
        let first = now() - t0
        let (fft, _) = interleaved(repetitions: reps, { blackHole(try! fresh.forward(samples)) }, baseline: {})
        if wanted(fftName) {
            rows.append(
                Row(
                    name: fftName, unit: "ms", value: fft.median * 1e3, baseline: nil, baselineValue: nil, ratio: nil,
                    spread: "\(formatted(fft.min * 1e3, digits: 1))…\(formatted(fft.max * 1e3, digits: 1)) ms"))
        }
        if wanted(planName) {
            rows.append(
                Row(
                    name: planName, unit: "ms", value: max(0, first - fft.median) * 1e3, baseline: nil,
                    baselineValue: nil, ratio: nil,
                    spread: "first transform \(formatted(first * 1e3, digits: 1)) ms minus a planned one"))
        }
    }
    return rows
}
