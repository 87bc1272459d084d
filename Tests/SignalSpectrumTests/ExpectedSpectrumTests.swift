import Foundation
import SignalSpectrum
import Signals
import Testing

/// The expected spectrum derived from the signal tree.
@Suite struct ExpectedSpectrumTests {
    let fs = 1000.0

    @Test("sine: one line at f, amplitude A, phase φ (as a phasor of sin), DC = offset")
    func sine() throws {
        let e = try ExpectedSpectrum(Sine(amplitude: 2, frequency: 50, phase: 0.5, offset: 0.25), sampleRate: fs)
            .channels[0]
        #expect(e.lines.count == 1)
        #expect(abs(e.lines[0].frequency - 50) < 1e-9)
        #expect(abs(e.lines[0].amplitude - 2) < 1e-12)
        // 2·sin(θ) = Re(2·e^{i(θ − π/2)}): phasor angle 0.5 − π/2.
        #expect(abs(atan2(e.lines[0].imaginary, e.lines[0].real) - (0.5 - Double.pi / 2)) < 1e-9)
        #expect(e.dc == 0.25)
        #expect(e.noise.isEmpty)
        #expect(e.sweeps.isEmpty)
    }

    @Test("square 10 Hz at 1 kHz, duty 0.5: the sampled series, (4A/100)/sin(πm/100) at odd m, not 4A/(πm)")
    func sampledSquare() throws {
        let e = try ExpectedSpectrum(Square(amplitude: 1.5, frequency: 10, offset: 0.1), sampleRate: fs).channels[0]
        #expect(e.lines.count == 25)
        for line in e.lines {
            let m = (line.frequency / 10).rounded()
            #expect(m.truncatingRemainder(dividingBy: 2) == 1)
            let sampled = 4 * 1.5 / 100 / sin(Double.pi * m / 100)
            #expect(abs(line.amplitude - sampled) < 1e-9 * sampled)
        }
        // The 49th harmonic (490 Hz) is 54 % above its continuous value: aliases fold onto it.
        let top = try #require(e.lines.last)
        #expect(top.amplitude / (4 * 1.5 / (Double.pi * 49)) > 1.5)
        #expect(abs(e.dc - 0.1) < 1e-12)
    }

    @Test("square duty 0.25: lines (4A/q)|sin(πmD q/q)/sin(πm/q)|, DC A(2D − 1) + offset")
    func dutyQuarter() throws {
        let e = try ExpectedSpectrum(Square(amplitude: 1, frequency: 10, dutyCycle: 0.25), sampleRate: fs).channels[0]
        #expect(abs(e.dc - -0.5) < 1e-12)
        for m in 1...50 where m % 4 != 0 {
            let expected =
                4.0 / 100 * abs(sin(Double.pi * Double(m) * 25 / 100) / sin(Double.pi * Double(m) / 100))
                / (m == 50 ? 2 : 1)
            let line = try #require(e.lines.first { abs($0.frequency - Double(m) * 10) < 1e-6 })
            #expect(abs(line.amplitude - expected) < 1e-9)
        }
        #expect(!e.lines.contains { abs($0.frequency - 40) < 1e-6 })  // every 4th harmonic vanishes
    }

    @Test("a sample exactly on the jump holds the full level: a 125 Hz sawtooth at 1 kHz has DC −A/8, not 0")
    func sawtoothJump() throws {
        let q = 8.0
        let e = try ExpectedSpectrum(Sawtooth(amplitude: 1, frequency: 125), sampleRate: fs).channels[0]
        #expect(abs(e.dc - -1 / q) < 1e-12)
        #expect(e.lines.count == 4)
        for line in e.lines {
            let m = line.frequency / 125
            let sampled = 2.0 / (q * sin(Double.pi * m / q)) / (m == 4 ? 2 : 1)
            #expect(abs(line.amplitude - sampled) < 1e-9)
        }
    }

    @Test("samples on the jumps start the new period: 10 Hz at 1 kHz (increment rounded up) has DC −A/100")
    func sawtoothOnJumps() throws {
        // Phase.increment(10, 1000)·100 = 2⁶⁴ + 84: sample 100k sits 84k·2⁻⁶⁴ turn after the jump, at −A.
        #expect(Phase.increment(frequency: 10, sampleRate: 1000) &* 100 == 84)
        let e = try ExpectedSpectrum(Sawtooth(amplitude: 1, frequency: 10), sampleRate: fs).channels[0]
        #expect(abs(e.dc - -0.01) < 1e-9)
        #expect(e.lines.count == 50)
        for line in e.lines {
            let m = line.frequency / 10
            #expect(abs(line.amplitude - 2.0 / (100 * sin(Double.pi * m / 100)) / (m == 50 ? 2 : 1)) < 1e-9)
        }
    }

    @Test("triangle: odd lines, the DFT of one sampled period")
    func triangle() throws {
        let q = 100
        let e = try ExpectedSpectrum(Triangle(amplitude: 1, frequency: 10), sampleRate: fs).channels[0]
        let period = (0..<q).map { 1 - 4 * abs(Double($0) / Double(q) - 0.5) }
        for m in 1..<q / 2 {
            var re = 0.0
            var im = 0.0
            for (n, v) in period.enumerated() {
                re += v * cos(2 * Double.pi * Double(m * n) / Double(q))
                im -= v * sin(2 * Double.pi * Double(m * n) / Double(q))
            }
            let amplitude = 2 * (re * re + im * im).squareRoot() / Double(q)
            let line = e.lines.first { abs($0.frequency - Double(m) * 10) < 1e-6 }
            #expect(abs((line?.amplitude ?? 0) - amplitude) < 1e-9)
        }
    }

    @Test("an irrational frequency uses the continuous series at aliased frequencies")
    func irrational() throws {
        let f = 10 * 2.0.squareRoot()
        let e = try ExpectedSpectrum(Square(amplitude: 1, frequency: f), sampleRate: fs).channels[0]
        let fundamental = try #require(e.lines.first { abs($0.frequency - f) < 1e-6 })
        #expect(abs(fundamental.amplitude - 4 / Double.pi) < 1e-9)
        let alias = SpectralLine.fold(37 * f, sampleRate: fs)
        let h37 = try #require(e.lines.first { abs($0.frequency - alias) < 1e-6 })
        #expect(abs(h37.amplitude - 4 / (Double.pi * 37)) < 1e-9)
        #expect(e.residualVariance > 0)
        #expect(e.residualVariance < 1e-4)
    }

    @Test("chirp: a band from f0 to f1 holding A²/2")
    func chirp() throws {
        let e = try ExpectedSpectrum(
            Chirp(amplitude: 2, startFrequency: 200, endFrequency: 20, duration: 5, offset: 1), sampleRate: fs
        ).channels[0]
        #expect(
            e.sweeps == [
                SweepBand(lowFrequency: 20, highFrequency: 200, amplitude: 2, sweepRate: 36, source: "$.chirp")
            ])
        #expect(e.sweeps[0].power == 2)
        #expect(e.dc == 1)
    }

    @Test("noise: gaussian σ = amplitude, uniform σ = amplitude/√3; density 2σ²/fs")
    func noise() throws {
        let g = try ExpectedSpectrum(Noise(amplitude: 0.5, seed: 1), sampleRate: fs).channels[0]
        #expect(g.noiseDeviation == 0.5)
        #expect(abs(g.noiseDensity(sampleRate: fs) - 2 * 0.25 / fs) < 1e-15)
        let u = try ExpectedSpectrum(Noise(amplitude: 0.5, distribution: .uniform, seed: 1), sampleRate: fs).channels[0]
        #expect(abs(u.noiseDeviation - 0.5 / 3.0.squareRoot()) < 1e-15)
    }

    @Test("sum superposes: equal frequencies add as phasors, the same seeded noise adds coherently")
    func sum() throws {
        /// The expected channel of `first + second` at ``fs``.
        func sum(_ first: some SpecRepresentable, _ second: some SpecRepresentable) throws -> ExpectedChannel {
            try ExpectedSpectrum(
                Sum {
                    first
                    second
                }, sampleRate: fs
            ).channels[0]
        }
        let same = try sum(Sine(frequency: 50), Sine(frequency: 50))
        try #require(same.lines.count == 1)
        #expect(abs(same.lines[0].amplitude - 2) < 1e-12)
        let cancel = try sum(Sine(frequency: 50), Sine(frequency: 50).scaled(by: -1))
        #expect(cancel.lines.isEmpty)
        let quadrature = try sum(Sine(frequency: 50), Sine(frequency: 50, phase: Double.pi / 2))
        #expect(abs(quadrature.lines[0].amplitude - 2.0.squareRoot()) < 1e-12)
        let coherent = try sum(Noise(amplitude: 1, seed: 4), Noise(amplitude: 1, seed: 4))
        #expect(coherent.noiseDeviation == 2)
        let independent = try sum(Noise(amplitude: 1, seed: 4), Noise(amplitude: 1, seed: 5))
        #expect(abs(independent.noiseDeviation - 2.0.squareRoot()) < 1e-15)
    }

    @Test("scaled multiplies lines, DC and noise; offset adds to DC")
    func scaledOffset() throws {
        let e = try ExpectedSpectrum(
            Sum {
                Sine(frequency: 5, offset: 1)
                Noise(amplitude: 0.1)
            }.scaled(by: -3).offset(by: 0.5),
            sampleRate: fs
        ).channels[0]
        #expect(abs(e.lines[0].amplitude - 3) < 1e-12)
        #expect(abs(e.dc - -2.5) < 1e-12)
        #expect(abs(e.noiseDeviation - 0.3) < 1e-12)
    }

    @Test(
        "axes and channels give one expectation per channel; a scalar term of a multi-channel sum is in every channel")
    func channels() throws {
        let axes = Axes(x: Sine(frequency: 1), y: Sine(amplitude: 2, frequency: 2), z: Constant(-1))
        let e = try ExpectedSpectrum(
            Sum {
                axes
                Constant(0.5)
            }, sampleRate: fs)
        #expect(e.channelCount == 3)
        #expect(e.channels.map(\.dc) == [0.5, 0.5, -0.5])
        #expect(e.channels[1].lines[0].frequency == 2)
        let stacked = try ExpectedSpectrum(SignalNode.channels([axes.node, .sine(Sine(frequency: 7))]), sampleRate: fs)
        #expect(stacked.channelCount == 4)
        #expect(abs(stacked.channels[3].lines[0].frequency - 7) < 1e-9)
    }

    @Test("aliasing: a 900 Hz tone at 1 kHz is expected at 100 Hz when allowed, rejected otherwise")
    func aliasing() throws {
        let e = try ExpectedSpectrum(Sine(frequency: 900), sampleRate: fs, allowAliasing: true).channels[0]
        #expect(abs(e.lines[0].frequency - 100) < 1e-9)
        do {
            _ = try ExpectedSpectrum(
                Sum {
                    Constant(0)
                    Sine(frequency: 900)
                }, sampleRate: fs)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .aliasing)
            #expect(error.path == "$.sum[1].sine.frequency")
        }
    }

    @Test("a square whose aliases all fold onto DC and Nyquist: 250 Hz at 1 kHz")
    func quarterRate() throws {
        let e = try ExpectedSpectrum(Square(amplitude: 1, frequency: 250), sampleRate: fs).channels[0]
        // Samples +1, +1, −1, −1: a 250 Hz line of amplitude √2 and nothing else.
        #expect(e.lines.count == 1)
        #expect(abs(e.lines[0].amplitude - 2.0.squareRoot()) < 1e-12)
        #expect(abs(e.dc) < 1e-12)
    }
}
