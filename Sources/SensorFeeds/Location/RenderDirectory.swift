import Foundation
import Signals

// The hook for `.file(DIR)` where DIR is what `signals render SPEC --rate R --output-dir DIR` writes for a
// trajectory (truth.csv, gnss.csv, magnetometer.csv, …). The shared reader of that directory is written
// elsewhere (another engineer's task); when it lands, only the body of `renderDirectoryPoints(_:)` changes:
// SimulatedLocationManager already plays what it returns, the locations through `startUpdatingLocation()`
// and `locationUpdates()` (`TimedFix`), the headings through `startUpdatingHeading()` (`TimedHeading`).

extension LocationSource {
    /// Whether `url` names a directory (a trajectory render directory, for ``renderDirectoryPoints(_:)``).
    static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }

    /// HOOK, not yet implemented: the points of a trajectory render directory, in time order (times never
    /// decreasing, at least one point), for a location manager.
    ///
    /// What the reader must return, one ``RemotePoint`` per row of the truth's timeline:
    /// - `timestamp`: the row's `t`, seconds;
    /// - `location`: the fix of `gnss.csv` on the first row at or after its time (`nil` between fixes), with
    ///   its `speedAccuracy` and `courseAccuracy` when the directory has them;
    /// - `heading`: `truth.csv`'s `trueHeading` and `magneticHeading`, and the heading accuracy (0 without a
    ///   magnetometer's noise); `magneticField`: `magnetometer.csv`'s reading held at the row (the true
    ///   field without one), µT, device frame.
    /// - Parameter directory: The directory.
    /// - Throws: `SignalError` naming the file, line and column of a bad value. Today: `unknownFormat`, saying
    ///   that render directories are not read yet.
    static func renderDirectoryPoints(_ directory: URL) throws(SignalError) -> [RemotePoint] {
        throw SignalError(.unknownFormat, "'\(directory.lastPathComponent)' is a directory: a trajectory render directory (truth.csv, gnss.csv, … as `signals render SPEC --output-dir DIR` writes it) is not read yet; give a location file (GPX, CSV or JSON Lines) or the trajectory itself (`.signal(trajectory)`)",
                          file: directory.lastPathComponent)
    }
}
