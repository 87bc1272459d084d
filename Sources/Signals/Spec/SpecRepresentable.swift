/// A signal that has a JSON spec: it stands for a ``SignalNode`` tree and can be rebuilt from one.
///
/// Every built-in signal, the combinators over spec signals, and ``AnySignal`` adopt it; a signal of
/// your own need not (``Signal`` asks only for rendering). A spec signal is `Codable` through its node:
///
/// ```swift
/// let wave = Sum { Sine(amplitude: 2, frequency: 1); Square(frequency: 5) }
/// let json = wave.node.json()                          // {"sum": [{"sine": ...}, {"square": ...}]}
/// let again = try JSONDecoder().decode(type(of: wave), from: json)   // == wave
/// ```
///
/// Decoding a value's own encoding always gives the value back: builder loops, optionals and
/// conditionals each encode as one term (a nested `sum` for a loop), so a decoder never has to guess
/// how many terms a part takes.
public protocol SpecRepresentable: Signal, Codable, Hashable {
    /// The spec tree this signal stands for.
    var node: SignalNode { get }

    /// Rebuilds the signal from a spec tree.
    /// - Throws: `SignalError` when the node does not describe a value of this type.
    init(node: SignalNode) throws(SignalError)
}

extension SpecRepresentable {
    /// The node's channel count.
    public var channelCount: Int { node.channelCount }

    /// Validates the node (see ``SignalNode/validate(_:)``), with JSON paths.
    public func validate(_ context: ValidationContext) throws(SignalError) -> Double? {
        try node.validate(context)
    }

    /// Decodes the signal from the JSON spec format (see ``SignalNode``).
    public init(from decoder: any Decoder) throws {
        try self.init(node: SignalNode(from: decoder))
    }

    /// Encodes the signal in the JSON spec format (see ``SignalNode``).
    public func encode(to encoder: any Encoder) throws {
        try node.encode(to: encoder)
    }
}
