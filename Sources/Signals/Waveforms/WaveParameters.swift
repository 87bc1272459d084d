/// The four numbers of a periodic wave (``Sine``, ``Square``, ``Sawtooth``, ``Triangle``): how large,
/// how fast, where in its period it starts, and about which level it swings.
///
/// Every periodic wave reads and writes them through ``PeriodicWaveform/parameters``, and on the wave
/// itself as `wave.amplitude`, `wave.frequency` and `wave.phase` (``PeriodicWaveform/subscript(dynamicMember:)``)
/// and ``PeriodicWaveform/offset``; the JSON spec writes them as the wave's `amplitude`, `frequency`, `phase`
/// and `offset` fields.
///
/// ```swift
/// let p = WaveParameters(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)
/// Sine(p) == Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)   // true
/// Triangle(p)                                                            // the same numbers, another shape
/// ```
public struct WaveParameters: Sendable, Hashable {
    /// Half the peak-to-peak swing (signal units): the peak of a sine.
    public var amplitude: Double
    /// Frequency (Hz), `0 ≤ frequency < sampleRate / 2`.
    public var frequency: Double
    /// Phase at `t = 0` (radians; 2π is one period).
    public var phase: Double
    /// Constant added to the wave (signal units).
    public var offset: Double

    /// Creates the parameters of a periodic wave.
    /// - Parameters:
    ///   - amplitude: Half the peak-to-peak swing (signal units). Default 1.
    ///   - frequency: Frequency in Hz.
    ///   - phase: Phase at `t = 0` in radians. Default 0.
    ///   - offset: DC offset (signal units). Default 0.
    @inlinable
    public init(amplitude: Double = 1, frequency: Double, phase: Double = 0, offset: Double = 0) {
        self.amplitude = amplitude
        self.frequency = frequency
        self.phase = phase
        self.offset = offset
    }
}
