import Formats
import Foundation
import Navigation
import Testing

@testable import SensorFeeds

/// `GET /data` of a trajectory read by the client: the server writes the trajectory's members at the top
/// level beside `accelerometer`, `timestamp`, `motion` and `location` (`LiveFeed.dataJSON`).
@Suite struct RemotePointDataTests {
    @Test("a trajectory's /data body reads back: motion, fix and every member the server adds")
    func trajectoryBody() throws {
        let walk = try WalkTrajectory.example()
        for point in try walk.points(first: 0, count: 3, rate: 10) {
            let g = point.gravity
            let a = point.userAcceleration
            var body =
                "{\"accelerometer\":{\"x\":\(a.x + g.x),\"y\":\(a.y + g.y),\"z\":\(a.z + g.z)},\"timestamp\":\(point.timestamp),\"motion\":\(try point.jsonLine())"
            point.riders.write(into: &body)
            body += "}\n"
            let p = try RemotePoint(data: body, fallbackTimestamp: 0)
            #expect(p.motion == point.motion)
            RemotePointTests.expectRiders(of: point, in: p)
            #expect(p.pedometer?.steps == point.steps)
            // The body's `location` is the server's lat/lon pair, left out here: the rest is the whole point.
            var expected = point
            expected.location = nil
            #expect(TrajectoryPoint(p) == expected)
        }
    }

    @Test("a bad member of a /data body is refused with its path (the failing case of the above)")
    func badMember() {
        let body = #"{"timestamp":1,"heading":{"trueHeading":360,"magneticHeading":0,"headingAccuracy":0}}"#
        #expect {
            _ = try RemotePoint(data: body, fallbackTimestamp: 0)
        } throws: { error in
            (error as? SensorFeedsError)?.path == "$.heading.trueHeading"
        }
    }
}
