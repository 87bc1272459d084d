import ArgumentParser

/// `--speed` (or `--route-speed`): the walking speed along a GPX file without times, for the commands
/// that read a route (`render`, `plot`, `route export`).
struct RouteSpeedOption: ParsableArguments {
    @Option(name: [.customLong("speed"), .customLong("route-speed")], parsing: .unconditional,
            help: "m/s along a GPX file without times.")
    var value: Double?
}
