import Foundation
import Location
import Navigation
import Playback
import SignalRunnerTesting
import Testing

@testable import SensorFeeds

@Suite struct SimulatedAltimeterTests {
    /// A barometer with small white noise and quantisation and no weather: 0.03 Pa/√Hz at 25 Hz is
    /// 0.15 Pa (about 0.013 m at 60 m) per reading, so a difference of two readings has σ ≈ 0.019 m.
    static let quietBarometer = #"{"rate": 25, "noise_density": 0.03, "resolution": 0.016, "seed": 9}"#
    /// 100 times the noise: σ ≈ 1.9 m on a difference; the bound below must fail for it.
    static let noisyBarometer = #"{"rate": 25, "noise_density": 3, "seed": 9}"#
    /// The bound on |relative altitude − truth's height change| for the quiet barometer, metres (≈ 5σ).
    static let bound = 0.1

    /// Relative altitude for the first `count` seconds of `trajectory` (1 Hz), played instantly.
    func relative(_ trajectory: Trajectory, count: Int) -> [AltitudeData] {
        let altimeter = SimulatedAltimeter(source: .signal(trajectory), clock: ManualClock(autoAdvance: true))
        let seen = Collected<AltitudeData>(until: count)
        let queue = serialQueue()
        altimeter.startRelativeAltitudeUpdates(to: queue) { d, e in seen.add(d, e) }
        #expect(seen.wait())
        altimeter.stopRelativeAltitudeUpdates()
        #expect(seen.failures.isEmpty)
        return Array(seen.values.prefix(count))
    }

    /// The largest |relative altitude − (truth's height − first height)|, metres.
    func worstError(_ trajectory: Trajectory, _ updates: [AltitudeData]) throws -> Double {
        let start = try WalkTrajectory.point(trajectory, at: 0).altitude
        return try updates.map { d in
            abs(
                d.relativeAltitude.doubleValue
                    - (try WalkTrajectory.point(trajectory, at: d.timestamp).altitude - start))
        }.max() ?? .infinity
    }

    func relativeAvailable<A: AltimeterProviding>(_: A.Type) -> Bool { A.isRelativeAltitudeAvailable() }

    @Test("availability: relative and absolute altitude are available")
    func availability() {
        #expect(SimulatedAltimeter.isRelativeAltitudeAvailable())
        #expect(SimulatedAltimeter.isAbsoluteAltitudeAvailable())
        #expect(relativeAvailable(SimulatedAltimeter.self))  // through the protocol
    }

    @Test("updates come once a second of the source: timestamps 0, 1, 2, …")
    func oneHertz() throws {
        let updates = relative(try WalkTrajectory.with(barometer: nil), count: 5)
        #expect(updates.map(\.timestamp) == [0, 1, 2, 3, 4])
        #expect(updates.first?.relativeAltitude.doubleValue == 0)
    }

    @Test("with a quiet barometer, relative altitude follows the truth's height change within 0.1 m")
    func barometricQuiet() throws {
        let walk = try WalkTrajectory.with(barometer: Self.quietBarometer)
        let updates = relative(walk, count: 120)
        try #require(updates.count == 120)
        let worst = try worstError(walk, updates)
        #expect(worst <= Self.bound, "worst error \(worst) m")
        // The walk climbs: the check compares a changing height, not zeros.
        let climbed = try WalkTrajectory.point(walk, at: 119).altitude - WalkTrajectory.point(walk, at: 0).altitude
        #expect(abs(climbed) > 1)
        // Pressure is the barometer's reading, in kPa.
        for d in updates.prefix(10) {
            let p = try #require(try WalkTrajectory.point(walk, at: d.timestamp).pressure)
            #expect(abs(d.pressure.doubleValue - p / 1000) < 1e-12)
        }
    }

    @Test("the failing case: a barometer 100 times noisier breaks the 0.1 m bound")
    func barometricNoisy() throws {
        let walk = try WalkTrajectory.with(barometer: Self.noisyBarometer)
        let worst = try worstError(walk, relative(walk, count: 120))
        #expect(worst > Self.bound, "worst error \(worst) m")
    }

    @Test("without a barometer, relative altitude is the truth's height change, and pressure the ISA's")
    func truthOnly() throws {
        let walk = try WalkTrajectory.with(barometer: nil)
        let updates = relative(walk, count: 60)
        #expect(try worstError(walk, updates) < 1e-9)
        let last = try #require(updates.last)
        let isa = try StandardAtmosphere.isa.pressure(
            geopotentialHeight:
                StandardAtmosphere.geopotentialHeight(
                    geometricHeight: WalkTrajectory.point(walk, at: last.timestamp).altitude))
        #expect(abs(last.pressure.doubleValue - isa / 1000) < 1e-9)
    }

    @Test("absolute altitude starts at the true height above mean sea level and follows it")
    func absolute() throws {
        let walk = try WalkTrajectory.with(barometer: Self.quietBarometer)
        let altimeter = SimulatedAltimeter(source: .signal(walk), clock: ManualClock(autoAdvance: true))
        let seen = Collected<AbsoluteAltitudeData>(until: 60)
        altimeter.startAbsoluteAltitudeUpdates(to: serialQueue()) { d, e in seen.add(d, e) }
        #expect(seen.wait())
        altimeter.stopAbsoluteAltitudeUpdates()
        let updates = Array(seen.values.prefix(60))
        try #require(updates.count == 60)
        #expect(updates[0].altitude == (try WalkTrajectory.point(walk, at: 0).altitude))
        for d in updates {
            #expect(abs(d.altitude - (try WalkTrajectory.point(walk, at: d.timestamp).altitude)) <= Self.bound)
            #expect(d.precision > 0.005)  // 0.15 Pa at ≈ 11.3 Pa/m: ≈ 0.013 m
            #expect(d.precision < 0.02)
            #expect(d.accuracy >= d.precision)
        }
    }

    @Test("stop stops delivery: no update after it returns, while the same run without stop goes on")
    func stop() async throws {
        let walk = try WalkTrajectory.with(barometer: nil)
        for stops in [true, false] {
            let clock = ManualClock()
            let altimeter = SimulatedAltimeter(source: .signal(walk), clock: clock)
            let seen = Collected<AltitudeData>(until: .max)
            altimeter.startRelativeAltitudeUpdates { d, e in seen.add(d, e) }  // on the playback thread
            try await clock.awaitSleepers()  // update 0 delivered
            clock.advance(by: .seconds(2))
            try await clock.awaitSleepers()  // updates 1, 2
            #expect(seen.values.count == 3)
            #expect(altimeter.isRelativeAltitudeActive)
            if stops {
                altimeter.stopRelativeAltitudeUpdates()
                #expect(!altimeter.isRelativeAltitudeActive)
                clock.advance(by: .seconds(5))
                #expect(seen.values.count == 3, "an update came after stopRelativeAltitudeUpdates() returned")
            } else {
                clock.advance(by: .seconds(5))
                try await clock.awaitSleepers()
                #expect(seen.values.count == 8)  // the failing case of the check above
                altimeter.stopRelativeAltitudeUpdates()
            }
        }
    }

    @Test("the standard-atmosphere inversion gives the height back within a micrometre (−500 m … 15 km)")
    func inversion() {
        for z in stride(from: -500.0, through: 15_000, by: 250) {
            #expect(abs(PressureAltitude.height(pascals: PressureAltitude.pressure(metres: z)) - z) < 1e-6)
        }
        #expect(PressureAltitude.height(pascals: 0).isNaN)
        // About 12 Pa a metre near sea level.
        #expect(abs(PressureAltitude.gradient(pascals: 101_325) - 12.01) < 0.01)
    }

    @Test("an invalid source rate reaches the handler as an error")
    func invalidRate() throws {
        let altimeter = SimulatedAltimeter(
            source: .signal(try WalkTrajectory.with(barometer: nil), sampleRate: 0),
            clock: ManualClock(autoAdvance: true))
        let seen = Collected<AltitudeData>(until: 1)
        altimeter.startRelativeAltitudeUpdates { d, e in seen.add(d, e) }
        #expect(seen.wait())
        #expect(seen.values.isEmpty)
        #expect(seen.failures.count == 1)
        #expect(!altimeter.isRelativeAltitudeActive)
    }
}
