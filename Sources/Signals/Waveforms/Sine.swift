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
public struct Sine: PeriodicWaveform {
    /// Amplitude (the peak, signal units), frequency (Hz), phase at `t = 0` (radians) and offset
    /// (signal units).
    public var parameters: WaveParameters

    /// Creates a sine wave from its parameters.
    /// - Parameter parameters: Amplitude (signal units), frequency (Hz), phase (radians), offset (signal units).
    public init(_ parameters: WaveParameters) { self.parameters = parameters }

    /// Renders one block (see ``Signal/render(into:_:)``).
    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) {
        renderWave(into: block, transform, gain: parameters.amplitude, level: parameters.offset)
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
