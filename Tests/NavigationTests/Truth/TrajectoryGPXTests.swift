import Foundation
import Location
import Signals
import Testing

@testable import Navigation

/// Trajectories along real GPX files from another project (Tests/NavigationTests/Data/gpxpy).
@Suite struct TrajectoryGPXTests {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../Data/gpxpy")

    static func spec(_ file: String, vehicle: String) -> Data {
        Data(
            #"{"trajectory": {"route": {"gpx": "\#(file)"}, "vehicle": "\#(vehicle)", "epoch": "2026-01-01T00:00:00Z"}}"#
                .utf8)
    }

    @Test("a real car track (Garmin eTrex 20x) is driven at its recorded leg speeds, passing by every point")
    func realDrive() throws {
        let t = try Trajectory(json: Self.spec("around-visnjan-with-car.gpx", vehicle: "car"), baseDirectory: Self.data)
        #expect(t.gpxFile?.hasSuffix("around-visnjan-with-car.gpx") == true)
        #expect(t.route.waypoints.count == 104)
        #expect(
            t.route.waypoints.allSatisfy { $0.time == nil }
                && t.route.waypoints.dropFirst().allSatisfy { $0.speed != nil })
        // Recorded: 514 s. Driven within the car's limits: S-curves between the legs' speeds and slower
        // turns make it longer, not shorter.
        #expect(t.duration > 514 && t.duration < 514 * 1.3, "duration \(t.duration) s")
        let samples = stride(from: 0.0, through: t.duration, by: 0.05).map { t.state(at: $0) }
        var worst = 0.0
        for w in t.route.waypoints {
            // Metres on a local sphere (within 0.5 % over these few hundred metres).
            let k = 111_320.0
            let c = cos(w.latitude * .pi / 180)
            let nearest =
                samples.map { s in
                    let dn = (s.latitude - w.latitude) * k
                    let de = (s.longitude - w.longitude) * k * c
                    return (dn * dn + de * de).squareRoot()
                }.min() ?? .infinity
            worst = max(worst, nearest)
        }
        #expect(worst < 25, "farthest track point from the path: \(worst) m")
        let f: TruthChecks.States = { t.state(at: $0) }
        let times = TruthChecks.times(t.duration, step: t.duration / 301)
        #expect(TruthChecks.velocityMismatch(f, times: times) < 2e-5)
        #expect(TruthChecks.accelerationMismatch(f, times: times) < 1e-4)
    }

    @Test("a track whose times go backwards is refused at the GPX path, naming the line")
    func refusedTrack() {
        do {
            _ = try Trajectory(json: Self.spec("Mojstrovka.gpx", vehicle: "walk"), baseDirectory: Self.data)
            Issue.record("accepted")
        } catch {
            #expect(error.path == "$.trajectory.route.gpx")
            #expect(error.message.contains("Mojstrovka.gpx") && error.message.contains("times must increase"))
        }
        do {
            _ = try Trajectory(json: Self.spec("missing.gpx", vehicle: "walk"), baseDirectory: Self.data)
            Issue.record("accepted")
        } catch {
            #expect(error.code == .unreadable && error.path == "$.trajectory.route.gpx")
        }
    }
}
