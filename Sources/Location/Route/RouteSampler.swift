import Foundation
import Signals

/// The truth and the measurement of one sample: what a test scores a user's filter against.
public struct LocationSample: Sendable, Hashable {
    /// The true location (accuracies 0).
    public var truth: LocationPoint
    /// The reported location: the truth moved by ``error``, with the model's accuracies.
    public var measured: LocationPoint
    /// The measurement error in local east, north and up metres (zero without an error model).
    public var error: LocalOffset

    /// Creates a sample.
    /// - Parameters:
    ///   - truth: The true location.
    ///   - measured: The reported location.
    ///   - error: The error in east, north, up metres.
    public init(truth: LocationPoint, measured: LocationPoint, error: LocalOffset) {
        self.truth = truth
        self.measured = measured
        self.error = error
    }
}

/// A route sampled at a fixed rate: sample `k` is at `k / sampleRate` seconds, with the GNSS error of
/// sample `k`. Any sample can be computed on its own (``sample(at:)``), or a run of them with a ``Cursor``;
/// both give the same values.
///
/// ```swift
/// let sampler = try route.sampler(sampleRate: 10)
/// let s = try sampler.sample(at: 1234)        // s.truth, s.measured, s.error
/// ```
public struct RouteSampler: Sendable {
    /// The route's timeline.
    public let timeline: RouteTimeline
    /// Samples per second (Hz).
    public let sampleRate: Double
    /// The error model, if any.
    public let model: GNSSErrorModel?
    @usableFromInline let process: GNSSErrorProcess?

    /// Largest sample index plus one when the route has an error model (2^48).
    public static let indexLimit = GaussMarkovProcess.indexLimit

    /// Samples `timeline` at `sampleRate`.
    /// - Throws: `SignalError` (`invalidRender`) for a rate that is not finite and > 0.
    public init(_ timeline: RouteTimeline, sampleRate: Double) throws(SignalError) {
        guard sampleRate.isFinite, sampleRate > 0 else {
            throw SignalError(
                .invalidRender, "sample rate must be a positive, finite number of Hz, got \(sampleRate)", field: "rate")
        }
        self.timeline = timeline
        self.sampleRate = sampleRate
        model = timeline.route.error
        process = model.map { GNSSErrorProcess($0, sampleRate: sampleRate) }
    }

    /// Checks that samples `first ..< first + count` can be computed.
    /// - Throws: `SignalError` (`invalidRender`) past index 2^48 with an error model.
    public func checkRange(first: Int, count: Int) throws(SignalError) {
        guard first >= 0, count >= 0 else {
            throw SignalError(
                .invalidRender, "sample indices must be ≥ 0, got \(first) and \(count) samples", field: "start")
        }
        if process != nil, first > RouteSampler.indexLimit - count {
            throw SignalError(
                .invalidRender,
                "the GNSS error is defined for sample indices below 2^48; \(count) samples from index \(first) reach past it",
                field: "duration")
        }
    }

    /// Sample `index`: the truth at `index / sampleRate` and the measurement with the error of that sample.
    /// - Parameter index: Sample index, ≥ 0 (below 2^48 with an error model).
    /// - Throws: `SignalError` (`invalidRender`) for an index out of range.
    /// - Complexity: O(log segments) plus 3 × 48 normal draws for the error (use a ``Cursor`` for runs).
    public func sample(at index: Int) throws(SignalError) -> LocationSample {
        try checkRange(first: index, count: 1)
        return combine(timeline.location(at: Double(index) / sampleRate), process?.offset(at: index) ?? .zero)
    }

    /// The measurement of `truth` with `error`: moved `error.horizontal` metres along the geodesic at azimuth
    /// `atan2(east, north)` (exact at any latitude, the poles included), raised by `error.up`.
    func combine(_ truth: LocationPoint, _ error: LocalOffset) -> LocationSample {
        guard let model else { return LocationSample(truth: truth, measured: truth, error: .zero) }
        var measured = truth
        let distance = error.horizontal
        if distance > 0 {
            let p = Geodesic.wgs84.direct(
                from: truth.coordinate, azimuth: GeoMath.atan2d(error.east, error.north),
                distance: distance)
            measured.latitude = p.latitude
            measured.longitude = p.longitude
        }
        measured.altitude += error.up
        measured.horizontalAccuracy = model.horizontalAccuracy
        measured.verticalAccuracy = model.verticalAccuracy
        return LocationSample(truth: truth, measured: measured, error: error)
    }

    /// A cursor at sample `index`, walking forward one sample per ``Cursor/next()``.
    /// - Throws: `SignalError` (`invalidRender`) for an index out of range.
    public func cursor(at index: Int = 0) throws(SignalError) -> Cursor {
        try checkRange(first: index, count: 1)
        return Cursor(sampler: self, index: index)
    }

    /// Reads consecutive samples; the error process reuses the work of the previous sample (amortised
    /// O(1) per sample).
    public struct Cursor: Sendable {
        /// The sampler.
        public let sampler: RouteSampler
        /// Index of the sample ``next()`` returns.
        public private(set) var index: Int
        @usableFromInline var errors: GNSSErrorProcess.Cursor?

        init(sampler: RouteSampler, index: Int) {
            self.sampler = sampler
            self.index = index
            errors = sampler.process.map { GNSSErrorProcess.Cursor($0, at: index) }
        }

        /// Sample ``index``, then moves to the next one (up to index 2^48 − 1 with an error model, `Int.max`
        /// without, where it stays).
        public mutating func next() -> LocationSample {
            let truth = sampler.timeline.location(at: Double(index) / sampler.sampleRate)
            let sample = sampler.combine(truth, errors?.offset ?? .zero)
            if index < (errors == nil ? Int.max : RouteSampler.indexLimit - 1) {
                index += 1
                errors?.advance()
            }
            return sample
        }
    }
}
