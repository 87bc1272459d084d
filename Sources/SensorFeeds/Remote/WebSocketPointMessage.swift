import Formats
import InternalUtilities
import Signals

/// A `/v1/ws?ids=true` text message: `{"id": INDEX, "point": LINE}` or `{"note": TEXT}`, read strictly
/// (the message by `StreamMessage`, its codec in Formats; the point by `RemotePoint`).
package enum WebSocketPointMessage: Sendable, Hashable {
    /// A point and its index on the server's timeline.
    case point(id: Int, RemotePoint)
    /// A note from the server (points missed, a resume from another timeline).
    case note(String)

    /// Reads a message.
    /// - Throws: ``SensorFeedsError`` (`malformed`) naming the JSON path and quoting the text.
    package init(_ text: String) throws(SensorFeedsError) {
        do throws(SignalError) {
            switch try StreamMessage.read(text) {
            case .note(let note): self = .note(note)
            case .point(let id, let point): self = .point(id: id, try RemotePoint.point(point, path: "$.point"))
            }
        } catch {
            throw SensorFeedsError(
                .malformed, "\(error.message) (in '\(SignalError.quoted(text, limit: 100))')", path: error.path)
        }
    }
}
