import Signals

extension TrajectoryPoint {
    /// The point as `signals play` prints it (no newline): the motion line with `location` (on fix points),
    /// `heading` (`trueHeading`, `magneticHeading`, `headingAccuracy`), `magneticField` (`x`, `y`, `z`, µT),
    /// `pressure` (Pa, with a barometer), `altitude` (m above mean sea level) and `pedometer` (`steps`,
    /// `distance`, `cadence`, `floorsAscended`, `floorsDescended`).
    public func jsonLine() -> String {
        var text = PointLine.motion(motion, precision: .double)
        text.removeLast()
        if let location { text += ",\"location\":\(location.locationJSON)" }
        text += ",\"heading\":{\"trueHeading\":\(trueHeading),\"magneticHeading\":\(magneticHeading),\"headingAccuracy\":\(headingAccuracy)}"
        text += ",\"magneticField\":{\"x\":\(magneticField.x),\"y\":\(magneticField.y),\"z\":\(magneticField.z)}"
        if let pressure { text += ",\"pressure\":\(pressure)" }
        text += ",\"altitude\":\(altitude)"
        text += ",\"pedometer\":{\"steps\":\(steps),\"distance\":\(distance),\"cadence\":\(cadence),\"floorsAscended\":\(floorsAscended),\"floorsDescended\":\(floorsDescended)}"
        return text + "}"
    }
}
