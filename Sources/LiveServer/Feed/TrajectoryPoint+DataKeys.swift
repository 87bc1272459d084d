import Navigation

extension TrajectoryPoint {
    /// The keys `GET /data` adds for a trajectory, beside the original shape, written as
    /// `TrajectoryPoint.jsonLine()` writes them: `,"heading":{…},"magneticField":{…},"pressure":Pa,`
    /// `"altitude":m,"pedometer":{…}` (`pressure` only with a barometer or a held pressure), each
    /// preceded by a comma.
    var dataMembers: String {
        var text = ",\"heading\":{\"trueHeading\":\(trueHeading),\"magneticHeading\":\(magneticHeading),\"headingAccuracy\":\(headingAccuracy)}"
        text += ",\"magneticField\":{\"x\":\(magneticField.x),\"y\":\(magneticField.y),\"z\":\(magneticField.z)}"
        if let pressure { text += ",\"pressure\":\(pressure)" }
        text += ",\"altitude\":\(altitude)"
        text += ",\"pedometer\":{\"steps\":\(steps),\"distance\":\(distance),\"cadence\":\(cadence),\"floorsAscended\":\(floorsAscended),\"floorsDescended\":\(floorsDescended)}"
        return text
    }
}
