import Foundation
import Location
import Playback
import Sensors
import Signals
import Testing

@testable import Navigation

/// A trajectory that stops for a waypoint's pause: at rest in every sense while it stands, its gait faded
/// out and in around the stop, and rendered across the stop as anywhere else.
@Suite struct TrajectoryPauseTests {
    /// The walk of `TruthChecks` with a 12 s pause at its middle waypoint, every sensor on.
    static func walk(mount: Mount = .handheld, person: Person = Person()) throws -> Trajectory {
        try Trajectory(
            route: TruthChecks.paused(TruthChecks.walkRoute()), vehicle: .walk, mount: mount, person: person,
            epoch: "2026-06-01T12:00:00Z",
            sensors: TruthChecks.sensors(imu: IMU(preset: .bmi160, seed: 7), barometerRate: 25))
    }

    @Test(
        "A phone lying flat (a table) is at rest for the pause: speed, cadence, velocity and acceleration 0, the gait faded out, the steps held, gravity only"
    )
    func atRestWhileItStands() throws {
        let walk = try Self.walk(mount: .flat)
        let rests = TruthChecks.restTimes(walk)
        try #require(rests.count == 2)
        #expect(abs(rests[1] - rests[0] - 12) < 1e-12)
        let first = walk.state(at: rests[0])
        for t in stride(from: rests[0], through: rests[1], by: 0.5) {
            let s = walk.state(at: t)
            #expect(s.speed == 0, "t \(t)")
            #expect(s.cadence == 0, "t \(t)")
            #expect(s.velocity == .zero, "t \(t)")
            #expect(s.acceleration == .zero, "t \(t)")
            #expect(s.rotationRate == .zero, "t \(t)")
            #expect(s.steps == first.steps, "t \(t)")
            #expect(s.latitude == first.latitude, "t \(t)")
            #expect(s.longitude == first.longitude, "t \(t)")
            #expect(s.altitude == first.altitude, "t \(t)")
            // The accelerometer's truth reads gravity alone (no Coriolis term at rest).
            let f = (s.specificForce * s.specificForce).sum().squareRoot()
            let gamma = NormalGravity.magnitude(latitude: s.latitude, height: s.altitude)
            #expect(abs(f - gamma) < 1e-12, "t \(t): |f| \(f), γ \(gamma)")
        }
        // Steps counted before and after, not during.
        #expect(walk.state(at: rests[0] - 5).steps < first.steps)
        #expect(walk.state(at: rests[1] + 5).steps > first.steps)
        // The gait's fade: 0 at the stop with its derivatives, half a stride away half faded, a stride away 1.
        let stop = try #require(walk.path.stops.first)
        let width = 2 * 0.7
        let plain = Trajectory.fade(stop, length: walk.path.length, width: width)
        let faded = Trajectory.fade(plain, stop, stops: walk.path.stops, width: width)
        #expect(faded == (0, 0, 0))
        #expect(abs(Trajectory.fade(plain, stop - width / 2, stops: walk.path.stops, width: width).0 - 0.5) < 1e-12)
        #expect(Trajectory.fade(plain, stop + width, stops: walk.path.stops, width: width) == plain)
        // The fade's derivatives are its own: central differences over ±1 mm either side of the stop.
        for s in [stop - 0.9, stop - 0.2, stop + 0.3, stop + 1.1] {
            let f = { (x: Double) in
                Trajectory.fade(
                    Trajectory.fade(x, length: walk.path.length, width: width), x,
                    stops: walk.path.stops, width: width)
            }
            let h = 1e-3
            let (a, b, c) = (f(s - h), f(s), f(s + h))
            #expect(abs((c.0 - a.0) / (2 * h) - b.1) < 1e-5, "s − stop \(s - stop)")
            #expect(abs((c.1 - a.1) / (2 * h) - b.2) < 1e-4, "s − stop \(s - stop)")
        }
        // The failing case: without the stop's fade, the gait would hold its offset at the stop.
        #expect(plain.0 == 1)
    }

    @Test(
        "A hand-held phone is not still while its holder stands: it sways by millimetres and trembles, exactly (derivatives match)"
    )
    func swaysWhileItStands() throws {
        // A person who keeps their hand still (no gestures): the sway and the tremor alone.
        let walk = try Self.walk(mount: .handheld, person: try Person(gestures: 0))
        let rests = TruthChecks.restTimes(walk)
        try #require(rests.count == 2)
        let start = walk.state(at: rests[0])
        // The sway fades in: at the stop's first instant the device is where it stopped, at rest.
        #expect(start.velocity == .zero)
        #expect(start.acceleration == .zero)
        #expect(start.rotationRate == .zero)
        var squares = (acceleration: 0.0, rate: 0.0)
        var count = 0
        for t in stride(from: rests[0], through: rests[1], by: 0.01) {
            let s = walk.state(at: t)
            #expect(s.speed == 0, "t \(t)")
            #expect(s.cadence == 0, "t \(t)")
            #expect(s.steps == start.steps, "t \(t)")
            let moved = TruthChecks.enu(from: start, to: s)
            #expect((moved * moved).sum().squareRoot() < 0.01, "t \(t): \(moved) m from the stop")
            #expect((s.velocity * s.velocity).sum().squareRoot() < 0.02, "t \(t)")
            squares.acceleration += (s.acceleration * s.acceleration).sum()
            squares.rate += (s.rotationRate * s.rotationRate).sum()
            count += 1
        }
        // Within the spread of a real phone standing still (0.025 m/s² and 0.016 rad/s RMS, noise included).
        let accelerationRMS = (squares.acceleration / Double(count)).squareRoot()
        let rateRMS = (squares.rate / Double(count)).squareRoot()
        // Measured: 0.019 m/s² and 0.013 rad/s.
        #expect(accelerationRMS > 0.005, "acceleration RMS \(accelerationRMS) m/s²")
        #expect(accelerationRMS < 0.05, "acceleration RMS \(accelerationRMS) m/s²")
        #expect(rateRMS > 0.004, "rotation rate RMS \(rateRMS) rad/s")
        #expect(rateRMS < 0.03, "rotation rate RMS \(rateRMS) rad/s")
        // Exact: the velocity, acceleration and rotation rate are the position's and the attitude's derivatives,
        // across the fade-in, the middle and the fade-out.
        let f: TruthChecks.States = { walk.state(at: $0) }
        let times = [0.3, 0.7, 1.5, 6.1, 11.2, 11.8].map { rests[0] + $0 }
        #expect(TruthChecks.velocityMismatch(f, times: times) < 1e-6)
        #expect(TruthChecks.accelerationMismatch(f, times: times) < 1e-5)
        #expect(TruthChecks.rotationMismatch(f, times: times) < 1e-6)
        #expect(TruthChecks.specificForceMismatch(f, times: times, earthRotation: walk.earthRotation) < 1e-9)
        #expect(TruthChecks.angularRateMismatch(f, times: times) < 1e-12)
        // The hand's tremor: a hand-held phone shakes at 8–12 Hz, a pocket does not.
        let pocket = try Self.walk(mount: .pocket)
        func highBand(_ t: Trajectory) -> Double {
            // The acceleration's second difference at 100 Hz keeps what is fast (tremor), not the sway.
            let a = stride(from: rests[0] + 3, through: rests[1] - 3, by: 0.01).map { t.state(at: $0).acceleration }
            return zip(a.dropFirst(2), zip(a.dropFirst(), a)).map { c, ba in
                let d = c - 2 * ba.0 + ba.1
                return (d * d).sum()
            }.reduce(0, +)
        }
        #expect(highBand(walk) > 10 * highBand(pocket))
    }

    @Test(
        "A standing person's hand gestures now and then: centimetres within a few seconds, exactly; a pocket does not, and gestures 0 keeps the hand still"
    )
    func gestures() throws {
        let walk = try Self.walk(mount: .handheld)
        let still = try Self.walk(mount: .handheld, person: try Person(gestures: 0))
        let pocket = try Self.walk(mount: .pocket)
        let rests = TruthChecks.restTimes(walk)
        try #require(rests.count == 2)
        func farthest(_ t: Trajectory) -> Double {
            let start = t.state(at: rests[0])
            return stride(from: rests[0], through: rests[1], by: 0.02).map { time in
                let moved = TruthChecks.enu(from: start, to: t.state(at: time))
                return (moved * moved).sum().squareRoot()
            }.max() ?? 0
        }
        let (hand, none, thigh) = (farthest(walk), farthest(still), farthest(pocket))
        print("standing, farthest from the stop: hand \(hand) m, hand without gestures \(none) m, pocket \(thigh) m")
        #expect(hand > 0.015 && hand < 0.25, "hand \(hand) m")
        #expect(none < 0.01, "no gestures \(none) m")
        #expect(thigh < 0.01, "pocket \(thigh) m")
        // Exact inside gestures as elsewhere: velocity, acceleration and rotation rate are the derivatives.
        let f: TruthChecks.States = { walk.state(at: $0) }
        let times = stride(from: rests[0] + 1.3, to: rests[1] - 1, by: 0.37).map { $0 }
        #expect(TruthChecks.velocityMismatch(f, times: times, epsilon: 1e-4) < 1e-5)
        #expect(TruthChecks.accelerationMismatch(f, times: times) < 1e-4)
        #expect(TruthChecks.rotationMismatch(f, times: times) < 1e-6)
    }

    @Test("Renders and points across the pause: the same bits in odd blocks, the truth continuous, sensors held")
    func rendersAcrossThePause() throws {
        let walk = try Self.walk()
        let rests = TruthChecks.restTimes(walk)
        try #require(rests.count == 2)
        let rate = 50.0
        let samples = Int((rests[0] - 10) * rate)..<Int((rests[1] + 10) * rate)
        let streams = try walk.series(rate: rate)
        let whole = try walk.render(streams, samples: samples)
        var pieces = [[Double]](repeating: [], count: streams.count)
        var n = samples.lowerBound
        for size in [1, 333, 7, 500, 2_049, 10_000] where n < samples.upperBound {
            let end = min(n + size, samples.upperBound)
            for (k, rows) in try walk.render(streams, samples: n..<end).enumerated() { pieces[k] += rows }
            n = end
        }
        for k in streams.indices {
            #expect(TrajectoryRenderTests.bits(pieces[k]) == TrajectoryRenderTests.bits(whole[k]), "\(streams[k].kind)")
        }
        // The truth's velocity changes by at most a walk's acceleration over a sample: the path's (≤ 1 m/s²) and
        // the gait's (the steps and heel strikes through a hand: up to about 7 m/s²).
        let truth = try #require(streams.firstIndex { $0.kind == .truth && $0.rate == rate })
        let width = 1 + TrajectorySeries.columns(.truth).count
        let rows = whole[truth]
        var largest = 0.0
        for r in 1..<rows.count / width {
            let d = SIMD3(
                rows[r * width + 4] - rows[(r - 1) * width + 4], rows[r * width + 5] - rows[(r - 1) * width + 5],
                rows[r * width + 6] - rows[(r - 1) * width + 6])
            largest = max(largest, (d * d).sum().squareRoot())
        }
        print("pause, walk render at 50 Hz: largest |Δv| between samples \(largest) m/s")
        #expect(largest < 10 / rate, "|Δv| \(largest) m/s in 1/\(rate) s")
        #expect(largest > 0)
        // Points: the pedometer holds its steps with cadence 0; a fix every second (GNSS at 1 Hz), a heading and
        // a pressure at every point.
        let points = try walk.points(first: samples.lowerBound, count: samples.count, rate: rate)
        let standing = points.enumerated().filter { k, _ in
            let t = Double(samples.lowerBound + k) / rate
            return t > rests[0] && t < rests[1]
        }.map(\.element)
        #expect(standing.count > 500)
        #expect(Set(standing.map(\.steps)).count == 1)
        #expect(standing.allSatisfy { $0.cadence == 0 })
        let fixCount = points.compactMap(\.location).count
        #expect(abs(Double(fixCount) - Double(samples.count) / rate) <= 1, "\(fixCount) fixes")
        #expect(points.allSatisfy { $0.pressure != nil })
        #expect(points.allSatisfy { $0.trueHeading.isFinite })
        #expect(points.first?.cadence ?? 0 > 0)
        // GNSS speed reports about 0 while standing (its velocity error only, σ 0.1 m/s).
        let fixes = standing.compactMap { $0.location?.speed }
        #expect(fixes.count >= 11)
        #expect(fixes.allSatisfy { $0 < 1 }, "\(fixes)")
    }
}
