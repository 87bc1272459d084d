import Signals

extension PointLine {
    /// Throws unless every number of a motion point is finite: the check `signals play` and the live
    /// server make before its line is written (JSON has no NaN or infinity; see `FiniteOutput`).
    /// - Parameter p: The point.
    /// - Throws: `SignalError` `.nonFinite` naming the point's time and the value.
    package static func checkFinite(_ p: MotionPoint) throws(SignalError) {
        let a = p.userAcceleration
        let g = p.gravity
        let r = p.rotationRate
        var values = [p.timestamp, a.x, a.y, a.z, g.x, g.y, g.z, r.x, r.y, r.z]
        if let q = p.attitude { values += [q.w, q.x, q.y, q.z] }
        try FiniteOutput.check(
            values,
            what:
                "the motion point at t = \(p.timestamp) s (timestamp, userAcceleration, gravity, rotationRate, attitude)"
        )
    }

    /// Throws unless the point's time and value are finite.
    /// - Parameter p: The point.
    /// - Throws: `SignalError` `.nonFinite`.
    package static func checkFinite(_ p: ScalarPoint) throws(SignalError) {
        try FiniteOutput.check([p.timestamp, p.value], what: "the point at t = \(p.timestamp) s (timestamp, value)")
    }

    /// Throws unless the point's time and axes are finite.
    /// - Parameter p: The point.
    /// - Throws: `SignalError` `.nonFinite`.
    package static func checkFinite(_ p: AxesPoint) throws(SignalError) {
        try FiniteOutput.check(
            [p.timestamp, p.x, p.y, p.z], what: "the point at t = \(p.timestamp) s (timestamp, x, y, z)")
    }

    /// Throws unless the time and every channel are finite.
    /// - Parameters:
    ///   - timestamp: Seconds.
    ///   - values: One sample per channel.
    /// - Throws: `SignalError` `.nonFinite`.
    package static func checkFinite(timestamp: Double, _ values: some Collection<Float>) throws(SignalError) {
        try FiniteOutput.check(timestamp, what: "the point's timestamp")
        try FiniteOutput.check(values, what: "the point at t = \(timestamp) s (channels)")
    }
}
