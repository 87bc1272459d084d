import Foundation
import Signals

/// The spectrum a signal must have, per channel, derived from its description (its `SignalNode`
/// tree), never from a render; and, alongside, the exact deterministic waveform (each node's shape at the
/// engine's integer phases, evaluated in Double) that the verifier's least-squares fit compares with.
///
/// - `Sine`: a line at `f` of amplitude `A` (phase `φ`), DC `offset`.
/// - `Square`, `Sawtooth`, `Triangle`: the lines of the ideal *sampled* waveform, aliases
///   and samples on jumps included (see `PeriodicLines` in the source for the derivation): exactly the
///   DFT of one period when the samples repeat, else the continuous Fourier series with each
///   harmonic at its alias. A 10 Hz duty-0.5 square at 1 kHz has lines at 10, 30, ..., 490 Hz of
///   amplitude `(4A/100)/sin(πm/100)`, not the continuous `4A/(πm)`.
/// - `Chirp`: a ``SweepBand`` holding its power `A²/2` between its start and end frequencies (for
///   plots), and its exact phase law for the time-domain model (the verifier fits its amplitude and phase).
/// - `Noise`: a flat one-sided density `2σ²/fs` (`σ = amplitude` for gaussian, `amplitude/√3` for
///   uniform noise).
/// - `Constant`: DC.
/// - `sum` superposes (lines at the same frequency add as phasors, the same seeded noise adds
///   coherently), `scaled` multiplies, `offset` adds to DC; `axes` and `channels` give one
///   ``ExpectedChannel`` per channel; a scalar term of a multi-channel sum is in every channel.
///
/// ```swift
/// let expected = try ExpectedSpectrum(Square(amplitude: 1, frequency: 10), sampleRate: 1000)
/// expected.channels[0].lines.count   // 25 (odd multiples of 10 Hz up to 490 Hz)
/// ```
public struct ExpectedSpectrum: Sendable, Hashable {
    /// Samples per second the spectrum is derived for (Hz).
    public let sampleRate: Double
    /// One expectation per channel.
    public let channels: [ExpectedChannel]

    /// Number of channels.
    public var channelCount: Int { channels.count }

    /// Derives the expected spectrum of a spec tree.
    /// - Parameters:
    ///   - node: The signal's tree.
    ///   - sampleRate: Samples per second (Hz).
    ///   - allowAliasing: Accept frequencies at or above Nyquist (their lines fold as sampling folds them).
    ///   - fft: FFT owner (for the DFT of one period of a periodic waveform).
    /// - Throws: `SignalError` the signal's own `SignalError` with the JSON path when the tree is invalid at this rate.
    /// - Complexity: O(nodes) plus, per periodic waveform, O(q log q) for a period of `q ≤ 65536`
    ///   samples or O(1.3·10⁵) harmonics otherwise.
    public init(
        _ node: SignalNode, sampleRate: Double, allowAliasing: Bool = false,
        fft: RealFFT = .shared
    ) throws(SignalError) {
        try node.validate(sampleRate: sampleRate, allowAliasing: allowAliasing)
        self.sampleRate = sampleRate
        channels = try ExpectedSpectrum.derive(node, path: "$", sampleRate: sampleRate, fft: fft)
            .map { $0.normalized(sampleRate: sampleRate) }
    }

    /// Derives the expected spectrum of a signal (as the initialiser from a `SignalNode`).
    /// - Throws: `SignalError` the signal's own `SignalError` when the signal is invalid at this rate.
    public init<S: SpecRepresentable>(
        _ signal: S, sampleRate: Double, allowAliasing: Bool = false,
        fft: RealFFT = .shared
    ) throws(SignalError) {
        try self.init(signal.node, sampleRate: sampleRate, allowAliasing: allowAliasing, fft: fft)
    }

    /// Creates an expectation from its channels (for hand-written expectations in tests and tools).
    /// - Parameters:
    ///   - sampleRate: Samples per second (Hz).
    ///   - channels: One expectation per channel.
    public init(sampleRate: Double, channels: [ExpectedChannel]) {
        self.sampleRate = sampleRate
        self.channels = channels.map { $0.normalized(sampleRate: sampleRate) }
    }

    static func derive(
        _ node: SignalNode, path: String, sampleRate fs: Double,
        fft: RealFFT
    ) throws(SignalError) -> [ExpectedChannel] {
        let here = "\(path).\(node.kind)"
        switch node {
        case .sine(let s):
            let increment = Phase.increment(frequency: s.frequency, sampleRate: fs)
            let theta = 2 * Double.pi * (Double(Phase.fromRadians(s.phase)) * 0x1p-64)
            // A·sin(ωn + θ) = Re(A·e^{i(θ − π/2)}·e^{iωn}).
            let line = SpectralLine(
                frequency: Double(increment) * 0x1p-64 * fs, real: s.amplitude * sin(theta),
                imaginary: -s.amplitude * cos(theta), source: here)
            let term = ModelTerm(
                shape: .sine, gain: s.amplitude, mean: 0, phase0: Phase.fromRadians(s.phase),
                increment: increment, source: here)
            return [ExpectedChannel(dc: s.offset, lines: [line], terms: [term])]
        case .square(let s):
            return [try periodic(.init(square: s), s.amplitude, s.frequency, s.phase, s.offset, here, fs, fft)]
        case .sawtooth(let s):
            return [try periodic(.sawtooth, s.amplitude, s.frequency, s.phase, s.offset, here, fs, fft)]
        case .triangle(let s):
            return [try periodic(.triangle, s.amplitude, s.frequency, s.phase, s.offset, here, fs, fft)]
        case .chirp(let c):
            let nyquist = fs / 2
            var lo = min(c.startFrequency, c.endFrequency)
            var hi = max(c.startFrequency, c.endFrequency)
            if hi >= nyquist {
                lo = 0
                hi = nyquist
            }  // aliased sweeps fold anywhere
            let band = SweepBand(
                lowFrequency: lo, highFrequency: hi, amplitude: abs(c.amplitude),
                sweepRate: abs(c.endFrequency - c.startFrequency) / c.duration, source: here)
            // The chirp itself is modelled exactly (its phase law at the engine's phases): the fit checks its
            // amplitude and phase, the band only describes where its power lies.
            let term = ModelTerm(
                shape: .chirp(ChirpModel(c, sampleRate: fs), phase: c.phase), gain: c.amplitude,
                mean: 0, phase0: 0, increment: 0, source: here)
            return [
                ExpectedChannel(
                    dc: c.offset, sweeps: c.amplitude == 0 ? [] : [band],
                    terms: c.amplitude == 0 ? [] : [term])
            ]
        case .noise(let n):
            return [
                ExpectedChannel(
                    noise: [NoiseComponent(distribution: n.distribution, seed: n.seed, gain: n.amplitude)],
                    terms: [])
            ]
        case .constant(let c):
            return [ExpectedChannel(dc: c.value, terms: [])]
        case .sum(let terms):
            let width = node.channelCount
            var result = [ExpectedChannel](repeating: ExpectedChannel(terms: []), count: width)
            for (i, term) in terms.enumerated() {
                let parts = try derive(term, path: "\(here)[\(i)]", sampleRate: fs, fft: fft)
                for c in 0..<width {
                    result[c] = result[c].adding(parts.count == 1 ? parts[0] : parts[c])
                }
            }
            return result
        case .scaled(let by, let inner):
            return try derive(inner, path: here + ".signal", sampleRate: fs, fft: fft).map { $0.scaled(by: by) }
        case .offset(let by, let inner):
            return try derive(inner, path: here + ".signal", sampleRate: fs, fft: fft).map {
                var channel = $0
                channel.dc += by
                return channel
            }
        case .axes(let x, let y, let z):
            return try derive(x, path: here + ".x", sampleRate: fs, fft: fft)
                + derive(y, path: here + ".y", sampleRate: fs, fft: fft)
                + derive(z, path: here + ".z", sampleRate: fs, fft: fft)
        case .channels(let parts):
            var result: [ExpectedChannel] = []
            for (i, part) in parts.enumerated() {
                result += try derive(part, path: "\(here)[\(i)]", sampleRate: fs, fft: fft)
            }
            return result
        case .motion(let m):
            if m.attitude != nil {
                // A fixed attitude makes every channel a linear combination of the given signals; a
                // varying one mixes them nonlinearly, which this derivation does not model.
                guard let equivalent = m.fixedAttitudeEquivalent else {
                    throw SignalError(
                        .invalidArgument,
                        "a motion whose attitude varies is not spectrally checkable (its channels are nonlinear in the angles); verify a fixed-attitude motion, or its channels one by one",
                        path: here + ".attitude")
                }
                return try derive(equivalent, path: here, sampleRate: fs, fft: fft)
            }
            var result: [ExpectedChannel] = []
            for (name, part) in zip(MotionNode.partNames, m.parts) {
                result += try derive(part ?? MotionNode.zeroAxes, path: "\(here).\(name)", sampleRate: fs, fft: fft)
            }
            return result
        }
    }

    static func periodic(
        _ shape: PeriodicLines.Shape, _ amplitude: Double, _ frequency: Double, _ phase: Double,
        _ offset: Double, _ path: String, _ fs: Double, _ fft: RealFFT
    ) throws(SignalError) -> ExpectedChannel {
        let (dc, lines, residual) = try PeriodicLines.lines(
            shape, amplitude: amplitude, frequency: frequency,
            phase: phase, sampleRate: fs, source: path, fft: fft)
        let form: ModelTerm.Shape =
            switch shape {
            case .square(let threshold): .square(threshold: threshold)
            case .sawtooth: .sawtooth
            case .triangle: .triangle
            }
        let term = ModelTerm(
            shape: form, gain: amplitude, mean: dc, phase0: Phase.fromRadians(phase),
            increment: Phase.increment(frequency: frequency, sampleRate: fs), source: path)
        return ExpectedChannel(dc: dc + offset, lines: lines, residualVariance: residual, terms: [term])
    }
}

extension SpecRepresentable {
    /// The spectrum this signal must have when sampled at `sampleRate` (see ``ExpectedSpectrum``).
    ///
    /// ```swift
    /// let expected = try Sine(amplitude: 2, frequency: 50).expectedSpectrum(sampleRate: 1000)
    /// ```
    /// - Parameters:
    ///   - sampleRate: Samples per second (Hz).
    ///   - allowAliasing: Accept frequencies at or above Nyquist.
    /// - Throws: `SignalError` the signal's own `SignalError` when the signal is invalid at this rate.
    public func expectedSpectrum(
        sampleRate: Double, allowAliasing: Bool = false
    ) throws(SignalError) -> ExpectedSpectrum {
        try ExpectedSpectrum(node, sampleRate: sampleRate, allowAliasing: allowAliasing)
    }
}
