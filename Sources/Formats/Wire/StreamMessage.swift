import InternalUtilities
import SensorData

/// The text messages of the live server's `/v1/ws?ids=true` stream, written by the server's fan-out and
/// read by the client (`SensorFeeds`' `WebSocketPointMessage`): one of
///
/// ```json
/// {"id":7,"point":{"timestamp":0.07,…}}
/// {"note":"missed 5 points older than the replay buffer"}
/// ```
///
/// The point is a point line (its own codec); `id` is its index on the server's timeline.
package enum StreamMessage {
    /// A message read: a point (its index and its JSON, for the point reader) or a note.
    package enum Read: Sendable, Hashable {
        /// A point: its index `0 ..< 2⁶²` and its JSON value.
        case point(id: Int, JSONValue)
        /// A note from the server.
        case note(String)
    }

    /// The text before a point's line: `{"id":N,"point":`. The line and ``pointEnd`` follow.
    /// - Parameter id: The point's index on the timeline.
    package static func pointHead(id: Int) -> String { "{\"id\":\(id),\"point\":" }

    /// The text after a point's line.
    package static let pointEnd = "}"

    /// A whole point message around `line` (a point's JSON object).
    package static func point(id: Int, line: String) -> String { pointHead(id: id) + line + pointEnd }

    /// A note message: `{"note":TEXT}`, the text JSON-escaped.
    package static func note(_ text: String) -> String { "{\"note\":" + JSONValue.string(text).serialized + "}" }

    /// Reads a message strictly: exactly `{"note": string}` or `{"id": index, "point": value}`.
    /// - Throws: `SignalError` (`malformed`, `unknownField`, `missingField`) naming the JSON path.
    package static func read(_ text: String) throws(SignalError) -> Read {
        let value = try JSONValue.parse(text)
        if let note = value.object?["note"] {
            _ = try JSONFields(value, path: "$", what: "a /v1/ws note", fields: ["note"])
            guard let note = note.string else {
                throw SignalError(.malformed, path: "$.note", "a note is a string, got \(note.kindDescription)")
            }
            return .note(note)
        }
        let f = try JSONFields(value, path: "$", what: "a /v1/ws message", fields: ["id", "point"])
        let id = try f.number("id")
        guard id >= 0, id < 0x1p62, id == id.rounded() else {
            throw SignalError(.malformed, path: "$.id", "'id' must be a point index, got \(id)")
        }
        return .point(id: Int(id), try f.required("point"))
    }
}
