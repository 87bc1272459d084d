// The original blog's first case, rebuilt on SignalRunner: a hundred predefined points, 0.1 s apart,
// played in real time with the closure API (start, handler, completion), as an app would receive
// CoreMotion updates.
//
//     swift run PredefinedPoints            # 10 s of points at speed 20: about half a second
//     swift run PredefinedPoints 1          # in real time: 10 s
import Dispatch
import Foundation
import SignalRunner

let speed = CommandLine.arguments.dropFirst().first.flatMap(Double.init) ?? 20

// 100 points at t = 0, 0.1, …, 9.9 s: a slow tilt of the user acceleration along x, phone face up.
let points = (0..<100).map { k in
    MotionPoint(
        timestamp: Double(k) / 10,
        userAcceleration: Acceleration(x: Double(k) / 100, y: 0, z: 0),
        gravity: Acceleration(x: 0, y: 0, z: -1))
}

let runner = Runner()
let finished = DispatchSemaphore(value: 0)
do {
    try runner.start(points, options: PlaybackOptions(speed: speed)) { point in
        print("t = \(point.timestamp) s  userAcceleration.x = \(point.userAcceleration.x) g")
    } completion: { summary in
        print(summary)  // finished: delivered 100, skipped 0, lateness p50 …
        finished.signal()
    }
} catch {
    print("error: \(error)")
    exit(1)
}
finished.wait()
