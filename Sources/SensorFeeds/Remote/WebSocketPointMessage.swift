import Signals
import InternalUtilities
import Formats

/// A `/v1/ws?ids=true` text message: `{"id": INDEX, "point": LINE}` or `{"note": TEXT}`, read strictly.
package enum WebSocketPointMessage: Sendable, Hashable {
    /// A point and its index on the server's timeline.
    case point(id: Int, RemotePoint)
    /// A note from the server (points missed, a resume from another timeline).
    case note(String)

    /// Reads a message.
    /// - Throws: ``SensorFeedsError`` (`malformed`) naming the JSON path and quoting the text.
    package init(_ text: String) throws(SensorFeedsError) {
        do throws(SignalError) {
            let value = try JSONValue.parse(text)
            if let note = value.object?["note"] {
                _ = try JSONFields(value, path: "$", what: "a /v1/ws note", fields: ["note"])
                guard let note = note.string else { throw SignalError(.malformed, path: "$.note", "a note is a string, got \(note.kindDescription)") }
                self = .note(note)
                return
            }
            let f = try JSONFields(value, path: "$", what: "a /v1/ws message", fields: ["id", "point"])
            let id = try f.number("id")
            guard id >= 0, id < 0x1p62, id == id.rounded() else { throw SignalError(.malformed, path: "$.id", "'id' must be a point index, got \(id)") }
            self = .point(id: Int(id), try RemotePoint.point(try f.required("point"), path: "$.point"))
        } catch {
            throw SensorFeedsError(.malformed, "\(error.message) (in '\(SignalError.quoted(text, limit: 100))')", path: error.path)
        }
    }
}
