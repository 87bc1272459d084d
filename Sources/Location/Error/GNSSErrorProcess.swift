import Foundation

/// An offset from the true position in local east, north and up metres: the GNSS error of one sample.
public struct LocalOffset: Sendable, Hashable, Codable {
    /// Metres east.
    public var east: Double
    /// Metres north.
    public var north: Double
    /// Metres up.
    public var up: Double

    /// No offset.
    public static let zero = LocalOffset(east: 0, north: 0, up: 0)

    /// Creates an offset.
    /// - Parameters:
    ///   - east: Metres east.
    ///   - north: Metres north.
    ///   - up: Metres up.
    public init(east: Double, north: Double, up: Double) {
        self.east = east
        self.north = north
        self.up = up
    }

    /// The horizontal distance `√(east² + north²)` (metres).
    public var horizontal: Double { (east * east + north * north).squareRoot() }
}

/// A ``GNSSErrorModel`` sampled at a rate: three independent Gauss–Markov processes (east, north, up)
/// plus white jitter, evaluated at any sample index.
@usableFromInline
package struct GNSSErrorProcess: Sendable {
    @usableFromInline let east: GaussMarkovProcess, north: GaussMarkovProcess, up: GaussMarkovProcess
    /// Jitter per axis (metres) and the keys of its white normals.
    @usableFromInline let jitter: Double, verticalJitter: Double
    @usableFromInline let jitterKeys: [(UInt64, UInt64)]

    /// The model at `sampleRate` (Hz).
    package init(_ model: GNSSErrorModel, sampleRate: Double) {
        let step = 1 / sampleRate
        let vertical = model.sigma * model.verticalRatio
        east = GaussMarkovProcess(
            sigma: model.sigma, tau: model.correlationTime, step: step, seed: model.seed, stream: 1)
        north = GaussMarkovProcess(
            sigma: model.sigma, tau: model.correlationTime, step: step, seed: model.seed, stream: 2)
        up = GaussMarkovProcess(sigma: vertical, tau: model.correlationTime, step: step, seed: model.seed, stream: 3)
        jitter = model.jitter
        verticalJitter = model.jitter * model.verticalRatio
        jitterKeys = (4...6).map { GaussMarkovProcess.keys(seed: model.seed, stream: UInt64($0)) }
    }

    /// The white part at sample `k`.
    @inlinable
    func white(_ k: Int) -> LocalOffset {
        guard jitter > 0 else { return .zero }
        let n = UInt64(k)
        return LocalOffset(
            east: jitter * GaussMarkovProcess.normal(n, jitterKeys[0]),
            north: jitter * GaussMarkovProcess.normal(n, jitterKeys[1]),
            up: verticalJitter * GaussMarkovProcess.normal(n, jitterKeys[2]))
    }

    /// The error at sample `k` (0 ≤ k < 2^48), in O(log) time.
    @inlinable
    package func offset(at k: Int) -> LocalOffset {
        let w = white(k)
        return LocalOffset(
            east: east.value(at: k) + w.east, north: north.value(at: k) + w.north, up: up.value(at: k) + w.up)
    }

    /// Walks the error forward, amortised O(1) per sample, with the values of ``offset(at:)``.
    @usableFromInline
    package struct Cursor: Sendable {
        @usableFromInline let process: GNSSErrorProcess
        @usableFromInline var east: GaussMarkovProcess.Cursor, north: GaussMarkovProcess.Cursor,
            up: GaussMarkovProcess.Cursor

        package init(_ process: GNSSErrorProcess, at index: Int) {
            self.process = process
            east = GaussMarkovProcess.Cursor(process.east, at: index)
            north = GaussMarkovProcess.Cursor(process.north, at: index)
            up = GaussMarkovProcess.Cursor(process.up, at: index)
        }

        /// The error at the cursor's index.
        @inlinable
        package var offset: LocalOffset {
            let w = process.white(east.index)
            return LocalOffset(east: east.value + w.east, north: north.value + w.north, up: up.value + w.up)
        }

        /// Moves to the next index.
        @inlinable
        package mutating func advance() {
            east.advance()
            north.advance()
            up.advance()
        }
    }
}
