import Foundation
import Location
import Playback
import Signals
import Testing

@testable import LiveServer

/// The shared timeline on a manual clock: every point lands at a known index, with no sleeps.
@Suite(.timeLimit(.minutes(5))) struct LiveFeedTests {
    @Test("points are made at i / rate, every index once, as signals play prints them")
    func timeline() async throws {
        let f = try await ManualFeed.started(TestSpecs.sine, through: 24)
        let lines = await f.lines(from: 0, through: 24)
        #expect(lines.map(\.index) == Array(0...24))
        for (index, line) in lines { #expect(line == (try expectedLine(TestSpecs.sine, rate: 100, index: index))) }
        #expect(f.feed.status.index == 24)
        #expect(f.feed.status.timestamp == 0.24)
        f.feed.close()
    }

    @Test("a spec replaced between points i−1 and i takes effect at exactly index i: no gap, no repeat, time goes on")
    func specSwitchAtExactIndex() async throws {
        // points 0 ... 9 made; the Runner waits for point 10
        let f = try await ManualFeed.started(TestSpecs.sine, through: 9)
        try f.feed.replaceSpec(json: Data(TestSpecs.square.utf8))
        #expect(f.feed.status.index == 9)  // nothing happens before the next sample
        try await f.advance(points: 10)  // points 10 ... 19
        let lines = await f.lines(from: 0, through: 19)
        #expect(lines.map(\.index) == Array(0...19))
        for (index, line) in lines {
            let spec = index < 10 ? TestSpecs.sine : TestSpecs.square
            #expect(line == (try expectedLine(spec, rate: 100, index: index)), "index \(index)")
        }
        f.feed.close()
    }

    @Test("a component the new spec keeps continues without a glitch across the switch")
    func unchangedComponentContinues() async throws {
        let (f, lines) = try await ManualFeed.switched(from: TestSpecs.shake, to: TestSpecs.calm, at: 50)
        #expect(lines.count == 100)
        let gravity = try AnySignal(json: Data(TestSpecs.gravity.utf8)).render(sampleRate: 100, duration: 1)
        for (index, line) in lines {
            let g = try #require(xyz(try object(line)["gravity"]))
            #expect(g.map(Float.init) == (0..<3).map { gravity[frame: index, channel: $0] }, "gravity at \(index)")
            let spec = index < 50 ? TestSpecs.shake : TestSpecs.calm
            #expect(line == (try expectedLine(spec, rate: 100, index: index)))
        }
        f.feed.close()
    }

    @Test("pause holds the timeline; resume continues it with no burst of missed points")
    func pauseAndResume() async throws {
        let f = try await ManualFeed.started(TestSpecs.sine, through: 5)
        f.feed.pause()
        #expect(f.feed.status.paused)
        f.clock.advance(by: .seconds(10))  // ten seconds pass while paused: nothing comes due
        #expect(f.feed.status.index == 5)
        f.feed.resume()
        try await f.clock.awaitSleepers()
        #expect(f.feed.status.index == 5)  // no burst
        #expect(!f.feed.status.paused)
        try await f.advance(points: 1)
        #expect(f.feed.status.index == 6)
        #expect(f.feed.status.timestamp == 0.06)  // timeline time does not jump
        f.feed.close()
    }

    @Test("speed 2 plays two points per clock step; the timestamps stay timeline time")
    func speed() async throws {
        let f = try await ManualFeed.started(TestSpecs.sine)
        try f.feed.setSpeed(2)
        #expect(f.feed.status.speed == 2)
        try await f.advance(points: 10)  // 100 ms of clock: 20 points at speed 2
        #expect(f.feed.status.index == 20)
        #expect(f.feed.status.timestamp == 0.2)
        #expect(#expect(throws: SignalError.self) { try f.feed.setSpeed(0) }?.code == .outOfRange)
        #expect(#expect(throws: SignalError.self) { try f.feed.setSpeed(.infinity) }?.code == .outOfRange)
        #expect(#expect(throws: SignalError.self) { try f.feed.setSpeed(101) }?.code == .outOfRange)
        #expect(f.feed.status.speed == 2)
        f.feed.close()
    }

    @Test("a held accelerometer applies from the next sample: gravity = the vector, the rest zero; a spec ends it")
    func accelerometerHold() async throws {
        let f = try await ManualFeed.started(TestSpecs.shake, through: 3)
        f.feed.hold(accelerometer: Acceleration(x: 0.5, y: -0.25, z: -0.75), location: nil)
        #expect(try object(String(buffer: try #require(f.feed.latest).json))["userAcceleration"] != nil)
        try await f.advance(points: 2)
        let lines = await f.lines(from: 3, through: 5)
        try #require(lines.map(\.index) == [3, 4, 5])
        #expect(lines[0].line == (try expectedLine(TestSpecs.shake, rate: 100, index: 3)))
        for (index, line) in lines.dropFirst() {
            #expect(
                line
                    == "{\"timestamp\":\(Double(index) / 100),\"userAcceleration\":{\"x\":0.0,\"y\":0.0,\"z\":0.0},\"gravity\":{\"x\":0.5,\"y\":-0.25,\"z\":-0.75},\"rotationRate\":{\"x\":0.0,\"y\":0.0,\"z\":0.0}}"
            )
        }
        let data = try object(String(buffer: try #require(f.feed.dataBody())))
        #expect(xyz(data["accelerometer"]) == [0.5, -0.25, -0.75])
        try await f.switchSpec(to: TestSpecs.calm, thenAdvance: 1)
        #expect(
            String(buffer: try #require(f.feed.latest).json) == (try expectedLine(TestSpecs.calm, rate: 100, index: 6)))
        f.feed.close()
    }

    @Test(
        "a held location is served in /data from the next sample, even for a motion-only source, and stays after a spec"
    )
    func locationHold() async throws {
        let f = try await ManualFeed.started(TestSpecs.shake)
        #expect(try object(String(buffer: try #require(f.feed.dataBody())))["location"] == nil)
        f.feed.hold(accelerometer: nil, location: GeoCoordinate(latitude: 48.8584, longitude: 2.2945))
        try await f.advance(points: 1)
        let data = try object(String(buffer: try #require(f.feed.dataBody())))
        let location = try #require(data["location"] as? [String: Double])
        #expect(location == ["latitude": 48.8584, "longitude": 2.2945])
        // motion unchanged
        #expect(try object(String(buffer: try #require(f.feed.latest).json))["userAcceleration"] != nil)
        try await f.switchSpec(to: TestSpecs.sine, thenAdvance: 1)
        #expect(try object(String(buffer: try #require(f.feed.dataBody())))["location"] != nil)
        f.feed.close()
    }

    @Test("/data: the accelerometer is userAcceleration + gravity, with the timestamp and the whole point")
    func dataShape() async throws {
        let f = try await ManualFeed.started(TestSpecs.shake, through: 7)
        let data = try object(String(buffer: try #require(f.feed.dataBody())))
        #expect(Set(data.keys) == ["accelerometer", "timestamp", "motion"])
        let motion = try #require(data["motion"] as? [String: Any])
        let ua = try #require(xyz(motion["userAcceleration"]))
        let g = try #require(xyz(motion["gravity"]))
        let a = try #require(xyz(data["accelerometer"]))
        for k in 0..<3 { #expect(Float(a[k]) == Float(ua[k] + g[k])) }
        #expect((data["timestamp"] as? Double) == 0.07)
        f.feed.close()
    }

    @Test(
        "an axes spec's accelerometer is its three channels; a one-channel spec's is (value, 0, 0); other counts use 'channels'"
    )
    func otherShapes() async throws {
        let axes =
            #"{"axes": {"x": {"constant": {"value": 0.25}}, "y": {"constant": {"value": 0.5}}, "z": {"constant": {"value": -1}}}}"#
        let f = try await ManualFeed.started(axes)
        #expect(xyz(try object(String(buffer: try #require(f.feed.dataBody())))["accelerometer"]) == [0.25, 0.5, -1])
        try await f.switchSpec(to: #"{"constant": {"value": 2}}"#, thenAdvance: 1)
        #expect(xyz(try object(String(buffer: try #require(f.feed.dataBody())))["accelerometer"]) == [2, 0, 0])
        let two = #"{"channels": [{"constant": {"value": 1}}, {"constant": {"value": -1}}]}"#
        try await f.switchSpec(to: two, thenAdvance: 1)
        #expect(String(buffer: try #require(f.feed.latest).json) == #"{"timestamp":0.02,"channels":[1.0,-1.0]}"#)
        f.feed.close()
    }

    @Test("a motion with an attitude serves motion points with the quaternion; an IMU spec is refused with its path")
    func attitudeAndIMU() async throws {
        let f = try await ManualFeed.started(#"{"motion": {"attitude": "faceDown"}}"#)
        let line = String(buffer: try #require(f.feed.latest).json)
        #expect(line.contains(#""gravity":{"x":0.0,"y":0.0,"z":1.0}"#), "\(line)")
        #expect(line.contains(#""attitude":{"w":"#), "\(line)")
        #expect(xyz(try object(String(buffer: try #require(f.feed.dataBody())))["accelerometer"]) == [0, 0, 1])
        do {
            try f.feed.replaceSpec(json: Data(#"{"imu": {"motion": {"attitude": "faceUp"}}}"#.utf8))
            Issue.record("accepted an IMU spec")
        } catch {
            #expect("\(error)".contains("IMU"), "\(error)")
        }
        f.feed.close()
    }

    @Test(
        "a client that stops reading is lapped by the ring and skips ahead, told exactly how many it missed; playback and a reading client are not held up"
    )
    func slowClientSkipsAhead() async throws {
        let f = try await ManualFeed.started(TestSpecs.sine, replaySeconds: 10)  // 1001 points kept at 100 Hz
        let slow = f.feed.subscribe(.sse, from: .latest, rate: nil)
        let fast = f.feed.subscribe(.sse, from: .latest, rate: nil)
        var fastIndices: [Int] = []
        for round in 1...6 {
            try await f.advance(points: 500)  // the slow client never reads meanwhile
            #expect(f.feed.status.index == 500 * round)  // playback went on
            while fastIndices.last != 500 * round, let batch = await fast.next() {
                #expect(batch.note == nil)
                fastIndices += batch.entries.map(\.index)
            }
        }
        #expect(fastIndices == Array(0...3000))
        let batch = try #require(await slow.next())
        #expect(
            batch.note
                == "missed 3000 points: this client read more slowly than the feed, so it skipped ahead to the newest point (3000)"
        )
        #expect(batch.entries.map(\.index) == [3000])
        try await f.advance(points: 1)
        #expect(await slow.next()?.entries.map(\.index) == [3001])
        slow.close()
        fast.close()
        f.feed.close()
    }

    @Test(
        "Last-Event-ID: resume after k without gaps; older than the buffer, a note counts what is lost; ahead, the newest"
    )
    func resume() async throws {
        // the ring keeps 500 ... 1500
        let f = try await ManualFeed.started(TestSpecs.sine, through: 1500, replaySeconds: 10)
        let resumed = f.feed.subscribe(.sse, from: .after(1200), rate: nil)
        var indices: [Int] = []
        while indices.last != 1500, let batch = await resumed.next() {
            #expect(batch.note == nil)
            indices += batch.entries.map(\.index)
        }
        #expect(indices == Array(1201...1500))
        resumed.close()

        let first = try await f.firstBatch(after: 10)
        #expect(
            first.note
                == "missed 489 points older than the replay buffer (it keeps the last 1001 points); resuming from the oldest kept, 500"
        )
        #expect(first.entries.first?.index == 500)

        let newest = try await f.firstBatch(after: 99_999)
        #expect(
            newest.note
                == "Last-Event-ID 99999 is not on this timeline (its newest point is 1500); resuming from the newest point"
        )
        #expect(newest.entries.map(\.index) == [1500])
        f.feed.close()
    }

    @Test("?rate decimates by taking points: 10 per second of a 1 kHz feed, exactly 100 indices apart")
    func decimation() async throws {
        let f = try ManualFeed(TestSpecs.sine, rate: 1000)
        let decimated = f.feed.subscribe(.sse, from: .latest, rate: 10)
        try await f.start()
        try await f.advance(points: 2000)
        var kept: [FeedEntry] = []
        while kept.last.map({ $0.index < 2000 }) ?? true, let batch = await decimated.next() { kept += batch.entries }
        #expect(kept.first?.index == 0)
        #expect(kept.last?.index == 2000)
        #expect(kept.count == 21)
        #expect(kept.map(\.index) == Array(stride(from: 0, through: 2000, by: 100)))
        #expect(FeedState.keep(0.3, after: 0.299, rate: 10))
        // The point due at a tick keeps it even when t · rate rounds a few ulps below the whole number.
        let product: Double = 0.58 * 50
        #expect(product < 29)
        #expect(FeedState.keep(0.58, after: 0.579, rate: 50))
        #expect(!FeedState.keep(0.581, after: 0.58, rate: 50))
        let fifty: [Int] = (0...1000).filter { (i: Int) -> Bool in
            FeedState.keep(Double(i) / 1000, after: Double(i - 1) / 1000, rate: 50)
        }
        #expect(fifty == Array(stride(from: 0, through: 1000, by: 20)))
        #expect(!FeedState.keep(0.35, after: 0.34, rate: 10))
        #expect(FeedState.keep(0.35, after: nil, rate: 10))
        #expect(FeedState.keep(0.35, after: 0.34, rate: nil))
        decimated.close()
        f.feed.close()
    }

    @Test("status counts streams by kind and forgets closed ones; polling connections count for 2 s of the clock")
    func clients() async throws {
        let f = try await ManualFeed.started(TestSpecs.sine)
        let a = f.feed.subscribe(.sse, from: .latest, rate: nil)
        let b = f.feed.subscribe(.sse, from: .latest, rate: 5)
        let c = f.feed.subscribe(.ws, from: .latest, rate: nil)
        f.feed.notePoll("10.0.0.1:5000")
        f.feed.notePoll("10.0.0.1:5000")
        f.feed.notePoll("10.0.0.2:6000")
        var status = f.feed.status
        #expect(status.clients == FeedStatus.Clients(sse: 2, ws: 1, polling: 2))
        a.close()
        a.close()
        c.close()
        try await f.advance(seconds: 2.5)
        status = f.feed.status
        #expect(status.clients == FeedStatus.Clients(sse: 1, ws: 0, polling: 0))
        #expect(status.lateness.p50 >= 0)
        #expect(status.lateness.max >= status.lateness.p99)
        #expect(status.lateness.p99 >= status.lateness.p50)
        b.close()
        f.feed.close()
    }

    @Test("close ends every stream, waiting or not, and stops playing")
    func close() async throws {
        let f = try await ManualFeed.started(TestSpecs.sine)
        let waiting = f.feed.subscribe(.sse, from: .after(0), rate: nil)
        async let ended = waiting.next()
        f.feed.close()
        #expect(await ended == nil)
        #expect(await f.feed.subscribe(.ws, from: .latest, rate: nil).next() == nil)
        #expect(f.feed.isClosed)
        #expect(f.feed.summary?.reason == .stopped)
    }

    @Test("a cancelled reader stops waiting and is no longer counted")
    func cancellation() async throws {
        let f = try await ManualFeed.started(TestSpecs.sine)
        let subscription = f.feed.subscribe(.sse, from: .after(0), rate: nil)
        let task = Task { await subscription.next() }
        task.cancel()
        #expect(await task.value == nil)
        #expect(f.feed.status.clients.sse == 0)
        f.feed.close()
    }
}

/// A point file on the timeline: its own timestamps, looping, and a spec taking over.
@Suite(.timeLimit(.minutes(5))) struct LiveFeedFileTests {
    static let walk = "timestamp,x,y,z\n0,0.1,0,0\n0.05,0.2,0,0\n0.1,0.3,0,0\n"

    @Test("a point file plays at its timestamps, its values written as Doubles")
    func file() async throws {
        let f = try await ManualFeed.started(points: Self.walk)
        try await f.finish()
        #expect(f.feed.summary?.reason == .finished)
        let lines = await f.lines(from: 0, through: 2)
        #expect(
            lines.map(\.line)
                == [0.1, 0.2, 0.3].enumerated().map { k, x in
                    "{\"timestamp\":\(Double(k) * 0.05),\"userAcceleration\":{\"x\":\(x),\"y\":0.0,\"z\":0.0},\"gravity\":{\"x\":0.0,\"y\":0.0,\"z\":0.0},\"rotationRate\":{\"x\":0.0,\"y\":0.0,\"z\":0.0}}"
                })
        #expect(f.feed.status.sampleRate == 20)
        #expect(f.feed.spec == nil)
        f.feed.close()
    }

    @Test("--loop plays the file again with rising timestamps and contiguous indices")
    func loop() async throws {
        let f = try await ManualFeed.started(points: Self.walk, loop: true)
        try await f.advance(seconds: 0.3)  // two passes: 0, .05, .1 | .15, .2, .25 | .3
        let lines = await f.lines(from: 0, through: 6)
        let times = try lines.map { try #require(try object($0.line)["timestamp"] as? Double) }
        let period = 0.1 + (0.1 - 0.05)  // the last timestamp plus the gap before it
        #expect(times == [0, 0.05, 0.1, period, period + 0.05, period + 0.1, 2 * period])
        #expect(lines.map(\.index) == Array(0...6))
        f.feed.close()
    }

    @Test("a spec replacing a file takes over at the next index, at the feed's rate, timestamps rising")
    func specReplacesFile() async throws {
        let f = try await ManualFeed.started(points: "timestamp,x,y,z\n0,1,0,0\n1,2,0,0\n2,3,0,0\n")
        try f.feed.replaceSpec(json: Data(TestSpecs.sine.utf8))
        try await f.advance(seconds: 1)  // point 1 (the file's, at t = 1) is made from the spec
        try await f.advance(points: 3)
        let lines = await f.lines(from: 0, through: 4)
        #expect(lines.map(\.index) == Array(0...4))
        let times = try lines.map { try #require(try object($0.line)["timestamp"] as? Double) }
        let expected: [Double] = [0, 1, 1 + 1 / 100.0, 1 + 2 / 100.0, 1 + 3 / 100.0]
        #expect(times == expected)
        #expect(try object(lines[0].line)["userAcceleration"] != nil)
        #expect(try object(lines[1].line)["value"] != nil)  // the sine, at global sample index 1
        #expect(f.feed.status.sampleRate == 100)
        f.feed.close()
    }

    @Test("a file that ended is restarted by a spec: the index and the time go on")
    func specAfterEnd() async throws {
        let f = try ManualFeed(points: Self.walk)
        try f.feed.start()
        try await f.finish()
        #expect(f.feed.summary?.reason == .finished)
        #expect(f.feed.status.index == 2)
        try f.feed.replaceSpec(json: Data(TestSpecs.sine.utf8))
        try await f.clock.awaitSleepers()
        try await f.advance(points: 2)
        let lines = await f.lines(from: 2, through: 5)
        #expect(lines.map(\.index) == [2, 3, 4, 5])
        let times = try lines.map { try #require(try object($0.line)["timestamp"] as? Double) }
        let next = 0.1 + 1 / 100.0
        #expect(times == [0.1, next, next + 0.01, next + 0.02])
        f.feed.close()
    }
}
