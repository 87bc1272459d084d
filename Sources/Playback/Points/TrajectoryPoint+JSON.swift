import Formats
import Signals

extension TrajectoryPoint {
    /// The point as `signals play` prints it (no newline): the motion line with `location` (on fix points),
    /// `heading` (`trueHeading`, `magneticHeading`, `headingAccuracy`), `magneticField` (`x`, `y`, `z`, µT),
    /// `pressure` (Pa, with a barometer), `altitude` (m above mean sea level) and `pedometer` (`steps`,
    /// `distance`, `cadence`, `floorsAscended`, `floorsDescended`), written by `TrajectoryRiders`.
    public func jsonLine() -> String {
        var text = PointLine.motion(motion, precision: .double)
        text.removeLast()
        if let location { text += ",\"location\":\(location.locationJSON)" }
        riders.write(into: &text)
        return text + "}"
    }
}
