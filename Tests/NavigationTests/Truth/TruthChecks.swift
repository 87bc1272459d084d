import Foundation
import Location
import Sensors
import Signals

@testable import Navigation

/// Checks of a trajectory's truth against itself and against the navigation equations, written over a
/// state function so that each can be run on a corrupted truth that must fail it.
enum TruthChecks {
    typealias States = (Double) -> TrajectoryState

    /// Routes the tests drive.
    static func carRoute() -> Route {
        Route(speed: 13.9) {
            Waypoint(latitude: 51.5007, longitude: -0.1246, altitude: 10)
            Waypoint(latitude: 51.5033, longitude: -0.1196, altitude: 25)
            Waypoint(latitude: 51.5081, longitude: -0.1220, altitude: 20)
            Waypoint(latitude: 51.5080, longitude: -0.1300, altitude: 12)
        }
    }

    static func walkRoute() -> Route {
        Route(speed: 1.4) {
            Waypoint(latitude: 51.5007, longitude: -0.1246, altitude: 10)
            Waypoint(latitude: 51.5010, longitude: -0.1236, altitude: 14)
            Waypoint(latitude: 51.5016, longitude: -0.1240, altitude: 13)
        }
    }

    /// Every sensor on: `imu`, a magnetometer at 50 Hz, a barometer at `barometerRate` Hz and a 1 Hz GNSS
    /// receiver (3 m, 60 s error; 0.1 m/s velocity), each seeded.
    static func sensors(imu: IMU, barometerRate: Double) throws -> TrajectorySensors {
        TrajectorySensors(
            imu: imu,
            magnetometer: try MagnetometerModel(sampleRate: 50, noiseDensity: 0.1, resolution: 0.01, seed: 3),
            barometer: try BarometerModel(
                sampleRate: barometerRate, weatherDeviation: 50, weatherCorrelationTime: 3600, noiseDensity: 1,
                resolution: 0.1, seed: 4),
            gnss: try GNSSReceiver(
                error: GNSSErrorModel(sigma: 3, correlationTime: 60, seed: 2), rate: 1, velocitySigma: 0.1))
    }

    /// `route` with a 12 s pause at its waypoint 1 and, when it has more than three, a 4 s pause at its
    /// waypoint 2 (both turns).
    static func paused(_ route: Route) -> Route {
        var route = route
        route.waypoints[1].pause = 12
        if route.waypoints.count > 3 { route.waypoints[2].pause = 4 }
        return route
    }

    /// The times a trajectory's stops for pauses start and end (its speed profile's phases at rest).
    static func restTimes(_ t: Trajectory) -> [Double] {
        t.path.profile.phases.filter { $0.v0 == 0 && $0.a0 == 0 && $0.jerk == 0 }.flatMap {
            [$0.t0, $0.t0 + $0.duration]
        }
    }

    /// East, north, up metres from `a` to `b` (small separations; radii at `a`).
    static func enu(from a: TrajectoryState, to b: TrajectoryState) -> SIMD3<Double> {
        let r = RadiiOfCurvature(latitude: a.latitude)
        let phi = a.latitude * .pi / 180
        return SIMD3(
            (b.longitude - a.longitude) * .pi / 180 * (r.primeVertical + a.altitude) * cos(phi),
            (b.latitude - a.latitude) * .pi / 180 * (r.meridian + a.altitude), b.altitude - a.altitude)
    }

    /// Largest `|Δposition/Δt − velocity|` over `times` (central differences over ±ε).
    static func velocityMismatch(_ f: States, times: [Double], epsilon: Double = 1e-3) -> Double {
        times.map { t in
            let d = enu(from: f(t - epsilon), to: f(t + epsilon)) / (2 * epsilon) - f(t).velocity
            return (d * d).sum().squareRoot()
        }.max() ?? 0
    }

    /// Largest `|Δvelocity/Δt − acceleration|` over `times`.
    static func accelerationMismatch(_ f: States, times: [Double], epsilon: Double = 1e-4) -> Double {
        times.map { t in
            let d = (f(t + epsilon).velocity - f(t - epsilon).velocity) / (2 * epsilon) - f(t).acceleration
            return (d * d).sum().squareRoot()
        }.max() ?? 0
    }

    /// Largest `|2 q* q̇ − (0, ω)|` over `times`: the rotation rate against the attitude's derivative.
    static func rotationMismatch(_ f: States, times: [Double], epsilon: Double = 1e-4) -> Double {
        times.map { t in
            let a = f(t - epsilon).attitude
            let b = f(t + epsilon).attitude
            let q = f(t).attitude
            let dq = Quaternion(
                w: (b.w - a.w) / (2 * epsilon), x: (b.x - a.x) / (2 * epsilon),
                y: (b.y - a.y) / (2 * epsilon), z: (b.z - a.z) / (2 * epsilon))
            let w = q.conjugate * dq
            let d = SIMD3(2 * w.x, 2 * w.y, 2 * w.z) - f(t).rotationRate
            return (d * d).sum().squareRoot()
        }.max() ?? 0
    }

    /// Largest difference between the specific force and `a + (2ω_ie + ω_en) × v + γ up`, rotated into the
    /// device frame (an independent evaluation of the navigation equation).
    static func specificForceMismatch(_ f: States, times: [Double], earthRotation: Bool) -> Double {
        times.map { t in
            let s = f(t)
            var force = s.acceleration + SIMD3(0, 0, NormalGravity.magnitude(latitude: s.latitude, height: s.altitude))
            if earthRotation {
                let w =
                    2 * EarthRotation.earthRate(latitude: s.latitude)
                    + EarthRotation.transportRate(latitude: s.latitude, height: s.altitude, velocity: s.velocity)
                force += SIMD3(
                    w.y * s.velocity.z - w.z * s.velocity.y, w.z * s.velocity.x - w.x * s.velocity.z,
                    w.x * s.velocity.y - w.y * s.velocity.x)
            }
            let r = s.attitude.rotate((s.specificForce.x, s.specificForce.y, s.specificForce.z))
            let d = SIMD3(r.x, r.y, r.z) - force
            return (d * d).sum().squareRoot()
        }.max() ?? 0
    }

    /// Largest difference between the gyroscope's ideal reading and the rotation rate plus the Earth's and
    /// the transport rates in the device frame.
    static func angularRateMismatch(_ f: States, times: [Double]) -> Double {
        times.map { t in
            let s = f(t)
            let w =
                EarthRotation.earthRate(latitude: s.latitude)
                + EarthRotation.transportRate(latitude: s.latitude, height: s.altitude, velocity: s.velocity)
            let d = s.attitude.inverseRotate((w.x, w.y, w.z))
            let e = s.rotationRate + SIMD3(d.x, d.y, d.z) - s.angularRate
            return (e * e).sum().squareRoot()
        }.max() ?? 0
    }

    /// Times every `step` seconds over `0 … duration`.
    static func times(_ duration: Double, step: Double) -> [Double] {
        (0...Int(duration / step)).map { Double($0) * step }
    }
}
