import Foundation
import NIOCore
import NIOPosix

/// A raw HTTP/1.1 client connection for streaming responses, read only when the test asks (`next()`):
/// when the test stops asking, nothing reads the socket, so the server meets real TCP backpressure.
final class RawConnection: @unchecked Sendable {
    private var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private let finish: AsyncStream<Void>.Continuation
    private let task: Task<Void, any Error>

    private init(iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
                 finish: AsyncStream<Void>.Continuation, task: Task<Void, any Error>) {
        self.iterator = iterator
        self.outbound = outbound
        self.finish = finish
        self.task = task
    }

    /// Connects to `host`:`port` (127.0.0.1 by default).
    /// - Parameters:
    ///   - receiveBuffer: `SO_RCVBUF` in bytes (small values keep the kernel from buffering much for a
    ///     client that stops reading).
    ///   - source: The local address to connect from (another peer for the server, such as 127.0.0.2);
    ///     the system's choice by default.
    static func connect(host: String = "127.0.0.1", port: Int, receiveBuffer: Int? = nil, from source: String? = nil) async throws -> RawConnection {
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        if let source { bootstrap = bootstrap.bind(to: try SocketAddress(ipAddress: source, port: 0)) }
        if let receiveBuffer {
            bootstrap = bootstrap.channelOption(ChannelOptions.socketOption(.so_rcvbuf), value: SocketOptionValue(receiveBuffer))
        }
        let channel = try await bootstrap.connect(host: host, port: port) { channel in
            channel.eventLoop.makeCompletedFuture {
                try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
            }
        }
        let (finished, finish) = AsyncStream<Void>.makeStream()
        let (handed, hand) = AsyncStream<(NIOAsyncChannelInboundStream<ByteBuffer>, NIOAsyncChannelOutboundWriter<ByteBuffer>)>.makeStream()
        let task = Task {
            try await channel.executeThenClose { inbound, outbound in
                hand.yield((inbound, outbound))
                hand.finish()
                for await _ in finished {}
            }
        }
        var halves = handed.makeAsyncIterator()
        guard let (inbound, outbound) = await halves.next() else { throw RawError("the connection closed at once") }
        return RawConnection(iterator: inbound.makeAsyncIterator(), outbound: outbound, finish: finish, task: task)
    }

    /// Sends bytes.
    func send(_ text: String) async throws {
        try await outbound.write(ByteBuffer(string: text))
    }

    /// The next bytes read, or `nil` when the server closed the connection.
    func next() async throws -> ByteBuffer? {
        try await iterator.next()
    }

    /// Sends bytes.
    func send(_ bytes: [UInt8]) async throws {
        try await outbound.write(ByteBuffer(bytes: bytes))
    }

    /// Every byte the server sends until it closes the connection, or `nil` when it has not closed it
    /// within `limit` (a bound for a failing test, not a timing the test relies on).
    func readBytesToClose(limit: Duration = .seconds(10)) async throws -> [UInt8]? {
        try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            group.addTask {
                var bytes: [UInt8] = []
                while let buffer = try await self.next() { bytes += buffer.readableBytesView }
                return bytes
            }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Everything the server sends until it closes the connection, or `nil` when it has not closed it
    /// within `limit` (a bound for a failing test, not a timing the test relies on).
    func readToClose(limit: Duration = .seconds(10)) async throws -> String? {
        try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                var text = ""
                while let bytes = try await self.next() { text += String(buffer: bytes) }
                return text
            }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// How the server ended a connection.
    enum End: Equatable {
        /// Closed (end of file), after sending this text.
        case closed(String)
        /// Reset (`ECONNRESET`), after sending this text: what TCP does when the server closes a socket
        /// with bytes of the client's still unread.
        case reset(String)
        /// Neither within the limit.
        case open
    }

    /// Everything the server sends until it closes or resets the connection, or `.open` when it has done
    /// neither within `limit` (a bound for a failing test, not a timing the test relies on).
    func end(limit: Duration = .seconds(10)) async throws -> End {
        try await withThrowingTaskGroup(of: End.self) { group in
            group.addTask {
                var text = ""
                do {
                    while let bytes = try await self.next() { text += String(buffer: bytes) }
                } catch let error as IOError where error.errnoCode == ECONNRESET {
                    return .reset(text)
                }
                return .closed(text)
            }
            group.addTask {
                try await Task.sleep(for: limit)
                return .open
            }
            let first = try await group.next() ?? .open
            group.cancelAll()
            return first
        }
    }

    /// Closes the connection.
    func close() async {
        finish.finish()
        _ = try? await task.value
    }
}

struct RawError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
