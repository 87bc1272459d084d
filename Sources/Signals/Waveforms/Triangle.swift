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

    /// Renders one block (see ``Signal/render(into:_:)``).
    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) {
        // value = A·(1 − 4|s|) + offset = (−4A)·|s| + (A + offset), s = frac − 1/2.
        renderWave(
            into: block, frequency: frequency, radians: phase, gain: transform.gain * -4 * amplitude,
            bias: transform.gain * (amplitude + offset) + transform.bias, accumulate: transform.accumulate)
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
