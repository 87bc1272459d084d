/// A periodic wave drawn as `gain · shape(phase) + bias` from the exact integer phase of each sample:
/// the rendering that ``Sine``, ``Sawtooth`` and ``Triangle`` share (``Square`` picks one of two levels
/// from the same phase, through ``RenderBlock/phase(frequency:radians:)`` and ``PhaseLanes/render(_:count:phase0:increment:gain:bias:accumulate:_:)``).
///
/// A conformer gives its shape on 16 lanes and its native kernel; the protocol gives the portable
/// kernel and the block rendering, all `@inlinable`, so each wave's render loop is specialised with no
/// dynamic dispatch.
@usableFromInline package protocol PhaseWave: PeriodicWaveform {
    /// The wave before gain and bias at the top 32 bits of each lane's phase (turn fractions).
    static func shape(_ phase: Lanes.Words) -> Lanes.Samples

    /// The native kernel (`sr_sine`, `sr_sawtooth`, `sr_triangle`): `out[i] (+)= gain · shape(phase0 + i ·
    /// increment) + bias` for `i < count`; returns nonzero when it rendered, 0 when this machine has none
    /// (the portable kernel then runs).
    static var nativeKernel: NativeWaveKernel { get }
}

/// The C signature of a native phase-wave kernel: `(out, count, phase0, increment, gain, bias, accumulate)`,
/// phases in 64-bit turn fractions, `accumulate` 0 or 1; returns nonzero when it rendered.
@usableFromInline package typealias NativeWaveKernel =
    @convention(c) (UnsafeMutablePointer<Float>?, Int, UInt64, UInt64, Float, Float, Int32) -> Int32

extension PhaseWave {
    /// `out[i] (+)= gain · shape(phase_i) + bias` for `i < count`, `phase_i = phase0 &+ i &* increment`
    /// (64-bit turn fractions): the native kernel where there is one, else the portable one.
    @inlinable
    package static func kernel(
        _ out: UnsafeMutablePointer<Float>, count: Int, phase0: UInt64, increment: UInt64,
        gain: Float, bias: Float, accumulate: Bool
    ) {
        if nativeKernel(out, count, phase0, increment, gain, bias, accumulate ? 1 : 0) != 0 { return }
        PhaseLanes.render(
            out, count: count, phase0: phase0, increment: increment,
            gain: gain, bias: bias, accumulate: accumulate, shape)
    }

    /// Renders `gain · shape + level` (in signal units, before rounding to `Float`) through `transform`
    /// into every channel of `block`, at this wave's frequency and phase.
    /// - Parameters:
    ///   - block: The block to render.
    ///   - transform: The map of the tree above the wave.
    ///   - gain: What the shape is multiplied by (signal units per unit of shape: the amplitude for a sine).
    ///   - level: The value where the shape is 0 (signal units).
    @inlinable
    func renderWave(into block: RenderBlock, _ transform: Affine, gain: Double, level: Double) {
        let (phase0, increment) = block.phase(frequency: parameters.frequency, radians: parameters.phase)
        let gain = Float(transform.gain * gain)
        let bias = Float(transform.gain * level + transform.bias)
        forEachChannel(block) { out in
            Self.kernel(
                out, count: block.frameCount, phase0: phase0, increment: increment,
                gain: gain, bias: bias, accumulate: transform.accumulate)
        }
    }
}

extension RenderBlock {
    /// The phase of this block's first sample and the phase step per sample (64-bit turn fractions) of a
    /// wave at `frequency` Hz whose phase at `t = 0` is `radians`: exact at any start index.
    @inlinable
    package func phase(frequency: Double, radians: Double) -> (phase0: UInt64, increment: UInt64) {
        let increment = Phase.increment(frequency: frequency, sampleRate: sampleRate)
        return (Phase.fromRadians(radians) &+ increment &* UInt64(truncatingIfNeeded: startIndex), increment)
    }
}
