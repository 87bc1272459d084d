extension SignalNode {
    /// Checks every parameter of the tree for a render at `sampleRate`.
    ///
    /// Rejects NaN and infinite parameters, negative frequencies, duty cycles outside (0, 1), chirp
    /// durations ≤ 0, negative noise amplitudes, frequencies at or above Nyquist (`sampleRate / 2`,
    /// unless `allowAliasing`) and channel counts that do not combine.
    /// - Parameters:
    ///   - sampleRate: Samples per second (Hz).
    ///   - allowAliasing: Accept frequencies at or above `sampleRate / 2`.
    ///   - path: JSON path of this node, for the error.
    /// - Throws: ``SignalError`` naming the field, its value and the limit.
    public func validate(sampleRate: Double, allowAliasing: Bool = false, path: String = "$") throws(SignalError) {
        let here = "\(path).\(kind)"
        func finite(_ name: String, _ value: Double) throws(SignalError) {
            guard value.isFinite else {
                throw SignalError(.nonFinite, path: "\(here).\(name)", "\(name) must be a finite number, got \(value)")
            }
        }
        func frequency(_ name: String, _ value: Double) throws(SignalError) {
            try finite(name, value)
            guard value >= 0 else {
                throw SignalError(.outOfRange, path: "\(here).\(name)",
                                  "\(name) must be ≥ 0 Hz, got \(value) Hz (use the phase to invert a wave)")
            }
            let nyquist = sampleRate / 2
            if !allowAliasing && value >= nyquist {
                throw SignalError(.aliasing, path: "\(here).\(name)",
                                  "\(name) \(value) Hz is at or above the Nyquist frequency \(nyquist) Hz of sample rate \(sampleRate) Hz (pass --allow-aliasing / allowAliasing: true to render it anyway)")
            }
        }
        switch self {
        case .sine(let s):
            try finite("amplitude", s.amplitude); try frequency("frequency", s.frequency)
            try finite("phase", s.phase); try finite("offset", s.offset)
        case .square(let s):
            try finite("amplitude", s.amplitude); try frequency("frequency", s.frequency)
            try finite("phase", s.phase); try finite("offset", s.offset); try finite("dutyCycle", s.dutyCycle)
            guard s.dutyCycle > 0 && s.dutyCycle < 1 else {
                throw SignalError(.outOfRange, path: "\(here).dutyCycle",
                                  "dutyCycle must be strictly between 0 and 1, got \(s.dutyCycle)")
            }
        case .sawtooth(let s):
            try finite("amplitude", s.amplitude); try frequency("frequency", s.frequency)
            try finite("phase", s.phase); try finite("offset", s.offset)
        case .triangle(let s):
            try finite("amplitude", s.amplitude); try frequency("frequency", s.frequency)
            try finite("phase", s.phase); try finite("offset", s.offset)
        case .chirp(let s):
            try finite("amplitude", s.amplitude)
            try frequency("startFrequency", s.startFrequency); try frequency("endFrequency", s.endFrequency)
            try finite("duration", s.duration); try finite("phase", s.phase); try finite("offset", s.offset)
            guard s.duration > 0 else {
                throw SignalError(.outOfRange, path: "\(here).duration", "duration must be > 0 s, got \(s.duration) s")
            }
            guard s.duration * sampleRate < 0x1p52 else {
                throw SignalError(.outOfRange, path: "\(here).duration",
                                  "duration \(s.duration) s is too long: the sweep must span fewer than 2^52 samples")
            }
        case .noise(let s):
            try finite("amplitude", s.amplitude)
            guard s.amplitude >= 0 else {
                throw SignalError(.outOfRange, path: "\(here).amplitude",
                                  "amplitude of noise is a standard deviation or half-width and must be ≥ 0, got \(s.amplitude)")
            }
        case .constant(let s):
            try finite("value", s.value)
        case .sum(let terms):
            let width = channelCount
            for (i, term) in terms.enumerated() {
                try term.validate(sampleRate: sampleRate, allowAliasing: allowAliasing, path: "\(here)[\(i)]")
                let c = term.channelCount
                guard c == 1 || c == width else {
                    throw SignalError(.channelMismatch, path: "\(here)[\(i)]",
                                      "term has \(c) channels but the sum has \(width); terms must have 1 channel or \(width)")
                }
            }
        case .scaled(let by, let inner), .offset(let by, let inner):
            try finite("by", by)
            try inner.validate(sampleRate: sampleRate, allowAliasing: allowAliasing, path: "\(here).signal")
        case .channels(let parts):
            guard !parts.isEmpty else {
                throw SignalError(.malformed, path: here, "'channels' needs at least one part")
            }
            for (i, part) in parts.enumerated() {
                try part.validate(sampleRate: sampleRate, allowAliasing: allowAliasing, path: "\(here)[\(i)]")
            }
        case .axes(let x, let y, let z):
            for (name, axis) in [("x", x), ("y", y), ("z", z)] {
                try axis.validate(sampleRate: sampleRate, allowAliasing: allowAliasing, path: "\(here).\(name)")
                guard axis.channelCount == 1 else {
                    throw SignalError(.channelMismatch, path: "\(here).\(name)",
                                      "each axis must be a one-channel signal, this one has \(axis.channelCount)")
                }
            }
        }
    }
}
