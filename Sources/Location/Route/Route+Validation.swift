import Foundation
import Signals

extension Route {
    /// Limits on what a route may hold, checked where input enters.
    public enum Limits {
        /// Altitudes the route accepts (metres above the ellipsoid).
        public static let altitude: ClosedRange<Double> = -12_000...100_000
        /// Fastest leg (m/s).
        public static let speed = 1_000.0
        /// Largest acceleration limit (m/s²).
        public static let acceleration = 100.0
        /// Longest pass through the route (seconds, about 31.7 years).
        public static let duration = 1e9
    }

    /// Checks the route: coordinates in range, speeds, pauses and times valid, and a speed for every leg.
    ///
    /// ```swift
    /// try route.validate()            // or let it happen in render/points/timeline
    /// ```
    /// - Parameter path: JSON path of the route in its spec (default `$.route`), used in messages.
    /// - Throws: `SignalError` naming the field: `tooShort`, `nonFinite`, `outOfRange`, `missingField`,
    ///   `invalidTime`.
    public func validate(path: String = "$.route") throws(SignalError) {
        let list = "\(path).waypoints"
        guard !waypoints.isEmpty else {
            throw SignalError(.tooShort, path: list, "a route needs at least one waypoint; the waypoint list is empty")
        }
        if let speed { try Route.checkSpeed(speed, path: "\(path).speed") }
        if let acceleration {
            try Route.checkFinite(acceleration, path: "\(path).acceleration", "acceleration")
            guard acceleration > 0, acceleration <= Limits.acceleration else {
                throw SignalError(
                    .outOfRange, path: "\(path).acceleration",
                    "acceleration must be > 0 and ≤ \(Limits.acceleration) m/s², got \(acceleration)")
            }
        }
        for (i, w) in waypoints.enumerated() {
            let p = "\(list)[\(i)]"
            try Route.checkFinite(w.latitude, path: "\(p).latitude", "latitude")
            guard abs(w.latitude) <= 90 else {
                throw SignalError(
                    .outOfRange, path: "\(p).latitude", "latitude \(w.latitude) is outside −90 … 90 degrees")
            }
            try Route.checkFinite(w.longitude, path: "\(p).longitude", "longitude")
            guard abs(w.longitude) <= 180 else {
                throw SignalError(
                    .outOfRange, path: "\(p).longitude", "longitude \(w.longitude) is outside −180 … 180 degrees")
            }
            try Route.checkFinite(w.altitude, path: "\(p).altitude", "altitude")
            guard Limits.altitude.contains(w.altitude) else {
                throw SignalError(
                    .outOfRange, path: "\(p).altitude",
                    "altitude \(w.altitude) m is outside \(Limits.altitude.lowerBound) … \(Limits.altitude.upperBound) m"
                )
            }
            try Route.checkFinite(w.pause, path: "\(p).pause", "pause")
            guard w.pause >= 0 else {
                throw SignalError(.outOfRange, path: "\(p).pause", "pause must be ≥ 0 seconds, got \(w.pause)")
            }
            if let s = w.speed { try Route.checkSpeed(s, path: "\(p).speed") }
            if let t = w.time {
                try Route.checkFinite(t, path: "\(p).time", "time")
                guard t >= 0 else {
                    throw SignalError(
                        .invalidTime, path: "\(p).time", "time must be ≥ 0 seconds from the start, got \(t)")
                }
            }
        }
        if isTimed { try validateTimes(path: path) } else { try validateSpeeds(path: path) }
        try error?.validate(path: "\(path).error")
    }

    /// Times on every waypoint, strictly increasing; no pauses, leg speeds or acceleration beside them.
    private func validateTimes(path: String) throws(SignalError) {
        let list = "\(path).waypoints"
        for (i, w) in waypoints.enumerated() {
            let p = "\(list)[\(i)]"
            guard let t = w.time else {
                throw SignalError(
                    .invalidTime, path: p,
                    "waypoint \(i) has no 'time' but waypoint 0 has one; give every waypoint a time, or none")
            }
            if i > 0, let previous = waypoints[i - 1].time, t <= previous {
                throw SignalError(
                    .invalidTime, path: "\(p).time",
                    "times must increase from waypoint to waypoint: \(t) s is not after \(previous) s (waypoint \(i - 1))"
                )
            }
            if w.pause != 0 {
                throw SignalError(
                    .invalidTime, path: "\(p).pause",
                    "a timed route takes its timing from 'time'; instead of 'pause', give the next waypoint a later time"
                )
            }
            if w.speed != nil, i > 0 || !loops {
                throw SignalError(
                    .invalidTime, path: "\(p).speed",
                    "a timed route takes its speeds from the times; remove 'speed'")
            }
        }
        if acceleration != nil {
            throw SignalError(
                .invalidTime, path: "\(path).acceleration",
                "a timed route follows its times; 'acceleration' applies to routes moved at speeds")
        }
        if loops, waypoints.count > 1, waypoints[0].coordinate != waypoints[waypoints.count - 1].coordinate,
            waypoints[0].speed == nil, speed == nil
        {
            throw SignalError(
                .missingField, path: "\(path).speed",
                "a looping timed route needs 'speed' (m/s) for the leg from its last waypoint back to the first")
        }
        if speed != nil, !loops {
            throw SignalError(
                .invalidTime, path: "\(path).speed",
                "a timed route takes its speeds from the times; 'speed' is only for the leg that closes a loop")
        }
    }

    /// A speed for every leg.
    private func validateSpeeds(path: String) throws(SignalError) {
        let list = "\(path).waypoints"
        for (i, w) in waypoints.enumerated() where w.time != nil {
            throw SignalError(
                .invalidTime, path: "\(list)[\(i)].time",
                "waypoint \(i) has a 'time' but waypoint 0 has none; give every waypoint a time, or none")
        }
        if waypoints[0].speed != nil, !loops {
            throw SignalError(
                .outOfRange, path: "\(list)[0].speed",
                "the first waypoint's speed is for the leg that closes a loop, and this route does not loop; remove it or set 'loop'"
            )
        }
        guard speed == nil else { return }
        let legs = loops ? Array(waypoints.indices) : Array(waypoints.indices.dropFirst())
        for i in legs where waypoints[i].speed == nil && waypoints.count > 1 {
            throw SignalError(
                .missingField, path: "\(path).speed",
                "missing 'speed': give the route a speed in m/s (or every leg one, on its arriving waypoint, or every waypoint a time); waypoint \(i) has none"
            )
        }
    }

    static func checkFinite(_ value: Double, path: String, _ name: String) throws(SignalError) {
        guard value.isFinite else {
            throw SignalError(.nonFinite, path: path, "\(name) must be a finite number, got \(value)")
        }
    }

    static func checkSpeed(_ value: Double, path: String) throws(SignalError) {
        try checkFinite(value, path: path, "speed")
        guard value > 0 else {
            throw SignalError(
                .outOfRange, path: path,
                "speed must be > 0 m/s (at \(value) m/s the route never arrives); to stand still, use 'pause'")
        }
        guard value <= Limits.speed else {
            throw SignalError(.outOfRange, path: path, "speed \(value) m/s is above the limit of \(Limits.speed) m/s")
        }
    }
}
