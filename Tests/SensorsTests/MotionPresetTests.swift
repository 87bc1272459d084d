import Foundation
import Playback
import SignalRunnerTesting
import SignalSpectrum
import Signals
import Testing

@testable import Sensors

@Suite struct MotionPresetTests {
    /// Selected channels of a buffer, as a buffer.
    static func channels(_ b: SampleBuffer, _ list: [Int]) -> SampleBuffer {
        SampleBuffer(
            sampleRate: b.sampleRate, startIndex: b.startIndex, channelCount: list.count, frameCount: b.frameCount,
            samples: list.flatMap { Array(b.channel($0)) })
    }

    static func verify(_ b: SampleBuffer, _ list: [Int], _ expected: [SignalNode]) throws -> VerificationReport {
        let expectation = try ExpectedSpectrum(.channels(expected), sampleRate: b.sampleRate)
        return try Verifier.verify(channels(b, list), against: expectation)
    }

    @Test(
        "fixed-attitude presets pass the verifier on all 13 channels",
        arguments: [
            ("still-on-table", 100.0, 4096), ("walking", 100.0, 8192), ("running", 100.0, 8192),
            ("car-ride", 200.0, 65_536),
        ])
    func fixedAttitude(_ name: String, _ rate: Double, _ frames: Int) throws {
        let motion = try #require(MotionPreset.all.first { $0.name == name }?.motion)
        let b = try motion.render(sampleRate: rate, frameCount: frames)
        #expect(b.channelCount == 13)
        let report = try Verifier.verify(b, against: try ExpectedSpectrum(motion.node, sampleRate: rate))
        #expect(report.passed, "\(report.table)")
    }

    @Test("a walk at the wrong cadence fails the verifier (the check can fail)")
    func wrongCadenceFails() throws {
        let b = try MotionPreset.walking(cadence: 1.7).render(sampleRate: 100, frameCount: 8192)
        let report = try Verifier.verify(
            b, against: try ExpectedSpectrum(MotionPreset.walking(cadence: 1.8).node, sampleRate: 100))
        #expect(!report.passed)
    }

    @Test(
        "held in hand: the sway's and the tremor's tilt lines are in the rotation rate, the strongest at the tremor frequency"
    )
    func heldInHand() throws {
        let f = 9.0
        let b = try MotionPreset.heldInHand(tremor: f).render(sampleRate: 100, frameCount: 8192)
        // ωx ≈ θ̇ and ωy = φ̇ (yaw is constant; the cross terms of two milliradian angles are below −100 dB):
        // each angle's line A sin(2πft + p) gives A·2πf sin(2πft + p + π/2).
        let scale = f / PosturalWaveform.tremorTilt[0].frequency
        func rates(_ axis: Int) -> SignalNode {
            let lines = PosturalWaveform.tilt.map { ($0, 1.0) } + PosturalWaveform.tremorTilt.map { ($0, scale) }
            return .sum(
                lines.map { c, s in
                    .sine(
                        Sine(
                            amplitude: c.amplitude[axis] * 2 * .pi * c.frequency * s, frequency: c.frequency * s,
                            phase: c.phase + .pi / 2))
                })
        }
        let report = try Self.verify(b, [6, 7], [rates(0), rates(1)])
        #expect(report.passed, "\(report.table)")
        #expect(abs(PosturalWaveform.tremorTilt[0].frequency * scale - f) < 1e-12)
        // The failing case: the tremor at another frequency.
        let other = try MotionPreset.heldInHand(tremor: 10).render(sampleRate: 100, frameCount: 8192)
        #expect(!(try Self.verify(other, [6, 7], [rates(0), rates(1)]).passed))
    }

    @Test("shaking: 2 g along x and the wrist's roll rate, both at the shake frequency")
    func shaking() throws {
        let f = 4.0
        let b = try MotionPreset.shaking(frequency: f).render(sampleRate: 100, frameCount: 8192)
        let zero = SignalNode.constant(Constant(0))
        let report = try Self.verify(
            b, [0, 1, 2, 6, 7, 8],
            [
                .sine(Sine(amplitude: 2, frequency: f, phase: 0.3)), zero, zero,
                zero, .sine(Sine(amplitude: 0.5 * 2 * .pi * f, frequency: f, phase: .pi / 2)), zero,
            ])
        #expect(report.passed, "\(report.table)")
    }

    @Test("free fall: gravity turns at 0.5 Hz and the accelerometer reads zero")
    func freeFall() throws {
        let b = try MotionPreset.freeFall().render(sampleRate: 100, frameCount: 8192)
        let report = try Self.verify(
            b, [3, 4, 5, 6],
            [
                .constant(Constant(0)), .sine(Sine(amplitude: -1, frequency: 0.5)),
                .sine(Sine(amplitude: -1, frequency: 0.5, phase: .pi / 2)), .constant(Constant(.pi)),
            ])
        #expect(report.passed, "\(report.table)")
        for i in 0..<b.frameCount {
            for axis in 0..<3 { #expect(abs(b[frame: i, channel: axis] + b[frame: i, channel: 3 + axis]) < 1e-6) }
        }
    }

    @Test("face-down flip: gravity goes from −z to +z and back; the roll rate is one sine")
    func faceDownFlip() throws {
        let b = try MotionPreset.faceDownFlip(period: 4).render(sampleRate: 100, frameCount: 8192)
        let report = try Self.verify(
            b, [6, 7, 8],
            [
                .constant(Constant(0)), .sine(Sine(amplitude: Double.pi / 2 * 2 * .pi / 4, frequency: 0.25)),
                .constant(Constant(0)),
            ])
        #expect(report.passed, "\(report.table)")
        #expect(abs(b[frame: 0, channel: 5] + 1) < 1e-6)  // face up
        #expect(abs(b[frame: 200, channel: 5] - 1) < 1e-6)  // face down at t = 2 s
    }

    @Test("every preset is consistent: unit gravity, unit quaternion")
    func consistent() throws {
        for (name, motion) in MotionPreset.all {
            let b = try motion.render(sampleRate: 100, duration: 5)
            for i in 0..<b.frameCount {
                let g = (3..<6).reduce(0.0) { $0 + Double(b[frame: i, channel: $1]) * Double(b[frame: i, channel: $1]) }
                #expect(abs(g.squareRoot() - 1) < 1e-6, "\(name)")
            }
        }
    }

    @Test("the spec files under Examples/specs/presets are the DSL's presets")
    func specFiles() throws {
        let folder = Examples.url("specs/presets")
        for (name, motion) in MotionPreset.all {
            // SIGNALRUNNER_WRITE_PRESETS=1 rewrites the files from the DSL (after a preset changes).
            if ProcessInfo.processInfo.environment["SIGNALRUNNER_WRITE_PRESETS"] != nil {
                try motion.node.json(pretty: true).write(to: folder.appendingPathComponent("\(name).json"))
            }
            let data = try Data(contentsOf: folder.appendingPathComponent("\(name).json"))
            #expect(try SignalNode.decode(json: data) == motion.node, "\(name)")
        }
    }

    @Test("a bad preset parameter is refused at render, naming the path")
    func badParameter() {
        #expect(
            #expect(throws: SignalError.self) {
                try MotionPreset.walking(cadence: -1).render(sampleRate: 100, duration: 1)
            }?.code == .outOfRange)
        #expect(
            #expect(throws: SignalError.self) {
                try MotionPreset.heldInHand(tremor: .nan).render(sampleRate: 100, duration: 1)
            }?.code == .nonFinite)
    }
}
