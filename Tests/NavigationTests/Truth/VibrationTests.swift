import Foundation
import Location
import Sensors
import Signals
import Testing

@testable import Navigation

/// A vehicle's vibration follows what it does: the road under moving wheels, the engine idling at a stop,
/// bumps along the road.
@Suite struct VibrationTests {
    static let imu = IMU(accelerometerUnit: .metersPerSecondSquared)
    static let rate = 200.0

    /// The vibration alone (readings minus the same trajectory's without it), device frame, m/s², and the
    /// states, for samples `range`.
    static func vibration(_ t: Trajectory, _ range: Range<Int>) throws -> [SIMD3<Double>] {
        let quiet = try Trajectory(
            route: t.route, vehicle: t.vehicle, mount: t.mount, epoch: t.epoch, vibration: 0,
            sensors: TrajectorySensors(imu: imu))
        let a = try t.render(TrajectorySeries(kind: .imu, rate: rate), samples: range)
        let b = try quiet.render(TrajectorySeries(kind: .imu, rate: rate), samples: range)
        return (0..<range.count).map { k in
            SIMD3(a[7 * k + 1] - b[7 * k + 1], a[7 * k + 2] - b[7 * k + 2], a[7 * k + 3] - b[7 * k + 3])
        }
    }

    static func rms(_ v: [SIMD3<Double>]) -> Double {
        (v.reduce(0) { $0 + ($1 * $1).sum() } / Double(3 * v.count)).squareRoot()
    }

    /// The power of `x` (sampled at ``rate``) at `f` Hz (a single DFT bin, normalised).
    static func power(_ x: [Double], at f: Double) -> Double {
        var (re, im) = (0.0, 0.0)
        for (k, v) in x.enumerated() {
            let angle = 2 * Double.pi * f * Double(k) / rate
            re += v * cos(angle)
            im += v * sin(angle)
        }
        return (re * re + im * im) / Double(x.count * x.count)
    }

    @Test("a car idles at a stop: the engine's 27-Hz tone and no road; driving, the road is back")
    func idle() throws {
        let car = try Trajectory(
            route: TruthChecks.paused(TruthChecks.carRoute()), vehicle: .car, mount: .dashboard,
            sensors: TrajectorySensors(imu: Self.imu))
        let rests = TruthChecks.restTimes(car)
        try #require(rests.count >= 2)
        // The middle of the first stop, 4 s, and 4 s of cruising before it.
        let stop = Int((rests[0] + 4) * Self.rate)..<Int((rests[0] + 8) * Self.rate)
        let cruise = Int((rests[0] - 12) * Self.rate)..<Int((rests[0] - 8) * Self.rate)
        let idling = try Self.vibration(car, stop)
        let moving = try Self.vibration(car, cruise)
        // The engine's RMS is along its one direction: the vector's magnitude, √3 × the per-axis RMS.
        let (idle, drive) = (3.0.squareRoot() * Self.rms(idling), 3.0.squareRoot() * Self.rms(moving))
        print("vibration: idling \(idle) m/s² RMS, cruising \(drive) m/s² RMS")
        #expect(abs(idle - 0.04) < 0.012, "idle \(idle)")
        #expect(drive > 0.4, "cruising \(drive)")
        // The idle is a tone near 27 Hz: more power there than at 15 or 40 Hz, on the axis it shakes most.
        let axis = (0..<3).max { a, b in
            Self.rms(idling.map { SIMD3($0[a], 0, 0) }) < Self.rms(idling.map { SIMD3($0[b], 0, 0) })
        }!
        let x = idling.map { $0[axis] }
        #expect(Self.power(x, at: 27) > 20 * Self.power(x, at: 15))
        #expect(Self.power(x, at: 27) > 20 * Self.power(x, at: 40))
        // The failing case: a car without an engine term is perfectly still at the stop.
        var silent = Vibration.car
        silent = try Vibration(rms: silent.rms, band: silent.band, referenceSpeed: silent.referenceSpeed)
        let quiet = try Trajectory(
            route: car.route, vehicle: Vehicle(limits: .car, vibration: silent), mount: .dashboard,
            sensors: TrajectorySensors(imu: Self.imu))
        #expect(Self.rms(try Self.vibration(quiet, stop)) == 0)
    }

    @Test(
        "the road's vibration grows as the square root of the speed (ISO 8608 roughness): a quarter of the speed, half the RMS"
    )
    func roadFollowsSpeed() throws {
        let road = try Vibration(rms: 0.3, band: 5...50, referenceSpeed: 13.9)
        func cruising(_ speed: Double) throws -> Double {
            var route = TruthChecks.carRoute()
            route.speed = speed
            let t = try Trajectory(
                route: route, vehicle: Vehicle(limits: .car, vibration: road), mount: .dashboard,
                sensors: TrajectorySensors(imu: Self.imu))
            // 10 s from the 20th second (cruising on the first leg at both speeds).
            let states = (200..<210).map { t.state(at: Double($0) / 10) }
            #expect(states.allSatisfy { abs($0.speed - speed) < 1e-6 }, "not cruising at \(speed) m/s")
            return Self.rms(try Self.vibration(t, Int(20 * Self.rate)..<Int(30 * Self.rate)))
        }
        let (fast, slow) = (try cruising(13.9), try cruising(13.9 / 4))
        print("vibration: road at 13.9 m/s \(fast), at 3.475 m/s \(slow) m/s² RMS")
        #expect(abs(fast - 0.3) < 0.03, "\(fast)")
        #expect(abs(slow / fast - 0.5) < 0.05, "\(slow / fast)")
        // The failing case: without a reference speed the road is the same at any speed.
        let flat = try Vibration(rms: 0.3, band: 5...50)
        var route = TruthChecks.carRoute()
        route.speed = 13.9 / 4
        let constant = try Trajectory(
            route: route, vehicle: Vehicle(limits: .car, vibration: flat), mount: .dashboard,
            sensors: TrajectorySensors(imu: Self.imu))
        #expect(abs(Self.rms(try Self.vibration(constant, Int(20 * Self.rate)..<Int(30 * Self.rate))) - 0.3) < 0.03)
    }

    @Test(
        "bumps shake the car vertically as it passes them (the suspension's ring-down); none without bumps; any block alone"
    )
    func bumps() throws {
        let bumpy = try Vibration(rms: 0, band: 5...50, bumpsPerKilometre: 20, bumpAcceleration: 4)
        let t = try Trajectory(
            route: TruthChecks.carRoute(), vehicle: Vehicle(limits: .car, vibration: bumpy), mount: .flat,
            sensors: TrajectorySensors(imu: Self.imu))
        let n = Int(t.duration * Self.rate)
        let v = try Self.vibration(t, 0..<n)
        // A flat phone: the local vertical is the device's z (within the road's grade).
        let vertical = v.map { abs($0.z) }.max() ?? 0
        let sideways = v.map { max(abs($0.x), abs($0.y)) }.max() ?? 0
        print("vibration: bumps peak \(vertical) m/s² vertical, \(sideways) m/s² sideways over \(t.path.length) m")
        #expect(vertical > 2)
        #expect(sideways < 0.2 * vertical)
        // Bit-identical in blocks.
        let whole = try t.render(TrajectorySeries(kind: .imu, rate: Self.rate), samples: 1000..<3000)
        var pieces: [Double] = []
        for r in [1000..<1333, 1333..<1334, 1334..<3000] {
            pieces += try t.render(TrajectorySeries(kind: .imu, rate: Self.rate), samples: r)
        }
        #expect(whole.map(\.bitPattern) == pieces.map(\.bitPattern))
        // The failing case: no bumps, nothing.
        let smooth = try Trajectory(
            route: TruthChecks.carRoute(),
            vehicle: Vehicle(limits: .car, vibration: try Vibration(rms: 0, band: 5...50)), mount: .flat,
            sensors: TrajectorySensors(imu: Self.imu))
        #expect(Self.rms(try Self.vibration(smooth, 0..<n)) == 0)
    }
}
