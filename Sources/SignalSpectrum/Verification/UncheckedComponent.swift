import InternalUtilities

/// A component of the expected signal that the verification could not check, and why.
///
/// A report with an unchecked component never passes: the signal was not proved right. The usual cause
/// is a record too short to separate two components (lines closer than about one over its duration,
/// a line that close to DC or to Nyquist, too many components for its samples); ``requiredDuration``
/// then says how long a record would check it.
///
/// Encodes as `{"channel": 0, "component": "line", "frequency": 333.3333333, "source": "$.sawtooth h1",
/// "reason": "cannot be separated from ...", "requiredDuration": 1.2e7}` (`frequency` and
/// `requiredDuration` are `null` when they do not apply or are unknown).
public struct UncheckedComponent: Sendable, Hashable, Codable {
    /// What kind of component.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A spectral line.
        case line
        /// A chirp.
        case chirp
        /// A hand-written sweep band (no chirp phase law to model).
        case sweep
    }

    /// Channel index (0-based).
    public var channel: Int
    /// What kind of component.
    public var component: Kind
    /// Its frequency (Hz), or `nil` (a chirp or sweep).
    public var frequency: Double?
    /// Where it comes from: the JSON path of its node and the harmonic.
    public var source: String
    /// Why it could not be checked.
    public var reason: String
    /// The record length (seconds) that would check it, or `nil` when no length is known to suffice.
    public var requiredDuration: Double?

    /// Creates an entry.
    /// - Parameters:
    ///   - channel: Channel index.
    ///   - component: Kind of component.
    ///   - frequency: Frequency in Hz, or `nil`.
    ///   - source: JSON path and harmonic.
    ///   - reason: Why it could not be checked.
    ///   - requiredDuration: Seconds of record that would check it, or `nil`.
    public init(
        channel: Int, component: Kind, frequency: Double?, source: String, reason: String,
        requiredDuration: Double?
    ) {
        self.channel = channel
        self.component = component
        self.frequency = frequency
        self.source = source
        self.reason = reason
        self.requiredDuration = requiredDuration
    }

    enum CodingKeys: String, CodingKey {
        case channel, component, frequency, source, reason, requiredDuration
    }

    /// Encodes every key, `frequency` and `requiredDuration` as `null` when absent.
    public func encode(to encoder: any Encoder) throws {
        try encoder.encodeFields(
            keyedBy: CodingKeys.self,
            [
                .channel: channel, .component: component, .frequency: frequency, .source: source, .reason: reason,
                .requiredDuration: requiredDuration,
            ])
    }

    /// One line of text: what, where, why, and the record length that would check it.
    public var description: String {
        let what =
            switch component {
            case .line: "line at \(frequency.map { VerificationReport.hertz($0) } ?? "?") Hz"
            case .chirp: "chirp"
            case .sweep: "sweep band"
            }
        var text = "channel \(channel) \(what) (\(source)): \(reason)"
        if let requiredDuration {
            text += "; a record of at least \(VerificationReport.number(requiredDuration)) s would check it"
        } else if component != .sweep {
            text += "; no record length is known to separate it"
        }
        return text
    }
}
