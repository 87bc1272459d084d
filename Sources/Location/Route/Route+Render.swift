import Foundation
import Signals

extension Route {
    /// The route sampled at `sampleRate`.
    /// - Throws: `SignalError` for a bad route or rate.
    public func sampler(sampleRate: Double) throws(SignalError) -> RouteSampler {
        try RouteSampler(timeline(), sampleRate: sampleRate)
    }

    /// The frames of a render: `round(duration · rate)` samples from index `round(start · rate)`.
    /// - Throws: `SignalError` (`invalidRender`) for a bad rate, duration or start.
    public static func request(
        sampleRate: Double, duration: TimeInterval, start: TimeInterval = 0
    ) throws(SignalError) -> RenderRequest {
        try RenderRequest(sampleRate: sampleRate, duration: duration, start: start)
    }

    /// Truth and measurement of `round(duration · sampleRate)` samples at `t = start, start + 1/rate, …`.
    ///
    /// ```swift
    /// let samples = try walk.samples(sampleRate: 1, duration: 600)
    /// let rms = (samples.map { $0.error.horizontal * $0.error.horizontal }.reduce(0, +) / 600).squareRoot()
    /// ```
    /// - Parameters:
    ///   - sampleRate: Samples per second (Hz).
    ///   - duration: Seconds.
    ///   - start: Time of the first sample in seconds (default 0).
    /// - Throws: `SignalError` for a bad route, rate or duration, or a render too large to hold in memory
    ///   (stream it with `points(sampleRate:duration:start:)` (Playback) or a ``RouteSampler/Cursor``).
    public func samples(
        sampleRate: Double, duration: TimeInterval, start: TimeInterval = 0
    ) throws(SignalError) -> [LocationSample] {
        let request = try Route.request(sampleRate: sampleRate, duration: duration, start: start)
        let sampler = try sampler(sampleRate: sampleRate)
        try sampler.checkRange(first: request.startIndex, count: request.frameCount)
        let bytes = request.frameCount.multipliedReportingOverflow(by: MemoryLayout<LocationSample>.stride)
        guard !bytes.overflow, bytes.partialValue <= RenderOptions.defaultMemoryLimit else {
            throw SignalError(
                .invalidRender,
                "\(request.frameCount) samples do not fit in memory; stream them with points(sampleRate:duration:) or a RouteSampler cursor",
                field: "duration")
        }
        var cursor = try sampler.cursor(at: request.startIndex)
        return (0..<request.frameCount).map { _ in cursor.next() }
    }

    /// The reported locations (truth plus error) of `round(duration · sampleRate)` samples at
    /// `t = start, start + 1/rate, …`.
    ///
    /// ```swift
    /// let fixes = try walk.render(sampleRate: 1, duration: 600)   // 600 LocationPoints
    /// ```
    /// - Throws: As ``samples(sampleRate:duration:start:)``.
    public func render(
        sampleRate: Double, duration: TimeInterval, start: TimeInterval = 0
    ) throws(SignalError) -> [LocationPoint] {
        try samples(sampleRate: sampleRate, duration: duration, start: start).map(\.measured)
    }
}
