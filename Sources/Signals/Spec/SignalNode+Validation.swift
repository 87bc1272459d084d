import InternalUtilities

extension SignalNode {
    /// Checks every parameter of the tree for a render at `sampleRate`.
    ///
    /// See ``validate(_:)`` for what is refused.
    /// - Parameters:
    ///   - sampleRate: Samples per second (Hz).
    ///   - allowAliasing: Accept frequencies at or above `sampleRate / 2`.
    ///   - path: JSON path of this node, for the error.
    /// - Throws: `SignalError` naming the field, its value and the limit.
    public func validate(sampleRate: Double, allowAliasing: Bool = false, path: String = "$") throws(SignalError) {
        _ = try validate(ValidationContext(sampleRate: sampleRate, allowAliasing: allowAliasing, path: path))
    }

    /// Checks every parameter of the tree and returns the largest magnitude a sample can reach.
    ///
    /// Refuses: NaN and infinite parameters; negative frequencies; frequencies at or above Nyquist
    /// (`sampleRate / 2`) unless `allowAliasing`, and above ``SignalLimits/largestTurnsPerSample``
    /// turns per sample even then; phases beyond ±``SignalLimits/largestPhase`` radians; duty cycles
    /// outside (0, 1); chirp durations ≤ 0 or spanning 2⁵² samples or more; negative noise amplitudes;
    /// channel counts that do not combine; and any node whose samples could exceed the largest `Float`
    /// (``SignalLimits/largestSample``: an amplitude of 1e39, a constant of 3.4028236e38, or
    /// `scaled` 1e300 × 1e300 would render as inf or NaN).
    /// - Parameter context: The sample rate, aliasing policy and JSON path of this node.
    /// - Returns: An upper bound of `|sample|` (signal units), finite and ≤ ``SignalLimits/largestSample``.
    /// - Throws: `SignalError` naming the field (by its JSON path), its value and the limit.
    public func validate(_ context: ValidationContext) throws(SignalError) -> Double {
        let here = context.appending(JSONPath.child("", kind))
        let sampleRate = context.sampleRate
        func finite(_ name: String, _ value: Double) throws(SignalError) {
            try here.requireFinite(name, value)
        }
        func frequency(_ name: String, _ value: Double) throws(SignalError) {
            try finite(name, value)
            guard value >= 0 else {
                throw here.error(
                    .outOfRange, field: name,
                    "\(name) must be ≥ 0 Hz, got \(value) Hz (use the phase to invert a wave)")
            }
            let nyquist = sampleRate / 2
            if !context.allowAliasing && value >= nyquist {
                throw here.error(
                    .aliasing, field: name,
                    "\(name) \(value) Hz is at or above the Nyquist frequency \(nyquist) Hz of sample rate \(sampleRate) Hz, so it would alias; lower it, or raise the sample rate"
                )
            }
            guard value / sampleRate <= SignalLimits.largestTurnsPerSample else {
                throw here.error(
                    .outOfRange, field: name,
                    "\(name) \(value) Hz is \(value / sampleRate) times the sample rate \(sampleRate) Hz; even with aliasing allowed the limit is 2^32 times the sample rate"
                )
            }
        }
        func phase(_ value: Double) throws(SignalError) {
            try finite("phase", value)
            guard abs(value) <= SignalLimits.largestPhase else {
                throw here.error(
                    .outOfRange, field: "phase",
                    "phase \(value) rad is beyond ±2^20 rad (±\(SignalLimits.largestPhase)); give it modulo 2π")
            }
        }
        /// |a| + |b|, checked.
        func bound(_ parts: Double...) throws(SignalError) -> Double {
            try here.checkBound(parts.reduce(0) { $0 + abs($1) }) ?? 0
        }
        /// The fields of a periodic wave: amplitude, frequency, phase and offset.
        func wave(_ p: WaveParameters) throws(SignalError) {
            try finite("amplitude", p.amplitude)
            try frequency("frequency", p.frequency)
            try phase(p.phase)
            try finite("offset", p.offset)
        }
        switch self {
        case .sine(let s):
            try wave(s.parameters)
            return try bound(s.amplitude, s.offset)
        case .square(let s):
            try wave(s.parameters)
            try finite("dutyCycle", s.dutyCycle)
            guard s.dutyCycle > 0 && s.dutyCycle < 1 else {
                throw here.error(
                    .outOfRange, field: "dutyCycle", "dutyCycle must be strictly between 0 and 1, got \(s.dutyCycle)")
            }
            return try bound(s.amplitude, s.offset)
        case .sawtooth(let s):
            try wave(s.parameters)
            try here.requireKernelRange(
                "amplitude", s.amplitude, multiple: 2 * abs(s.amplitude), "2 × amplitude (the slope)")
            return try bound(s.amplitude, s.offset)
        case .triangle(let s):
            try wave(s.parameters)
            try here.requireKernelRange(
                "amplitude", s.amplitude, multiple: 4 * abs(s.amplitude), "4 × amplitude (the slope)")
            return try bound(s.amplitude, s.offset)
        case .chirp(let s):
            try finite("amplitude", s.amplitude)
            try frequency("startFrequency", s.startFrequency)
            try frequency("endFrequency", s.endFrequency)
            try finite("duration", s.duration)
            try phase(s.phase)
            try finite("offset", s.offset)
            guard s.duration > 0 else {
                throw here.error(.outOfRange, field: "duration", "duration must be > 0 s, got \(s.duration) s")
            }
            guard s.duration * sampleRate < 0x1p52 else {
                throw here.error(
                    .outOfRange, field: "duration",
                    "duration \(s.duration) s is too long: the sweep must span fewer than 2^52 samples at \(sampleRate) Hz"
                )
            }
            return try bound(s.amplitude, s.offset)
        case .noise(let s):
            try finite("amplitude", s.amplitude)
            guard s.amplitude >= 0 else {
                throw here.error(
                    .outOfRange, field: "amplitude",
                    "amplitude of noise is a standard deviation or half-width and must be ≥ 0, got \(s.amplitude)")
            }
            return try bound(s.amplitude * (s.distribution == .gaussian ? Noise.gaussianTail : 1))
        case .constant(let s):
            try finite("value", s.value)
            return try bound(s.value)
        case .sum(let terms):
            let width = channelCount
            var total = 0.0
            for (i, term) in terms.enumerated() {
                total += try term.validate(here.appending("[\(i)]"))
                let c = term.channelCount
                guard c == 1 || c == width else {
                    throw SignalError(
                        .channelMismatch, path: here.path + "[\(i)]",
                        "term has \(c) channels but the sum has \(width); terms must have 1 channel or \(width)")
                }
            }
            return try here.checkBound(SignalLimits.roundedSum(total, terms: terms.count)) ?? 0
        case .scaled(let by, let inner):
            return try here.validateScaled(by: by) { c throws(SignalError) in try inner.validate(c) } ?? 0
        case .offset(let by, let inner):
            return try here.validateOffset(by: by) { c throws(SignalError) in try inner.validate(c) } ?? 0
        case .channels(let parts):
            guard !parts.isEmpty else {
                throw SignalError(.malformed, path: here.path, "'channels' needs at least one part")
            }
            var largest = 0.0
            for (i, part) in parts.enumerated() {
                largest = max(largest, try part.validate(here.appending("[\(i)]")))
            }
            return largest
        case .axes(let x, let y, let z):
            var largest = 0.0
            for (name, axis) in [("x", x), ("y", y), ("z", z)] {
                largest = max(largest, try axis.validate(here.appending(".\(name)")))
                guard axis.channelCount == 1 else {
                    throw SignalError(
                        .channelMismatch, path: "\(here.path).\(name)",
                        "each axis must be a one-channel signal, this one has \(axis.channelCount)")
                }
            }
            return largest
        case .motion(let m):
            if let attitude = m.attitude { return try ConsistentMotion.validate(m, attitude, here) }
            guard m.worldAcceleration == nil else {
                throw SignalError(
                    .malformed, path: "\(here.path).worldAcceleration",
                    "worldAcceleration is rotated into the device frame by the attitude; give an attitude too")
            }
            var largest = 0.0
            for (name, part) in zip(MotionNode.partNames, m.parts) {
                guard let part else { continue }
                largest = max(largest, try part.validate(here.appending(".\(name)")))
                guard part.channelCount == 3 else {
                    throw SignalError(
                        .channelMismatch, path: "\(here.path).\(name)",
                        "\(name) must be a three-channel signal such as {\"axes\": {...}}, this one has \(part.channelCount) channel\(part.channelCount == 1 ? "" : "s")"
                    )
                }
            }
            return largest
        }
    }
}
