import CSignalKernels

/// A sine wave: `amplitude · sin(2π · frequency · t + phase) + offset`.
///
/// `frequency` is in hertz (cycles per second). The original Runner blog's `sineSignal` multiplied
/// `t` by its "frequency" directly, i.e. took an angular frequency in rad/s; to port such a signal,
/// divide that number by 2π.
///
/// Rendered by a 64-bit integer phase accumulator: the phase of sample `n` is exact at any index, and
/// the rendered value is within `4e-7 · |amplitude| + ulp(|amplitude| + |offset|)` of the exact sine.
///
/// ```swift
/// Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)   // {"sine": {...}} in JSON
/// ```
public struct Sine: SpecRepresentable {
    /// Peak amplitude (signal units).
    public var amplitude: Double
    /// Frequency (Hz), `0 ≤ frequency < sampleRate / 2`.
    public var frequency: Double
    /// Phase at `t = 0` (radians).
    public var phase: Double
    /// Constant added to the wave (signal units).
    public var offset: Double

    /// Creates a sine wave.
    /// - Parameters:
    ///   - amplitude: Peak amplitude (signal units). Default 1.
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
        renderWave(
            into: block, frequency: frequency, radians: phase, gain: transform.gain * amplitude,
            bias: transform.gain * offset + transform.bias, accumulate: transform.accumulate)
    }
}

extension Sine: PhaseWave {
    /// `sin(2π · phase / 2^32)` (see ``Trig/sinTurns(_:)``).
    @inlinable @inline(__always)
    package static func shape(_ phase: Lanes.Words) -> Lanes.Samples { Trig.sinTurns(phase) }

    /// The native sine kernel (`sr_sine`).
    @inlinable
    package static var nativeKernel: NativeWaveKernel { sr_sine }
}
