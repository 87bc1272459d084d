import CSignalKernels

/// A rising sawtooth: from `−amplitude + offset` at the start of each period up to
/// `+amplitude + offset` at its end, like `scipy.signal.sawtooth(2π f t + phase, width=1)`.
///
/// Value: `amplitude · (2 · frac(f t + phase / 2π) − 1) + offset`, computed from the exact integer phase
/// (error within Float rounding of the exact value, away from the jump).
///
/// ```swift
/// Sawtooth(amplitude: 1, frequency: 2)   // {"sawtooth": {...}} in JSON
/// ```
public struct Sawtooth: PeriodicWaveform {
    /// Amplitude (half the peak-to-peak swing, signal units), frequency (Hz), phase at `t = 0`
    /// (radians; 2π is one period) and offset (signal units).
    public var parameters: WaveParameters

    /// Creates a sawtooth wave from its parameters.
    /// - Parameter parameters: Amplitude (signal units), frequency (Hz), phase (radians), offset (signal units).
    public init(_ parameters: WaveParameters) { self.parameters = parameters }

    /// Renders one block (see ``Signal/render(into:_:)``).
    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) {
        // value = A·(2·frac − 1) + offset = 2A·s + offset with s = frac − 1/2 ∈ [−1/2, 1/2).
        renderWave(into: block, transform, gain: 2 * parameters.amplitude, level: parameters.offset)
    }
}

extension Sawtooth: PhaseWave {
    /// `frac − 1/2`, `frac` the phase in turns (see ``centeredTurns(_:)``).
    @inlinable @inline(__always)
    package static func shape(_ phase: Lanes.Words) -> Lanes.Samples { centeredTurns(phase) }

    /// The native sawtooth kernel (`sr_sawtooth`).
    @inlinable
    package static var nativeKernel: NativeWaveKernel { sr_sawtooth }

    /// `phase / 2^32 − 1/2` in [−1/2, 1/2), from the top 24 bits (exact in `Float`).
    @inlinable @inline(__always)
    package static func centeredTurns(_ phase: Lanes.Words) -> Lanes.Samples {
        let s = Lanes.Ints(truncatingIfNeeded: phase ^ 0x8000_0000) &>> 8
        return Lanes.Samples(s) * Float(0x1p-24)
    }
}
