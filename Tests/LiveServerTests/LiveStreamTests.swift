import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import NIOCore
import SignalRunnerTesting
import Testing

@testable import LiveServer

/// The streams on a live server (a real socket per client), driven by a manual clock: each client reads
/// until it has seen a known index, so nothing depends on timing.
@Suite(.timeLimit(.minutes(5))) struct LiveStreamTests {
    @Test("SSE: one event per point, id = index, data = the signals play line, from the newest point on")
    func events() async throws {
        try await ManualFeed.testStream(TestSpecs.shake) { f, sse, events, comments throws in
            #expect(sse.headers["content-type"] == "text/event-stream; charset=utf-8")
            #expect(sse.headers[ConnectionStart.streamHeader] == nil)  // the guard's own, taken out
            for event in events {
                #expect(event.data == (try expectedLine(TestSpecs.shake, rate: 100, index: event.id)))
            }
            #expect(comments.isEmpty)
            #expect(f.feed.status.clients.sse == 1)
        }
    }

    @Test(
        "a stream asked for right behind another request on a kept-alive connection: its head comes first, after the whole first response"
    )
    func streamBehindAnotherRequest() async throws {
        try await ManualFeed.testLive(TestSpecs.shake, through: 5) { f, port in
            for _ in 0..<20 {
                let connection = try await AsyncTestConnection.connect(port: port)
                try await connection.send(
                    "GET /v1/status HTTP/1.1\r\nHost: localhost\r\n\r\nGET /v1/stream HTTP/1.1\r\nHost: localhost\r\n\r\n"
                )
                var text = ""
                while !text.contains("\nid: ") || text.components(separatedBy: "HTTP/1.1 200").count < 3 {
                    guard let buffer = try await connection.next() else { break }
                    text += String(decoding: buffer, as: UTF8.self)
                }
                await connection.close()
                let heads = text.ranges(of: "HTTP/1.1 200")
                let firstEvent = text.range(of: "\nid: ")
                #expect(heads.count == 2, "\(text.prefix(400))")
                if heads.count == 2, let firstEvent {
                    #expect(heads[1].lowerBound < firstEvent.lowerBound, "\(text.prefix(400))")
                }
                #expect(!text.lowercased().contains(ConnectionStart.streamHeader))
            }
        }
    }

    @Test("Last-Event-ID: a client that reconnects gets every point it missed, without gaps, then goes on live")
    func resumeWithoutGaps() async throws {
        try await ManualFeed.testLive(TestSpecs.sine) { f, port in
            let first = try await AsyncSSEClient.open(port: port, path: "/v1/stream")
            // The first event (the newest point) says the stream is on: the head goes out before it subscribes.
            var comments: [String] = []
            var before = try await first.events(through: 0, comments: &comments)
            try await f.advance(points: 20)
            before += try await first.events(through: 20, comments: &comments)
            await first.close()
            try await f.advance(points: 30)  // 21 ... 50 happen while it is away
            let again = try await AsyncSSEClient.open(
                port: port, path: "/v1/stream", headers: ["Last-Event-ID": "\(before.last?.id ?? -1)"])
            try await f.advance(points: 10)
            let after = try await again.events(through: 60, comments: &comments)
            #expect((before + after).map(\.id) == Array(0...60))
            #expect(comments.isEmpty)
            await again.close()
        }
    }

    @Test("?rate decimates the stream by taking points")
    func decimated() async throws {
        let f = try await ManualFeed.started(TestSpecs.sine)
        try await f.test(.live) { client in
            let sse = try await AsyncSSEClient.open(
                port: try #require(client.port), path: "/v1/stream?rate=10", headers: ["Last-Event-ID": "0"])
            try await f.advance(points: 100)
            var comments: [String] = []
            let events = try await sse.events(through: 100, comments: &comments)
            // Resumed after point 0, the decimation goes on from it: the next 0.1 s bucket starts at point 10.
            #expect(events.map(\.id) == Array(stride(from: 10, through: 100, by: 10)))
            await sse.close()
        }
    }

    @Test(
        "concurrent spec updates while 10 streams are open: every stream sees the same points, contiguous, each from one of the specs"
    )
    func concurrentUpdates() async throws {
        let specs = [
            TestSpecs.sine, TestSpecs.square, #"{"triangle": {"frequency": 3}}"#,
            #"{"sawtooth": {"frequency": 2, "offset": 1}}"#,
            #"{"constant": {"value": 0.5}}"#,
        ]
        try await ManualFeed.testLive(specs[0]) { f, port in
            var streams: [AsyncSSEClient] = []
            for _ in 0..<10 {
                streams.append(
                    try await AsyncSSEClient.open(port: port, path: "/v1/stream", headers: ["Last-Event-ID": "0"]))
            }
            for round in 0..<5 {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for spec in specs.shuffled() {
                        group.addTask {
                            try await rawRequest(port: port, method: "PUT", path: "/v1/spec", body: spec).status
                        }
                    }
                    group.addTask {
                        try await f.advance(points: 20)
                        return 200
                    }
                    for try await status in group { #expect(status == 200) }
                }
                #expect(f.feed.status.index == 20 * (round + 1))
            }
            let last = try await rawRequest(port: port, method: "PUT", path: "/v1/spec", body: specs[4])
            #expect(last.status == 200)
            try await f.advance(points: 5)
            var seen: [[(id: Int, data: String)]] = []
            for stream in streams {
                var comments: [String] = []
                seen.append(try await stream.events(through: 105, comments: &comments))
                #expect(comments.isEmpty)
                await stream.close()
            }
            for events in seen {
                #expect(events.map(\.id) == Array(1...105))
                #expect(events.map(\.data) == seen[0].map(\.data))
            }
            for event in seen[0] {
                let candidates = try specs.map { try expectedLine($0, rate: 100, index: event.id) }
                #expect(candidates.contains(event.data), "index \(event.id)")
            }
            for event in seen[0].suffix(5) {
                #expect(event.data == (try expectedLine(specs[4], rate: 100, index: event.id)))
            }
        }
    }

    @Test(
        "a client that stops reading: playback and a reading client go on; it skips ahead with a comment counting exactly what it missed"
    )
    func slowClient() async throws {
        try await ManualFeed.testLive(TestSpecs.shake, replaySeconds: 10) { f, port in  // 1001 points kept
            let slow = try await AsyncSSEClient.open(port: port, path: "/v1/stream", receiveBuffer: 4096)
            let fast = try await AsyncSSEClient.open(port: port, path: "/v1/stream")
            var fastIDs: [Int] = []
            var comments: [String] = []
            var slowEvents: [(id: Int, data: String)] = []
            // then it stops reading
            if let first = try await slow.nextEvent(comments: &comments) { slowEvents.append(first) }
            // The fast one too is on once its first event came (the head goes out before it subscribes).
            fastIDs += try await fast.events(through: 0, comments: &comments).map(\.id)
            let total = 40_000  // ~9 MB: far more than the socket buffers hold
            for round in 1...total / 500 {
                try await f.advance(points: 500)
                #expect(f.feed.status.index == 500 * round)  // playback is never held up
                fastIDs += try await fast.events(through: 500 * round, comments: &comments).map(\.id)
            }
            #expect(fastIDs == Array(0...total))
            #expect(comments.isEmpty)
            // Now the slow client reads again: what the buffers held, one note, then the newest points.
            try await f.advance(points: 1)
            var slowComments: [String] = []
            while slowEvents.last?.id != total + 1, let event = try await slow.nextEvent(comments: &slowComments) {
                slowEvents.append(event)
            }
            #expect(slowEvents.last?.id == total + 1)  // it read to the end, not to a closed stream
            let notes = slowComments.filter { $0.hasPrefix("missed ") }
            #expect(notes.count >= 1)
            #expect(notes.count == slowComments.count)
            let ids = slowEvents.map(\.id)
            #expect(ids == ids.sorted())
            #expect(Set(ids).count == ids.count)
            let missed = notes.compactMap { Int($0.dropFirst("missed ".count).prefix { $0.isNumber }) }.reduce(0, +)
            let gaps = zip(ids, ids.dropFirst()).map { $1 - $0 - 1 }.reduce(0, +)
            #expect(missed == gaps, "missed \(missed), gaps \(gaps)")
            #expect(missed > 0, "missed \(missed), gaps \(gaps)")
            for event in slowEvents.suffix(2) {
                #expect(event.data == (try expectedLine(TestSpecs.shake, rate: 100, index: event.id)))
            }
            await slow.close()
            await fast.close()
        }
    }

    @Test("WebSocket: one text message per point, the signals play line; ?rate decimates")
    func webSocket() async throws {
        try await ManualFeed.testLive(TestSpecs.shake) { f, port in
            let feed = f
            let received = try await Messages.read(webSocket: "ws://127.0.0.1:\(port)/v1/ws", count: 11) {
                #expect(feed.feed.status.clients.ws == 1)
                try await feed.advance(points: 10)
            }
            #expect(received.values == (try (0...10).map { try expectedLine(TestSpecs.shake, rate: 100, index: $0) }))
            let decimated = try await Messages.read(webSocket: "ws://127.0.0.1:\(port)/v1/ws?rate=20", count: 5) {
                try await feed.advance(points: 20)
            }
            let times = try decimated.values.map { try #require(try object($0)["timestamp"] as? Double) }
            #expect(times == [0.1, 0.15, 0.2, 0.25, 0.3])
        }
    }
}

extension LiveStreamTests {
    @Test("WebSocket ?ids=true&after=N: {id, point} messages resume after N without gaps; a lapped client gets a note")
    func webSocketResume() async throws {
        // 101 points kept
        try await ManualFeed.testLive(TestSpecs.sine, through: 30, rate: 10, replaySeconds: 10) { f, port in
            let feed = f
            let received = Messages()
            try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(port)/v1/ws?ids=true&after=9", logger: .init(label: "ws")
            ) { inbound, outbound, _ in
                var iterator = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                while received.count < 21, let message = try await iterator.next() {
                    if case .text(let text) = message { received.append(text) }
                }
                try await feed.advance(points: 5)
                while received.count < 26, let message = try await iterator.next() {
                    if case .text(let text) = message { received.append(text) }
                }
                try await outbound.close(.normalClosure, reason: nil)
            }
            let messages = try received.values.map { try object($0) }
            #expect(messages.map { ($0["id"] as? Double).map(Int.init) } == (10...35).map { $0 })
            for (message, text) in zip(messages, received.values) {
                let id = Int(try #require(message["id"] as? Double))
                // The point is the signals play line itself, byte for byte.
                #expect(text == "{\"id\":\(id),\"point\":\(try expectedLine(TestSpecs.sine, rate: 10, index: id))}")
            }

            // After a point the ring no longer holds: a note counts what was missed, then the points go on.
            try await feed.advance(points: 200)
            let lapped = Messages()
            try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(port)/v1/ws?ids=1",
                configuration: .init(additionalHeaders: [StreamRoutes.lastEventID: "2"]),
                logger: .init(label: "ws")
            ) { inbound, outbound, _ in
                var iterator = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                while lapped.count < 3, let message = try await iterator.next() {
                    if case .text(let text) = message { lapped.append(text) }
                }
                try await outbound.close(.normalClosure, reason: nil)
            }
            let first = try object(try #require(lapped.values.first))
            #expect((first["note"] as? String)?.contains("missed") == true, "\(lapped.values)")
            #expect(try object(lapped.values[1])["id"] is Double)
        }
    }
}

/// Strings collected by a WebSocket handler.
final class Messages: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    func append(_ s: String) { lock.withLock { storage.append(s) } }
    var values: [String] { lock.withLock { storage } }
    var count: Int { lock.withLock { storage.count } }

    /// The text messages of a WebSocket at `url`: the first, then (after `afterFirst`) more until there
    /// are `count`; the client then closes normally.
    static func read(
        webSocket url: String, count: Int,
        afterFirst: @escaping @Sendable () async throws -> Void
    ) async throws -> Messages {
        let received = Messages()
        try await WebSocketClient.connect(url: url, logger: .init(label: "ws")) { inbound, outbound, _ in
            var iterator = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
            let message = try await iterator.next()
            let first = try #require(
                { if case .text(let text) = message { text } else { nil } }(),
                "the first WebSocket message is not text: \(String(describing: message))")
            received.append(first)
            try await afterFirst()
            while received.count < count, let message = try await iterator.next() {
                if case .text(let text) = message { received.append(text) }
            }
            try await outbound.close(.normalClosure, reason: nil)
        }
        return received
    }
}

/// One HTTP request on its own connection (`Connection: close`); the status and body.
func rawRequest(
    port: Int, method: String, path: String, body: String? = nil
) async throws -> (status: Int, body: String) {
    let headers: [(String, String)] = body == nil ? [] : [("Content-Type", "application/json")]
    let response = try await onThreadOfItsOwn { () throws(TestingError) -> SignalRunnerTesting.TestResponse in
        try TestHTTP.request(method, port: port, path, headers: headers, body: Array((body ?? "").utf8))
    }
    return (response.status, response.text)
}
