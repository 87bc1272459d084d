import Foundation
import Signals

/// The `xcrun simctl location` command that drives an iOS simulator's own location along a route:
/// `xcrun simctl location <device> start --speed=<m/s> lat,lon lat,lon …` (or `set lat,lon` for a route of
/// one point).
///
/// ```swift
/// let command = try walk.simulatorCommand(device: "booted")
/// print(command.commandLine)   // xcrun simctl location booted start --speed=3 51.5007,-0.1246 51.5033,-0.1196 ...
/// for note in command.notes { print("note:", note) }     // what simctl cannot express
/// ```
/// `simctl` moves along straight waypoints at one speed: pauses, per-leg speeds, acceleration limits, times,
/// looping and GNSS error have no equivalent there, and each one that the route uses is listed in ``notes``.
public struct SimulatorCommand: Sendable, Hashable {
    /// The arguments, starting with `xcrun`.
    public var arguments: [String]
    /// What the command does not reproduce of the route, one sentence each.
    public var notes: [String]

    /// The arguments as one shell command line (arguments quoted where the shell needs it).
    public var commandLine: String {
        arguments.map { arg in
            arg.allSatisfy({ $0.isLetter || $0.isNumber || "-_=.,:/+@".contains($0) }) && !arg.isEmpty
                ? arg : "'" + arg.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}

extension Route {
    /// The `xcrun simctl location` command for this route (see ``SimulatorCommand``).
    /// - Parameter device: The simulator's name or UDID, or `booted` (default).
    /// - Returns: The command; its `--speed` is the route's speed when every leg has it, else the average
    ///   speed over the time spent moving.
    /// - Throws: `SignalError` for a bad route or an empty device name.
    public func simulatorCommand(device: String = "booted") throws(SignalError) -> SimulatorCommand {
        guard !device.isEmpty else {
            throw SignalError(.outOfRange, "the simulator device must be a name, a UDID or 'booted'", field: "device")
        }
        let timeline = try timeline()
        let coordinates = waypoints.map { "\(Route.decimal($0.latitude)),\(Route.decimal($0.longitude))" }
        var notes: [String] = []
        if waypoints.count == 1 || timeline.passLength == 0 {
            if waypoints.count > 1 {
                notes.append("the route does not move; the simulator is set to its first waypoint")
            }
            return SimulatorCommand(
                arguments: ["xcrun", "simctl", "location", device, "set", coordinates[0]], notes: notes)
        }
        let pauses = waypoints.reduce(0) { $0 + $1.pause }
        let moving = timeline.passDuration - pauses
        let routeSpeed = self.speed
        let uniform =
            !isTimed && acceleration == nil && routeSpeed != nil
            && waypoints.dropFirst().allSatisfy { $0.speed == nil || $0.speed == routeSpeed }
            && (!loops || waypoints[0].speed == nil || waypoints[0].speed == routeSpeed)
        let speed = uniform ? (routeSpeed ?? 0) : timeline.passLength / moving
        if !uniform {
            notes.append(
                isTimed
                    ? "simctl moves at one speed: the times are replaced by the average speed \(Route.decimal(speed, digits: 3)) m/s"
                    : "simctl moves at one speed: the leg speeds and acceleration limits are replaced by the average speed \(Route.decimal(speed, digits: 3)) m/s"
            )
        }
        if pauses > 0 {
            notes.append("simctl cannot pause: the pauses (\(Route.decimal(pauses, digits: 3)) s in all) are left out")
        }
        var points = coordinates
        if loops {
            points.append(coordinates[0])
            notes.append("simctl does not loop: the command goes round once, back to the first waypoint")
        }
        if error != nil { notes.append("simctl reports exact positions: the GNSS error model is left out") }
        return SimulatorCommand(
            arguments: [
                "xcrun", "simctl", "location", device, "start",
                "--speed=\(Route.decimal(speed, digits: 3))",
            ] + points,
            notes: notes)
    }
}
