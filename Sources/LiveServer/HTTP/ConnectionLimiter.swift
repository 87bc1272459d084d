import NIOConcurrencyHelpers
import NIOCore

/// Counts a server's open connections, in all and per peer (one IP address, whatever the port), and keeps
/// the connections that have not sent a whole first request head ("idle") within a bound. One limiter
/// serves every address the server listens on (both loopbacks count together).
///
/// - ``admit(peer:evict:)`` counts a new connection, or refuses it when the server or its peer is at its
///   limit (the refusal is a 503 that names the limit, the count and the flag that raises it). A refused
///   connection is never counted, so it cannot hold a place after it closes.
/// - An admitted connection is idle from its admission until ``endIdle(_:)`` (its head arrived, it was
///   upgraded or answered). When one more idle connection would exceed ``Limits/idle``, the oldest idle
///   one is evicted: its `evict` action runs (outside the lock), and its guard closes it. Hundreds of
///   sockets that connect and send nothing therefore never keep out a client that sends its request at
///   once.
/// - ``release(_:)`` uncounts a connection when it closes (`closeFuture`), whatever its state.
///
/// The state is behind one lock, held for a few counts and an array of at most ``Limits/idle`` entries:
/// every operation is O(``Limits/idle``) at worst, and no action runs with the lock held.
final class ConnectionLimiter: Sendable {
    /// The limits: connections in all, per peer, and idle at once (each ≥ 1).
    struct Limits: Sendable, Hashable {
        /// The most connections open at once (`--max-connections`).
        var total: Int
        /// The most connections open at once from one IP address (`--max-connections-per-peer`).
        var perPeer: Int
        /// The most connections idle at once (``LiveServerConfiguration/maxIdleConnections``).
        var idle: Int

        /// The limits of a server with `configuration` (validated: every limit ≥ 1).
        init(_ configuration: LiveServerConfiguration) {
            self.init(
                total: configuration.maxConnections, perPeer: configuration.maxConnectionsPerPeer,
                idle: configuration.maxIdleConnections)
        }

        /// These limits.
        init(total: Int, perPeer: Int, idle: Int) {
            self.total = total
            self.perPeer = perPeer
            self.idle = idle
        }
    }

    /// An admitted connection, to end its idle time and to release it.
    struct Ticket: Sendable, Hashable {
        /// Its number, in order of admission (the oldest idle connection has the smallest).
        let id: UInt64
        /// Its peer's key (``peer(of:)``).
        let peer: String
    }

    /// What ``admit(peer:evict:)`` decided.
    enum Admission: Sendable {
        /// Counted, and idle until ``endIdle(_:)``.
        case admitted(Ticket)
        /// Over a limit: answer with this 503 and close; not counted.
        case refused(LiveServerError)
    }

    /// How many connections are open, how many are idle, and from how many peers.
    struct Counts: Sendable, Hashable {
        var open: Int
        var idle: Int
        var peers: Int
    }

    private struct State {
        var open = 0
        var perPeer: [String: Int] = [:]
        var nextID: UInt64 = 0
        /// The idle connections, oldest first, with the action that evicts each.
        var idle: [(id: UInt64, evict: @Sendable () -> Void)] = []
    }

    let limits: Limits
    private let state = NIOLockedValueBox(State())

    /// A limiter with these limits.
    init(_ limits: Limits) {
        self.limits = limits
    }

    /// The key a peer is counted under: its IP address without the port (an IPv4 address mapped into IPv6,
    /// `::ffff:a.b.c.d`, as `a.b.c.d`), or `"local"` for an address without one (a Unix socket).
    static func peer(of address: SocketAddress?) -> String {
        guard let ip = address?.ipAddress else { return "local" }
        let mapped = "::ffff:"
        if ip.lowercased().hasPrefix(mapped), ip.contains(".") { return String(ip.dropFirst(mapped.count)) }
        return ip
    }

    /// Counts a new connection from `peer`, idle from now on; refuses it when the server or the peer is at
    /// its limit.
    ///
    /// When this connection makes one idle connection too many, the oldest idle one is evicted: its
    /// `evict` is called, after the lock is released.
    /// - Parameters:
    ///   - peer: The peer's key (``peer(of:)``).
    ///   - evict: Closes this connection if it is still idle when called (from any thread).
    /// - Returns: The ticket of the admitted connection, or the 503 to answer.
    func admit(peer: String, evict: @escaping @Sendable () -> Void) -> Admission {
        let limits = self.limits
        let (admission, evicted) = state.withLockedValue { state -> (Admission, (@Sendable () -> Void)?) in
            if state.open >= limits.total {
                return (.refused(Self.refusal(total: state.open, limit: limits.total)), nil)
            }
            let fromPeer = state.perPeer[peer, default: 0]
            if fromPeer >= limits.perPeer {
                return (.refused(Self.refusal(peer: peer, open: fromPeer, limit: limits.perPeer)), nil)
            }
            state.open += 1
            state.perPeer[peer] = fromPeer + 1
            let ticket = Ticket(id: state.nextID, peer: peer)
            state.nextID += 1
            state.idle.append((ticket.id, evict))
            let evicted = state.idle.count > limits.idle ? state.idle.removeFirst().evict : nil
            return (.admitted(ticket), evicted)
        }
        evicted?()
        return admission
    }

    /// Ends the idle time of a connection (its first request head arrived, it was upgraded, answered or
    /// closed); nothing when it has ended already.
    func endIdle(_ ticket: Ticket) {
        state.withLockedValue { state in
            if let index = state.idle.firstIndex(where: { $0.id == ticket.id }) { state.idle.remove(at: index) }
        }
    }

    /// Uncounts a connection that closed. Call it once per admitted ticket.
    func release(_ ticket: Ticket) {
        state.withLockedValue { state in
            if let index = state.idle.firstIndex(where: { $0.id == ticket.id }) { state.idle.remove(at: index) }
            state.open -= 1
            let left = state.perPeer[ticket.peer, default: 1] - 1
            state.perPeer[ticket.peer] = left > 0 ? left : nil
        }
    }

    /// The counts now.
    var counts: Counts {
        state.withLockedValue { Counts(open: $0.open, idle: $0.idle.count, peers: $0.perPeer.count) }
    }

    /// The 503 of a server at its limit of connections.
    static func refusal(total open: Int, limit: Int) -> LiveServerError {
        LiveServerError(
            .unavailable,
            "the server has \(open) \(connections(open)) open, its limit (--max-connections \(limit)): try again in a moment, or start it with a higher --max-connections"
        )
    }

    /// The 503 of a peer at its limit of connections.
    static func refusal(peer: String, open: Int, limit: Int) -> LiveServerError {
        LiveServerError(
            .unavailable,
            "\(peer) has \(open) \(connections(open)) open to this server, the limit for one address (--max-connections-per-peer \(limit)): close one and try again, or start the server with a higher --max-connections-per-peer"
        )
    }

    private static func connections(_ count: Int) -> String { count == 1 ? "connection" : "connections" }
}
