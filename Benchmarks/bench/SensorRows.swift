import Foundation
import Playback
import Sensors
import Signals

/// The sensor rows: physically consistent motion (13 channels, from Euler-angle signals and from
/// integrated body rates), the IMU with every error term on (six channels, three noise processes
/// each, plus bias, scale, misalignment, low-pass, saturation and quantisation), and the Allan
/// deviation of 10^7 samples. One core; frames per second rendered in blocks of 16 384 frames (what
/// `signals render` streams) from sample 0.
func sensorRows(quick: Bool, wanted: (String) -> Bool) throws -> [Row] {
    var rows: [Row] = []
    let frames = quick ? 1 << 17 : 1 << 21
    let reps = quick ? 3 : 7
    let fs = 200.0

    /// Frames per second of `signal` rendered serially in 16 384-frame blocks.
    func throughput<S: Signal>(_ signal: S, _ name: String) throws -> Row {
        let channels = signal.channelCount
        let block = 16_384
        let out = floats(block * channels)
        defer { out.deallocate() }
        try signal.validate(sampleRate: fs)
        func run() {
            var start = 0
            while start < frames {
                let count = min(block, frames - start)
                let request = try? RenderRequest(sampleRate: fs, startIndex: start, frameCount: count)
                if let request {
                    signal.renderFrames(
                        into: out, channelStride: block, channelCount: channels, frames: 0..<count,
                        request: request, options: RenderOptions(parallelism: .serial))
                }
                start += count
            }
            blackHole(out[0])
        }
        let (t, _) = interleaved(repetitions: reps, run, baseline: {})
        let value = Double(frames) / t.median / 1e6
        return Row(
            name: name, unit: "Mframes/s", value: value, baseline: nil, baselineValue: nil, ratio: nil,
            spread: spreadText(Double(frames) / t.max / 1e6, Double(frames) / t.min / 1e6))
    }

    let euler = "consistent motion [13 ch, Euler-angle signals + world acceleration, 1 core]"
    if wanted(euler) {
        rows.append(try throughput(MotionPreset.shaking().eraseAttitudeTo(.angles(benchAngles())), euler))
    }
    let integrated = "consistent motion [13 ch, integrated body rates, 1 core]"
    if wanted(integrated) { rows.append(try throughput(MotionPreset.freeFall(), integrated)) }
    let fixed = "consistent motion [13 ch, fixed attitude + world acceleration, 1 core]"
    if wanted(fixed) { rows.append(try throughput(MotionPreset.walking(), fixed)) }

    let all = "IMU [6 ch, every error term on, 1 core]"
    if wanted(all) { rows.append(try throughput(benchIMU(), all)) }
    let three = "IMU [6 ch, three noise processes each: white, random walk, Gauss–Markov, 1 core]"
    if wanted(three) {
        var imu = IMU(
            accelerometer: SensorModel(noiseDensity: 0.002, randomWalk: 3e-4),
            gyroscope: SensorModel(noiseDensity: 2e-4, randomWalk: 2e-5), seed: 7)
        imu.accelerometer.biasInstability = SIMD3(repeating: 0.01)
        imu.accelerometer.biasCorrelationTime = SIMD3(repeating: 300)
        imu.gyroscope.biasInstability = SIMD3(repeating: 1e-3)
        imu.gyroscope.biasCorrelationTime = SIMD3(repeating: 1000)
        rows.append(try throughput(imu, three))
    }
    let kalibr = "IMU [6 ch, Kalibr terms: white noise + random walk, 1 core]"
    if wanted(kalibr) {
        rows.append(
            try throughput(
                IMU(
                    accelerometer: SensorModel(noiseDensity: 0.002, randomWalk: 3e-4),
                    gyroscope: SensorModel(noiseDensity: 2e-4, randomWalk: 2e-5), seed: 7), kalibr))
    }

    let allan = "Allan deviation, 10^7 samples (octave τ, cumulative sums), 1 core"
    if wanted(allan) {
        let count = quick ? 1_000_000 : 10_000_000
        let b = try Noise(amplitude: 0.01, seed: 5).render(
            sampleRate: 100, frameCount: count, options: RenderOptions(parallelism: .serial))
        let samples = Array(b.channel(0))
        var points = 0
        let (t, _) = interleaved(
            repetitions: quick ? 3 : 5,
            {
                let adev = try? AllanDeviation(samples: samples, sampleRate: 100)
                points = adev?.taus.count ?? 0
                blackHole(adev)
            }, baseline: {})
        rows.append(
            Row(
                name: allan + (quick ? " [quick: 10^6]" : ""), unit: "ms", value: t.median * 1000, baseline: nil,
                baselineValue: nil,
                ratio: nil,
                spread: "\(formatted(t.min * 1000, digits: 1))…\(formatted(t.max * 1000, digits: 1)) ms, \(points) τ"))
    }
    return rows
}

/// Roll, pitch and yaw all moving (sines, a triangle and a chirp).
func benchAngles() -> EulerAttitude {
    do {
        return try EulerAttitude(
            roll: .sine(Sine(amplitude: 0.4, frequency: 0.7)),
            pitch: .sum([.constant(Constant(0.3)), .triangle(Triangle(amplitude: 0.2, frequency: 0.25))]),
            yaw: .chirp(Chirp(amplitude: 0.3, startFrequency: 0.1, endFrequency: 2, duration: 60)))
    } catch {
        preconditionFailure("sines, triangles and chirps are differentiable: \(error)")
    }
}

/// Every error term on, a still phone at a tilt.
func benchIMU() -> IMU {
    var imu = IMU(
        preset: .adis16448, motion: MotionNode(attitude: .fixed(.angles(roll: 0.1, pitch: 0.2, yaw: 0))), seed: 11)
    imu.accelerometer.randomWalk = SIMD3(repeating: 3e-4)
    imu.gyroscope.randomWalk = SIMD3(repeating: 2e-5)
    imu.accelerometer.bias = SIMD3(0.05, -0.02, 0.01)
    imu.gyroscope.bias = SIMD3(repeating: 0.001)
    imu.accelerometer.scaleFactor = SIMD3(0.01, -0.01, 0.005)
    imu.gyroscope.scaleFactor = SIMD3(0.002, 0.001, -0.003)
    imu.accelerometer.misalignment = [SIMD3(0, 0.01, 0), SIMD3(0, 0, 0.02), SIMD3(-0.01, 0, 0)]
    imu.gyroscope.misalignment = [SIMD3(0, 0.005, 0), SIMD3(0.004, 0, 0), SIMD3(0, -0.003, 0)]
    imu.accelerometer.range = SIMD3(repeating: 16 * 9.80665)
    imu.accelerometer.resolution = SIMD3(repeating: 9.80665 / 2048)
    imu.gyroscope.range = SIMD3(repeating: 35)
    imu.gyroscope.resolution = SIMD3(repeating: 0.001)
    imu.accelerometer.bandwidth = SIMD3(repeating: 50)
    imu.gyroscope.bandwidth = SIMD3(repeating: 50)
    return imu
}

extension MotionSignal {
    /// The same accelerations with another attitude (for the bench).
    func eraseAttitudeTo(_ attitude: AttitudeNode) -> MotionSignal {
        (try? MotionSignal(attitude: attitude, userAcceleration: userAcceleration, worldAcceleration: worldAcceleration))
            ?? self
    }
}
