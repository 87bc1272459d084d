/// What the package's three error types share: a machine-readable code, a message that names the value
/// and the limit, and an ``ErrorLocation`` whose parts read as properties of the error.
///
/// ``SignalError`` (every bad input), `SensorFeedsError` (a connection to a server) and `LiveServerError`
/// (a request refused for a reason of HTTP) conform.
///
/// ```swift
/// func report(_ error: some LocatedError) {
///     print(error)                          // walk.csv:12: point 10: timestamp 0.3 s is before …
///     print(error.file ?? "-", error.line ?? 0)
/// }
/// ```
@dynamicMemberLookup
public protocol LocatedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problem of this error type.
    associatedtype Code: Sendable, Hashable

    /// What kind of problem this is.
    var code: Code { get }
    /// Human-readable explanation that names the value and the limit.
    var message: String { get }
    /// Where the problem is: file, line, column, JSON path, point index, field.
    var location: ErrorLocation { get set }
}

extension LocatedError {
    /// A part of ``location``, read or set as a property of the error: `error.path`, `error.line`.
    /// - Parameter keyPath: The part of the location.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<ErrorLocation, Value>) -> Value {
        get { location[keyPath: keyPath] }
        set { location[keyPath: keyPath] = newValue }
    }

    /// The location, then the message, ready to print: `$.sine.frequency: 600 Hz is …`,
    /// `walk.csv:12: point 10: timestamp 0.3 s is before …`, `spec.json: $: line 3, column 5: not valid JSON: …`.
    public var description: String { location.prefixing(message) }
}
