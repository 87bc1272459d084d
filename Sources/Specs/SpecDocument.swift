import Foundation
import Playback
import Sensors
import Signals

/// Everything the `signals` tool and the live server accept as a spec, decoded in one place.
///
/// A spec document is one JSON object. Its key names what it describes:
/// - a signal node (`sine`, `sum`, `axes`, ..., see ``SignalNode``), including `motion`
///   (nine channels: user acceleration, gravity, rotation rate; 13 with an attitude);
/// - `imu`: an IMU error model over a motion (six channels, see `IMU`).
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
    /// An IMU: accelerometer and gyroscope readings of a motion with realistic errors (six channels).
    case imu(IMU)

    /// The document's signal, when it is one.
    public var signal: AnySignal? {
        switch self {
        case .signal(let s): s
        case .imu: nil
        }
    }

    /// The document's IMU, when it is one.
    public var imu: IMU? {
        switch self {
        case .signal: nil
        case .imu(let i): i
        }
    }

    /// The key naming the document's kind (`imu`, or the signal node's kind).
    public var kind: String {
        switch self {
        case .signal(let s): s.node.kind
        case .imu: "imu"
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
        if case .object(let object) = value, object.keys.contains("imu") {
            let f = try JSONFields(value, path: "$", what: "an IMU spec (one key, 'imu')", fields: ["imu"])
            return .imu(try IMU(json: try f.required("imu"), path: "$.imu"))
        }
        if case .object(let object) = value, object.count == 1, let key = object.keys.first, !SignalNode.kinds.contains(key),
           SignalError.closestName(to: key, in: SignalNode.kinds + ["imu"]) == "imu" {
            throw SignalError(.unknownNode, path: "$.\(SignalError.quoted(key, limit: 40))",
                              "unknown spec kind '\(SignalError.quoted(key, limit: 40))' (did you mean 'imu'?); a spec is 'imu' or a signal node (\(SignalNode.kinds.joined(separator: ", ")))")
        }
        return .signal(AnySignal(node: try SignalNode(json: value, path: "$")))
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
