extension KinematicPath {
    /// One designed turn: a clothoid – arc – clothoid at an interior waypoint, driven at constant speed.
    public struct Turn: Sendable, Hashable {
        /// Index of the waypoint in the route.
        public var waypoint: Int
        /// Signed change of heading, radians (positive turning left).
        public var deflection: Double
        /// Speed through the turn, m/s (at most the legs' speeds; lower where the turn would not fit).
        public var speed: Double
        /// Smallest radius of the turn (the arc's), metres.
        public var radius: Double
        /// Distance from the waypoint, along each leg, at which the turn starts and ends, metres.
        public var tangentLength: Double
        /// Distance from the waypoint to the middle of the turn, the path's nearest point to it, metres.
        public var offset: Double
        /// Times the turn starts and ends, seconds from the start of the path.
        public var startTime: Double, endTime: Double
    }
}
