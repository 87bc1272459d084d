import Foundation
import SignalRunner

// The app-side code, run three ways for each view model.
// WalkViewModel (motion and location):
//   AppIntegration spec                 a motion signal and a route from the DSL, played in process
//   AppIntegration file                 Examples/points/walk.csv and Examples/routes/walk.gpx
//   AppIntegration server URL [SECONDS] a running `signals serve` of a walk spec (motion and route)
// RunViewModel (a running app: pedometer, location and heading), on one trajectory:
//   AppIntegration run [SECONDS]               Examples/trajectories/walk.json played in process
//   AppIntegration run-file DIR [SECONDS]      its render directory (signals render … --output-dir DIR)
//   AppIntegration run-server URL [SECONDS]    a running `signals serve` of it
// In an app the one-line switch picks the real managers on a device:
//
//   #if targetEnvironment(simulator)
//   let motion: any MotionProviding = SimulatedMotionManager(source: .server(URL(string: "http://127.0.0.1:8080")!))
//   let location: any LocationProviding = SimulatedLocationManager(source: .server(URL(string: "http://127.0.0.1:8080")!))
//   #else
//   let motion: any MotionProviding = CoreMotionProvider()
//   let location: any LocationProviding = CoreLocationProvider()
//   #endif

/// A walk: 1.8 steps per second (vertical user acceleration 0.3 g), upright phone, 1.4 m/s north.
let steps = MotionSignal {
    UserAcceleration(x: Constant(0), y: Constant(0), z: Sine(amplitude: 0.3, frequency: 1.8))
    Gravity(x: Constant(0), y: Constant(-1), z: Constant(0))
}
let route = Route(speed: 1.4) {
    Waypoint(latitude: 51.5007, longitude: -0.1246)
    Waypoint(latitude: 51.5020, longitude: -0.1246)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let mode = arguments.first ?? "spec"

/// The SECONDS argument at `index`, if given: a number from 0 to 3600.
func secondsArgument(_ index: Int, default value: Double) -> Double {
    guard arguments.count > index else { return value }
    guard let s = Double(arguments[index]), s.isFinite, s > 0, s <= 3600 else {
        FileHandle.standardError.write(
            Data("SECONDS must be a number from 0 to 3600, got '\(arguments[index])'\n".utf8))
        exit(2)
    }
    return s
}

if mode.hasPrefix("run") {
    let usage = "usage: AppIntegration run [SECONDS] | run-file DIR [SECONDS] | run-server URL [SECONDS]\n"
    let location: any LocationProviding
    let pedometer: any PedometerProviding
    let limit: Double
    switch mode {
    case "run":
        let spec = URL(fileURLWithPath: "Examples/trajectories/walk.json")
        let walk: Trajectory
        do {
            walk = try Trajectory(json: Data(contentsOf: spec), baseDirectory: spec.deletingLastPathComponent())
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            exit(1)
        }
        // Instant: clocks that jump to each deadline (an app leaves the clock out: real time).
        location = SimulatedLocationManager(source: .signal(walk), clock: ManualClock(autoAdvance: true))
        pedometer = SimulatedPedometer(source: .signal(walk), clock: ManualClock(autoAdvance: true))
        limit = secondsArgument(1, default: 60)
    case "run-file":
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data(usage.utf8))
            exit(2)
        }
        let directory = URL(fileURLWithPath: arguments[1])
        location = SimulatedLocationManager(source: .file(directory), clock: ManualClock(autoAdvance: true))
        pedometer = SimulatedPedometer(source: .file(directory), clock: ManualClock(autoAdvance: true))
        limit = secondsArgument(2, default: 60)
    case "run-server":
        guard arguments.count >= 2, let url = URL(string: arguments[1]) else {
            FileHandle.standardError.write(Data(usage.utf8))
            exit(2)
        }
        location = SimulatedLocationManager(source: .server(url, rate: 1))
        pedometer = SimulatedPedometer(source: .server(url))
        limit = secondsArgument(2, default: 60)
    default:
        FileHandle.standardError.write(Data(usage.utf8))
        exit(2)
    }
    let run = RunViewModel(location: location, pedometer: pedometer)
    try await run.track(seconds: limit)
    print("\(mode): \(run.summary)")
    exit(0)
}
let motion: any MotionProviding
let location: any LocationProviding
var seconds = 10.0
// Signals and files play on a clock that jumps to each deadline, so this runs in an instant; an app
// leaves the clock out (real time).
// Faster than real time the async sequences must buffer every update (an app leaves the default).
func instant(_ motion: MotionSource, _ location: LocationSource) -> (SimulatedMotionManager, SimulatedLocationManager) {
    let m = SimulatedMotionManager(source: motion, clock: ManualClock(autoAdvance: true))
    let l = SimulatedLocationManager(source: location, clock: ManualClock(autoAdvance: true))
    m.updateBufferLimit = 1 << 16
    l.updateBufferLimit = 1 << 16
    return (m, l)
}
switch mode {
case "spec":
    let managers = instant(
        .signal(steps, sampleRate: 100, duration: 10.01), .signal(route, sampleRate: 1, duration: 11))
    motion = managers.0
    location = managers.1
case "file":
    let managers = instant(
        .file(URL(fileURLWithPath: "Examples/points/walk.csv")),
        .file(URL(fileURLWithPath: "Examples/routes/walk.gpx")))
    motion = managers.0
    location = managers.1
case "server":
    guard arguments.count >= 2, let url = URL(string: arguments[1]) else {
        FileHandle.standardError.write(Data("usage: AppIntegration server URL [SECONDS]\n".utf8))
        exit(2)
    }
    if arguments.count >= 3 {
        guard let s = Double(arguments[2]), s.isFinite, s > 0, s <= 3600 else {
            FileHandle.standardError.write(
                Data("SECONDS must be a number from 0 to 3600, got '\(arguments[2])'\n".utf8))
            exit(2)
        }
        seconds = s
    }
    let m = SimulatedMotionManager(source: .server(url))
    let l = SimulatedLocationManager(source: .server(url, rate: 1))
    // The tests play the server faster than real time: the async sequences must buffer every update, or a
    // child slowed down by a loaded machine loses the oldest (an app leaves the default).
    m.updateBufferLimit = 1 << 16
    l.updateBufferLimit = 1 << 16
    motion = m
    location = l
default:
    FileHandle.standardError.write(Data("usage: AppIntegration spec | file | server URL [SECONDS]\n".utf8))
    exit(2)
}

let model = WalkViewModel(motion: motion, location: location)
do {
    try await model.track(seconds: seconds)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
print(
    "\(mode): \(model.steps) steps, \(String(format: "%.1f", model.distance)) m in \(String(format: "%.2f", model.seconds)) s of motion"
)
