import Foundation
import Playback
import Signals
import Testing

@testable import LiveServer

/// `--epoch`: a spec's timeline pinned to the wall clock, so that a server started again joins the same
/// timeline with its replay buffer filled, and a client resumes across a restart of the whole process.
@Suite(.timeLimit(.minutes(5))) struct EpochTests {
    static let now = 1_795_459_620.0

    @Test(
        "a feed started 100.005 s after its epoch: points 9000 … 10000 are in the buffer at once, 10001 comes 5 ms later"
    )
    func backlog() async throws {
        let f = try ManualFeed(TestSpecs.shake, epoch: Self.now - 100.005, now: { Self.now })
        try await f.start()
        #expect(f.feed.status.index == 10000)  // every point due by now, and no later one
        let lines = await f.lines(from: 9000, through: 10000)
        #expect(lines.map(\.index) == Array(9000...10000))
        for (index, line) in lines where index % 97 == 0 || index == 10000 {
            let expected = try expectedLine(TestSpecs.shake, rate: 100, index: index)
            #expect(line == expected, "index \(index): \(line) vs \(expected)")
        }
        let missed = f.feed.subscribe(.sse, from: .after(8990), rate: nil)
        let first = await missed.next()
        #expect(
            first?.note?.contains("missed 9 points older than the replay buffer") == true, "\(first?.note ?? "no note")"
        )
        missed.close()
        try await f.advance(seconds: 0.004)
        #expect(f.feed.status.index == 10000)  // 10001 is due at epoch + 100.01 s: 5 ms on
        try await f.advance(seconds: 0.001)
        #expect(f.feed.status.index == 10001)
        try await f.advance(points: 10)
        let live = await f.lines(from: 10001, through: 10011)
        #expect(live.map(\.index) == Array(10001...10011))
        for (index, line) in live {
            let expected = try expectedLine(TestSpecs.shake, rate: 100, index: index)
            #expect(line == expected, "index \(index): \(line) vs \(expected)")
        }
        f.feed.close()
    }

    @Test(
        "two feeds on one epoch (a server and the same server restarted 3 s later) make the same points; a client resumes across them without a gap"
    )
    func restartJoinsTheTimeline() async throws {
        let epoch = Self.now - 50
        let before = try ManualFeed(TestSpecs.sine, epoch: epoch, now: { Self.now })
        try await before.start()
        try await before.advance(points: 20)  // the old server's newest: 5020
        let old = await before.lines(from: 4900, through: 5020)
        before.feed.close()  // the process ends
        let after = try ManualFeed(TestSpecs.sine, epoch: epoch, now: { Self.now + 3 })
        try await after.start()
        #expect(after.feed.status.index == 5300)
        let resumed = await after.lines(from: 5021, through: 5300)  // what Last-Event-ID 5020 asks for
        #expect(resumed.map(\.index) == Array(5021...5300))
        let overlap = await after.lines(from: 4900, through: 5020)
        #expect(overlap.map(\.line) == old.map(\.line))  // the same timeline, byte for byte
        after.feed.close()
    }

    @Test("an epoch is refused in the future, too far back, with a point file, or out of range")
    func refused() throws {
        func message(_ body: () throws -> Void) -> String {
            do { try body() } catch let error as LiveServerError { return error.message } catch { return "\(error)" }
            return "no error"
        }
        #expect(
            message { _ = try ManualFeed(TestSpecs.sine, epoch: Self.now + 10, now: { Self.now }) }.contains(
                "s in the future"))
        #expect(
            message { _ = try ManualFeed(TestSpecs.sine, rate: 10_000, epoch: 0, now: { 1e11 }) }.contains(
                "at most 2^48"))
        #expect(
            message { _ = try ManualFeed(TestSpecs.sine, epoch: -1, now: { Self.now }) }.contains(
                "Unix time in seconds"))
        #expect(
            message { _ = try ManualFeed(TestSpecs.sine, epoch: .nan, now: { Self.now }) }.contains(
                "Unix time in seconds"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("epoch-\(UUID().uuidString).csv")
        try Data("timestamp,x,y,z\n0,0,0,1\n0.01,0,0,1\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(
            message {
                let options = FeedOptions(epoch: Self.now - 5)
                _ = try LiveFeed(
                    source: LiveSource.load(url.path, options: options), options: options, clock: ManualClock(),
                    wallClock: { Self.now })
            }.contains("a point file plays on its own timestamps"))
    }
}
