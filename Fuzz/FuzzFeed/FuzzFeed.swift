import Formats
import Foundation
import FuzzSupport
import Location
import Playback
import SensorFeeds
import Signals

/// Fuzzes the wire formats the app-side client of a live server reads (`Sources/SensorFeeds/Remote`):
/// the WebSocket frame reader and the `/v1/ws` messages, the Server-Sent Events parser, the chunked
/// transfer decoder, and the `signals play` line and `GET /data` body readers.
///
/// The first byte chooses the mode (its low 2 bits) and a split point (its high 6 bits `h`: the rest is
/// cut at `count × h / 63`); the rest is the mode's input. Each streaming reader is fed the rest all at
/// once, in the two pieces around the split point, and in pieces of 1 to 7 bytes whose lengths come from
/// the input (the byte at each cut), and must give the same result every way:
/// - 0, WebSocket frames: the same messages and the same error (a `badResponse` with a bounded message)
///   or none; pings and close frames fit in 125 bytes; every text message that reads as a
///   ``WebSocketPointMessage`` has an id in `0 ..< 2⁶²` and a checked point, else a bounded `malformed`.
/// - 1, an event stream: the same items, equal to a plain reading by the WHATWG rules
///   (``EventStreamReference``); each event's data read as a point line gives a checked point or a
///   bounded `malformed`.
/// - 2, a chunked body: the same body, the same end (``ChunkedDecoder/isDone``) and the same error (a
///   bounded `badResponse`) or none; a body never longer than its input; a whole body read as a
///   `GET /data` body gives a checked point or a bounded `malformed`.
/// - 3, text: `RemotePoint(line:)`, `RemotePoint(data:fallbackTimestamp:)` and `WebSocketPointMessage`
///   give checked points or bounded `malformed` errors; a line that reads as a point, wrapped as
///   `{"id":7,"point":LINE}`, reads as that point with id 7.
///
/// A checked point has only finite numbers and a latitude and longitude in range. Nothing is allocated
/// beyond a few copies of the input.
enum FeedHarness {
    static func run(_ data: Data) {
        guard let control = data.first else { return }
        let input = Array(data.dropFirst())
        let feeds = pieces(input, split: input.count * Int(control >> 2) / 63, seed: control)
        switch control & 3 {
        case 0: webSocket(feeds)
        case 1: eventStream(input, feeds)
        case 2: chunked(feeds, inputCount: input.count)
        default: text(String(decoding: input, as: UTF8.self), fallbackTimestamp: Double(control))
        }
    }

    /// The ways `bytes` are fed: whole, in two pieces cut at `split`, and in pieces of 1 to 7 bytes whose
    /// lengths come from the bytes (and `seed`).
    static func pieces(_ bytes: [UInt8], split: Int, seed: UInt8) -> [[ArraySlice<UInt8>]] {
        var small: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + 1 + Int((bytes[start] ^ seed) % 7))
            small.append(bytes[start..<end])
            start = end
        }
        return [[bytes[...]], [bytes[..<split], bytes[split...]], small]
    }

    /// Describes how `bytes` were fed, for a failure message.
    static func describe(_ feed: [ArraySlice<UInt8>]) -> String {
        feed.count == 1
            ? "all at once"
            : "in \(feed.count) pieces of \(feed.prefix(12).map { "\($0.count)" }.joined(separator: ", "))\(feed.count > 12 ? ", …" : "") bytes"
    }

    // MARK: WebSocket frames

    struct FramesOutcome: Equatable {
        var messages: [WebSocketMessage] = []
        var error: SensorFeedsError?
    }

    static func webSocket(_ feeds: [[ArraySlice<UInt8>]]) {
        let outcomes = feeds.map(readFrames)
        for (feed, outcome) in zip(feeds, outcomes).dropFirst() {
            FuzzHarness.require(
                outcome == outcomes[0],
                """
                WebSocket frames fed \(describe(feed)) give \(summary(outcome)); all at once, \(summary(outcomes[0]))
                """)
        }
        for message in outcomes[0].messages {
            switch message {
            case .text(let text):
                checkMessage(text)
            case .binary:
                break
            case .ping(let payload):
                FuzzHarness.require(
                    payload.count <= 125, "a ping carries \(payload.count) bytes (a control frame holds at most 125)")
            case .close(let code, let reason):
                FuzzHarness.require(
                    reason.utf8.count <= 123 * 3, "a close frame's reason is \(reason.utf8.count) bytes")
                FuzzHarness.require(code != nil || reason.isEmpty, "a close frame has a reason and no code")
            }
        }
    }

    static func readFrames(_ feed: [ArraySlice<UInt8>]) -> FramesOutcome {
        var reader = WebSocketFrameReader()
        var outcome = FramesOutcome()
        for piece in feed {
            do throws(SensorFeedsError) {
                do throws(WireError) { try reader.feed(Array(piece), into: &outcome.messages) } catch {
                    throw SensorFeedsError(.badResponse, error.message)
                }
            } catch {
                FuzzHarness.requireBounded(error)
                FuzzHarness.require(
                    error.code == .badResponse && error.path == nil,
                    "a WebSocket protocol error is \(error.code) at \(error.path ?? "no path"): \(error)")
                outcome.error = error
                break
            }
        }
        let payload = outcome.messages.reduce(0) { total, message in
            switch message {
            case .text(let text): total + text.utf8.count
            case .binary(let bytes), .ping(let bytes): total + bytes.count
            case .close(_, let reason): total + reason.utf8.count
            }
        }
        FuzzHarness.require(
            payload <= feed.reduce(0) { $0 + $1.count } * 3,
            "messages of \(payload) bytes from \(feed.reduce(0) { $0 + $1.count }) bytes of frames")
        return outcome
    }

    static func summary(_ outcome: FramesOutcome) -> String {
        let kinds = outcome.messages.prefix(20).map { message in
            switch message {
            case .text(let text): "text(\(text.utf8.count) bytes)"
            case .binary(let bytes): "binary(\(bytes.count) bytes)"
            case .ping(let bytes): "ping(\(bytes.count) bytes)"
            case .close(let code, let reason): "close(\(code.map { "\($0)" } ?? "no code"), \(reason.utf8.count) bytes)"
            }
        }
        return
            "\(outcome.messages.count) messages [\(kinds.joined(separator: ", "))] and \(outcome.error.map { "the error '\($0)'" } ?? "no error")"
    }

    /// A `/v1/ws` text message: a note, a point with an id in range, or a bounded `malformed`.
    static func checkMessage(_ text: String) {
        do throws(SensorFeedsError) {
            switch try WebSocketPointMessage(text) {
            case .point(let id, let point):
                FuzzHarness.require(id >= 0 && id < 1 << 62, "a /v1/ws message has the id \(id)")
                check(point, "a /v1/ws message")
            case .note:
                break
            }
        } catch {
            FuzzHarness.requireBounded(error)
            FuzzHarness.require(error.code == .malformed, "a /v1/ws message fails with \(error.code): \(error)")
        }
    }

    // MARK: Server-Sent Events

    static func eventStream(_ input: [UInt8], _ feeds: [[ArraySlice<UInt8>]]) {
        let expected = EventStreamReference.items(input)
        for feed in feeds {
            var parser = SSEParser()
            var items: [SSEParser.Item] = []
            for piece in feed { parser.feed(piece, into: &items) }
            let read = items.map(EventStreamReference.Item.init)
            FuzzHarness.require(
                read == expected,
                """
                an event stream fed \(describe(feed)) gives \(read.count) items, the WHATWG rules \(expected.count):
                \(read.prefix(8))
                \(expected.prefix(8))
                """)
        }
        for case .event(_, let data) in expected {
            line(data, "an event's data")
        }
    }

    // MARK: Chunked transfer coding

    struct ChunkedOutcome: Equatable {
        var body: [UInt8] = []
        var isDone = false
        var error: SensorFeedsError?
    }

    static func chunked(_ feeds: [[ArraySlice<UInt8>]], inputCount: Int) {
        let outcomes = feeds.map { feed in
            var decoder = ChunkedDecoder()
            var outcome = ChunkedOutcome()
            for piece in feed {
                do throws(SensorFeedsError) {
                    do throws(WireError) { try decoder.feed(piece, into: &outcome.body) } catch {
                        throw SensorFeedsError(.badResponse, error.message)
                    }
                } catch {
                    FuzzHarness.requireBounded(error)
                    FuzzHarness.require(
                        error.code == .badResponse && error.path == nil,
                        "a chunked framing error is \(error.code): \(error)")
                    outcome.error = error
                    break
                }
            }
            outcome.isDone = decoder.isDone
            FuzzHarness.require(
                outcome.body.count <= inputCount,
                "a chunked body of \(outcome.body.count) bytes from \(inputCount) bytes")
            return outcome
        }
        for (feed, outcome) in zip(feeds, outcomes).dropFirst() {
            FuzzHarness.require(
                outcome == outcomes[0],
                """
                a chunked body fed \(describe(feed)) gives \(outcome.body.count) bytes, \(outcome.isDone ? "done" : "not done"), \
                \(outcome.error.map { "'\($0)'" } ?? "no error"); all at once, \(outcomes[0].body.count) bytes, \
                \(outcomes[0].isDone ? "done" : "not done"), \(outcomes[0].error.map { "'\($0)'" } ?? "no error")
                """)
        }
        if outcomes[0].isDone {
            body(String(decoding: outcomes[0].body, as: UTF8.self), fallbackTimestamp: 0.5)
        }
    }

    // MARK: Points

    static func text(_ text: String, fallbackTimestamp: Double) {
        if let point = line(text, "a point line"), !text.hasPrefix("\u{FEFF}") {
            do throws(SensorFeedsError) {
                let message = try WebSocketPointMessage("{\"id\":7,\"point\":\(text)}")
                FuzzHarness.require(
                    message == .point(id: 7, point),
                    "a point line wrapped as a /v1/ws message reads as \(message), not \(point)")
            } catch {
                FuzzHarness.fail("a point line wrapped as a /v1/ws message fails: \(error)")
            }
        }
        body(text, fallbackTimestamp: fallbackTimestamp)
        checkMessage(text)
    }

    /// A `signals play` line: a checked point or a bounded `malformed`.
    @discardableResult
    static func line(_ text: String, _ what: String) -> RemotePoint? {
        do throws(SensorFeedsError) {
            let point = try RemotePoint(line: text)
            check(point, what)
            return point
        } catch {
            FuzzHarness.requireBounded(error)
            FuzzHarness.require(error.code == .malformed, "\(what) fails with \(error.code): \(error)")
            return nil
        }
    }

    /// A `GET /data` body: a checked point or a bounded `malformed`.
    static func body(_ text: String, fallbackTimestamp: Double) {
        do throws(SensorFeedsError) {
            check(try RemotePoint(data: text, fallbackTimestamp: fallbackTimestamp), "a /data body")
        } catch {
            FuzzHarness.requireBounded(error)
            FuzzHarness.require(error.code == .malformed, "a /data body fails with \(error.code): \(error)")
        }
    }

    /// Every number of `point` is finite; its latitude and longitude are in range.
    static func check(_ point: RemotePoint, _ what: String) {
        var numbers = [point.timestamp]
        if let m = point.motion {
            numbers += [
                m.timestamp, m.userAcceleration.x, m.userAcceleration.y, m.userAcceleration.z,
                m.gravity.x, m.gravity.y, m.gravity.z, m.rotationRate.x, m.rotationRate.y, m.rotationRate.z,
            ]
            if let q = m.attitude { numbers += [q.w, q.x, q.y, q.z] }
        }
        if let l = point.location {
            numbers += [
                l.timestamp, l.latitude, l.longitude, l.altitude, l.horizontalAccuracy, l.verticalAccuracy, l.speed,
                l.course,
            ]
            FuzzHarness.require(
                (-90...90).contains(l.latitude) && (-180...180).contains(l.longitude),
                "\(what) gives the location \(l.latitude), \(l.longitude)")
        }
        FuzzHarness.require(numbers.allSatisfy(\.isFinite), "\(what) gives a non-finite number: \(point)")
    }
}

@main
enum Main {
    static func main() { FuzzHarness.main(FeedHarness.run) }
}
