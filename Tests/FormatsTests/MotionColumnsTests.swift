import Testing

@testable import Formats

/// The motion columns of point files and renders, and a render's default channel names: one list.
@Suite struct MotionColumnsTests {
    @Test("the headers point files have always had (frozen: users' files and scripts use them)")
    func golden() {
        #expect(
            ([MotionColumns.time] + MotionColumns.names(attitude: false)).joined(separator: ",")
                == "timestamp,userAcceleration.x,userAcceleration.y,userAcceleration.z,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,rotationRate.z"
        )
        #expect(
            MotionColumns.names(attitude: true).suffix(4) == ["attitude.w", "attitude.x", "attitude.y", "attitude.z"])
        #expect(MotionColumns.names(attitude: true).count == 13)
        // The point-file reader's lists are these.
        #expect(PointReader.fullColumns == ["timestamp"] + MotionColumns.names(attitude: true))
        #expect(PointReader.shortColumns == ["timestamp", "x", "y", "z"])
    }

    @Test(
        "a render's default channel names: value, x,y,z, else c0…",
        arguments: [(1, ["value"]), (2, ["c0", "c1"]), (3, ["x", "y", "z"]), (4, ["c0", "c1", "c2", "c3"])])
    func channelNames(count: Int, names: [String]) {
        #expect(MotionColumns.channelNames(count: count) == names)
    }
}
