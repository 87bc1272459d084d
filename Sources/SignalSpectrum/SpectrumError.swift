/// The one error type of the `SignalSpectrum` module: everything a caller can pass in that the
/// analysis cannot use throws it.
///
/// Each error carries a machine-readable ``Code``, the context it arose in (a JSON path such as
/// `$.sum[1].square.frequency`, `channel 2`, or the name of a parameter) and a message that names
/// the value and the limit it broke.
///
/// ```swift
/// do { _ = try Spectrum(samples: [1, 2], sampleRate: 100) }
/// catch let error as SpectrumError { print(error) }   // samples: 2 samples are too few ...
/// ```
public struct SpectrumError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// Too few samples for the analysis (or a segment length that does not fit them).
        case tooShort
        /// More samples than the analysis holds in memory (see ``Verifier/maximumFrameCount``).
        case tooLong
        /// A sample is NaN or infinite.
        case nonFinite
        /// A parameter (sample rate, window length, tolerance, channel index) is out of range.
        case invalidParameter
        /// The buffer's sample rate differs from the one the expected spectrum was derived for.
        case sampleRateMismatch
        /// The buffer's channel count differs from the signal's.
        case channelMismatch
        /// The signal description is invalid for this sample rate (see `SignalError`).
        case invalidSignal
        /// FFTW could not plan or allocate a transform of this size.
        case fftFailure
    }

    /// What kind of problem this is.
    public var code: Code
    /// Where it arose: a JSON path (`$.sum[1].sine.frequency`), `channel N`, or a parameter name.
    public var context: String
    /// Human-readable explanation naming the value and the limit.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - context: Where it arose (JSON path, channel, parameter name).
    ///   - message: Explanation naming the value and the limit.
    public init(_ code: Code, context: String, _ message: String) {
        self.code = code
        self.context = context
        self.message = message
    }

    /// `context: message`, ready to print.
    public var description: String { context.isEmpty ? message : "\(context): \(message)" }
}
