import Foundation
import Testing

@testable import Location

@Suite("NormalGravity")
struct NormalGravityTests {
    @Test("Somigliana gives TR8350.2's equatorial and polar gravity on the ellipsoid")
    func equatorAndPoles() {
        #expect(abs(NormalGravity.magnitude(latitude: 0, height: 0) - 9.780_325_335_9) < 1e-10)
        #expect(abs(NormalGravity.magnitude(latitude: 90, height: 0) - 9.832_184_937_8) < 1e-9)
        #expect(abs(NormalGravity.magnitude(latitude: -90, height: 0) - 9.832_184_937_8) < 1e-9)
    }

    @Test("The height expansion agrees with the exact closed form (TR8350.2 eq. 4-5) within the stated bounds")
    func againstClosedForm() {
        let rows = EarthFixtures.rows("normal_gravity", count: 114)
        for row in rows {
            let (latitude, height, exact) = (row[0], row[1], row[2])
            let bound =
                switch abs(height) {
                case 0: 1e-10
                case ...1_000: 1.1e-7
                case ...10_000: 7e-7
                default: 1.5e-6
                }
            let error = abs(NormalGravity.magnitude(latitude: latitude, height: height) - exact)
            #expect(error <= bound, "φ = \(latitude)°, h = \(height) m: error \(error) m/s² over \(bound)")
        }
    }

    @Test("Gravity falls by the free-air gradient, about 3.086e-6 m/s² per metre")
    func freeAirGradient() {
        let g0 = NormalGravity.magnitude(latitude: 45, height: 0)
        let g1 = NormalGravity.magnitude(latitude: 45, height: 1_000)
        #expect(abs((g0 - g1) / 1_000 - 3.086e-6) < 0.01e-6)
    }

    @Test("The vector points down the ellipsoid normal in east-north-up")
    func vector() {
        let v = NormalGravity.vector(latitude: 51.5, height: 45)
        #expect(v.x == 0)
        #expect(v.y == 0)
        #expect(v.z == -NormalGravity.magnitude(latitude: 51.5, height: 45))
    }
}
