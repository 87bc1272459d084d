import Foundation
import Location
import Navigation
import Playback
import Signals
import Testing

@testable import SensorFeeds

/// A location delegate that records headings, fixes and errors, and signals when `target` headings arrived.
final class Headings: LocationProvidingDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [SimulatedHeading] = []
    private var fixes: [LocationPoint] = []
    private var failures: [any Error] = []
    private let target: Int
    private let reached = DispatchSemaphore(value: 0)

    init(until target: Int) { self.target = target }

    func locationManager(_ manager: any LocationProviding, didUpdateLocations locations: [LocationPoint]) {
        lock.withLock { fixes += locations }
    }

    func locationManager(_ manager: any LocationProviding, didFailWithError error: any Error) {
        lock.withLock { failures.append(error) }
        reached.signal()
    }

    func locationManager(_ manager: any LocationProviding, didUpdateHeading heading: SimulatedHeading) {
        let count = lock.withLock { () -> Int in
            received.append(heading)
            return received.count
        }
        if count == target { reached.signal() }
    }

    var headings: [SimulatedHeading] { lock.withLock { received } }
    var locations: [LocationPoint] { lock.withLock { fixes } }
    var errors: [any Error] { lock.withLock { failures } }
    /// Waits (bounded) until `target` headings (or an error) arrived.
    func wait() -> Bool { reached.wait(timeout: .now() + 60) == .success }
}

@Suite struct SimulatedHeadingTests {
    /// The timeline of the tests: 10 Hz for 120 s of the walk (1200 samples): its first leg is straight for
    /// about 54 s, then it turns at each waypoint.
    static let rate = 10.0, duration = 120.0

    /// The walk's truth on the same timeline, rendered as a block (the manager renders one point a tick).
    static func truth(_ walk: Trajectory, duration: Double = duration) throws -> [TrajectoryPoint] {
        try walk.points(first: 0, count: Int(duration * rate), rate: rate)
    }

    /// The headings Core Location's filter lets through, recomputed here from the truth's magnetic
    /// headings: the first, then each at least `degrees` (the shorter way round) from the last one kept.
    static func expectedFiltered(_ truth: [TrajectoryPoint], degrees: Double) -> [TrajectoryPoint] {
        var kept: [TrajectoryPoint] = []
        for p in truth {
            if degrees > 0, let last = kept.last {
                var d = abs(p.magneticHeading - last.magneticHeading)
                if d > 180 { d = 360 - d }
                if d < degrees { continue }
            }
            kept.append(p)
        }
        return kept
    }

    /// The first `count` headings of `walk` played instantly with `filter` and `orientations` (set in order).
    static func play(
        _ walk: Trajectory, filter: Double, orientations: [DeviceOrientation] = [], count: Int,
        duration: Double = duration
    ) throws -> (headings: [SimulatedHeading], manager: SimulatedLocationManager) {
        let manager = SimulatedLocationManager(
            source: .signal(walk, sampleRate: rate, duration: duration), clock: ManualClock(autoAdvance: true))
        manager.headingFilter = filter
        for o in orientations { manager.headingOrientation = o }
        let delegate = Headings(until: count)
        manager.delegate = delegate
        manager.startUpdatingHeading()
        #expect(delegate.wait())
        manager.stopUpdatingHeading()
        #expect(delegate.errors.isEmpty, "\(delegate.errors)")
        return (delegate.headings, manager)
    }

    /// The angle between two headings, degrees.
    static func apart(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    @Test("headingAvailable: the simulated device has a compass (also through the protocol's type)")
    func available() {
        #expect(SimulatedLocationManager.headingAvailable())
        let manager: any LocationProviding = SimulatedLocationManager(
            source: .signal(SimulatedLocationManagerTests.walk))
        #expect(type(of: manager).headingAvailable())
    }

    @Test("defaults: headingFilter 1°, portrait, no heading before the first; NaN filter counts as none")
    func defaults() {
        let manager = SimulatedLocationManager(source: .signal(SimulatedLocationManagerTests.walk))
        #expect(manager.headingFilter == 1)
        #expect(manager.headingOrientation == .portrait)
        #expect(manager.heading == nil)
        #expect(!manager.isUpdatingHeading)
        manager.headingFilter = .nan
        #expect(manager.headingFilter == headingFilterNone)
    }

    @Test(
        "headingFilter: exactly the headings that turned by the filter from the last one delivered",
        arguments: [1.0, 5.0])
    func filter(degrees: Double) throws {
        let walk = try WalkTrajectory.example()
        let truth = try Self.truth(walk)
        let expected = Self.expectedFiltered(truth, degrees: degrees)
        // The failing case: the filter drops headings (the walk turns by less than the filter between samples).
        #expect(expected.count < truth.count)
        #expect(expected.count > 3)
        let (got, manager) = try Self.play(walk, filter: degrees, count: expected.count)
        #expect(got.map(\.timestamp) == expected.map(\.timestamp))
        for (a, b) in zip(got, got.dropFirst()) { #expect(Self.apart(a.magneticHeading, b.magneticHeading) >= degrees) }
        #expect(manager.heading == got.last)
    }

    @Test("a smaller headingFilter delivers more headings; headingFilterNone delivers every sample")
    func smallerFilterDeliversMore() throws {
        let walk = try WalkTrajectory.example()
        let truth = try Self.truth(walk)
        let fine = Self.expectedFiltered(truth, degrees: 0.5)
        let coarse = Self.expectedFiltered(truth, degrees: 5)
        #expect(fine.count > coarse.count)
        let gotFine = try Self.play(walk, filter: 0.5, count: fine.count).headings
        let gotCoarse = try Self.play(walk, filter: 5, count: coarse.count).headings
        #expect(gotFine.count > gotCoarse.count)
        #expect(gotFine.map(\.timestamp) == fine.map(\.timestamp))
        #expect(gotCoarse.map(\.timestamp) == coarse.map(\.timestamp))
        let all = try Self.play(walk, filter: headingFilterNone, count: 100, duration: 10).headings
        #expect(all.map(\.timestamp) == truth.prefix(100).map(\.timestamp))
    }

    @Test("each heading is the truth at its time: true and magnetic heading, accuracy, and the magnetometer's x, y, z")
    func truthValues() throws {
        let walk = try WalkTrajectory.example()
        let truth = try Self.truth(walk, duration: 10)
        let got = try Self.play(walk, filter: headingFilterNone, count: truth.count, duration: 10).headings
        try #require(got.count == truth.count)
        for (h, p) in zip(got, truth) {
            #expect(h.timestamp == p.timestamp)
            #expect(h.trueHeading == p.trueHeading)
            #expect(h.magneticHeading == p.magneticHeading)
            #expect(h.headingAccuracy == p.headingAccuracy)
            #expect(h.magneticField == p.magneticField)
            #expect(h.x == p.magneticField.x)
            #expect(h.y == p.magneticField.y)
            #expect(h.z == p.magneticField.z)
        }
        // The walk's magnetometer has noise: a heading accuracy above 0, and true and magnetic headings apart
        // by the declination.
        #expect(got.allSatisfy { $0.headingAccuracy > 0 })
        #expect(got.contains { $0.trueHeading != $0.magneticHeading })
        // The failing cases: the truth changes from sample to sample (a heading one sample late would differ),
        // and the magnetometer's reading (hard iron 12, −3, 40 µT) is not the true field of the same walk
        // without a magnetometer.
        #expect(zip(got, truth.dropFirst()).contains { $0.trueHeading != $1.trueHeading })
        let field = try Self.truth(WalkTrajectory.with(barometer: nil), duration: 10).map(\.magneticField)
        for (h, b) in zip(got, field) { #expect(abs(h.z - b.z) > 20, "the hard iron's 40 µT on z") }
    }

    @Test(
        "headingOrientation turns both headings as Core Location: +90° landscapeLeft, +180° upside down, +270° landscapeRight; x, y, z unchanged",
        arguments: [
            (DeviceOrientation.portrait, 0.0), (.landscapeLeft, 90), (.portraitUpsideDown, 180), (.landscapeRight, 270),
        ])
    func orientation(orientation: DeviceOrientation, offset: Double) throws {
        let walk = try WalkTrajectory.example()
        let truth = try Self.truth(walk, duration: 5)
        let got = try Self.play(
            walk, filter: headingFilterNone, orientations: [orientation], count: truth.count, duration: 5
        ).headings
        try #require(got.count == truth.count)
        for (h, p) in zip(got, truth) {
            #expect(Self.apart(h.trueHeading, p.trueHeading + offset) < 1e-9)
            #expect(Self.apart(h.magneticHeading, p.magneticHeading + offset) < 1e-9)
            #expect((0..<360).contains(h.trueHeading))
            #expect((0..<360).contains(h.magneticHeading))
            #expect(h.magneticField == p.magneticField)
        }
        // The failing case: any other orientation's offset is 90° or more away.
        for other in [0.0, 90, 180, 270] where other != offset {
            #expect(Self.apart(got[0].trueHeading, truth[0].trueHeading + other) > 89)
        }
    }

    @Test("unknown, faceUp and faceDown keep the previous reference, as Core Location")
    func nonReferenceOrientations() throws {
        let walk = try WalkTrajectory.example()
        let truth = try Self.truth(walk, duration: 1)
        let (got, manager) = try Self.play(
            walk, filter: headingFilterNone, orientations: [.landscapeLeft, .faceUp], count: truth.count, duration: 1)
        #expect(manager.headingOrientation == .faceUp)
        for (h, p) in zip(got, truth) { #expect(Self.apart(h.trueHeading, p.trueHeading + 90) < 1e-9) }
        let plain = try Self.play(
            walk, filter: headingFilterNone, orientations: [.faceDown], count: truth.count, duration: 1
        ).headings
        for (h, p) in zip(plain, truth) { #expect(h.trueHeading == p.trueHeading) }
    }

    @Test(
        "a trajectory's locations are its GNSS fixes at their times, with speedAccuracy = velocitySigma and courseAccuracy = atan2(σ, speed)"
    )
    func trajectoryFixes() throws {
        let walk = try WalkTrajectory.example()  // a 1 Hz receiver, velocitySigma 0.1 m/s
        let manager = SimulatedLocationManager(
            source: .signal(walk, sampleRate: Self.rate, duration: 10), clock: ManualClock(autoAdvance: true))
        let delegate = Fixes.started(on: manager, until: 10)
        #expect(delegate.wait())
        manager.stopUpdatingLocation()
        let fixes = delegate.locations
        #expect(fixes.map(\.timestamp) == (0..<10).map(Double.init))
        let truth = try Self.truth(walk, duration: 10).compactMap(\.location)
        #expect(fixes == truth)
        for fix in fixes {
            #expect(fix.speedAccuracy == 0.1)
            #expect(fix.course >= 0)
            #expect(abs(fix.courseAccuracy - atan2(0.1, fix.speed) * 180 / .pi) < 1e-12)
            #expect(fix.courseAccuracy > 0)
            #expect(fix.horizontalAccuracy > 0)
        }
        #expect(delegate.errors.isEmpty)
        // The failing case: a route's fixes carry no velocity error model, so both accuracies are unknown (−1).
        let route = try SimulatedLocationManagerTests.walk.render(sampleRate: 1, duration: 2)
        #expect(route.allSatisfy { $0.speedAccuracy == -1 })
        #expect(route.allSatisfy { $0.courseAccuracy == -1 })
    }

    @Test("courseAccuracy is −1 when the speed is ~0 (course unknown); speedAccuracy is still the sigma")
    func velocityAccuracies() {
        let still = Trajectory.velocityAccuracies(speed: 0, course: -1, sigma: 0.1)
        #expect(still.speed == 0.1)
        #expect(still.course == -1)
        let moving = Trajectory.velocityAccuracies(speed: 1.4, course: 45, sigma: 0.1)
        #expect(moving.speed == 0.1)
        #expect(abs(moving.course - 4.085616779974908) < 1e-9)
        let exact = Trajectory.velocityAccuracies(speed: 1.4, course: 45, sigma: 0)
        #expect(exact.speed == 0)
        #expect(exact.course == 0)
    }

    @Test("one trajectory source: locations and headings together, from the same truth")
    func locationsAndHeadings() throws {
        let walk = try WalkTrajectory.example()
        let manager = SimulatedLocationManager(
            source: .signal(walk, sampleRate: Self.rate, duration: 3), clock: ManualClock(autoAdvance: true))
        manager.headingFilter = headingFilterNone
        let delegate = Headings(until: Int(3 * Self.rate))
        manager.delegate = delegate
        manager.startUpdatingLocation()
        manager.startUpdatingHeading()
        #expect(delegate.wait())
        manager.stopUpdatingHeading()
        manager.stopUpdatingLocation()
        let truth = try Self.truth(walk, duration: 3)
        #expect(delegate.headings.map(\.trueHeading) == truth.map(\.trueHeading))
        // Every fix delivered is the one the truth carries at its time.
        for fix in delegate.locations {
            let p = try #require(truth.first { $0.timestamp == fix.timestamp })
            #expect(p.location == fix)
        }
    }

    @Test(
        "a delegate written before headings (no didUpdateHeading) still conforms and receives locations; headings are kept by the manager"
    )
    func delegateDefault() throws {
        let walk = try WalkTrajectory.example()
        let manager = SimulatedLocationManager(
            source: .signal(walk, sampleRate: Self.rate, duration: 5), clock: ManualClock(autoAdvance: true))
        manager.headingFilter = headingFilterNone
        let delegate = Fixes.started(on: manager, until: 5)  // Fixes has no heading method
        manager.startUpdatingHeading()
        #expect(delegate.wait())
        manager.stopUpdatingLocation()
        #expect(delegate.locations.map(\.timestamp) == [0, 1, 2, 3, 4])
        // The default implementation is what a delegate without the method gets: calling it does nothing.
        let asProtocol: any LocationProvidingDelegate = delegate
        asProtocol.locationManager(
            manager,
            didUpdateHeading: SimulatedHeading(
                magneticHeading: 1, trueHeading: 2, headingAccuracy: 3,
                x: 4, y: 5, z: 6, timestamp: 7))
        #expect(delegate.locations.count == 5)
    }

    @Test(
        "a server's point with a heading becomes a SimulatedHeading (the field as x, y, z; 0 µT without one); without one, none"
    )
    func serverPoint() throws {
        let p = try RemotePoint(
            line:
                #"{"timestamp":2.0,"gravity":{"x":0,"y":0,"z":-1},"heading":{"trueHeading":50.2,"magneticHeading":49.0,"headingAccuracy":1.5},"magneticField":{"x":-14.8,"y":-45.1,"z":-12.8}}"#
        )
        let h = try #require(SimulatedHeading(p))
        #expect(
            h
                == SimulatedHeading(
                    magneticHeading: 49.0, trueHeading: 50.2, headingAccuracy: 1.5, x: -14.8, y: -45.1, z: -12.8,
                    timestamp: 2))
        #expect(h.turned(to: .landscapeRight).trueHeading == 320.2)
        #expect(h.turned(to: .landscapeRight).magneticField == h.magneticField)
        let bare = try RemotePoint(
            line:
                #"{"timestamp":1,"gravity":{"x":0,"y":0,"z":-1},"heading":{"trueHeading":10,"magneticHeading":9,"headingAccuracy":2}}"#
        )
        #expect(SimulatedHeading(bare)?.magneticField == MagneticField(x: 0, y: 0, z: 0))
        // The failing case: a line without a heading gives none.
        #expect(SimulatedHeading(try RemotePoint(line: #"{"timestamp":0,"gravity":{"x":0,"y":0,"z":-1}}"#)) == nil)
    }

    @Test("a route or a location file has no heading: startUpdatingHeading delivers none and no error")
    func noHeadingSources() {
        let manager = SimulatedLocationManager(
            source: .signal(SimulatedLocationManagerTests.walk), clock: ManualClock(autoAdvance: true))
        let delegate = Headings(until: 1)
        manager.delegate = delegate
        manager.startUpdatingHeading()
        #expect(!manager.isUpdatingHeading)
        manager.stopUpdatingHeading()
        #expect(delegate.headings.isEmpty)
        #expect(delegate.errors.isEmpty)
    }

    @Test("a directory that is not a trajectory render (no truth.csv) is refused with a clear error")
    func renderDirectoryHook() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("feeds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let manager = SimulatedLocationManager(source: .file(dir), clock: ManualClock(autoAdvance: true))
        let delegate = Headings(until: 1)
        manager.delegate = delegate
        manager.startUpdatingHeading()
        #expect(delegate.wait())
        let error = try #require(delegate.errors.first as? SignalError)
        #expect(error.code == .unknownFormat)
        #expect(error.description.contains("without truth.csv"), "\(error)")
        #expect(delegate.headings.isEmpty)
        manager.stopUpdatingHeading()
        // The locations of the same source meet the same hook.
        let fixes = Fixes.started(on: manager, until: 1)
        #expect(fixes.wait())
        let locationError = try #require(fixes.errors.first as? SignalError)
        #expect(locationError.code == .unknownFormat)
        #expect(fixes.locations.isEmpty)
    }
}
