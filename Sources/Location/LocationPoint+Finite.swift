import Signals

extension LocationPoint {
    /// Throws unless every number of the fix is finite: the check made before its line or row is written
    /// (`signals play`, `signals render`, the live server; see `FiniteOutput`).
    /// - Throws: `SignalError` `.nonFinite` naming the fix's time and the value.
    package func checkFinite() throws(SignalError) {
        try FiniteOutput.check(
            [
                timestamp, latitude, longitude, altitude, horizontalAccuracy, verticalAccuracy, speed, course,
                speedAccuracy, courseAccuracy,
            ],
            what:
                "the location fix at t = \(timestamp) s (timestamp, latitude, longitude, altitude, accuracies, speed, course)"
        )
    }
}
