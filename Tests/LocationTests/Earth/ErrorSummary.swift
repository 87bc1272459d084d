/// The largest of a run of errors against a fixture, and their RMS: what a comparison prints beside its bounds.
struct ErrorSummary {
    private(set) var worst = 0.0
    private var sumSquares = 0.0
    private var count = 0

    mutating func add(_ error: Double) {
        worst = max(worst, error)
        sumSquares += error * error
        count += 1
    }

    /// The root mean square of the errors added (0 when none was).
    var rms: Double { (sumSquares / Double(max(count, 1))).squareRoot() }
}
