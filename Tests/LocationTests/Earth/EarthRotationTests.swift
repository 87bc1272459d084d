import Foundation
import Testing

@testable import Location

@Suite("EarthRotation and RadiiOfCurvature")
struct EarthRotationTests {
    let omega = 7.292_115e-5

    @Test("ω_ie is WGS84's 7.292115e-5 rad/s")
    func rate() {
        #expect(EarthRotation.rate == 7.292_115e-5)
    }

    @Test(
        "The Earth rate points along the axis: north at the equator, up at the pole, norm ω everywhere",
        arguments: [-90.0, -45, -10, 0, 30, 45, 89.5, 90])
    func earthRate(latitude: Double) {
        let w = EarthRotation.earthRate(latitude: latitude)
        #expect(w.x == 0)
        #expect(abs(w.y - omega * cos(latitude * .pi / 180)) < 1e-20)
        #expect(abs(w.z - omega * sin(latitude * .pi / 180)) < 1e-20)
        #expect(abs((w * w).sum().squareRoot() - omega) < 1e-18)
    }

    @Test("Radii of curvature: a(1 − e²) and a at the equator, a / √(1 − e²) at the poles")
    func radii() {
        let equator = RadiiOfCurvature(latitude: 0)
        #expect(abs(equator.meridian - 6_335_439.327_293) < 1e-5)
        #expect(equator.primeVertical == 6_378_137)
        let pole = RadiiOfCurvature(latitude: 90)
        #expect(abs(pole.meridian - 6_399_593.625_759) < 1e-5)
        #expect(abs(pole.primeVertical - 6_399_593.625_759) < 1e-5)
    }

    @Test("At rest the transport rate is zero")
    func transportAtRest() {
        let w = EarthRotation.transportRate(latitude: 45, height: 100, velocity: .zero)
        #expect(w == .zero)
    }

    @Test("Going north turns the frame about east by −v/(M + h); going east about north and up by v/(N + h)")
    func transportRate() {
        let h = 500.0
        let north = EarthRotation.transportRate(latitude: 30, height: h, velocity: SIMD3(0, 20, 0))
        let radii = RadiiOfCurvature(latitude: 30)
        #expect(abs(north.x + 20 / (radii.meridian + h)) < 1e-18)
        #expect(north.y == 0)
        #expect(north.z == 0)
        let east = EarthRotation.transportRate(latitude: 30, height: h, velocity: SIMD3(20, 0, 5))
        #expect(east.x == 0)
        #expect(abs(east.y - 20 / (radii.primeVertical + h)) < 1e-18)
        #expect(abs(east.z - 20 * tan(30 * Double.pi / 180) / (radii.primeVertical + h)) < 1e-18)
    }

    @Test("The transport rate's east component is minus the latitude rate of a northward geodesic")
    func transportMatchesGeodesic() {
        // 1 km due north along the meridian from 40°: the latitude change over distance is 1 / M on average.
        let end = Geodesic.wgs84.direct(from: GeoCoordinate(latitude: 40, longitude: 10), azimuth: 0, distance: 1_000)
        let latitudeRate = (end.latitude - 40) * .pi / 180 / 1_000  // rad per metre
        let w = EarthRotation.transportRate(latitude: 40.0045, height: 0, velocity: SIMD3(0, 1, 0))
        #expect(abs(-w.x - latitudeRate) < 1e-14)
    }
}
