import Dispatch
import Foundation
import Location
import Navigation
import Playback
import SensorFeeds
import Signals

// Rows for every manager together (motion with the fused attitude and the magnetometer,
// location with headings, altimeter, pedometer) on one trajectory: handler calls per second in process,
// and the latency from a served point's deadline to the handler for the full sensor set at 100 Hz.

/// Starts every kind of update of the managers, each with its own serial queue, every handler calling
/// `handler` with the update's time (`nil` for an error); returns a stop.
func startEverySensor(
    motion: SimulatedMotionManager, location: SimulatedLocationManager, altimeter: SimulatedAltimeter,
    pedometer: SimulatedPedometer, handler: @escaping @Sendable (Double?) -> Void
) -> () -> Void {
    var queues: [OperationQueue] = []
    /// A serial queue of its own for the next kind.
    func queue() -> OperationQueue {
        let q = OperationQueue()
        q.maxConcurrentOperationCount = 1
        queues.append(q)
        return q
    }
    motion.deviceMotionUpdateInterval = 0.01
    motion.accelerometerUpdateInterval = 0.01
    motion.gyroUpdateInterval = 0.01
    motion.magnetometerUpdateInterval = 0.01
    motion.startDeviceMotionUpdates(using: .xTrueNorthZVertical, to: queue()) { m, _ in handler(m?.timestamp) }
    motion.startAccelerometerUpdates(to: queue()) { a, _ in handler(a?.timestamp) }
    motion.startGyroUpdates(to: queue()) { g, _ in handler(g?.timestamp) }
    motion.startMagnetometerUpdates(to: queue()) { m, _ in handler(m?.timestamp) }
    let delegate = EveryLocation(handler)
    location.delegate = delegate
    location.distanceFilter = locationDistanceFilterNone
    location.headingFilter = headingFilterNone
    location.startUpdatingLocation()
    location.startUpdatingHeading()
    altimeter.startRelativeAltitudeUpdates(to: queue()) { d, _ in handler(d?.timestamp) }
    altimeter.startAbsoluteAltitudeUpdates(to: queue()) { d, _ in handler(d?.timestamp) }
    pedometer.startUpdates(from: Date(timeIntervalSince1970: 0)) { d, _ in
        handler(d.map { $0.endDate.timeIntervalSince1970 })
    }
    let all = queues
    return {
        for q in all { q.waitUntilAllOperationsAreFinished() }
        motion.stopDeviceMotionUpdates()
        motion.stopAccelerometerUpdates()
        motion.stopGyroUpdates()
        motion.stopMagnetometerUpdates()
        location.stopUpdatingLocation()
        location.stopUpdatingHeading()
        altimeter.stopRelativeAltitudeUpdates()
        altimeter.stopAbsoluteAltitudeUpdates()
        pedometer.stopUpdates()
        _ = delegate
    }
}

/// A location delegate that hands each fix's and heading's time over.
final class EveryLocation: LocationProvidingDelegate, @unchecked Sendable {
    let handler: @Sendable (Double?) -> Void
    init(_ handler: @escaping @Sendable (Double?) -> Void) { self.handler = handler }
    func locationManager(_ manager: any LocationProviding, didUpdateLocations locations: [LocationPoint]) {
        for fix in locations { handler(fix.timestamp) }
    }
    func locationManager(_ manager: any LocationProviding, didFailWithError error: any Error) { handler(nil) }
    func locationManager(_ manager: any LocationProviding, didUpdateHeading heading: SimulatedHeading) {
        handler(heading.timestamp)
    }
}

/// The `feeds every sensor` rows.
func sensorSetRows(quick: Bool, wanted: (String) -> Bool) throws -> [Row] {
    var rows: [Row] = []
    let specURL = URL(fileURLWithPath: "Examples/trajectories/walk.json")
    let name = "feeds every sensor handler calls in process"
    if wanted(name) {
        let walk = try Trajectory(json: Data(contentsOf: specURL), baseDirectory: specURL.deletingLastPathComponent())
        let seconds = quick ? 30.0 : walk.duration
        var rates: [Double] = []
        var total = 0
        var dropped = 0
        for _ in 0..<(quick ? 1 : 3) {
            let clock = { ManualClock(autoAdvance: true) }
            let motion = SimulatedMotionManager(source: .signal(walk, duration: seconds), clock: clock())
            let location = SimulatedLocationManager(source: .signal(walk, duration: seconds), clock: clock())
            let altimeter = SimulatedAltimeter(source: .signal(walk, duration: seconds), clock: clock())
            let pedometer = SimulatedPedometer(source: .signal(walk, duration: seconds), clock: clock())
            let calls = CallCounter()
            // Every stream's updates to the end: 4 motion kinds at 100 Hz, headings at the source's rate (100 Hz),
            // 1 Hz fixes and altitudes, pedometer updates on each step.
            let t0 = now()
            let stop = startEverySensor(motion: motion, location: location, altimeter: altimeter, pedometer: pedometer)
            { t in
                if t != nil { calls.add() }
            }
            var last = -1
            // Ends when the count stops moving for 0.2 s (every source has played to its end).
            while now() - t0 < 120 {
                Thread.sleep(forTimeInterval: 0.2)
                if calls.value == last { break }
                last = calls.value
            }
            let elapsed = now() - t0 - 0.2
            stop()
            rates.append(Double(calls.value) / elapsed)
            total = calls.value
            dropped =
                motion.droppedUpdates + location.droppedUpdates + altimeter.droppedUpdates + pedometer.droppedUpdates
        }
        rows.append(
            callRateRow(
                name, rates: rates,
                detail:
                    "\(total) calls (\(dropped) dropped by a queue > 1024 behind) for \(formatted(seconds)) s of the walk example (4 motion kinds at 100 Hz with the fused attitude, fixes, headings, 2 altitudes, pedometer), every kind on its own serial queue, every manager at once, clocks that jump to each deadline"
            ))
    }
    let latency = "feeds every sensor deadline-to-handler 100 Hz"
    if wanted(latency + " p50") || wanted(latency + " p99") {
        let server = try ServeProcess(spec: specURL.path, rate: 100)
        defer { server.stop() }
        let origin = try server.origin()
        let seconds = quick ? 3.0 : 15.0
        let startAt = Double(monotonicNanos() - origin) / 1e9 + 0.5
        let log = LatencyLog(origin: origin, skipBefore: startAt)
        let url = URL(string: "http://127.0.0.1:\(server.port)")!
        let stop = startEverySensor(
            motion: SimulatedMotionManager(source: .server(url)),
            location: SimulatedLocationManager(source: .server(url, rate: 100)),
            altimeter: SimulatedAltimeter(source: .server(url)),
            pedometer: SimulatedPedometer(source: .server(url))
        ) { t in
            if let t { log.add(t) } else { log.fail() }
        }
        Thread.sleep(forTimeInterval: 0.5 + seconds)
        stop()
        rows += try log.percentileRows(
            latency, handler: "a handler",
            updates:
                " of 9 kinds over SSE (4 motion at 100 Hz, 100 Hz fixes and headings, 2 altitudes at 1 Hz, pedometer; each kind on its own serial queue)",
            path: "server deadline to handler call", wanted: wanted)
    }
    return rows
}
