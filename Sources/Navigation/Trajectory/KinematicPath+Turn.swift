extension KinematicPath {
    /// One designed turn: a clothoid – arc – clothoid at an interior waypoint, driven at constant speed.
    public struct Turn: Sendable, Hashable {
        /// Index of the waypoint in the route.
        public var waypoint: Int
        /// Signed change of heading, radians (positive turning left).
        public var deflection: Double
        /// Speed through the turn, m/s (at most the legs' speeds; lower where the turn would not fit). With a
        /// ``pause``, the speed the turn is designed for: the vehicle slows down in it, never faster than this.
        public var speed: Double
        /// Smallest radius of the turn (the arc's), metres.
        public var radius: Double
        /// Distance from the waypoint, along each leg, at which the turn starts and ends, metres.
        public var tangentLength: Double
        /// Distance from the waypoint to the middle of the turn, the path's nearest point to it, metres.
        public var offset: Double
        /// Times the turn starts and ends, seconds from the start of the path (the pause included).
        public var startTime: Double, endTime: Double
        /// The waypoint's pause, seconds: the vehicle stands still this long at the middle of the turn (0: none).
        public var pause: Double
    }
}
