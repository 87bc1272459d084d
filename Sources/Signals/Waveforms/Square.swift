import CSignalKernels

/// A square (pulse) wave: `+amplitude + offset` for the first `dutyCycle` of each period,
/// `−amplitude + offset` for the rest.
///
/// The period starts where the phase is a whole number of turns: at `t = 0` with `phase = 0`.
/// Rendered from the exact integer phase; each sample is exactly one of the two levels (rounded to
/// `Float`), and the switch falls on the correct sample to within one sample.
///
/// ```swift
/// Square(amplitude: 0.5, frequency: 5, dutyCycle: 0.25)   // {"square": {...}} in JSON
/// ```
public struct Square: PeriodicWaveform {
    /// Amplitude (half the peak-to-peak swing, signal units), frequency (Hz), phase at `t = 0`
    /// (radians; 2π is one period) and offset (signal units).
    public var parameters: WaveParameters
    /// Fraction of each period at the high level, `0 < dutyCycle < 1`.
    public var dutyCycle: Double

    /// Creates a square wave from its parameters and duty cycle.
    /// - Parameters:
    ///   - parameters: Amplitude (signal units), frequency (Hz), phase (radians), offset (signal units).
    ///   - dutyCycle: Fraction of the period at `+amplitude`, in (0, 1).
    public init(_ parameters: WaveParameters, dutyCycle: Double) {
        self.parameters = parameters
        self.dutyCycle = dutyCycle
    }

    /// Creates a square wave with a duty cycle of 0.5.
    /// - Parameter parameters: Amplitude (signal units), frequency (Hz), phase (radians), offset (signal units).
    public init(_ parameters: WaveParameters) { self.init(parameters, dutyCycle: 0.5) }

    /// Creates a square wave.
    /// - Parameters:
    ///   - amplitude: Half the peak-to-peak swing (signal units). Default 1.
    ///   - frequency: Frequency in Hz.
    ///   - phase: Phase at `t = 0` in radians. Default 0.
    ///   - offset: DC offset (signal units). Default 0.
    ///   - dutyCycle: Fraction of the period at `+amplitude`, in (0, 1). Default 0.5.
    public init(
        amplitude: Double = 1, frequency: Double, phase: Double = 0, offset: Double = 0,
        dutyCycle: Double = 0.5
    ) {
        self.init(
            WaveParameters(amplitude: amplitude, frequency: frequency, phase: phase, offset: offset),
            dutyCycle: dutyCycle)
    }

    /// Renders one block (see ``Signal/render(into:_:)``).
    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) {
        let (phase0, increment) = block.phase(frequency: parameters.frequency, radians: parameters.phase)
        let high = Float(transform.gain * (parameters.amplitude + parameters.offset) + transform.bias)
        let low = Float(transform.gain * (parameters.offset - parameters.amplitude) + transform.bias)
        // High while phase < duty · 2^32 (in the 32-bit turn fraction the lanes read).
        let threshold = UInt32(min((dutyCycle * 0x1p32).rounded(), 0xFFFF_FFFF))
        forEachChannel(block) { out in
            Square.kernel(
                out, count: block.frameCount, phase0: phase0, increment: increment,
                threshold: threshold, high: high, low: low, accumulate: transform.accumulate)
        }
    }

    /// `out[i] (+)= (phase_i < threshold) ? high : low` with 32-bit turn fractions.
    @inlinable
    package static func kernel(
        _ out: UnsafeMutablePointer<Float>, count: Int, phase0: UInt64, increment: UInt64,
        threshold: UInt32, high: Float, low: Float, accumulate: Bool
    ) {
        if sr_square(out, count, phase0, increment, threshold, high, low, accumulate ? 1 : 0) != 0 { return }
        let t = Lanes.Words(repeating: threshold)
        let hi = Lanes.Samples(repeating: high)
        let lo = Lanes.Samples(repeating: low)
        PhaseLanes.render(
            out, count: count, phase0: phase0, increment: increment, gain: 1, bias: 0,
            accumulate: accumulate
        ) { lo.replacing(with: hi, where: $0 .< t) }
    }
}
