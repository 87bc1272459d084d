/// A periodic wave whose value at each sample follows from its ``WaveParameters``: ``Sine``,
/// ``Square``, ``Sawtooth`` and ``Triangle``.
///
/// A conformer stores its parameters and creates itself from them; the protocol gives every wave the
/// same initialiser, `Sine(amplitude:frequency:phase:offset:)`, and reads and writes the parameters'
/// fields on the wave itself: `wave.amplitude` (signal units), `wave.frequency` (Hz) and `wave.phase`
/// (radians) through ``subscript(dynamicMember:)``, `wave.offset` (signal units) through ``offset``.
///
/// ```swift
/// var wave = Sawtooth(amplitude: 1, frequency: 2)
/// wave.frequency = 4                  // Hz
/// let tone = Sine(wave.parameters)    // the same numbers as a sine
/// ```
@dynamicMemberLookup
public protocol PeriodicWaveform: SpecRepresentable {
    /// The wave's amplitude, frequency, phase and offset.
    var parameters: WaveParameters { get set }

    /// Creates the wave from its parameters (a ``Square`` gets a duty cycle of 0.5).
    /// - Parameter parameters: Amplitude (signal units), frequency (Hz), phase (radians), offset (signal units).
    init(_ parameters: WaveParameters)
}

extension PeriodicWaveform {
    /// Creates the wave.
    ///
    /// ```swift
    /// Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)   // {"sine": {...}} in JSON
    /// ```
    /// - Parameters:
    ///   - amplitude: Half the peak-to-peak swing (signal units): the peak of a sine. Default 1.
    ///   - frequency: Frequency in Hz.
    ///   - phase: Phase at `t = 0` in radians (2π is one period). Default 0.
    ///   - offset: DC offset (signal units). Default 0.
    @inlinable
    public init(amplitude: Double = 1, frequency: Double, phase: Double = 0, offset: Double = 0) {
        self.init(WaveParameters(amplitude: amplitude, frequency: frequency, phase: phase, offset: offset))
    }

    /// A field of ``parameters`` read and written on the wave: `wave.amplitude` (signal units),
    /// `wave.frequency` (Hz), `wave.phase` (radians); see ``WaveParameters``.
    /// - Parameter keyPath: The field of ``WaveParameters``.
    @inlinable
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<WaveParameters, Value>) -> Value {
        get { parameters[keyPath: keyPath] }
        set { parameters[keyPath: keyPath] = newValue }
    }

    /// Constant added to the wave (signal units; see ``WaveParameters/offset``). Spelled out because
    /// ``Signal/offset(by:)`` would hide the dynamic member of the same name.
    @inlinable
    public var offset: Double {
        get { parameters.offset }
        set { parameters.offset = newValue }
    }
}
