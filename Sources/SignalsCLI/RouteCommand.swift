import ArgumentParser
import Foundation
import Location
import Signals

/// `signals route`: routes to the formats other tools read.
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Export a route to a GPX file for Xcode's simulator, or to an `xcrun simctl location` command.",
        subcommands: [RouteExportCommand.self]
    )
}

/// `signals route export`: a route spec or GPX file to Xcode's GPX form and/or the `simctl` command line.
struct RouteExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Write a route as a GPX file Xcode's simulator plays (--gpx), or print the simctl command (--simctl).",
        discussion: """
            --gpx writes one <wpt> with <ele> and <time> every --interval seconds of the
            true path, plus one at each waypoint's arrival and departure, so that
            reading the file back gives the same route (a looping route writes one
            pass). Times start at the GPX file's own first time, or
            2001-01-01T00:00:00Z.
            --gpx is a .gpx name, never the route read (nor a link to it) or a file you
            may not write. --simctl prints `xcrun simctl location DEVICE start
            --speed=M/S lat,lon ...` on standard output, and on standard error a note
            for each thing simctl cannot do (pauses, speeds per leg, loops, error).
            Examples:
              signals route export Examples/routes/walk.json --gpx walk.gpx --interval 1
              signals route export Examples/routes/walk.json --simctl --device booted
            """
    )

    @Argument(help: "A route spec ({\"route\": ...}) or a GPX file; - for standard input.")
    var route: String

    @Option(name: .long, help: "The GPX file to write.")
    var gpx: String?

    @Option(name: .long, parsing: .unconditional, help: "Seconds between GPX points (> 0).")
    var interval: Double = 1

    @Flag(name: .long, help: "Print the `xcrun simctl location` command for the route.")
    var simctl = false

    @Option(name: .long, help: "The simulator for --simctl: a name, a UDID or 'booted'.")
    var device = "booted"

    @OptionGroup var routeSpeed: RouteSpeedOption

    func validate() throws {
        guard gpx != nil || simctl else { throw ValidationError("give --gpx FILE, --simctl, or both") }
    }

    func run() throws {
        let inputs = try OutputSink.Inputs([route])
        try inputs.check(gpx, option: "--gpx")
        if simctl { try inputs.check(nil, option: "standard output") }
        try OutputSink.checkExtension(gpx, option: "--gpx", extensions: ["gpx"], what: "a GPX file")
        let (document, name) = try loadDocument(route, routeSpeed: routeSpeed.value)
        guard let route = document.route else {
            throw CLIError(
                "\(name): this is a signal spec, not a route; export takes {\"route\": ...} specs and GPX files")
        }
        // Work everything out before writing anything.
        let text = try gpx.map { _ in
            try routeStep(name) { () throws(SignalError) in try route.gpx(interval: interval) }
        }
        let command =
            simctl ? try routeStep(name) { () throws(SignalError) in try route.simulatorCommand(device: device) } : nil
        if let gpx, let text {
            let sink = try OutputSink(path: gpx, option: "--gpx", inputs: inputs)
            try sink.finish {
                try sink.write(text)
            }
        }
        if let command {
            for note in command.notes { ProcessOutput.error("note: \(note)\n") }
            try ProcessOutput.output(command.commandLine + "\n")
        }
    }
}
