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
public struct Triangle: PeriodicWaveform {
    /// Amplitude (half the peak-to-peak swing, signal units), frequency (Hz), phase at `t = 0`
    /// (radians; 2π is one period) and offset (signal units).
    public var parameters: WaveParameters

    /// Creates a triangle wave from its parameters.
    /// - Parameter parameters: Amplitude (signal units), frequency (Hz), phase (radians), offset (signal units).
    public init(_ parameters: WaveParameters) { self.parameters = parameters }

    /// Renders one block (see ``Signal/render(into:_:)``).
    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) {
        // value = A·(1 − 4|s|) + offset = (−4A)·|s| + (A + offset), s = frac − 1/2.
        renderWave(
            into: block, transform, gain: -4 * parameters.amplitude, level: parameters.amplitude + parameters.offset)
    }
}

extension Triangle: PhaseWave {
    /// `|frac − 1/2|`, `frac` the phase in turns.
    @inlinable @inline(__always)
    package static func shape(_ phase: Lanes.Words) -> Lanes.Samples {
        let s = Sawtooth.centeredTurns(phase)
        return s.replacing(with: -s, where: s .< 0)
    }

    /// The native triangle kernel (`sr_triangle`).
    @inlinable
    package static var nativeKernel: NativeWaveKernel { sr_triangle }
}
