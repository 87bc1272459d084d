import InternalUtilities
/// The one error type of the `Signals` module: everything a user can type, load or pass in throws it.
///
/// Each error carries a machine-readable ``Code``, the JSON path of the offending node or field
/// (`$` for the root, for example `$.sum[1].sine.amplitude`), and a human-readable message that
/// names the value and the limit it broke.
///
/// ```swift
/// do { _ = try Sine(frequency: 600).render(sampleRate: 1000, duration: 1) }
/// catch let error as SignalError { print(error) }   // $.sine.frequency: 600 Hz is at or above ...
/// ```
public struct SignalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    public enum Code: String, Sendable, Hashable, Codable {
        /// The JSON is not well formed, or a value has the wrong JSON type.
        case malformed
        /// A node name that is not one of the known signal kinds.
        case unknownNode
        /// A field that the node does not have (often a typo such as `amplitdue`).
        case unknownField
        /// A field that the node requires is absent.
        case missingField
        /// A parameter is NaN or infinite.
        case nonFinite
        /// A parameter is outside its allowed range (duty cycle, negative frequency, ...).
        case outOfRange
        /// A frequency at or above the Nyquist frequency (`sampleRate / 2`).
        case aliasing
        /// The sample rate, duration, start or frame count of a render is invalid.
        case invalidRender
        /// Channel counts of combined signals do not match.
        case channelMismatch
        /// The render would not fit in memory; stream it instead.
        case tooLarge
    }

    /// What kind of problem this is.
    public var code: Code
    /// JSON path of the node or field at fault (`$` is the root signal).
    public var path: String
    /// Human-readable explanation that names the value and the limit.
    public var message: String
    /// 1-based line of a JSON syntax error in its document, else `nil`.
    public var line: Int?
    /// 1-based column (in bytes) of a JSON syntax error in its line, else `nil`.
    public var column: Int?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - path: JSON path of the offending node or field.
    ///   - message: Explanation naming the value and the limit.
    public init(_ code: Code, path: String = "$", _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// `path: message`, or `path: line L, column C: message` for a syntax error, ready to print.
    public var description: String {
        guard let line, let column else { return "\(path): \(message)" }
        return "\(path): line \(line), column \(column): \(message)"
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
            var row = Array(0 ... b.count)
            for i in 1 ... a.count {
                var previous = row[0]
                row[0] = i
                for j in 1 ... b.count {
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
