import Foundation
import Testing

@testable import Signals

@Suite struct QuaternionTests {
    @Test(
        "Euler angles round-trip (CoreMotion's Z-X-Y) away from pitch ±π/2",
        arguments: [
            (0.3, 0.2, -1.1), (-2.5, -1.2, 3.0), (0, 0, 0), (1.0, 1.5, 0.5),
        ])
    func eulerRoundTrip(_ roll: Double, _ pitch: Double, _ yaw: Double) {
        let q = Quaternion(roll: roll, pitch: pitch, yaw: yaw)
        #expect(abs(q.norm - 1) < 1e-15)
        #expect(abs(q.roll - roll) < 1e-12)
        #expect(abs(q.pitch - pitch) < 1e-12)
        #expect(abs(q.yaw - yaw) < 1e-12)
    }

    @Test("gravity = (cos θ sin φ, −sin θ, −cos θ cos φ); rotate and inverseRotate are inverses")
    func gravityAndRotation() {
        let (roll, pitch) = (0.4, -0.3)
        let q = Quaternion(roll: roll, pitch: pitch, yaw: 1.2)
        let g = q.gravity
        #expect(abs(g.x - cos(pitch) * sin(roll)) < 1e-15)
        #expect(abs(g.y + sin(pitch)) < 1e-15)
        #expect(abs(g.z + cos(pitch) * cos(roll)) < 1e-15)
        let v = (x: 0.3, y: -1.0, z: 2.0)
        let back = q.inverseRotate(q.rotate(v))
        #expect(abs(back.x - v.x) < 1e-14)
        #expect(abs(back.y - v.y) < 1e-14)
        #expect(abs(back.z - v.z) < 1e-14)
        // Gravity is the reference's down expressed in the device frame.
        let down = q.inverseRotate((0, 0, -1))
        #expect(abs(down.x - g.x) < 1e-15)
        #expect(abs(down.y - g.y) < 1e-15)
        #expect(abs(down.z - g.z) < 1e-15)
    }

    @Test("a rotation vector is exp(v/2), exact for small and large angles")
    func rotationVector() {
        for angle in [1e-9, 1e-5, 0.3, 3.0] {
            let q = Quaternion(rotationVectorX: 0, y: 0, z: angle)
            let r = Quaternion(axis: (0, 0, 1), angle: angle)
            #expect(abs(q.w - r.w) < 1e-15)
            #expect(abs(q.z - r.z) < 1e-15)
        }
        #expect(Quaternion.identity.angle(to: Quaternion(w: -1, x: 0, y: 0, z: 0)) == 0)
        #expect(abs(Quaternion.identity.angle(to: Quaternion(axis: (1, 0, 0), angle: 0.5)) - 0.5) < 1e-12)
    }

    @Test("the angle between attitudes is accurate when small: 1e-12 rad reads as 1e-12, 1 ulp apart as about 1e-16")
    func smallAngles() {
        let q = Quaternion(axis: (0.3, -0.5, 0.8), angle: 2.1)
        for angle in [1e-12, 1e-9, 1e-6] {
            let r = q * Quaternion(axis: (0, 0, 1), angle: angle)
            #expect(abs(q.angle(to: r) / angle - 1) < 1e-3, "\(q.angle(to: r)) for \(angle)")
        }
        // The render directory's truth against the in-process one: components 1 ulp apart (what acos read as 2e-8).
        let a = Quaternion(
            w: 0.2326974223079556, x: -0.008043124284588338, y: -0.25077316345096573, z: -0.9396276061801137)
        let b = Quaternion(
            w: 0.23269742230795565, x: -0.008043124284588338, y: -0.2507731634509658, z: -0.9396276061801139)
        #expect(a.angle(to: b) < 1e-15)
        #expect(abs(q.angle(to: q * Quaternion(axis: (1, 0, 0), angle: 3.0)) - 3.0) < 1e-12)
        #expect(Quaternion(w: 0, x: 0, y: 0, z: 0).angle(to: q) == .pi)
    }

    @Test("named attitudes: portrait has pitch π/2; landscape left has roll −π/2")
    func named() {
        #expect(abs(NamedAttitude.portrait.quaternion.pitch - .pi / 2) < 1e-7)
        #expect(abs(NamedAttitude.landscapeLeft.quaternion.roll + .pi / 2) < 1e-12)
        #expect(abs(NamedAttitude.faceDown.quaternion.gravity.z - 1) < 1e-15)
        #expect(Quaternion(w: 0, x: 0, y: 0, z: 0).normalized == .identity)
    }
}
