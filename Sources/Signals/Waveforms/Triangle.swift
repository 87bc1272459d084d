import CSignalKernels

/// A triangle wave: from `−amplitude + offset` at the start of each period up to
/// `+amplitude + offset` at half the period and back down, like
/// `scipy.signal.sawtooth(2π f t + phase, width=0.5)`.
///
/// Value: `amplitude · (1 − 4 · |frac(f t + phase / 2π) − 1/2|) + offset`, computed from the exact
/// integer phase (error within Float rounding of the exact value).
///
/// ```swift
/// Triangle(amplitude: 1, frequency: 2)   // {"triangle": {...}} in JSON
/// ```
public struct Triangle: SpecRepresentable {
    /// Half the peak-to-peak swing (signal units).
    public var amplitude: Double
    /// Frequency (Hz), `0 ≤ frequency < sampleRate / 2`.
    public var frequency: Double
    /// Phase at `t = 0` (radians; 2π is one period).
    public var phase: Double
    /// Constant added to the wave (signal units).
    public var offset: Double

    /// Creates a triangle wave.
    /// - Parameters:
    ///   - amplitude: Half the peak-to-peak swing (signal units). Default 1.
    ///   - frequency: Frequency in Hz.
    ///   - phase: Phase at `t = 0` in radians. Default 0.
    ///   - offset: DC offset (signal units). Default 0.
    public init(amplitude: Double = 1, frequency: Double, phase: Double = 0, offset: Double = 0) {
        self.amplitude = amplitude
        self.frequency = frequency
        self.phase = phase
        self.offset = offset
    }

    /// `.triangle(self)`.
    public var node: SignalNode { .triangle(self) }

    /// Rebuilds the value from a `triangle` node.
    /// - Throws: ``SignalError`` for any other node.
    public init(node: SignalNode) throws(SignalError) { self = try node.expect(\.triangle, "triangle") }

    /// Renders one block (see ``Signal/render(into:_:)``).
    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) {
        let increment = Phase.increment(frequency: frequency, sampleRate: block.sampleRate)
        let phase0 = Phase.fromRadians(phase) &+ increment &* UInt64(truncatingIfNeeded: block.startIndex)
        // value = A·(1 − 4|s|) + offset = (−4A)·|s| + (A + offset), s = frac − 1/2.
        let gain = Float(transform.gain * -4 * amplitude)
        let bias = Float(transform.gain * (amplitude + offset) + transform.bias)
        forEachChannel(block) { out in
            Triangle.kernel(out, count: block.frameCount, phase0: phase0, increment: increment,
                            gain: gain, bias: bias, accumulate: transform.accumulate)
        }
    }

    /// `out[i] (+)= gain · |frac_i − 1/2| + bias`, `frac_i` the phase in turns.
    @inlinable
    package static func kernel(_ out: UnsafeMutablePointer<Float>, count: Int, phase0: UInt64, increment: UInt64,
                              gain: Float, bias: Float, accumulate: Bool) {
        if sr_triangle(out, count, phase0, increment, gain, bias, accumulate ? 1 : 0) != 0 { return }
        var lanes = PhaseLanes(phase0: phase0, increment: increment)
        var i = 0
        while i < count {
            let s = Sawtooth.centeredTurns(lanes.high)
            let a = s.replacing(with: -s, where: s .< 0)
            Lanes.store(a, to: out, at: i, count: count, gain: gain, bias: bias, accumulate: accumulate)
            lanes.advance()
            i &+= Lanes.width
        }
    }
}
