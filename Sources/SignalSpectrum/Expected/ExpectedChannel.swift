import Foundation
import Signals

/// A seeded noise source as it reaches one channel: the same `(distribution, seed)` reached twice
/// adds coherently (it is the same sequence), different sources add in variance.
public struct NoiseComponent: Sendable, Hashable {
    /// The distribution of the samples.
    public var distribution: Noise.Distribution
    /// The seed of the sequence.
    public var seed: UInt64
    /// The node's amplitude times every factor above it (signal units, signed).
    public var gain: Double

    /// Creates a source.
    /// - Parameters:
    ///   - distribution: `.gaussian` or `.uniform`.
    ///   - seed: The seed.
    ///   - gain: Amplitude (standard deviation or half-width) times the scaling above it (signal units).
    public init(distribution: Noise.Distribution, seed: UInt64, gain: Double) {
        self.distribution = distribution
        self.seed = seed
        self.gain = gain
    }

    /// Standard deviation (signal units): `|gain|` for gaussian, `|gain|/√3` for uniform noise.
    public var deviation: Double {
        distribution == .gaussian ? abs(gain) : abs(gain) / 3.0.squareRoot()
    }
}

/// A frequency band swept by a `Chirp`: its power `amplitude²/2` lies in `lowFrequency ... highFrequency`.
public struct SweepBand: Sendable, Hashable {
    /// Lower edge (Hz).
    public var lowFrequency: Double
    /// Upper edge (Hz).
    public var highFrequency: Double
    /// Peak amplitude (signal units, ≥ 0).
    public var amplitude: Double
    /// Sweep rate `|f1 − f0| / T` (Hz per second).
    public var sweepRate: Double
    /// JSON path of the chirp.
    public var source: String

    /// Creates a band.
    /// - Parameters:
    ///   - lowFrequency: Lower edge in Hz.
    ///   - highFrequency: Upper edge in Hz.
    ///   - amplitude: Peak amplitude (signal units).
    ///   - sweepRate: Hz per second.
    ///   - source: JSON path of the chirp.
    public init(lowFrequency: Double, highFrequency: Double, amplitude: Double, sweepRate: Double, source: String = "")
    {
        self.lowFrequency = lowFrequency
        self.highFrequency = highFrequency
        self.amplitude = amplitude
        self.sweepRate = sweepRate
        self.source = source
    }

    /// Power in the band (signal units²): `amplitude² / 2`.
    public var power: Double { amplitude * amplitude / 2 }
}

/// What one channel must contain: a DC level, lines, noise and swept bands, and (derived from a signal
/// tree) the exact deterministic waveform the time-domain fit compares the samples with.
///
/// ```swift
/// let expected = try ExpectedSpectrum(Sine(amplitude: 2, frequency: 50, offset: 0.5), sampleRate: 1000)
/// expected.channels[0].lines[0].amplitude   // 2 (at 50 Hz)
/// expected.channels[0].dc                   // 0.5
/// ```
///
/// A channel derived from a signal tree also carries its model terms (package-internal): the waveform of
/// every deterministic node at the engine's exact phases. Changing ``lines`` or ``sweeps`` by hand drops
/// them: the model is then the listed lines and DC only, and a hand-written sweep cannot be modelled (the
/// verifier reports it as unchecked).
public struct ExpectedChannel: Sendable, Hashable {
    /// The DC level (signal units).
    public var dc: Double
    /// The lines, sorted by frequency, merged (one per frequency), in `(0, sampleRate/2]`.
    public var lines: [SpectralLine] { didSet { terms = nil } }
    /// The noise sources.
    public var noise: [NoiseComponent]
    /// Bands swept by chirps.
    public var sweeps: [SweepBand] { didSet { terms = nil } }
    /// Variance of harmonics too weak to be listed (signal units²), spread over the spectrum (they are
    /// still part of the time-domain model of a channel derived from a signal tree).
    public var residualVariance: Double
    /// The deterministic terms of the exact model, or nil for a hand-written expectation (then the model
    /// is ``dc`` plus ``lines``).
    package var terms: [ModelTerm]?

    /// Creates a channel's expectation (a hand-written one: its time-domain model is `dc` plus `lines`).
    /// - Parameters:
    ///   - dc: DC level (signal units).
    ///   - lines: Lines (folded, merged, sorted).
    ///   - noise: Noise sources.
    ///   - sweeps: Swept bands (a hand-written band has no chirp to model: the verifier reports it unchecked).
    ///   - residualVariance: Unlisted harmonic variance (signal units²).
    public init(
        dc: Double = 0, lines: [SpectralLine] = [], noise: [NoiseComponent] = [], sweeps: [SweepBand] = [],
        residualVariance: Double = 0
    ) {
        self.init(dc: dc, lines: lines, noise: noise, sweeps: sweeps, residualVariance: residualVariance, terms: nil)
    }

    /// Creates a channel with its model terms (derived from a signal tree).
    init(
        dc: Double = 0, lines: [SpectralLine] = [], noise: [NoiseComponent] = [], sweeps: [SweepBand] = [],
        residualVariance: Double = 0, terms: [ModelTerm]?
    ) {
        self.dc = dc
        self.lines = lines
        self.noise = noise
        self.sweeps = sweeps
        self.residualVariance = residualVariance
        self.terms = terms
    }

    /// Variance of the noise (signal units²): the sum of the sources' variances.
    public var noiseVariance: Double { noise.reduce(0) { $0 + $1.deviation * $1.deviation } }

    /// Standard deviation of the noise (signal units).
    public var noiseDeviation: Double { noiseVariance.squareRoot() }

    /// One-sided noise density `2σ²/sampleRate` (signal units² per Hz): white noise is flat.
    public func noiseDensity(sampleRate: Double) -> Double { 2 * noiseVariance / sampleRate }

    /// The largest level of the channel (signal units): the strongest line, sweep or noise deviation,
    /// or `|dc|` (at least `1e-30`); tolerances relative to "the amplitude" refer to it.
    public var reference: Double {
        var r = max(noiseDeviation, 1e-30)
        for line in lines { r = max(r, line.amplitude) }
        for sweep in sweeps { r = max(r, sweep.amplitude) }
        if r <= 1e-30 { r = max(r, abs(dc)) }
        return r
    }
}

extension ExpectedChannel {
    /// This channel times `factor`.
    func scaled(by factor: Double) -> ExpectedChannel {
        ExpectedChannel(
            dc: dc * factor,
            lines: lines.map {
                SpectralLine(
                    frequency: $0.frequency, real: $0.real * factor, imaginary: $0.imaginary * factor, source: $0.source
                )
            },
            noise: noise.map { NoiseComponent(distribution: $0.distribution, seed: $0.seed, gain: $0.gain * factor) },
            sweeps: sweeps.map {
                SweepBand(
                    lowFrequency: $0.lowFrequency, highFrequency: $0.highFrequency,
                    amplitude: $0.amplitude * abs(factor), sweepRate: $0.sweepRate, source: $0.source)
            },
            residualVariance: residualVariance * factor * factor,
            terms: terms?.map { term in
                var t = term
                t.gain *= factor
                t.mean *= factor
                return t
            })
    }

    /// The superposition of two channels (lines are merged later by ``normalized(sampleRate:)``).
    func adding(_ other: ExpectedChannel) -> ExpectedChannel {
        var noise = self.noise
        for source in other.noise {
            if let i = noise.firstIndex(where: { $0.distribution == source.distribution && $0.seed == source.seed }) {
                noise[i].gain += source.gain
            } else {
                noise.append(source)
            }
        }
        let terms: [ModelTerm]? = if let a = self.terms, let b = other.terms { a + b } else { nil }
        return ExpectedChannel(
            dc: dc + other.dc, lines: lines + other.lines, noise: noise,
            sweeps: sweeps + other.sweeps, residualVariance: residualVariance + other.residualVariance,
            terms: terms)
    }

    /// Lines folded into `[0, fs/2]`, those at 0 Hz moved to DC, equal frequencies merged, sorted;
    /// lines cancelled to below `1e-12` of the strongest are dropped, as are silent noise sources.
    func normalized(sampleRate: Double) -> ExpectedChannel {
        var dc = self.dc
        var folded = lines.map { $0.folded(sampleRate: sampleRate) }
        folded.sort { $0.frequency < $1.frequency }
        var merged: [SpectralLine] = []
        merged.reserveCapacity(folded.count)
        let resolution = 1e-9 * sampleRate
        for line in folded {
            if line.frequency <= resolution {
                dc += line.real
                continue
            }
            var line = line
            if line.frequency >= sampleRate / 2 - resolution {
                // At Nyquist only the real part is seen: (−1)^n · Re(phasor).
                line.frequency = sampleRate / 2
                line.imaginary = 0
            }
            if let last = merged.last, line.frequency - last.frequency <= resolution {
                merged[merged.count - 1].real += line.real
                merged[merged.count - 1].imaginary += line.imaginary
                if merged[merged.count - 1].source.count < 200 {
                    merged[merged.count - 1].source += " + " + line.source
                }
            } else {
                merged.append(line)
            }
        }
        let strongest = merged.reduce(0) { max($0, $1.amplitude) }
        merged.removeAll { $0.amplitude <= 1e-12 * strongest }
        return ExpectedChannel(
            dc: dc, lines: merged, noise: noise.filter { $0.gain != 0 }, sweeps: sweeps,
            residualVariance: residualVariance, terms: terms.map(ExpectedChannel.mergedChirps))
    }

    /// Chirp terms with the same phase law merged into one (their complex gains add), so that no two
    /// regressors of the fit are the same chirp; silent terms dropped.
    static func mergedChirps(_ terms: [ModelTerm]) -> [ModelTerm] {
        var out: [ModelTerm] = []
        for term in terms where term.gain != 0 {
            guard case .chirp(let model, _) = term.shape, let c = term.chirpPhasor,
                let i = out.firstIndex(where: { if case .chirp(let m, _) = $0.shape { m == model } else { false } }),
                let d = out[i].chirpPhasor
            else {
                out.append(term)
                continue
            }
            // c = gain·e^{i(φ − π/2)}: the sum's gain and phase.
            let re = c.re + d.re
            let im = c.im + d.im
            out[i].gain = (re * re + im * im).squareRoot()
            out[i].shape = .chirp(model, phase: atan2(im, re) + Double.pi / 2)
            if out[i].source.count < 200 { out[i].source += " + " + term.source }
        }
        return out
    }
}
