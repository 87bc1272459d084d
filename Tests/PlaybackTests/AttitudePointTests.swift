import Foundation
import Signals
import Testing

@testable import Playback

/// Motion points with an attitude: 13-channel frames, CSV attitude columns, JSON `attitude`.
@Suite struct AttitudePointTests {
    static let spin = MotionNode(
        attitude: .integrated(
            IntegratedAttitude(
                rotationRate: .axes(x: .constant(Constant(0)), y: .constant(Constant(0)), z: .constant(Constant(0.5))),
                initial: .named(.portrait))))

    @Test("a motion with an attitude plays as MotionPoints carrying the quaternion; roll/pitch/yaw are CoreMotion's")
    func framePoints() throws {
        let motion = try MotionSignal(node: .motion(Self.spin))
        #expect(motion.channelCount == 13)
        var cursor = try motion.points(sampleRate: 10, duration: 2).makeCursor()
        var last: MotionPoint?
        while let (p, _) = cursor.next() { last = p }
        let q = try #require(last?.attitude)
        // Turning 0.95 rad about the screen's normal from portrait tilts the top edge down by as much.
        #expect(abs(q.pitch - (.pi / 2 - 0.95)) < 1e-5)
        #expect(abs((last?.gravity.y ?? 0) + cos(0.95)) < 1e-5)
        // A free motion's points have none.
        let free = MotionSignal { Gravity(x: Constant(0), y: Constant(0), z: Constant(-1)) }
        var c2 = try free.points(sampleRate: 10, duration: 1).makeCursor()
        #expect(c2.next()?.point.attitude == nil)
    }

    @Test("MotionSignal keeps its attitude through its node and JSON")
    func roundTrip() throws {
        let motion = try MotionSignal(node: .motion(Self.spin))
        #expect(
            motion.node == .motion(MotionNode(attitude: Self.spin.attitude!, userAcceleration: MotionNode.zeroAxes)))
        let again = try JSONDecoder().decode(MotionSignal.self, from: try JSONEncoder().encode(motion))
        #expect(again == motion)
    }

    @Test("CSV point files read attitude.w,x,y,z (all four) and JSON points read \"attitude\"")
    func files() throws {
        let csv = "timestamp,gravity.z,attitude.w,attitude.x,attitude.y,attitude.z\n0,-1,1,0,0,0\n0.1,-1,0.9,0.1,0,0\n"
        let points = try PointFile.decode(Data(csv.utf8), format: .csv)
        #expect(points[1].attitude == Quaternion(w: 0.9, x: 0.1, y: 0, z: 0))
        let json = #"[{"timestamp": 0, "attitude": {"w": 1, "x": 0, "y": 0, "z": 0}}]"#
        let p = try PointFile.decode(Data(json.utf8), format: .json)
        #expect(p[0].attitude == .identity)
        // Encoding writes it back.
        let encoded = String(decoding: try JSONEncoder().encode(p[0]), as: UTF8.self)
        #expect(encoded.contains("\"attitude\""))
        do {
            _ = try PointFile.decode(Data("timestamp,attitude.w,attitude.x\n0,1,0\n".utf8), format: .csv, name: "q.csv")
            Issue.record("accepted half a quaternion")
        } catch {
            #expect(error.description.contains("q.csv:1"))
            #expect(error.description.contains("attitude.y"))
        }
    }
}
