import Foundation
import Location

extension Route {
    /// The route as points for a `Runner`, computed as they are played (bounded memory).
    ///
    /// ```swift
    /// try runner.start(try walk.points(sampleRate: 1, duration: 600)) { fix in print(fix.latitude) }
    /// ```
    /// - Throws: As `Route.samples(sampleRate:duration:start:)`, without the memory limit.
    public func points(
        sampleRate: Double, duration: TimeInterval, start: TimeInterval = 0
    ) throws(SignalError) -> RoutePoints {
        try RoutePoints(
            sampler: sampler(sampleRate: sampleRate),
            request: Route.request(sampleRate: sampleRate, duration: duration, start: start))
    }
}
