import Foundation
import Playback
import Signals

/// Everything the `signals` tool and the live server accept as a spec, decoded in one place.
///
/// A spec document is one JSON object. Its key names what it describes:
/// - a signal node (`sine`, `sum`, `axes`, ..., see ``SignalNode``), including `motion`
///   (nine channels: user acceleration, gravity, rotation rate).
///
/// Decoding is strict everywhere (see the package's JSON rules: no duplicate keys, trailing commas,
/// `null`s, unknown fields or non-finite numbers), and every error names the JSON path.
///
/// ```swift
/// let document = try SpecDocument.decode(json: Data(#"{"sine": {"frequency": 5}}"#.utf8))
/// ```
public enum SpecDocument: Sendable, Hashable {
    /// A signal (one channel, axes, channels or a motion).
    case signal(AnySignal)

    /// The document's signal, when it is one.
    public var signal: AnySignal? {
        switch self {
        case .signal(let s): s
        }
    }

    /// Decodes a document from JSON bytes.
    /// - Throws: ``SignalError`` with the JSON path (and line and column of a syntax error).
    public static func decode(json data: Data) throws(SignalError) -> SpecDocument {
        let value = try JSONValue.parse(data)
        return try decode(value)
    }

    /// Decodes a parsed document: dispatches on its key.
    /// - Throws: ``SignalError`` with the JSON path.
    package static func decode(_ value: JSONValue) throws(SignalError) -> SpecDocument {
        .signal(AnySignal(node: try SignalNode(json: value, path: "$")))
    }

    /// The largest spec read, in bytes: 64 MiB.
    public static let sizeLimit = 64 << 20

    /// Reads and decodes the spec an opened input holds, naming the input in every error.
    /// - Throws: ``SpecDocumentError`` naming the input: not a spec (a point file, a `.npy` array), too
    ///   large, unreadable, or an invalid spec (with its JSON path).
    package static func load(_ input: InputSource) throws(SpecDocumentError) -> SpecDocument {
        switch InputKind.detect(name: input.path, head: input.head) {
        case .points:
            throw SpecDocumentError("\(input.name): this is a point file, not a spec; `signals play` plays it")
        case .npy:
            throw SpecDocumentError("\(input.name): this is a .npy array, not a spec; pass it to verify or plot with --input")
        case .gpx:
            throw SpecDocumentError("\(input.name): this is a GPX file, not a signal spec")
        case .spec, nil:
            break
        }
        let data: Data
        do {
            data = try input.data(limit: sizeLimit)
        } catch {
            throw SpecDocumentError(error.description)
        }
        do {
            return try decode(json: data)
        } catch {
            throw SpecDocumentError("\(input.name): \(error.description)")
        }
    }
}

/// A spec that could not be loaded, with a message that names the input and the problem.
public struct SpecDocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `FILE: $.path: message`.
    public var message: String

    /// Creates an error.
    /// - Parameter message: The whole message, naming the input.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
