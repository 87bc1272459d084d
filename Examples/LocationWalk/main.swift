// A walk through London as a phone would report it: the route, with a GNSS error of 3 m
// wandering over a minute, played by the Runner as LocationPoints (the shape of CLLocation), with the
// truth beside each fix.
//
//     swift run LocationWalk               # the first 30 s at speed 100: about 0.3 s
//     swift run LocationWalk 1             # in real time
import Foundation
import SignalRunner

let speed = CommandLine.arguments.dropFirst().first.flatMap(Double.init) ?? 100

let walk = Route(speed: 3.0, error: GNSSErrorModel(sigma: 3, correlationTime: 60, seed: 1)) {  // m/s between waypoints
    Waypoint(latitude: 51.5007, longitude: -0.1246)
    Waypoint(latitude: 51.5033, longitude: -0.1196, pause: 20)  // stand still 20 s on arrival
    Waypoint(latitude: 51.5081, longitude: -0.0759, speed: 1.4)
}

do {
    let timeline = try walk.timeline()
    print("one pass: \(timeline.passLength) m in \(timeline.passDuration) s")
    let sampler = try walk.sampler(sampleRate: 1)
    let runner = Runner()
    for await fix in runner.points(try walk.points(sampleRate: 1, duration: 30), options: PlaybackOptions(speed: speed))
    {
        let truth = try sampler.sample(at: Int(fix.timestamp)).truth
        let off = Geodesic.wgs84.inverse(from: truth.coordinate, to: fix.coordinate).distance
        print(
            "t = \(fix.timestamp) s  \(fix.latitude), \(fix.longitude)  ±\(fix.horizontalAccuracy) m  \(fix.speed) m/s  course \(fix.course)°  (\(off) m from the truth)"
        )
    }
    if let summary = runner.summary { print(summary) }
} catch {
    print("error: \(error)")
    exit(1)
}
