import Foundation
import InternalUtilities

/// The exact time derivative of a one-channel signal tree, in signal units per second, as the engine
/// renders it: a sum of ordinary signal nodes plus chirp terms (a chirp's derivative is its cosine
/// times its instantaneous frequency, which no single node describes).
///
/// | node | derivative |
/// | --- | --- |
/// | `sine(A, f, φ, c)` | `sine(2πf·A, f, φ + π/2, 0)` (a cosine) |
/// | `triangle(A, f, φ, c)` | `square(4A·f, f, φ, duty 0.5)` (±4Af: the slopes; undefined only at the corners) |
/// | `chirp(A, f0, f1, T, φ, c)` | `2π·A·f(t)·cos(Φ(t))`, `f(t) = f0 + (f1 − f0)·min(t, T)/T` |
/// | `constant` | 0 |
/// | `sum`, `scaled`, `offset` | the sum, scaled, unchanged derivative |
/// | `square`, `sawtooth` | refused: they jump (unless amplitude or frequency is 0) |
/// | `noise` | refused: not differentiable (unless its amplitude is 0) |
///
/// ```swift
/// let rate = try SignalDerivative(of: .sine(Sine(amplitude: 0.1, frequency: 2)), path: "$.roll")
/// ```
package struct SignalDerivative: Sendable, Hashable {
    /// A chirp's derivative: `gain · 2π·f(t) · cos(Φ(t))`.
    package struct ChirpTerm: Sendable, Hashable {
        /// The chirp with amplitude 1, offset 0 and its phase advanced by π/2 (it renders `cos Φ(t)`).
        package var cosine: Chirp
        /// The chirp's amplitude times every `scaled` factor above it.
        package var gain: Double
    }

    /// Ordinary terms, summed.
    package var terms: [SignalNode]
    /// Chirp terms.
    package var chirps: [ChirpTerm]

    /// Whether the derivative is identically zero.
    package var isZero: Bool { terms.isEmpty && chirps.isEmpty }

    /// Differentiates a one-channel tree.
    /// - Parameters:
    ///   - node: The signal (signal units).
    ///   - path: Its JSON path, for errors.
    /// - Throws: `SignalError` (`outOfRange`) naming the path of a node that has no derivative.
    package init(of node: SignalNode, path: String) throws(SignalError) {
        terms = []
        chirps = []
        try collect(node, gain: 1, path: path)
    }

    /// π/2 added to a phase reduced modulo 2π (so that it stays within the engine's phase limit).
    private static func quarterTurn(after phase: Double) -> Double {
        phase.remainder(dividingBy: 2 * Double.pi) + Double.pi / 2
    }

    private mutating func collect(_ node: SignalNode, gain: Double, path: String) throws(SignalError) {
        let here = JSONPath.child(path, node.kind)
        func refuse(_ why: String) -> SignalError {
            SignalError(
                .outOfRange, path: here,
                "\(why), so it has no time derivative: an attitude angle must be smooth for the rotation rate to be the one that turns the device (use sine, triangle, chirp or constant nodes, or give the attitude as integrated rotation rates)"
            )
        }
        /// Appends `gain ·` the derivative of a periodic wave, none when the wave is constant (no amplitude
        /// or no frequency).
        func periodic(_ amplitude: Double, _ frequency: Double, _ derivative: () -> SignalNode) {
            guard amplitude != 0 && frequency != 0 else { return }
            terms.append(.scaled(by: gain, derivative()))
        }
        switch node {
        case .sine(let s):
            periodic(s.amplitude, s.frequency) {
                .sine(
                    Sine(
                        amplitude: 2 * Double.pi * s.frequency * s.amplitude, frequency: s.frequency,
                        phase: SignalDerivative.quarterTurn(after: s.phase)))
            }
        case .triangle(let s):
            periodic(s.amplitude, s.frequency) {
                .square(
                    Square(
                        amplitude: 4 * s.amplitude * s.frequency, frequency: s.frequency, phase: s.phase,
                        dutyCycle: 0.5))
            }
        case .chirp(let c):
            guard c.amplitude != 0 else { return }
            chirps.append(
                ChirpTerm(
                    cosine: Chirp(
                        amplitude: 1, startFrequency: c.startFrequency, endFrequency: c.endFrequency,
                        duration: c.duration, phase: SignalDerivative.quarterTurn(after: c.phase)),
                    gain: gain * c.amplitude))
        case .constant:
            return
        case .square(let s):
            guard s.amplitude == 0 || s.frequency == 0 else { throw refuse("a square wave jumps between its levels") }
        case .sawtooth(let s):
            guard s.amplitude == 0 || s.frequency == 0 else { throw refuse("a sawtooth jumps back once per period") }
        case .noise(let n):
            guard n.amplitude == 0 else { throw refuse("noise is not differentiable") }
        case .sum(let parts):
            for (i, part) in parts.enumerated() { try collect(part, gain: gain, path: "\(here)[\(i)]") }
        case .scaled(let by, let inner):
            guard by != 0 else { return }
            try collect(inner, gain: gain * by, path: here + ".signal")
        case .offset(_, let inner):
            try collect(inner, gain: gain, path: here + ".signal")
        case .axes, .channels, .motion:
            throw SignalError(
                .channelMismatch, path: here,
                "an attitude angle must be a one-channel signal, this one has \(node.channelCount) channels")
        }
    }

    /// Checks the derivative's nodes at the context's sample rate and returns a bound of `|d/dt|`.
    /// - Throws: `SignalError` for a derivative node that cannot be rendered at this rate.
    package func validate(_ context: ValidationContext) throws(SignalError) -> Double {
        var bound = 0.0
        for term in terms { bound += try term.validate(context) }
        for chirp in chirps {
            _ = try SignalNode.chirp(chirp.cosine).validate(context)
            bound += abs(chirp.gain) * 2 * Double.pi * max(chirp.cosine.startFrequency, chirp.cosine.endFrequency)
        }
        return try context.checkBound(bound) ?? 0
    }

    /// Renders the derivative into a one-channel block (overwriting it), using `scratch` (at least
    /// `block.frameCount` floats) for chirp terms.
    package func render(into block: RenderBlock, scratch: UnsafeMutablePointer<Float>) {
        if terms.isEmpty {
            AnySignal.render(.constant(Constant(0)), into: block, .identity)
        } else {
            AnySignal.render(terms.count == 1 ? terms[0] : .sum(terms), into: block, .identity)
        }
        guard !chirps.isEmpty else { return }
        let out = block.channel(0)
        let fs = block.sampleRate
        let tmp = RenderBlock(
            base: scratch, channelStride: block.frameCount, channelCount: 1, frameCount: block.frameCount,
            startIndex: block.startIndex, sampleRate: fs)
        for term in chirps {
            AnySignal.render(.chirp(term.cosine), into: tmp, .identity)
            let c = term.cosine
            let last = c.sweepEnd(sampleRate: fs)
            let slope = (c.endFrequency - c.startFrequency) / c.duration
            let k = 2 * Double.pi * term.gain
            for i in 0..<block.frameCount {
                let n = block.startIndex + i
                let f = n <= last ? c.startFrequency + slope * (Double(n) / fs) : c.endFrequency
                out[i] += Float(k * f * Double(scratch[i]))
            }
        }
    }
}
