import Foundation
import Location
import Signals

/// A route played at a sample rate: the reported location of each sample as a `LocationPoint`,
/// computed as the `Runner` asks for it (nothing is stored).
///
/// ```swift
/// let points = try walk.points(sampleRate: 1, duration: 600)
/// try runner.start(points) { fix in print(fix.latitude, fix.longitude) }
/// ```
public struct RoutePoints: PointSource {
    /// The sampled route.
    public let sampler: RouteSampler
    /// The samples to play.
    public let request: RenderRequest

    /// Plays `request.frameCount` samples of `sampler` from `request.startIndex`.
    /// - Throws: `SignalError` (`invalidRender`) past index 2^48 with an error model, or when the
    ///   request's rate is not the sampler's.
    public init(sampler: RouteSampler, request: RenderRequest) throws(SignalError) {
        guard request.sampleRate == sampler.sampleRate else {
            throw SignalError(
                .invalidRender,
                "the request's rate \(request.sampleRate) Hz is not the sampler's \(sampler.sampleRate) Hz",
                field: "rate")
        }
        try sampler.checkRange(first: request.startIndex, count: request.frameCount)
        self.sampler = sampler
        self.request = request
    }

    /// `frames / sampleRate`: one pass, so that a loop is seamless in time.
    public var loopPeriod: TimeInterval? { Double(request.frameCount) / request.sampleRate }

    /// Starts at the first sample.
    public func makeCursor() -> Cursor { Cursor(source: self) }

    /// Reads one sample per point.
    public struct Cursor: PointCursor {
        var samples: RouteSampler.Cursor?
        let source: RoutePoints
        var played = 0

        init(source: RoutePoints) {
            self.source = source
            samples = try? source.sampler.cursor(at: source.request.startIndex)
        }

        /// The next sample's reported location, at `index / sampleRate`.
        public mutating func next() -> (point: LocationPoint, time: TimeInterval)? {
            guard played < source.request.frameCount, var cursor = samples else { return nil }
            let point = cursor.next().measured
            samples = cursor
            played += 1
            return (point, point.timestamp)
        }
    }
}
