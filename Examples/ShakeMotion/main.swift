// A phone being shaken, described as a JSON motion spec (Examples/specs/shake-motion.json) and played
// at 100 Hz: a 4 Hz shake along x and y, gravity tilting slowly, fast rotation, a little noise.
//
//     swift run ShakeMotion                 # 2 s of motion at speed 4: half a second
//     swift run ShakeMotion 1 my-spec.json  # in real time, another spec
import Foundation
import SignalRunner

let arguments = CommandLine.arguments.dropFirst()
let speed = arguments.first.flatMap(Double.init) ?? 4
let specURL =
    arguments.dropFirst().first.map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("specs/shake-motion.json")

do {
    let motion = try MotionSignal.decode(json: Data(contentsOf: specURL))
    let runner = Runner()
    let summary = try await runner.run(
        motion.points(sampleRate: 100, duration: 2),
        options: PlaybackOptions(speed: speed)
    ) { point in
        if Int((point.timestamp * 100).rounded()) % 10 == 0 {  // print every tenth point
            let a = point.userAcceleration
            let r = point.rotationRate
            print("t = \(point.timestamp) s  userAcceleration.x = \(a.x) g  rotationRate.x = \(r.x) rad/s")
        }
    }
    print(summary)  // finished: delivered 200, …
} catch {
    print("error: \(error)")
    exit(1)
}
