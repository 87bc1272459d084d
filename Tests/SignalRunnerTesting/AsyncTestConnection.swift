import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `work` on a new thread (not on Swift concurrency's pool, which a blocking wait would starve: it
/// has one thread per core, and the server under test needs them): a blocking call such as
/// ``TestHTTP/request(_:port:_:headers:body:host:limit:)`` in an async test.
package func onThreadOfItsOwn<T: Sendable>(
    _ work: @escaping @Sendable () throws(TestingError) -> T
) async throws(TestingError) -> T {
    let result: Result<T, TestingError> = await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(returning: Result { () throws(TestingError) -> T in try work() })
        }
    }
    return try result.get()
}

/// A ``TestConnection`` for async tests: each wait runs on a thread of its own, so that a test waiting
/// for the server never holds a thread of the pool the server's tasks run on. Read only when the test
/// asks (``next()``): when the test stops asking, the server meets real TCP backpressure.
package final class AsyncTestConnection: @unchecked Sendable {
    /// The blocking connection (one owner: the test awaits each call before the next).
    package let connection: TestConnection

    private init(_ connection: TestConnection) { self.connection = connection }

    /// Connects to `host`:`port` (127.0.0.1 by default); see ``TestConnection/init(port:host:receiveBuffer:from:)``.
    package static func connect(
        host: String = "127.0.0.1",
        port: Int,
        receiveBuffer: Int? = nil,
        from source: String? = nil
    ) async throws(TestingError) -> AsyncTestConnection {
        AsyncTestConnection(try TestConnection(port: port, host: host, receiveBuffer: receiveBuffer, from: source))
    }

    /// Sends `text` as UTF-8.
    package func send(_ text: String) async throws(TestingError) { try await send(Array(text.utf8)) }

    /// Sends `bytes` (waiting while the peer's window is full).
    package func send(_ bytes: [UInt8]) async throws(TestingError) {
        let connection = connection
        try await onThreadOfItsOwn { () throws(TestingError) in try connection.send(bytes) }
    }

    /// The next bytes received, or `nil` when the peer closed the connection; a bounded wait.
    /// - Throws: ``TestingError/system(_:_:)`` with `ECONNRESET` when the peer reset the connection,
    ///   ``TestingError/timedOut(_:)`` when nothing came within `limit`.
    package func next(limit: Duration = defaultWaitLimit) async throws(TestingError) -> [UInt8]? {
        let connection = connection
        return try await onThreadOfItsOwn { () throws(TestingError) -> [UInt8]? in
            if connection.buffer.isEmpty, try !connection.fill(limit: limit) { return nil }
            defer { connection.buffer.removeAll() }
            return connection.buffer
        }
    }

    /// Every byte the peer sends until it closes the connection, or `nil` when it has not closed it within
    /// `limit` (a bound for a failing test, not a timing the test relies on).
    package func readBytesToClose(limit: Duration = .seconds(10)) async throws(TestingError) -> [UInt8]? {
        let connection = connection
        return try await onThreadOfItsOwn { () throws(TestingError) -> [UInt8]? in
            do throws(TestingError) {
                return try connection.readToEOF(limit: limit)
            } catch .timedOut {
                return nil
            }
        }
    }

    /// Everything the peer sends until it closes the connection, as text, or `nil` when it has not closed
    /// it within `limit`.
    package func readToClose(limit: Duration = .seconds(10)) async throws(TestingError) -> String? {
        try await readBytesToClose(limit: limit).map { String(decoding: $0, as: UTF8.self) }
    }

    /// How the peer ended the connection within `limit`; see ``TestConnection/end(limit:)``.
    package func end(limit: Duration = .seconds(10)) async throws(TestingError) -> TestConnection.End {
        let connection = connection
        return try await onThreadOfItsOwn { () throws(TestingError) -> TestConnection.End in
            try connection.end(limit: limit)
        }
    }

    /// Half-closes: the peer reads the end of the stream.
    package func shutdownWrite() { connection.shutdownWrite() }

    /// Closes the connection.
    package func close() async { connection.close() }
}

/// What a Server-Sent Events stream carries, as ``AsyncSSEClient`` hands it out.
package enum SSEItem: Sendable, Equatable {
    /// An event: its `id:` and its `data:`.
    case event(id: Int, data: String)
    /// A comment line (`: text`), trimmed.
    case comment(String)
}

/// A ``TestSSEStream`` for async tests (its waits on threads of their own): a GET, the response head,
/// then the events as far as the test asks; every event must carry a numeric id.
package final class AsyncSSEClient: @unchecked Sendable {
    /// The blocking stream (one owner: the test awaits each call before the next).
    package let stream: TestSSEStream
    /// The body of a response that is not a stream (an error).
    package let errorBody: String

    private init(_ stream: TestSSEStream, errorBody: String) {
        self.stream = stream
        self.errorBody = errorBody
    }

    /// The response's status.
    package var status: Int { stream.head.status }
    /// The response's header fields (names in lower case).
    package var headers: [String: String] { stream.head.headers }

    /// Opens `path` on 127.0.0.1:`port` (`Accept: text/event-stream` and `headers`) and reads the response
    /// head, and the body of a response other than 200.
    package static func open(
        port: Int,
        path: String,
        headers: [String: String] = [:],
        receiveBuffer: Int? = nil
    ) async throws(TestingError) -> AsyncSSEClient {
        try await onThreadOfItsOwn { () throws(TestingError) -> AsyncSSEClient in
            let fields =
                [("Accept", "text/event-stream")] + headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            let stream = try TestSSEStream(port: port, path, headers: fields, receiveBuffer: receiveBuffer)
            var errorBody = ""
            if stream.head.status != 200 {
                let length = Int(stream.head.headers["content-length"] ?? "") ?? 0
                errorBody = String(decoding: try stream.readBody(length: length), as: UTF8.self)
            }
            return AsyncSSEClient(stream, errorBody: errorBody)
        }
    }

    /// The next item, or `nil` when the stream ended (or the response was not a stream).
    package func next(limit: Duration = defaultWaitLimit) async throws(TestingError) -> SSEItem? {
        guard status == 200 else { return nil }
        let stream = stream
        return try await onThreadOfItsOwn { () throws(TestingError) -> SSEItem? in
            switch try stream.next(limit: limit) {
            case nil: return nil
            case .event(let event)?:
                guard let text = event.id, let id = Int(text) else {
                    throw .malformed("an event without a numeric id: \(event)")
                }
                return .event(id: id, data: event.data)
            case .comment(let text)?:
                return .comment(
                    String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
                )
            case .dropped(let why)?:
                throw .malformed(why)
            }
        }
    }

    /// The next event (comments are collected in `comments`), or `nil` when the stream ended.
    package func nextEvent(comments: inout [String]) async throws(TestingError) -> (id: Int, data: String)? {
        while let item = try await next() {
            switch item {
            case .event(let id, let data): return (id, data)
            case .comment(let text): comments.append(text)
            }
        }
        return nil
    }

    /// Events until one with `id` (included); comments are collected.
    package func events(
        through id: Int,
        comments: inout [String]
    ) async throws(TestingError) -> [(id: Int, data: String)] {
        var out: [(id: Int, data: String)] = []
        while let event = try await nextEvent(comments: &comments) {
            out.append(event)
            if event.id >= id { break }
        }
        return out
    }

    /// Closes the connection.
    package func close() async { stream.close() }
}
