import Formats

extension LocationPoint {
    /// `{"timestamp":t,"location":{...}}` on one line (no newline), as `signals play` prints a route's fix:
    /// the `location` object's fields in the order of `LocationPoint.locationFields` (degrees, metres, m/s),
    /// then the known ones of `LocationPoint.velocityAccuracyFields`.
    /// - Throws: `SignalError` `.nonFinite` naming the member when a number is not finite.
    public var jsonLine: String {
        get throws(SignalError) { try PointLineCodec.write(self) }
    }
}
