import Testing

@testable import Formats

@Suite struct ROS2MessagesTests {
    @Test("a header: int32 sec, uint32 nanosec, frame_id; a float64 after it aligns to 8")
    func rosHeader() {
        var cdr = CDREncoder()
        ROS2.Header(time: 5_000_000_007, frameID: "imu_link").encode(into: &cdr)
        cdr.write(1.5)
        #expect(cdr.bytes.count == 36)
        #expect(Array(cdr.bytes[4..<12]) == [5, 0, 0, 0, 7, 0, 0, 0])
        #expect(Array(cdr.bytes[25..<28]) == [0, 0, 0])  // padding after "imu_link\0" (payload offset 21)
    }

    @Test("FluidPressure is header, fluid_pressure, variance: 4 + 8 + 4 + 7 (frame \"device\") + 5 padding + 16 bytes")
    func fluidPressure() {
        let bytes = ROS2.FluidPressure.cdr(
            header: ROS2.Header(time: 0, frameID: "device"), pressure: 101_325, variance: 0)
        #expect(bytes.count == 4 + 8 + 4 + 7 + 5 + 16)
        #expect(Array(bytes[28..<36]) == withUnsafeBytes(of: 101_325.0.bitPattern.littleEndian, Array.init))
    }

    @Test("Imu: header (\"device\", padded to 24), then 4 + 9 + 3 + 9 + 3 + 9 = 37 float64: 4 + 24 + 8 × 37 bytes")
    func imuSize() {
        let zero = [Double](repeating: 0, count: 9)
        let bytes = ROS2.Imu.cdr(
            header: ROS2.Header(time: 0, frameID: "device"), orientation: SIMD4(0, 0, 0, 1),
            orientationCovariance: zero,
            angularVelocity: .zero, angularVelocityCovariance: zero, linearAcceleration: .zero,
            linearAccelerationCovariance: zero
        )
        #expect(bytes.count == 4 + 24 + 8 * 37)
    }

    @Test(
        "every definition carries the types it uses, after a line of 80 '=' and MSG:",
        arguments: [
            (
                ROS2.Imu.definition,
                ["std_msgs/Header", "builtin_interfaces/Time", "geometry_msgs/Quaternion", "geometry_msgs/Vector3"]
            ),
            (ROS2.NavSatFix.definition, ["std_msgs/Header", "builtin_interfaces/Time", "sensor_msgs/NavSatStatus"]),
            (
                ROS2.Odometry.definition,
                [
                    "std_msgs/Header", "geometry_msgs/PoseWithCovariance", "geometry_msgs/Pose", "geometry_msgs/Point",
                    "geometry_msgs/Quaternion", "geometry_msgs/TwistWithCovariance", "geometry_msgs/Twist",
                    "geometry_msgs/Vector3",
                ]
            ),
        ])
    func dependencies(definition: String, types: [String]) {
        let separator = String(repeating: "=", count: 80) + "\nMSG: "
        for type in types {
            #expect(definition.contains(separator + type + "\n"), "\(type)")
        }
    }

    @Test("failing case: MagneticField does not carry a type it does not use")
    func noExtraDependency() {
        #expect(!ROS2.MagneticField.definition.contains("MSG: geometry_msgs/Quaternion"))
    }
}
