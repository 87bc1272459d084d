import Foundation
import Location
import Testing

@testable import Navigation

@Suite("KinematicPath: the local east-north-up frame")
struct KinematicPathLocalTests {
    /// Times every 0.37 s, away (> 5 ms) from the joins where the jerk jumps.
    static func times(_ path: KinematicPath) -> [Double] {
        let joins = KinematicPathTests.joins(path)
        return stride(from: 0.2, to: path.duration - 0.2, by: 0.37).filter { t in
            joins.allSatisfy { abs($0 - t) > 5e-3 }
        }
    }

    @Test("localVelocity = ((N+h) cos φ λ̇, (M+h) φ̇, ḣ) from central differences of the geodetic position (1e-5 m/s)")
    func velocityIsTheGeodeticRate() throws {
        let path = try KinematicPathTests.car()
        let e = 1e-3
        let e2 = WGS84.eccentricitySquared
        var worst = 0.0
        var worstPlane = 0.0
        for t in Self.times(path) {
            let s = path.state(at: t)
            let before = path.state(at: t - e)
            let after = path.state(at: t + e)
            let phi = s.latitude * .pi / 180
            let n = WGS84.semiMajorAxis / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
            let m = n * (1 - e2) / (1 - e2 * sin(phi) * sin(phi))
            let rate =
                SIMD3(
                    (n + s.altitude) * cos(phi) * (after.longitude - before.longitude) * .pi / 180,
                    (m + s.altitude) * (after.latitude - before.latitude) * .pi / 180,
                    after.altitude - before.altitude) / (2 * e)
            worst = max(worst, ((s.localVelocity - rate) * (s.localVelocity - rate)).sum().squareRoot())
            let plane = SIMD3(s.velocity.x, s.velocity.y, s.velocity.z)
            worstPlane = max(worstPlane, ((plane - rate) * (plane - rate)).sum().squareRoot())
        }
        #expect(worst < 1e-5, "largest difference \(worst) m/s")
        // The failing case: the plane's velocity is off by the frames' angle, 0.2 mrad × 13.9 m/s here.
        #expect(worstPlane > 1e-3, "plane velocity off by \(worstPlane) m/s")
    }

    @Test("localAcceleration is the time derivative of localVelocity's components (central differences, 1e-5 m/s²)")
    func accelerationIsTheDerivative() throws {
        let path = try KinematicPathTests.car()
        let e = 1e-3
        var worst = 0.0
        for t in Self.times(path) {
            let s = path.state(at: t)
            let d = (path.state(at: t + e).localVelocity - path.state(at: t - e).localVelocity) / (2 * e)
            worst = max(worst, ((s.localAcceleration - d) * (s.localAcceleration - d)).sum().squareRoot())
        }
        #expect(worst < 1e-5, "largest difference \(worst) m/s²")
    }

    @Test("At the first waypoint the frames agree; 1.4 km away the courses differ by the meridian convergence")
    func convergence() throws {
        let path = try KinematicPathTests.car()
        let start = path.state(at: 1)  // still within metres of the origin
        #expect(abs(start.localCourse - start.course) < 1e-6)
        let late = path.state(at: path.duration - 5)
        let difference = abs(late.localCourse - late.course)
        #expect(difference > 3e-5, "course difference \(difference) rad")
        #expect(difference < 1e-4, "course difference \(difference) rad")
        let horizontal = (late.localVelocity.x * late.localVelocity.x + late.localVelocity.y * late.localVelocity.y)
            .squareRoot()
        #expect(abs(horizontal - late.speed) < 1e-6 * late.speed)
    }
}
