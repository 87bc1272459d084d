import Formats
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOWebSocket
import Playback
import Testing

@testable import LiveServer

/// The fan-out on an `EmbeddedEventLoop`, whose scheduled tasks run only when the test advances its
/// time, with the window's clock moved in step: which points share a write, and when, are exact.
@Suite struct FanOutTests {
    /// A feed's state, a fan-out over it and one loop with its clock.
    final class Rig: @unchecked Sendable {
        let loop = EmbeddedEventLoop()
        let clock = NIOLockedValueBox<Int64>(0)
        let state: NIOLockedValueBox<FeedState>
        let fanOut: FanOut
        let allocator = ByteBufferAllocator()

        init(window: Duration, batchLimit: Int = 512, capacity: Int = 64) throws {
            let source = try LiveSource.spec(json: Data(#"{"sine": {"frequency": 1}}"#.utf8), sampleRate: 100)
            state = NIOLockedValueBox(
                FeedState(
                    source: source, timing: .signal(index: 0, timestamp: 0, media: 0),
                    ring: PointRing(capacity: capacity), speed: 1))
            let clock = self.clock
            fanOut = FanOut(feed: state, window: window, batchLimit: batchLimit, now: { clock.withLockedValue { $0 } })
        }

        /// A channel whose pipeline starts with a `ConnectionStart`, as a server connection's does (or
        /// with none, to take the encoders' path).
        func channel(raw: Bool = true) throws -> EmbeddedChannel {
            let channel = EmbeddedChannel(loop: loop)
            if raw {
                try channel.pipeline.syncOperations.addHandler(ConnectionStart())
            }
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
            return channel
        }

        /// Publishes point `index` (its line `{"timestamp":T,"i":INDEX}`) and tells the fan-out.
        func publish(_ index: Int) {
            let line = "{\"timestamp\":\(Double(index) / 100),\"i\":\(index)}"
            let entry = FeedEntry(index: index, timestamp: Double(index) / 100, line: line, allocator: allocator)
            let latest = LatestPoint(
                index: index, timestamp: entry.timestamp, accelerometer: Acceleration(x: 0, y: 0, z: -1),
                precision: .double, json: entry.json, location: nil, trajectory: nil)
            _ = state.withLockedValue { $0.publish(entry, latest) }
            fanOut.published()
        }

        /// Moves the window's clock and the loop's time together.
        func advance(milliseconds: Int64) {
            clock.withLockedValue { $0 += milliseconds * 1_000_000 }
            loop.advanceTime(by: .milliseconds(milliseconds))
        }

        /// Subscribes a client and attaches it to `channel`; an SSE stream's response head is number
        /// `100 + id`, and counts as sent unless `headSent` is false.
        func attach(
            _ channel: EmbeddedChannel, _ encoding: StreamEncoding, from start: StreamStart = .latest,
            headSent: Bool = true
        ) -> (Int, EventLoopFuture<Void>) {
            let id = state.withLockedValue { $0.subscribe(encoding == .sse ? .sse : .ws, from: start, rate: nil) }
            let head = encoding == .sse ? 100 + id : nil
            if let head, headSent, let start = try? channel.pipeline.syncOperations.handler(type: ConnectionStart.self)
            {
                start.noteResponse(stream: head)
            }
            return (id, fanOut.attach(id, channel: channel, encoding: encoding, head: head))
        }

        /// A rig with no write window, point 0 published and one SSE stream attached to a new channel, the
        /// loop run: the rig, the channel, the stream's id, and a flag that is set when the stream ends.
        static func oneStream() throws -> (rig: Rig, channel: EmbeddedChannel, id: Int, ended: NIOLockedValueBox<Bool>)
        {
            let rig = try Rig(window: .zero)
            rig.publish(0)
            let channel = try rig.channel()
            let (id, ended) = rig.attach(channel, .sse)
            let flag = NIOLockedValueBox(false)
            ended.whenSuccess { flag.withLockedValue { $0 = true } }
            rig.loop.run()
            return (rig, channel, id, flag)
        }
    }

    /// The writes a channel received, as text.
    static func writes(_ channel: EmbeddedChannel) throws -> [String] {
        var out: [String] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { out.append(String(buffer: buffer)) }
        return out
    }

    /// The ids of the SSE events in one HTTP chunk, after checking its framing (`SIZE\r\n`, exactly SIZE
    /// bytes, `\r\n`).
    static func chunkIDs(_ chunk: String) throws -> [Int] {
        let bytes = Array(chunk.utf8)
        let sizeEnd = try #require(bytes.firstIndex(of: UInt8(ascii: "\r")))
        let size = try #require(Int(String(decoding: bytes[..<sizeEnd], as: UTF8.self), radix: 16))
        #expect(bytes.count == sizeEnd + 2 + size + 2)
        #expect(bytes.suffix(2) == Array("\r\n".utf8))
        var parser = SSEParser()
        var items: [SSEParser.Item] = []
        parser.feed(bytes[(sizeEnd + 2)..<(sizeEnd + 2 + size)], into: &items)
        return items.compactMap { if case .event(let event) = $0 { event.id.flatMap { Int($0) } } else { nil } }
    }

    @Test func pointsDueWithinTheWindowShareOneWriteAtMostTheWindowLate() throws {
        let rig = try Rig(window: .milliseconds(3))
        rig.publish(0)
        let channel = try rig.channel()
        _ = rig.attach(channel, .sse)
        rig.loop.run()
        #expect(try Self.writes(channel).map(Self.chunkIDs) == [[0]])  // the newest point at once

        // Point 1 at 1 ms, points 2 and 3 at 2 ms: the next flush is due 3 ms after the last, and takes all three.
        rig.advance(milliseconds: 1)
        rig.publish(1)
        rig.advance(milliseconds: 1)
        #expect(try Self.writes(channel).isEmpty)
        rig.publish(2)
        rig.publish(3)
        #expect(try Self.writes(channel).isEmpty)
        rig.advance(milliseconds: 1)
        #expect(try Self.writes(channel).map(Self.chunkIDs) == [[1, 2, 3]])

        // A point after a quiet spell longer than the window is written at once.
        rig.advance(milliseconds: 10)
        rig.publish(4)
        rig.loop.run()
        #expect(try Self.writes(channel).map(Self.chunkIDs) == [[4]])
    }

    @Test func aZeroWindowWritesEachPointAsItComes() throws {
        let (rig, channel, _, _) = try Rig.oneStream()
        for index in 1...3 {
            rig.publish(index)
            rig.loop.run()
        }
        #expect(try Self.writes(channel).map(Self.chunkIDs) == [[0], [1], [2], [3]])
    }

    @Test func clientsDueTheSameBatchGetTheSameBytesAndALaggingOneGetsItsOwn() throws {
        let rig = try Rig(window: .zero)
        for index in 0...5 { rig.publish(index) }
        let a = try rig.channel()
        let b = try rig.channel()
        let c = try rig.channel()
        _ = rig.attach(a, .sse)
        _ = rig.attach(b, .sse)
        _ = rig.attach(c, .sse, from: .after(2))  // resumes with 3, 4, 5
        rig.loop.run()
        let (wa, wb, wc) = (try Self.writes(a), try Self.writes(b), try Self.writes(c))
        #expect(wa == wb)
        #expect(try wa.map(Self.chunkIDs) == [[5]])
        #expect(try wc.map(Self.chunkIDs) == [[3, 4, 5]])
    }

    @Test func aBatchOverTheLimitIsSplitAndTheRestFollowsAtOnce() throws {
        let rig = try Rig(window: .milliseconds(3), batchLimit: 4)
        for index in 0...9 { rig.publish(index) }
        let channel = try rig.channel()
        _ = rig.attach(channel, .sse, from: .after(0))  // from point 1
        rig.loop.run()
        #expect(try Self.writes(channel).map(Self.chunkIDs) == [[1, 2, 3, 4], [5, 6, 7, 8], [9]])
    }

    @Test func sseChunksWaitForTheResponseHeadThenFollowItAtOnce() throws {
        let rig = try Rig(window: .milliseconds(3))
        rig.publish(0)
        let channel = try rig.channel()
        let (id, _) = rig.attach(channel, .sse, headSent: false)
        rig.loop.run()
        rig.publish(1)
        rig.advance(milliseconds: 5)
        #expect(try Self.writes(channel).isEmpty)  // nothing before the head
        let start = try channel.pipeline.syncOperations.handler(type: ConnectionStart.self)
        start.noteResponse(stream: 100 + id)
        rig.loop.run()
        #expect(try Self.writes(channel).map(Self.chunkIDs) == [[0, 1]])
    }

    /// The race CI once hit: on a kept-alive connection the head of an earlier response (its end still on
    /// its way) or of another stream must not let this stream's chunks out ahead of its own head.
    @Test func sseChunksWaitForTheirOwnHeadNotAnEarlierResponses() throws {
        let rig = try Rig(window: .zero)
        rig.publish(0)
        let channel = try rig.channel()
        let start = try channel.pipeline.syncOperations.handler(type: ConnectionStart.self)
        start.noteResponse(stream: nil)  // an earlier response's head (GET /v1/spec): its end not yet out
        let (id, _) = rig.attach(channel, .sse, headSent: false)
        rig.loop.run()
        rig.publish(1)  // a flush comes (the window is zero) and must hold back
        rig.loop.run()
        #expect(try Self.writes(channel).isEmpty)
        start.noteResponse(stream: 100 + id + 1)  // another stream's head
        rig.publish(2)  // and another flush: a head went out, but not this stream's
        rig.loop.run()
        #expect(try Self.writes(channel).isEmpty)
        start.noteResponse(stream: nil)  // that response's end
        start.noteResponse(stream: 100 + id)
        rig.loop.run()
        #expect(try Self.writes(channel).map(Self.chunkIDs) == [[0, 1, 2]])
    }

    @Test func anSSEStreamThatCannotBeOrderedAfterItsHeadEndsWithAnErrorAndWritesNothing() throws {
        let rig = try Rig(window: .zero)
        rig.publish(0)
        for raw in [true, false] {  // no head number; no ConnectionStart
            let channel = try rig.channel(raw: raw)
            let id = rig.state.withLockedValue { $0.subscribe(.sse, from: .latest, rate: nil) }
            let ended = rig.fanOut.attach(id, channel: channel, encoding: .sse, head: raw ? nil : 7)
            let failure = NIOLockedValueBox<(any Error)?>(nil)
            ended.whenFailure { error in failure.withLockedValue { $0 = error } }
            rig.loop.run()
            #expect(failure.withLockedValue { $0 } as? FanOutError == .unorderedStream)
            #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
            #expect(try channel.readOutbound(as: HTTPServerResponsePart.self) == nil)
        }
    }

    @Test func aChannelThatIsNotWritableIsLeftOutThenServedByTheRetry() throws {
        let rig = try Rig(window: .zero)
        rig.publish(0)
        let slow = try rig.channel()
        let fast = try rig.channel()
        _ = rig.attach(slow, .sse)
        _ = rig.attach(fast, .sse)
        rig.loop.run()
        _ = try Self.writes(slow)
        _ = try Self.writes(fast)

        slow.isWritable = false
        rig.publish(1)
        rig.publish(2)
        rig.loop.run()
        #expect(try Self.writes(slow).isEmpty)
        #expect(try Self.writes(fast).flatMap(Self.chunkIDs) == [1, 2])

        // Writable again: the retry flush, 10 ms on, brings what it missed, in order.
        slow.isWritable = true
        rig.advance(milliseconds: 9)
        #expect(try Self.writes(slow).isEmpty)
        rig.advance(milliseconds: 1)
        #expect(try Self.writes(slow).map(Self.chunkIDs) == [[1, 2]])
    }

    @Test func aLappedClientSkipsAheadWithACommentCountingWhatItMissed() throws {
        let rig = try Rig(window: .zero, capacity: 16)
        rig.publish(0)
        let channel = try rig.channel()
        _ = rig.attach(channel, .sse)
        rig.loop.run()
        _ = try Self.writes(channel)
        channel.isWritable = false
        for index in 1...40 { rig.publish(index) }  // the ring keeps 25 ... 40
        rig.loop.run()
        channel.isWritable = true
        rig.advance(milliseconds: 10)
        let chunk = try #require(try Self.writes(channel).first)
        #expect(
            chunk.contains(
                ": missed 39 points: this client read more slowly than the feed, so it skipped ahead to the newest point (40)"
            ))
        #expect(try Self.chunkIDs(chunk) == [40])
    }

    @Test func webSocketBatchesAreWholeUnmaskedTextFramesOnePerPoint() throws {
        let rig = try Rig(window: .zero)
        for index in 0...2 { rig.publish(index) }
        let plain = try rig.channel()
        let withIDs = try rig.channel()
        _ = rig.attach(plain, .webSocket(ids: false), from: .after(0))
        _ = rig.attach(withIDs, .webSocket(ids: true), from: .after(0))
        rig.loop.run()
        #expect(try Self.frames(Self.bytes(plain)) == [#"{"timestamp":0.01,"i":1}"#, #"{"timestamp":0.02,"i":2}"#])
        #expect(
            try Self.frames(Self.bytes(withIDs))
                == [#"{"id":1,"point":{"timestamp":0.01,"i":1}}"#, #"{"id":2,"point":{"timestamp":0.02,"i":2}}"#])
    }

    @Test func framesOf126BytesAndMoreCarryA16Or64BitLength() {
        for length in [0, 125, 126, 65_535, 65_536] {
            var out = ByteBuffer()
            BatchCache.writeTextFrame(ByteBuffer(repeating: UInt8(ascii: "a"), count: length), to: &out)
            let header = length < 126 ? 2 : length <= 65_535 ? 4 : 10
            #expect(out.readableBytes == header + length)
            #expect(out.getInteger(at: 0, as: UInt8.self) == 0x81)
            switch header {
            case 2: #expect(out.getInteger(at: 1, as: UInt8.self) == UInt8(length))
            case 4:
                #expect(
                    out.getInteger(at: 1, as: UInt8.self) == 126
                        && out.getInteger(at: 2, as: UInt16.self) == UInt16(length))
            default:
                #expect(
                    out.getInteger(at: 1, as: UInt8.self) == 127
                        && out.getInteger(at: 2, as: UInt64.self) == UInt64(length))
            }
        }
    }

    @Test func withoutAConnectionStartTheEncodersFrameTheBatch() throws {
        let rig = try Rig(window: .zero)
        for index in 0...2 { rig.publish(index) }
        let channel = try rig.channel(raw: false)
        _ = rig.attach(channel, .webSocket(ids: false), from: .after(0))
        rig.loop.run()
        var payloads: [String] = []
        while let frame = try channel.readOutbound(as: WebSocketFrame.self) {
            payloads.append(String(buffer: frame.data))
        }
        #expect(payloads == [#"{"timestamp":0.01,"i":1}"#, #"{"timestamp":0.02,"i":2}"#])
    }

    @Test func detachingEndsTheStreamAfterAnyFlushAndNothingIsWrittenAfter() throws {
        let (rig, channel, id, done) = try Rig.oneStream()
        _ = try Self.writes(channel)
        rig.fanOut.detach(id)
        #expect(!done.withLockedValue { $0 })  // it happens on the loop
        rig.loop.run()
        #expect(done.withLockedValue { $0 })
        rig.publish(1)
        rig.loop.run()
        #expect(try Self.writes(channel).isEmpty)
    }

    @Test func aClosedChannelEndsItsStream() throws {
        let (rig, channel, _, done) = try Rig.oneStream()
        _ = try channel.finish()
        rig.loop.run()
        #expect(done.withLockedValue { $0 })
    }

    /// Everything a channel received, as bytes.
    static func bytes(_ channel: EmbeddedChannel) throws -> ByteBuffer {
        var all = ByteBuffer()
        while var buffer = try channel.readOutbound(as: ByteBuffer.self) { all.writeBuffer(&buffer) }
        return all
    }

    /// The payloads of the unmasked text frames in `bytes` (every frame must be whole, final and text),
    /// read as a client reads them (Formats' `WebSocketFrameReader`).
    static func frames(_ bytes: ByteBuffer) throws -> [String] {
        var reader = WebSocketFrameReader()
        var messages: [Formats.WebSocketMessage] = []
        try reader.feed(Array(bytes.readableBytesView), into: &messages)
        #expect(reader.pendingBytes == 0, "a frame cut short")
        var out: [String] = []
        for message in messages {
            guard case .text(let text) = message else {
                Issue.record("not a text frame: \(message)")
                continue
            }
            out.append(text)
        }
        return out
    }
}
