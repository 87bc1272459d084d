/// How the sample values of a point line are written (`signals play`, the live server): the timestamp
/// (seconds) and every location field are always written as the `Double` they are.
///
/// ```swift
/// // A rendered sample of 0.1 (a Float) written .single: 0.1; written .double: 0.10000000149011612
/// ```
public enum PointPrecision: Sendable, Hashable {
    /// Samples of a rendered signal are `Float`s: written in `Float` precision, so that a rendered `0.1`
    /// prints as `0.1` (the shortest text that reads back as the same `Float`).
    case single
    /// Values that are `Double`s (point files, values posted to the server, trajectories): the shortest text
    /// that reads back as the same `Double`.
    case double
}
