import Formats
import Foundation
import SignalRunnerTesting
import Testing

@testable import SensorFeeds

/// A one-thread TCP server on loopback that hands each accepted connection to `script`, in order, for
/// the WebSocket failures a real `signals serve` does not make.
final class ScriptedServer: @unchecked Sendable {
    let port: Int
    private let listener: TestListener
    private let thread: Thread

    init(_ scripts: [@Sendable (ScriptedConnection) throws -> Void]) throws {
        let listener = try TestListener()
        self.listener = listener
        port = listener.port
        thread = Thread {
            for script in scripts {
                guard let client = try? listener.accept() else { return }
                try? script(ScriptedConnection(client))
                client.close()
            }
        }
        thread.start()
    }

    deinit { listener.stop() }
}

/// One accepted connection of a ``ScriptedServer``: its reads and writes, a script's failures ending it.
final class ScriptedConnection: @unchecked Sendable {
    let connection: TestConnection
    init(_ connection: TestConnection) { self.connection = connection }

    /// Reads until `count` bytes are buffered (or the peer closes); returns and consumes them.
    func read(_ count: Int) -> [UInt8] { (try? connection.take(count)) ?? [] }

    /// Reads a request head; its lines, the request line first (none when the peer closed first).
    func headLines() -> [String] {
        guard let head = (try? connection.readHead()).flatMap({ $0 }) else { return [] }
        return String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
    }

    /// Reads the request head; returns its request line and its `Sec-WebSocket-Key`.
    func readRequest() -> (line: String, key: String) {
        let lines = headLines()
        let key =
            lines.first { $0.lowercased().hasPrefix("sec-websocket-key:") }.map {
                String($0.dropFirst(18)).trimmingCharacters(in: .whitespaces)
            } ?? ""
        return (lines.first ?? "", key)
    }

    func send(_ bytes: [UInt8]) { try? connection.send(bytes) }

    /// Answers the upgrade with `accept` (the right one by default).
    func switchProtocols(key: String, accept: String? = nil) {
        send(
            Array(
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept ?? WebSocketProtocol.accept(for: key))\r\n\r\n"
                    .utf8))
    }

    /// Reads one masked client frame: its opcode and unmasked payload.
    func readClientFrame() -> (opcode: UInt8, payload: [UInt8], masked: Bool) {
        let head = read(2)
        guard head.count == 2 else { return (0xFF, [], false) }
        let length = Int(head[1] & 0x7F)  // control frames: < 126
        let mask = read(4)
        let data = read(length)
        return (head[0] & 0x0F, data.enumerated().map { $0.element ^ mask[$0.offset & 3] }, head[1] & 0x80 != 0)
    }
}

/// A text frame from the server (the package's one frame encoder, any length).
func textFrame(_ text: String) -> [UInt8] {
    WebSocketProtocol.serverFrame(.text, Array(text.utf8))
}

/// What the scripted connections saw.
final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ s: String) { lock.withLock { items.append(s) } }
    var values: [String] { lock.withLock { items } }
}

@Suite(.serialized, .timeLimit(.minutes(2))) struct WebSocketClientTests {
    @Test(
        "ws://: a bad Sec-WebSocket-Accept is refused; bad JSON, a note and a close reach the handler; pings are answered; it resumes with after="
    )
    func failures() async throws {
        let seen = Seen()
        let server = try ScriptedServer([
            { c in
                let (line, key) = c.readRequest()
                seen.add(line)
                c.switchProtocols(key: key, accept: "AAAAAAAAAAAAAAAAAAAAAAAAAAA=")
                c.send(textFrame(#"{"id":0,"point":{"timestamp":0,"gravity":{"x":0,"y":0,"z":-1}}}"#))
            },
            { c in
                let (line, key) = c.readRequest()
                seen.add(line)
                c.switchProtocols(key: key)
                c.send(textFrame(#"{"id":0,"point":{"timestamp":0,"spin":1}}"#))
                c.send([0x89, 2, 7, 9])  // ping
                let pong = c.readClientFrame()
                seen.add("pong \(pong.opcode) \(pong.payload) masked \(pong.masked)")
                c.send(textFrame(#"{"id":1,"point":{"timestamp":0.01,"gravity":{"x":0,"y":0,"z":-1}}}"#))
                c.send(textFrame(#"{"note":"missed 5 points older than the replay buffer"}"#))
                c.send([0x82, 1, 0])  // a binary message
                c.send([0x88, 2, 0x03, 0xE9])  // close 1001
                let close = c.readClientFrame()
                seen.add("close \(close.opcode) \(close.payload)")
            },
            { c in
                let (line, key) = c.readRequest()
                seen.add(line)
                c.switchProtocols(key: key)
                c.send(textFrame(#"{"id":2,"point":{"timestamp":0.02,"gravity":{"x":0,"y":0,"z":-1}}}"#))
                _ = c.read(1)  // until the client closes
            },
        ])
        let (manager, got, queue) = startDeviceMotion(from: .server(URL(string: "ws://127.0.0.1:\(server.port)")!))
        try await got.wait(for: "points 1 and 2") { values, _ in values.count >= 2 }
        manager.stopDeviceMotionUpdates()
        drain(queue)
        #expect(got.values.map(\.timestamp) == [0.01, 0.02])  // nothing from the connection with the bad accept key
        let errors = got.errors.compactMap { $0 as? SensorFeedsError }
        #expect(errors.count == 5, "\(errors)")
        #expect(errors.allSatisfy { $0.isTransient })
        #expect(errors.first?.code == .badResponse)
        #expect(errors.first?.message.contains("Sec-WebSocket-Accept") == true)
        #expect(errors.contains { $0.code == .malformed && $0.path == "$.point.spin" })
        #expect(errors.contains { $0.code == .missedPoints && $0.message.contains("missed 5 points") })
        #expect(errors.contains { $0.code == .malformed && $0.message.contains("binary") })
        #expect(errors.contains { $0.code == .serverGone && $0.message.contains("1001") })
        let lines = seen.values
        #expect(lines.first == "GET /v1/ws?ids=true HTTP/1.1")
        #expect(lines.contains("pong 10 [7, 9] masked true"))
        #expect(lines.contains("close 8 [3, 233]"))
        #expect(lines.last == "GET /v1/ws?ids=true&after=1 HTTP/1.1", "\(lines)")  // resumes after the last point read
    }

    @Test("ws:// to a server without /v1/ws (404): polls /data instead")
    func noWebSocketEndpoint() async throws {
        try await withFakeServer { router in
            router.get("/data") { _, _ in #"{"accelerometer": {"x": 0.1, "y": 0, "z": -1}, "timestamp": 1}"# }
        } body: { url in
            let ws = URL(string: url.absoluteString.replacingOccurrences(of: "http://", with: "ws://"))!
            let manager = SimulatedMotionManager(source: .server(ws))
            let got = Received<DeviceMotion>()
            let queue = serialQueue()
            manager.startDeviceMotionUpdates(to: queue) { m, e in got.add(m, e) }
            try await got.wait(for: "a polled update") { values, _ in !values.isEmpty }
            manager.stopDeviceMotionUpdates()
            drain(queue)
            #expect(got.values.first?.gravity.x == 0.1)
            #expect(unexpected(got.errors).isEmpty, "\(got.errors)")
        }
    }

    @Test("wss:// and https:// are refused with a clear error (no TLS)")
    func noTLS() async throws {
        for scheme in ["wss", "https", "ftp"] {
            let manager = SimulatedMotionManager(source: .server(URL(string: "\(scheme)://127.0.0.1:1")!))
            let got = Received<DeviceMotion>()
            let queue = serialQueue()
            manager.startDeviceMotionUpdates(to: queue) { m, e in got.add(m, e) }
            try await got.wait(for: "the error") { _, errors in !errors.isEmpty }
            drain(queue)
            let error = try #require(got.errors.first as? SensorFeedsError)
            #expect(error.code == .invalidURL)
            #expect(error.message.contains("ws://"))
            #expect(!error.isTransient)
        }
    }
}
