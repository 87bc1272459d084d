import Foundation
import Navigation
import Playback
import Signals

// `.file(DIR)` where DIR is what `signals render SPEC --rate R --output-dir DIR` writes for a trajectory
// (truth.csv, gnss.csv, magnetometer.csv, …): read by `RenderDirectory`, the reader every manager shares.

extension LocationSource {
    /// Whether `url` names a directory (a trajectory render directory, for ``renderDirectoryPoints(_:)``).
    static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }

    /// The points of a trajectory render directory, one per row of `truth.csv`, in time order: a fix on the
    /// first row at or after each `gnss.csv` row, the truth's headings, the magnetometer's reading held at
    /// the row (0 µT without `magnetometer.csv`).
    /// - Parameter directory: The directory.
    /// - Throws: `SignalError` naming the file (and line and column) at fault; `unknownFormat` for a
    ///   directory without `truth.csv`.
    static func renderDirectoryPoints(_ directory: URL) throws(SignalError) -> [RemotePoint] {
        guard RenderDirectory.isRecording(directory) else {
            throw SignalError(
                .unknownFormat,
                "'\(directory.lastPathComponent)' is a directory without truth.csv: give a location file (GPX, CSV or JSON Lines) or the directory `signals render SPEC --output-dir DIR` writes for a trajectory",
                file: directory.lastPathComponent)
        }
        return try RenderDirectory(directory: directory).points.map(RemotePoint.init)
    }
}

extension RemotePoint {
    /// The point a server would send for a trajectory's point: its motion, fix and members (`riders`, as the
    /// server writes them).
    init(_ p: TrajectoryPoint) {
        self.init(timestamp: p.timestamp, motion: p.motion, location: p.location, riders: p.riders)
    }
}

extension TrajectoryPoint {
    /// The trajectory point a server's point carries, or `nil` for one that is not a trajectory's (no
    /// motion, heading, altitude or pedometer). The field is 0 µT without `magneticField`.
    init?(_ p: RemotePoint) {
        guard let motion = p.motion, let heading = p.heading, let altitude = p.altitude, let pedometer = p.pedometer
        else { return nil }
        self.init(
            motion: motion, location: p.location, trueHeading: heading.trueHeading,
            magneticHeading: heading.magneticHeading,
            headingAccuracy: heading.headingAccuracy, magneticField: MagneticField(p.magneticField ?? .zero),
            pressure: p.pressure,
            altitude: altitude, steps: pedometer.steps, distance: pedometer.distance,
            floorsAscended: pedometer.floorsAscended, floorsDescended: pedometer.floorsDescended,
            cadence: pedometer.cadence, activity: p.activity ?? .unknown)
    }
}
