import Formats
import Foundation
import InternalUtilities
import Signals
import Synchronization

/// Decimation to `rate` points per second by taking points, never averaging: a point is kept when it
/// is the first at or after a tick `k / rate` (a tolerance of 10⁻⁶ of a tick absorbs the rounding of
/// `index / sourceRate`), so a 1 kHz stream at 50 Hz gives samples 0, 20, 40, … exactly.
struct TickFilter {
    let rate: Double?
    private var lastTick: Double?

    init(rate: Double?) { self.rate = rate }

    /// Whether the point at `timestamp` (seconds) is delivered.
    mutating func keep(_ timestamp: Double) -> Bool {
        guard let rate else { return true }
        let tick = (timestamp * rate + 1e-6).rounded(.down)
        if let lastTick, tick <= lastTick { return false }
        lastTick = tick
        return true
    }
}

/// A reconnecting client of a running `signals serve`: it reads `GET /v1/stream` (Server-Sent Events,
/// for an `http://` address) or `GET /v1/ws?ids=true` (a WebSocket, for a `ws://` address) on its own
/// thread and hands every point to `deliver`, in order, as it arrives (decimated to the update interval
/// by ``TickFilter``).
///
/// - Reconnects after any failure with exponential backoff (50 ms doubling to 2 s), resuming after the
///   index of the last point read (`Last-Event-ID` for SSE, `&after=` for the WebSocket, whose
///   `{"id", "point"}` messages carry the index), so the server replays what was missed while it is
///   still in its replay buffer (10 s by default): no point is lost across a restart of the server's
///   HTTP side, nor a dropped connection.
/// - Falls back to polling `GET /data` at the update interval when the server has no stream (404, 405,
///   501, or a 200 that is not `text/event-stream`, as the original server), and tries the stream again
///   after the polling fails.
/// - The WebSocket side is RFC 6455's client: a checked `Sec-WebSocket-Accept`, masked frames, pings
///   answered, a close answered, and the server's frames read strictly (`WebSocketFrameReader`).
/// - Reports every failure (refused connection, broken stream, bad JSON, a server note of missed points)
///   to `fail` as a transient ``SensorFeedsError``, and keeps going until ``stop()``.
///
/// Transport: a small HTTP/1.1 reader on POSIX sockets (``SocketConnection``, ``HTTPResponseReader``), the same on
/// Linux and Apple platforms, plain HTTP only (loopback or a LAN; no TLS). FoundationNetworking's
/// `URLSession` data delegate was tried on Linux and does deliver SSE incrementally (one callback per
/// event at 100 Hz); the socket reader was kept for its immediate, deterministic stop (a wake-up pipe in
/// the same `poll`), explicit `Last-Event-ID` and framing control, and no SwiftNIO. A `URLSession`
/// transport (for TLS on Apple platforms) would replace ``HTTPResponseReader`` only.
///
/// Time: the server paces the points on its own timeline; the client re-times nothing. Each point keeps
/// the server's timestamp and is delivered as soon as it arrives, so its local delivery instant is its
/// server deadline plus the network delay (measured in the bench), and no error accumulates over a long
/// run. Points replayed after a reconnect are late, and are delivered at once, in order. Polling runs
/// at absolute instants `start + k · interval` on the monotonic clock, so it does not drift either.
final class LiveServerClient: Sendable {
    let address: ServerAddress
    /// Points per second delivered (decimated here, see ``TickFilter``), or `nil` for every point.
    let rate: Double?
    /// Seconds between polls of `/data` when streaming is unavailable.
    let pollInterval: Double
    private let deliver: @Sendable (RemotePoint) -> Void
    private let fail: @Sendable (SensorFeedsError) -> Void
    private let wakeup: Wakeup
    /// The index of the last point read, and the decimation (used by the reading thread only).
    private let state: Mutex<(lastID: Int?, ticks: TickFilter)>

    /// Seconds allowed to connect and to receive a response head.
    static let connectTimeout = 2.0
    /// The first and the longest wait between attempts (seconds).
    static let backoff = (first: 0.05, longest: 2.0)

    /// A client of `address` (not started).
    /// - Throws: ``SensorFeedsError`` when the pipe that stops it cannot be made.
    init(
        address: ServerAddress, rate: Double?, pollInterval: Double,
        deliver: @escaping @Sendable (RemotePoint) -> Void,
        fail: @escaping @Sendable (SensorFeedsError) -> Void
    ) throws(SensorFeedsError) {
        self.address = address
        self.rate = rate.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.pollInterval = pollInterval.isFinite && pollInterval > 0 ? min(pollInterval, 3600) : 0.1
        self.deliver = deliver
        self.fail = fail
        state = Mutex((lastID: nil, ticks: TickFilter(rate: self.rate)))
        wakeup = try Wakeup()
    }

    /// The index of the last point read (the next `Last-Event-ID`).
    var lastEventID: Int? { state.withLock { $0.lastID } }

    /// Starts reading on a new thread.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "SensorFeeds.LiveServerClient"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    /// Stops reading: a blocked read or backoff wait ends at once; the thread then exits without
    /// delivering anything more (the manager's gate also guarantees it).
    func stop() { wakeup.signal() }

    private var stopped: Bool { wakeup.isSignalled }

    /// Whether the point at `timestamp` passes the decimation.
    private func keep(_ timestamp: Double) -> Bool { state.withLock { $0.ticks.keep(timestamp) } }

    private func run() {
        var failures = 0
        var polling = false
        while !stopped {
            do {
                if polling {
                    try poll(onData: { failures = 0 })
                } else {
                    switch address.transport {
                    case .serverSentEvents: polling = try stream(onData: { failures = 0 })
                    case .webSocket: polling = try webSocket(onData: { failures = 0 })
                    }
                    if !polling { failures = 0 }  // the server ended the stream cleanly: reconnect at once
                    continue
                }
            } catch {
                if stopped || error == HTTPResponseReader.stopped { return }
                fail(error)
                polling = false
            }
            let wait = min(
                LiveServerClient.backoff.longest, LiveServerClient.backoff.first * pow(2, Double(min(failures, 16))))
            failures += 1
            if wakeup.wait(seconds: wait) { return }
        }
    }

    /// Reads `/v1/stream` until it ends.
    /// - Returns: `true` when the server has no stream (poll instead).
    private func stream(onData: () -> Void) throws(SensorFeedsError) -> Bool {
        // Every point is asked for and decimated here: the point due at each tick is then the one at the
        // tick itself (the server's own `?rate=` floors `t · rate` without a tolerance, and so can take
        // the sample after the tick, e.g. 581 instead of 580 at 50 Hz from 1 kHz).
        let query = ""
        var headers = [("Accept", "text/event-stream"), ("Cache-Control", "no-store")]
        if let id = lastEventID { headers.append(("Last-Event-ID", String(id))) }
        let http = try HTTPResponseReader(
            address, path: "/v1/stream" + query, headers: headers,
            timeout: LiveServerClient.connectTimeout, wakeup: wakeup)
        if [404, 405, 501].contains(http.status) { return true }
        guard http.status == 200 else {
            let body = (try? http.readAll(limit: 4096, timeout: 1)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            if http.status == 401 { throw unauthorized("GET /v1/stream", body: body) }
            throw SensorFeedsError(
                .badResponse, "GET /v1/stream answered \(http.status): \(SignalError.quoted(body, limit: 100))")
        }
        guard http.headers["content-type"]?.lowercased().hasPrefix("text/event-stream") == true else { return true }
        onData()
        var parser = SSEParser()
        var items: [SSEParser.Item] = []
        while true {
            switch try http.readBody(timeout: 1) {
            case .bytes(let bytes):
                parser.feed(bytes, into: &items)
                for item in items { handle(item) }
                items.removeAll(keepingCapacity: true)
            case .timedOut: continue
            case .stopped: throw HTTPResponseReader.stopped
            case .end: throw SensorFeedsError(.serverGone, "the server ended the stream")
            }
        }
    }

    private func handle(_ item: SSEParser.Item) {
        switch item {
        case .dropped(let why):
            fail(SensorFeedsError(.badResponse, "the server sent \(why)"))
        case .comment(let text):
            if text.contains("missed") || text.contains("not on this timeline") {
                fail(SensorFeedsError(.missedPoints, "the server says: \(SignalError.quoted(text, limit: 200))"))
            }
        case .event(let event):
            if let text = event.id, let id = Int(text) { state.withLock { $0.lastID = id } }
            do {
                let point = try RemotePoint(line: event.data)
                if keep(point.timestamp), !stopped { deliver(point) }
            } catch {
                fail(error)
            }
        }
    }

    /// Reads `/v1/ws?ids=true` (resuming with `&after=` the last point read) until it ends.
    /// - Returns: `true` when the server has no WebSocket endpoint (poll instead).
    private func webSocket(onData: () -> Void) throws(SensorFeedsError) -> Bool {
        var query = "?ids=true"
        if let id = lastEventID { query += "&after=\(id)" }
        let key = WebSocketProtocol.makeKey()
        let headers = [
            ("Connection", "Upgrade"), ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13"),
            ("Sec-WebSocket-Key", key),
        ]
        let http = try HTTPResponseReader(
            address, path: "/v1/ws" + query, headers: headers, timeout: LiveServerClient.connectTimeout, wakeup: wakeup)
        if [404, 405, 501].contains(http.status) { return true }
        guard http.status == 101 else {
            let body = (try? http.readAll(limit: 4096, timeout: 1)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            if http.status == 401 { throw unauthorized("GET /v1/ws", body: body) }
            throw SensorFeedsError(
                .badResponse,
                "GET /v1/ws answered \(http.status) instead of switching to a WebSocket: \(SignalError.quoted(body, limit: 100))"
            )
        }
        guard http.headers["upgrade"]?.lowercased() == "websocket",
            http.headers["connection"]?.lowercased().contains("upgrade") == true,
            http.headers["sec-websocket-accept"] == WebSocketProtocol.accept(for: key)
        else {
            throw SensorFeedsError(
                .badResponse,
                "the server's WebSocket handshake is invalid (Upgrade, Connection or Sec-WebSocket-Accept does not match RFC 6455)"
            )
        }
        http.upgraded()
        onData()
        var reader = WebSocketFrameReader()
        var messages: [WebSocketMessage] = []
        while true {
            switch try http.readBody(timeout: 1) {
            case .bytes(let bytes):
                do { try reader.feed(bytes, into: &messages) } catch {
                    throw SensorFeedsError(.badResponse, error.message)
                }
                for message in messages {
                    switch message {
                    case .text(let text): handle(webSocketText: text)
                    case .binary:
                        fail(
                            SensorFeedsError(
                                .malformed, "a binary WebSocket message (the server sends points as text); skipped"))
                    case .ping(let data): try http.send(WebSocketProtocol.clientFrame(.pong, data))
                    case .close(let code, let reason):
                        try? http.send(WebSocketProtocol.closeFrame(code: code ?? 1000))
                        let why =
                            code.map {
                                " (\($0)\(reason.isEmpty ? "" : ": " + SignalError.quoted(reason, limit: 100)))"
                            } ?? ""
                        throw SensorFeedsError(.serverGone, "the server closed the WebSocket\(why)")
                    }
                }
                messages.removeAll(keepingCapacity: true)
            case .timedOut: continue
            case .stopped:
                try? http.send(WebSocketProtocol.closeFrame())
                throw HTTPResponseReader.stopped
            case .end: throw SensorFeedsError(.serverGone, "the server ended the WebSocket without a close frame")
            }
        }
    }

    /// One `/v1/ws?ids=true` message: a point (its index remembered for the resume) or a note.
    private func handle(webSocketText text: String) {
        do {
            switch try WebSocketPointMessage(text) {
            case .note(let note): handle(.comment(note))
            case .point(let id, let point):
                state.withLock { $0.lastID = id }
                if keep(point.timestamp), !stopped { deliver(point) }
            }
        } catch {
            fail(error)
        }
    }

    /// The error of a 401 answer to `request`: the server wants its token, and this client sent none, or
    /// another one. It names the status and the token (never quoting it), and quotes the server's reason.
    private func unauthorized(_ request: String, body: String) -> SensorFeedsError {
        let reason = (try? JSONValue.parse(Data(body.utf8)))?.object?["error"]?.string ?? body
        let said = reason.isEmpty ? "" : " (the server says: '\(SignalError.quoted(reason, limit: 200))')"
        if address.token == nil {
            return SensorFeedsError(
                .unauthorized,
                "\(request) answered 401 Unauthorized: the server was started with a token (signals serve --token) and this source sent none; give it as .server(url, token: TOKEN) or ?token=TOKEN in the URL\(said)"
            )
        }
        return SensorFeedsError(
            .unauthorized,
            "\(request) answered 401 Unauthorized: the server refused the token given, which is not the one signals serve --token was started with\(said)"
        )
    }

    /// Polls `/data` at ``pollInterval`` until a request fails.
    private func poll(onData: () -> Void) throws(SensorFeedsError) {
        let start = Monotonic.now()
        var tick: Int64 = 0
        var last: Double?
        let step = Int64(pollInterval * 1e9)
        while !stopped {
            let http = try HTTPResponseReader(
                address, path: "/data", timeout: LiveServerClient.connectTimeout, wakeup: wakeup)
            let body = try http.readAll(limit: 1 << 20, timeout: LiveServerClient.connectTimeout)
            guard http.status == 200 else {
                if http.status == 401 { throw unauthorized("GET /data", body: String(decoding: body, as: UTF8.self)) }
                throw SensorFeedsError(
                    .badResponse,
                    "GET /data answered \(http.status): \(SignalError.quoted(String(decoding: body, as: UTF8.self), limit: 100))"
                )
            }
            onData()
            let local = Double(Monotonic.now() - start) / 1e9
            do {
                let point = try RemotePoint(data: String(decoding: body, as: UTF8.self), fallbackTimestamp: local)
                if point.timestamp != last, keep(point.timestamp), !stopped { deliver(point) }
                last = point.timestamp
            } catch {
                fail(error)
            }
            // The next poll at start + k · interval (skipping ticks already past: no burst).
            let now = Monotonic.now() - start
            tick = max(tick + 1, now / max(step, 1) + 1)
            let due = Double(tick * step) / 1e9
            if wakeup.wait(seconds: max(0, due - Double(now) / 1e9)) { return }
        }
    }
}
