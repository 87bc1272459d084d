import Signals

extension TrajectoryPoint {
    /// Throws unless every number of the point is finite: the check `signals play` and the live server make
    /// before its line is written (see `FiniteOutput`).
    /// - Throws: `SignalError` `.nonFinite` naming the point's time and the value.
    package func checkFinite() throws(SignalError) {
        try PointLine.checkFinite(motion)
        try location?.checkFinite()
        try FiniteOutput.check(
            [
                trueHeading, magneticHeading, headingAccuracy, magneticField.x, magneticField.y, magneticField.z,
                pressure ?? 0, altitude, distance, cadence,
            ],
            what: "the trajectory point at t = \(timestamp) s (heading, magneticField, pressure, altitude, pedometer)")
    }
}
