/// Builds the waypoint list of a ``Route`` from a closure: waypoints, arrays of them, `if`, `switch` and
/// `for` loops.
///
/// ```swift
/// let square = Route(speed: 2, loop: true) {
///     for (lat, lon) in [(0.0, 0.0), (0.0, 0.001), (0.001, 0.001), (0.001, 0.0)] {
///         Waypoint(latitude: lat, longitude: lon)
///     }
/// }
/// ```
@resultBuilder
public enum RouteBuilder {
    /// One waypoint.
    public static func buildExpression(_ waypoint: Waypoint) -> [Waypoint] { [waypoint] }
    /// Several waypoints.
    public static func buildExpression(_ waypoints: [Waypoint]) -> [Waypoint] { waypoints }
    /// The waypoints of the block, in order.
    public static func buildBlock(_ parts: [Waypoint]...) -> [Waypoint] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [Waypoint]?) -> [Waypoint] { part ?? [] }
    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: [Waypoint]) -> [Waypoint] { part }
    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: [Waypoint]) -> [Waypoint] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[Waypoint]]) -> [Waypoint] { parts.flatMap { $0 } }
}
