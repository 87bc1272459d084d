import InternalUtilities

/// The state of a ``LiveFeed``, as `GET /v1/status` serves it:
/// `{"sampleRate", "index", "timestamp", "paused", "speed", "clients": {"sse", "ws", "polling"},
/// "lateness": {"p50", "p99", "max"}}`.
///
/// ```swift
/// let status = feed.status
/// print(status.index, status.lateness.p99)   // 1234 41.0 (µs)
/// ```
public struct FeedStatus: Sendable, Hashable {
    /// Connected clients by kind.
    public struct Clients: Sendable, Hashable {
        /// Open `/v1/stream` (SSE) connections.
        public var sse: Int
        /// Open `/v1/ws` (WebSocket) connections.
        public var ws: Int
        /// Connections that polled `/data` or `/v1/point` in the last 2 s of the feed's clock.
        public var polling: Int
    }

    /// Lateness of the playback thread: from each point's deadline to the moment it was made, in µs.
    public struct Lateness: Sendable, Hashable {
        /// Median (µs).
        public var p50: Double
        /// 99th percentile (µs).
        public var p99: Double
        /// Largest (µs).
        public var max: Double
    }

    /// Points per second of the current source (Hz): the feed's rate for a spec, the mean rate of a
    /// point file.
    public var sampleRate: Double
    /// Index of the newest point (−1 before the first).
    public var index: Int
    /// Timestamp of the newest point in seconds (0 before the first).
    public var timestamp: Double
    /// Whether the timeline is paused.
    public var paused: Bool
    /// The playback speed.
    public var speed: Double
    /// Connected clients.
    public var clients: Clients
    /// Lateness of the current run.
    public var lateness: Lateness

    /// The JSON object, keys in the contract's order.
    public var json: String {
        JSONValue.object([
            "sampleRate": .number(sampleRate), "index": .number(index), "timestamp": .number(timestamp),
            "paused": .bool(paused), "speed": .number(speed),
            "clients": .object([
                "sse": .number(clients.sse), "ws": .number(clients.ws), "polling": .number(clients.polling),
            ]),
            "lateness": .object([
                "p50": .number(lateness.p50), "p99": .number(lateness.p99), "max": .number(lateness.max),
            ]),
        ]).serialized
    }
}
