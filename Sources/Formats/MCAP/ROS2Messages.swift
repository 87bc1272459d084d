/// A ROS 2 message type that this package writes: its name and its `ros2msg` definition (with every type
/// it uses appended, as MCAP's `ros2msg` schema encoding and `ros2 bag` store it). Each type's `cdr(...)`
/// writes one message from its fields, in definition order: the messages are written, never read, so no
/// value of them is kept.
package protocol ROS2Message {
    /// The full type name, `package/msg/Type` (`sensor_msgs/msg/Imu`).
    static var name: String { get }
    /// The `.msg` text of the type followed, for each type it uses, by a line of 80 `=`, `MSG: package/Type`
    /// and that type's text.
    static var definition: String { get }
}

extension ROS2Message {
    /// A message's CDR bytes, encapsulation header included (the data of an MCAP message with encoding
    /// `cdr`): `header` and then what `fields` writes, in definition order.
    static func message(_ header: ROS2.Header, _ fields: (inout CDREncoder) -> Void) -> [UInt8] {
        var encoder = CDREncoder()
        header.encode(into: &encoder)
        fields(&encoder)
        return encoder.bytes
    }
}

/// The ROS 2 message types the package writes (REP 103 units: metres, radians, seconds, m/s², tesla, Pa).
package enum ROS2 {
    /// `std_msgs/Header`: a time stamp and a frame id.
    package struct Header: Sendable, Hashable {
        /// `stamp.sec`, seconds since 1970 (UTC).
        package var seconds: Int32
        /// `stamp.nanosec`, 0 … 999 999 999.
        package var nanoseconds: UInt32
        /// `frame_id`: the frame the data are in.
        package var frameID: String

        /// A header stamped `time` nanoseconds since 1970.
        /// - Parameters:
        ///   - time: Nanoseconds since 1970 (up to 2038-01-19, `Int32` seconds).
        ///   - frameID: The frame.
        package init(time: UInt64, frameID: String) {
            seconds = Int32(truncatingIfNeeded: time / 1_000_000_000)
            nanoseconds = UInt32(time % 1_000_000_000)
            self.frameID = frameID
        }

        /// Writes `stamp.sec`, `stamp.nanosec`, `frame_id`.
        package func encode(into cdr: inout CDREncoder) {
            cdr.write(seconds)
            cdr.write(nanoseconds)
            cdr.write(frameID)
        }
    }

    static let separator = "\n" + String(repeating: "=", count: 80) + "\n"
    static func dependency(_ name: String, _ text: String) -> String { separator + "MSG: " + name + "\n" + text }
    static let time = dependency("builtin_interfaces/Time", "int32 sec\nuint32 nanosec\n")
    static let header = dependency("std_msgs/Header", "builtin_interfaces/Time stamp\nstring frame_id\n") + time
    static let vector3 = dependency("geometry_msgs/Vector3", "float64 x\nfloat64 y\nfloat64 z\n")
    static let quaternion = dependency("geometry_msgs/Quaternion", "float64 x\nfloat64 y\nfloat64 z\nfloat64 w\n")
    static let point = dependency("geometry_msgs/Point", "float64 x\nfloat64 y\nfloat64 z\n")
}

extension ROS2 {
    /// `sensor_msgs/msg/Imu`: orientation, angular velocity (rad/s) and linear acceleration (m/s²), each with
    /// a row-major 3 × 3 covariance (element 0 = −1: that quantity is not given).
    package enum Imu: ROS2Message {
        /// The type name.
        package static let name = "sensor_msgs/msg/Imu"
        /// The definition.
        package static let definition = """
            std_msgs/Header header
            geometry_msgs/Quaternion orientation
            float64[9] orientation_covariance
            geometry_msgs/Vector3 angular_velocity
            float64[9] angular_velocity_covariance
            geometry_msgs/Vector3 linear_acceleration
            float64[9] linear_acceleration_covariance

            """ + ROS2.header + ROS2.quaternion + ROS2.vector3

        /// One message's CDR bytes.
        /// - Parameters:
        ///   - header: Stamp and frame.
        ///   - orientation: `(x, y, z, w)`: rotates vectors of the header's frame into the fixed frame.
        ///   - orientationCovariance: Its covariance (rad², row-major 3 × 3, 9 elements).
        ///   - angularVelocity: Angular velocity, rad/s.
        ///   - angularVelocityCovariance: Its covariance ((rad/s)², 9 elements).
        ///   - linearAcceleration: Linear acceleration (specific force), m/s².
        ///   - linearAccelerationCovariance: Its covariance ((m/s²)², 9 elements).
        package static func cdr(
            header: Header, orientation: SIMD4<Double>, orientationCovariance: [Double], angularVelocity: SIMD3<Double>,
            angularVelocityCovariance: [Double], linearAcceleration: SIMD3<Double>,
            linearAccelerationCovariance: [Double]
        ) -> [UInt8] {
            message(header) { cdr in
                cdr.write(orientation)
                cdr.write(orientationCovariance, count: 9)
                cdr.write(angularVelocity)
                cdr.write(angularVelocityCovariance, count: 9)
                cdr.write(linearAcceleration)
                cdr.write(linearAccelerationCovariance, count: 9)
            }
        }
    }

    /// `sensor_msgs/msg/MagneticField`: the field in tesla with its covariance (T², all 0: unknown).
    package enum MagneticField: ROS2Message {
        /// The type name.
        package static let name = "sensor_msgs/msg/MagneticField"
        /// The definition.
        package static let definition = """
            std_msgs/Header header
            geometry_msgs/Vector3 magnetic_field
            float64[9] magnetic_field_covariance

            """ + ROS2.header + ROS2.vector3

        /// One message's CDR bytes.
        /// - Parameters:
        ///   - header: Stamp and frame.
        ///   - field: The field, tesla (T = 10⁶ µT).
        ///   - covariance: Its covariance (T², row-major 3 × 3, 9 elements).
        package static func cdr(header: Header, field: SIMD3<Double>, covariance: [Double]) -> [UInt8] {
            message(header) { cdr in
                cdr.write(field)
                cdr.write(covariance, count: 9)
            }
        }
    }

    /// `sensor_msgs/msg/FluidPressure`: absolute pressure in pascals and its variance (Pa²; 0: unknown).
    package enum FluidPressure: ROS2Message {
        /// The type name.
        package static let name = "sensor_msgs/msg/FluidPressure"
        /// The definition.
        package static let definition =
            "std_msgs/Header header\nfloat64 fluid_pressure\nfloat64 variance\n" + ROS2.header

        /// One message's CDR bytes.
        /// - Parameters:
        ///   - header: Stamp and frame.
        ///   - pressure: Pressure, Pa.
        ///   - variance: Its variance, Pa² (0: unknown).
        package static func cdr(header: Header, pressure: Double, variance: Double) -> [UInt8] {
            message(header) { cdr in
                cdr.write(pressure)
                cdr.write(variance)
            }
        }
    }

    /// `sensor_msgs/msg/NavSatFix`: a GNSS fix (degrees, metres above the WGS84 ellipsoid) with its
    /// position covariance (m², east-north-up, row-major) and its type.
    package enum NavSatFix: ROS2Message {
        /// The type name.
        package static let name = "sensor_msgs/msg/NavSatFix"
        /// The definition.
        package static let definition = """
            uint8 COVARIANCE_TYPE_UNKNOWN = 0
            uint8 COVARIANCE_TYPE_APPROXIMATED = 1
            uint8 COVARIANCE_TYPE_DIAGONAL_KNOWN = 2
            uint8 COVARIANCE_TYPE_KNOWN = 3
            std_msgs/Header header
            sensor_msgs/NavSatStatus status
            float64 latitude
            float64 longitude
            float64 altitude
            float64[9] position_covariance
            uint8 position_covariance_type

            """ + ROS2.header
            + ROS2.dependency(
                "sensor_msgs/NavSatStatus",
                """
                int8 STATUS_NO_FIX = -1
                int8 STATUS_FIX = 0
                int8 STATUS_SBAS_FIX = 1
                int8 STATUS_GBAS_FIX = 2
                int8 status
                uint16 SERVICE_GPS = 1
                uint16 SERVICE_GLONASS = 2
                uint16 SERVICE_COMPASS = 4
                uint16 SERVICE_GALILEO = 8
                uint16 service

                """)
        /// `COVARIANCE_TYPE_APPROXIMATED`.
        package static let covarianceApproximated: UInt8 = 1

        /// One message's CDR bytes.
        /// - Parameters:
        ///   - header: Stamp and frame.
        ///   - status: `status.status` (0: `STATUS_FIX`).
        ///   - service: `status.service` (1: `SERVICE_GPS`).
        ///   - latitude: Degrees (north positive).
        ///   - longitude: Degrees (east positive).
        ///   - altitude: Height above the WGS84 ellipsoid, metres.
        ///   - covariance: Position covariance, m² (east, north, up; row-major 3 × 3, 9 elements).
        ///   - covarianceType: `position_covariance_type`.
        package static func cdr(
            header: Header, status: Int8, service: UInt16, latitude: Double, longitude: Double, altitude: Double,
            covariance: [Double], covarianceType: UInt8
        ) -> [UInt8] {
            message(header) { cdr in
                cdr.write(status)
                cdr.write(service)
                cdr.write(latitude)
                cdr.write(longitude)
                cdr.write(altitude)
                cdr.write(covariance, count: 9)
                cdr.write(covarianceType)
            }
        }
    }

    /// `nav_msgs/msg/Odometry`: pose in the header's frame (metres, a unit quaternion `(x, y, z, w)`) and
    /// twist in the child frame (m/s, rad/s), each with a row-major 6 × 6 covariance.
    package enum Odometry: ROS2Message {
        /// The type name.
        package static let name = "nav_msgs/msg/Odometry"
        /// The definition.
        package static let definition = """
            std_msgs/Header header
            string child_frame_id
            geometry_msgs/PoseWithCovariance pose
            geometry_msgs/TwistWithCovariance twist

            """ + ROS2.header
            + ROS2.dependency("geometry_msgs/PoseWithCovariance", "geometry_msgs/Pose pose\nfloat64[36] covariance\n")
            + ROS2.dependency(
                "geometry_msgs/Pose", "geometry_msgs/Point position\ngeometry_msgs/Quaternion orientation\n")
            + ROS2.point + ROS2.quaternion
            + ROS2.dependency(
                "geometry_msgs/TwistWithCovariance", "geometry_msgs/Twist twist\nfloat64[36] covariance\n")
            + ROS2.dependency("geometry_msgs/Twist", "geometry_msgs/Vector3 linear\ngeometry_msgs/Vector3 angular\n")
            + ROS2.vector3

        /// One message's CDR bytes.
        /// - Parameters:
        ///   - header: Stamp and the pose's frame.
        ///   - childFrameID: The frame of the twist (the body).
        ///   - position: Metres in the header's frame.
        ///   - orientation: `(x, y, z, w)`: rotates child-frame vectors into the header's frame.
        ///   - linearVelocity: m/s in the child frame.
        ///   - angularVelocity: rad/s in the child frame.
        ///   - poseCovariance: The pose's covariance (36 elements).
        ///   - twistCovariance: The twist's covariance (36 elements).
        package static func cdr(
            header: Header, childFrameID: String, position: SIMD3<Double>, orientation: SIMD4<Double>,
            linearVelocity: SIMD3<Double>, angularVelocity: SIMD3<Double>, poseCovariance: [Double],
            twistCovariance: [Double]
        ) -> [UInt8] {
            message(header) { cdr in
                cdr.write(childFrameID)
                cdr.write(position)
                cdr.write(orientation)
                cdr.write(poseCovariance, count: 36)
                cdr.write(linearVelocity)
                cdr.write(angularVelocity)
                cdr.write(twistCovariance, count: 36)
            }
        }
    }
}
