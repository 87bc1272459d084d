// The original blog's second case, rebuilt on SignalRunner: the sine signal
// 2·sin(2π·1·t + 0.2) + 0.5 on all three axes of userAcceleration, at 10 Hz, consumed as an
// AsyncSequence of MotionPoints.
//
//     swift run SineMotion                  # 3 s of motion at speed 10: about 0.3 s
//     swift run SineMotion 1                # in real time
import Foundation
import SignalRunner

let speed = CommandLine.arguments.dropFirst().first.flatMap(Double.init) ?? 10

let sine = Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)
let motion = MotionSignal {
    UserAcceleration(x: sine, y: sine, z: sine)
    Gravity(x: Constant(0), y: Constant(0), z: Constant(-1))
}

do {
    let runner = Runner()
    // 30 points at t = 0, 0.1, …, 2.9 s, rendered block by block by the engine.
    let points = try motion.points(sampleRate: 10, duration: 3)
    for await point in runner.points(points, options: PlaybackOptions(speed: speed)) {
        let a = point.userAcceleration
        print("t = \(point.timestamp) s  userAcceleration = (\(a.x), \(a.y), \(a.z)) g")
    }
    if let summary = runner.summary { print(summary) }
} catch {
    print("error: \(error)")
    exit(1)
}
