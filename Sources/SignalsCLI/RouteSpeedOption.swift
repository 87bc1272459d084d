import ArgumentParser

/// `--speed` (or `--route-speed`): the walking speed along a GPX file, for the commands that read a route
/// (`render`, `plot`, `route export`): needed for a file without times; for a file whose times are on some
/// points only or do not increase, it ignores them (a note says so).
struct RouteSpeedOption: ParsableArguments {
    @Option(
        name: [.customLong("speed"), .customLong("route-speed")], parsing: .unconditional,
        help:
            "m/s along a GPX file: needed without times; with times, ignores them (for times on some points only or not increasing)."
    )
    var value: Double?
}
