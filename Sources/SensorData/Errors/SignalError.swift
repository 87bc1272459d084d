import InternalUtilities

/// What a user gave that the package cannot use: a spec, a parameter, a render request, a file (points,
/// routes, GPX, recordings, spec documents) or an analysis input. Every module throws it, so one `catch`
/// handles them all.
///
/// Each error carries a machine-readable ``Code`` (one vocabulary for the whole package), an
/// ``ErrorLocation`` (the file, line, column, JSON path, point index or field, whichever are known) and a
/// message that names the value and the limit it broke. The parts of the location read as properties of
/// the error too (`error.path`, `error.file`, `error.line`).
///
/// ```swift
/// do { _ = try Sine(frequency: 600).render(sampleRate: 1000, duration: 1) }
/// catch let error as SignalError { print(error) }   // $.sine.frequency: 600 Hz is at or above ...
/// ```
///
/// The other two error types are about connections: `SensorFeedsError` (a client's server went away) and
/// `LiveServerError` (an HTTP request the server refuses). They use the same ``ErrorLocation``.
public struct SignalError: LocatedError {
    /// What kind of problem this is: one vocabulary for every module.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// Not well-formed JSON, JSON Lines, CSV or XML, or a value of the wrong type.
        case malformed
        /// A node name that is not one of the known signal kinds.
        case unknownNode
        /// A field, key or column the format does not have (often a typo such as `amplitdue`).
        case unknownField
        /// A required field, column, attribute or value is absent.
        case missingField
        /// The same field or column appears twice.
        case duplicateField
        /// A number is NaN or infinite.
        case nonFinite
        /// A value in a spec or file is outside its allowed range (a duty cycle over 1, a latitude over 90).
        case outOfRange
        /// An argument of a call or a command-line option is out of its range or cannot be used.
        case invalidArgument
        /// A frequency at or above the Nyquist frequency (`sampleRate / 2`). The message names no way to
        /// accept it, since each caller has its own (`RenderOptions(allowAliasing: true)`, the CLI's
        /// `--allow-aliasing`; a dataset or a live server has none): a caller that has one adds it.
        case aliasing
        /// The sample rate, duration, start or frame count of a render or playback is invalid.
        case invalidRender
        /// Channel counts that must match do not.
        case channelMismatch
        /// A buffer's sample rate differs from the one asked for.
        case sampleRateMismatch
        /// More than fits in memory or a limit (a render, a file, a document); stream it instead.
        case tooLarge
        /// Too few samples, points or waypoints for what was asked.
        case tooShort
        /// Times that go backwards or repeat, or that are given on some items and not on others.
        case invalidTime
        /// A file's format cannot be told from its name or first bytes, or is not one this reads.
        case unknownFormat
        /// A file cannot be opened, read or written.
        case unreadable
        /// Inputs that do not fit together (no overlap in time, two files for one sensor, a missing sensor).
        case incompatible
        /// `start` was called while the runner is already playing.
        case alreadyRunning
        /// FFTW could not plan or allocate a transform of this size.
        case fftFailure
    }

    /// What kind of problem this is.
    public var code: Code
    /// Human-readable explanation that names the value and the limit.
    public var message: String
    /// Where the problem is: file, line, column, JSON path, point index, field.
    public var location: ErrorLocation

    /// Creates an error at a JSON path (a spec or request body; `$` is the root).
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - path: JSON path of the offending node or field.
    ///   - message: Explanation naming the value and the limit.
    @usableFromInline
    package init(_ code: Code, path: String, _ message: String) {
        self.init(code, message, path: path)
    }

    /// Creates an error with the parts of its location that are known.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: Explanation naming the value and the rule.
    ///   - file: The file being read, if any.
    ///   - line: 1-based line, if known.
    ///   - column: 1-based column, if known.
    ///   - index: 0-based point index, if known.
    ///   - field: Column, parameter or channel, if any.
    ///   - path: JSON path, if any.
    @usableFromInline
    package init(
        _ code: Code, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
        index: Int? = nil, field: String? = nil, path: String? = nil
    ) {
        self.code = code
        self.message = message
        location = ErrorLocation(file: file, line: line, column: column, path: path, index: index, field: field)
    }

    /// The same error with the parts of the location it does not know taken from the caller's (the
    /// file, line or point index the reader knows).
    /// - Parameters:
    ///   - file: The file being read, if any.
    ///   - line: 1-based line, if known.
    ///   - index: 0-based point index, if known.
    /// - Returns: The error, located.
    public func located(file: String? = nil, line: Int? = nil, index: Int? = nil) -> SignalError {
        var copy = self
        copy.location = location.filling(from: ErrorLocation(file: file, line: line, index: index))
        return copy
    }
}

extension SignalError {
    /// The candidate closest to `word` within an edit distance of 2 (Levenshtein, case-insensitive), for
    /// "did you mean" messages: `closestName(to: "amplitdue", in: ["amplitude", "offset"])` is
    /// `"amplitude"`.
    /// - Parameters:
    ///   - word: What the user wrote.
    ///   - candidates: The names allowed there.
    /// - Returns: The nearest candidate (the first of equals), or `nil` when none is within distance 2.
    /// - Complexity: O(`word.count` × total length of `candidates`).
    public static func closestName(to word: String, in candidates: [String]) -> String? {
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            if a.isEmpty { return b.count }
            if b.isEmpty { return a.count }
            var row = Array(0...b.count)
            for i in 1...a.count {
                var previous = row[0]
                row[0] = i
                for j in 1...b.count {
                    let old = row[j]
                    row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                    previous = old
                }
            }
            return row[b.count]
        }
        let w = Array(word.lowercased())
        let scored = candidates.map { ($0, distance(w, Array($0.lowercased()))) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }
}

extension SignalError {
    /// The message for a name that is not one of `names`: `unknown <kind> "<name>" (did you mean
    /// "<closest>"?); the <plural> are "a", "b"` (the hint only when a name is close, see
    /// ``closestName(to:in:)``; `name` quoted to 40 characters).
    /// - Parameters:
    ///   - name: What the user wrote.
    ///   - kind: What it names (`"IMU preset"`).
    ///   - names: The names allowed, in the order to list them.
    ///   - plural: How the list is introduced (`"presets"`: "the presets are …").
    /// - Returns: The message.
    package static func unknownName(_ name: String, kind: String, names: [String], plural: String) -> String {
        var message = "unknown \(kind) \"\(quoted(name, limit: 40))\""
        if let guess = closestName(to: name, in: names) { message += " (did you mean \"\(guess)\"?)" }
        return message + "; the \(plural) are \(names.map { "\"\($0)\"" }.joined(separator: ", "))"
    }
}

extension SignalError {
    /// `text` cut to at most `limit` characters (with `…` at the cut), for quoting user input in a
    /// message without echoing megabytes of it back.
    /// - Parameters:
    ///   - text: What the user gave.
    ///   - limit: Largest number of characters kept (default 100).
    /// - Returns: `text`, or its first `limit − 1` characters and `…`.
    public static func quoted(_ text: some StringProtocol, limit: Int = 100) -> String {
        quotedForMessage(text, limit: limit)
    }
}
