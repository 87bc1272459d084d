import SensorData

extension TrajectoryPoint {
    /// The members the point's line and a `/data` body carry beside the motion and location (`heading`,
    /// `magneticField`, `pressure` with a barometer, `altitude`, `pedometer`, `activity`), for their one writer and
    /// reader, `TrajectoryRiders` in `Formats`.
    package var riders: TrajectoryRiders {
        TrajectoryRiders(
            heading: TrajectoryRiders.Heading(
                trueHeading: trueHeading, magneticHeading: magneticHeading,
                headingAccuracy: headingAccuracy),
            magneticField: magneticField.vector, pressure: pressure, altitude: altitude,
            pedometer: TrajectoryRiders.Pedometer(
                steps: steps, distance: distance, cadence: cadence,
                floorsAscended: floorsAscended, floorsDescended: floorsDescended),
            activity: activity)
    }
}
