import Foundation
import Signals
import Testing

@testable import Sensors

@Suite struct IMUTests {
    static let serial = RenderOptions(parallelism: .serial)

    @Test("an ideal IMU reads the motion: CoreMotion g (face up z = −1), or physical m/s² (z = +9.80665)")
    func ideal() throws {
        let g = try IMU().render(sampleRate: 10, duration: 1)
        #expect(g.channelCount == 6)
        for i in 0..<g.frameCount {
            #expect(g[frame: i, channel: 0] == 0)
            #expect(g[frame: i, channel: 1] == 0)
            #expect(g[frame: i, channel: 2] == -1)
            #expect(g[frame: i, channel: 3] == 0)
            #expect(g[frame: i, channel: 4] == 0)
            #expect(g[frame: i, channel: 5] == 0)
        }
        let si = try IMU(accelerometerUnit: .metersPerSecondSquared).render(sampleRate: 10, duration: 1)
        #expect(si[frame: 0, channel: 2] == Float(9.80665))
        // A consistent motion's specific force: userAcceleration + gravity, rate = rotationRate.
        let spin = MotionNode(
            attitude: .integrated(
                IntegratedAttitude(
                    rotationRate: .axes(
                        x: .constant(Constant(0)), y: .constant(Constant(0)),
                        z: .constant(Constant(0.5))), initial: .named(.portrait))),
            userAcceleration: .axes(x: .constant(Constant(0.1)), y: .constant(Constant(0)), z: .constant(Constant(0))))
        let b = try IMU(motion: spin).render(sampleRate: 50, duration: 2)
        let m = try AnySignal(node: .motion(spin)).render(sampleRate: 50, duration: 2)
        for i in 0..<b.frameCount {
            for axis in 0..<3 {
                #expect(
                    abs(b[frame: i, channel: axis] - (m[frame: i, channel: axis] + m[frame: i, channel: 3 + axis]))
                        < 1e-6)
                #expect(b[frame: i, channel: 3 + axis] == m[frame: i, channel: 6 + axis])
            }
        }
    }

    @Test("white noise: σ = N·√fs, uncorrelated; axes and sensors independent")
    func white() throws {
        let imu = IMU(
            accelerometer: SensorModel(noiseDensity: 0.002, randomWalk: 0),
            gyroscope: SensorModel(noiseDensity: 0.0002, randomWalk: 0), seed: 1,
            accelerometerUnit: .metersPerSecondSquared)
        let b = try imu.render(sampleRate: 200, duration: 300)
        for c in 0..<6 {
            let x = Stats.channel(b, c).map { c == 2 ? $0 - 9.80665 : $0 }
            let sigma = (c < 3 ? 0.002 : 0.0002) * 200.0.squareRoot()
            #expect(abs(Stats.deviation(x) / sigma - 1) < 0.01)
            #expect(abs(Stats.autocorrelation(x)) < 0.01)
        }
        let ax = Stats.channel(b, 0)
        let ay = Stats.channel(b, 1)
        let cross = zip(ax, ay).reduce(0.0) { $0 + $1.0 * $1.1 } / Double(ax.count) / (0.002 * 0.002 * 200)
        #expect(abs(cross) < 0.01)
    }

    @Test("bias random walk: increments have σ = K/√fs across knots, and Var b[n] = n·K²/fs far along")
    func randomWalk() throws {
        let fs = 100.0
        let k = 0.01
        let imu = IMU(gyroscope: SensorModel(noiseDensity: 0, randomWalk: k), seed: 2)
        let b = try imu.render(sampleRate: fs, duration: 600)
        let steps = Stats.differences(Stats.channel(b, 3))
        #expect(abs(Stats.deviation(steps) / (k / fs.squareRoot()) - 1) < 0.01)
        #expect(abs(Stats.autocorrelation(steps)) < 0.01)
        // Steps that cross a knot (every 128 samples) have the same law.
        let crossing = stride(from: 127, to: steps.count, by: 128).map { steps[$0] }
        #expect(abs(Stats.deviation(crossing) / (k / fs.squareRoot()) - 1) < 0.08)
        // Far along (sample 10⁹, reached through the knot tree), across 400 seeds: Var = n·K²/fs.
        let n = 1_000_000_000
        var values: [Double] = []
        for seed in 0..<400 {
            let one = try IMU(gyroscope: SensorModel(noiseDensity: 0, randomWalk: k), seed: UInt64(seed))
                .render(sampleRate: fs, startIndex: n, frameCount: 1)
            values.append(Double(one[frame: 0, channel: 3]))
        }
        let expected = (Double(n) / fs).squareRoot() * k
        #expect(abs(Stats.deviation(values) / expected - 1) < 0.15)
        #expect(abs(Stats.mean(values)) < 3 * expected / 20)
    }

    @Test("Gauss–Markov bias: stationary σ and lag correlation exp(−Δ/τ)")
    func gaussMarkov() throws {
        let fs = 50.0
        let sigma = 0.003
        let tau = 2.0
        var model = SensorModel()
        model.biasInstability = SIMD3(repeating: sigma)
        model.biasCorrelationTime = SIMD3(repeating: tau)
        let b = try IMU(gyroscope: model, seed: 4).render(sampleRate: fs, duration: 2000)
        let x = Stats.channel(b, 4)
        #expect(abs(Stats.deviation(x) / sigma - 1) < 0.05)
        for lag in [1, 25, 100] {
            #expect(abs(Stats.autocorrelation(x, lag: lag) - exp(-Double(lag) / (tau * fs))) < 0.03)
        }
        // Stationary from the start: the first samples across seeds have σ too.
        var firsts: [Double] = []
        for seed in 0..<300 {
            firsts.append(
                Double(
                    try IMU(gyroscope: model, seed: UInt64(seed)).render(sampleRate: fs, frameCount: 1)[
                        frame: 0, channel: 4]))
        }
        #expect(abs(Stats.deviation(firsts) / sigma - 1) < 0.15)
    }

    @Test("turn-on bias: constant over the run, N(0, σ²) across seeds")
    func turnOn() throws {
        var model = SensorModel()
        model.turnOnBias = SIMD3(repeating: 0.01)
        var values: [Double] = []
        for seed in 0..<400 {
            let b = try IMU(gyroscope: model, seed: UInt64(seed)).render(sampleRate: 10, duration: 2)
            let x = Stats.channel(b, 3)
            #expect(x.allSatisfy { $0 == x[0] })
            values.append(x[0])
        }
        #expect(abs(Stats.deviation(values) / 0.01 - 1) < 0.15)
    }

    @Test("bias, scale factor and misalignment act as (I + S)(I + M)·u + bias")
    func deterministicTerms() throws {
        var gyro = SensorModel()
        gyro.bias = SIMD3(0.01, -0.02, 0.03)
        gyro.scaleFactor = SIMD3(0.01, 0, -0.02)
        gyro.misalignment = [SIMD3(0, 0.001, -0.002), SIMD3(0.003, 0, 0), SIMD3(0, 0.004, 0)]
        let rate = SignalNode.axes(x: .constant(Constant(1)), y: .constant(Constant(2)), z: .constant(Constant(-1)))
        let motion = MotionNode(attitude: .integrated(IntegratedAttitude(rotationRate: rate)))
        let b = try IMU(motion: motion, gyroscope: gyro).render(sampleRate: 10, frameCount: 3)
        let u = SIMD3<Double>(1, 2, -1)
        let mu = SIMD3(
            (gyro.misalignment[0] * u).sum(), (gyro.misalignment[1] * u).sum(), (gyro.misalignment[2] * u).sum())
        let expected = (u + mu) * (1 + gyro.scaleFactor) + gyro.bias
        for axis in 0..<3 { #expect(abs(Double(b[frame: 1, channel: 3 + axis]) - expected[axis]) < 1e-6) }
    }

    @Test("saturation clamps to ±range and quantisation rounds to the resolution")
    func saturationAndQuantisation() throws {
        var accel = SensorModel()
        accel.range = SIMD3(repeating: 2 * 9.80665)
        accel.resolution = SIMD3(repeating: 0.01)
        let shake = SignalNode.axes(
            x: .sine(Sine(amplitude: 5, frequency: 1)), y: .constant(Constant(0.123456)), z: .constant(Constant(0)))
        let motion = MotionNode(attitude: .fixed(.named(.faceUp)), userAcceleration: shake)
        let b = try IMU(motion: motion, accelerometer: accel, accelerometerUnit: .metersPerSecondSquared).render(
            sampleRate: 100, duration: 1)
        let x = Stats.channel(b, 0)
        #expect(x.max()! <= 2 * 9.80665 + 1e-5)
        #expect(x.min()! >= -2 * 9.80665 - 1e-5)
        #expect(x.filter { abs(abs($0) - 2 * 9.80665) < 0.006 }.count > 30)
        #expect(Stats.channel(b, 1).count == 100)
        for v in Stats.channel(b, 1) {
            // −9.80665 · 0.123456 = −1.2107… → −1.21.
            #expect(abs(v - -1.21) < 1e-5)
        }
    }

    @Test("the low-pass matches a sequential first-order filter to Float precision, from any start")
    func lowPass() throws {
        var gyro = SensorModel()
        gyro.bandwidth = SIMD3(repeating: 5)
        let step = SignalNode.axes(
            x: .square(Square(amplitude: 1, frequency: 0.5)), y: .constant(Constant(0)), z: .constant(Constant(0)))
        let motion = MotionNode(attitude: .integrated(IntegratedAttitude(rotationRate: step)))
        let fs = 200.0
        let b = try IMU(motion: motion, gyroscope: gyro).render(sampleRate: fs, duration: 20, options: Self.serial)
        let input = try AnySignal(node: step).render(sampleRate: fs, duration: 20)
        let a = exp(-2 * Double.pi * 5 / fs)
        var y = Double(input[frame: 0, channel: 0])
        var worst = 0.0
        for i in 0..<b.frameCount {
            y = a * y + (1 - a) * Double(input[frame: i, channel: 0])
            worst = max(worst, abs(Double(b[frame: i, channel: 3]) - y))
        }
        #expect(worst < 1e-6)
        let late = try IMU(motion: motion, gyroscope: gyro).render(sampleRate: fs, startIndex: 3001, frameCount: 500)
        #expect(Array(late.channel(3)) == Array(Array(b.channel(3))[3001..<3501]))
    }

    static var everything: IMU {
        var imu = IMU(
            preset: .adis16448,
            motion: MotionNode(
                attitude: .angles(try! EulerAttitude(roll: .sine(Sine(amplitude: 0.3, frequency: 0.4))))), seed: 11)
        imu.accelerometer.randomWalk = SIMD3(repeating: 3e-4)
        imu.gyroscope.randomWalk = SIMD3(repeating: 2e-5)
        imu.accelerometer.scaleFactor = SIMD3(0.01, -0.01, 0.005)
        imu.gyroscope.misalignment = [SIMD3(0, 0.01, 0), SIMD3(0, 0, 0.02), SIMD3(-0.01, 0, 0)]
        imu.accelerometer.range = SIMD3(repeating: 40)
        imu.accelerometer.resolution = SIMD3(repeating: 0.002)
        imu.gyroscope.bandwidth = SIMD3(40, 30, 20)
        imu.gyroscope.bias = SIMD3(repeating: 0.001)
        return imu
    }

    @Test("every term on: bit-identical from any start index, in any blocks, on any threads")
    func chunkIndependence() throws {
        let imu = Self.everything
        let whole = try imu.render(sampleRate: 200, frameCount: 20_000, options: Self.serial)
        let late = try imu.render(
            sampleRate: 200, startIndex: 12_345, frameCount: 4_000,
            options: RenderOptions(parallelism: .threads(3), blockFrames: 333))
        for c in 0..<6 {
            #expect(Array(Array(whole.channel(c))[12_345..<16_345]) == Array(late.channel(c)))
        }
        // The same seed twice is the same; another seed differs.
        var other = imu
        other.seed = 12
        let again = try imu.render(sampleRate: 200, frameCount: 1000)
        #expect(again.samples == (try imu.render(sampleRate: 200, frameCount: 1000)).samples)
        #expect(
            try other.render(sampleRate: 200, frameCount: 1000).samples
                != (try imu.render(sampleRate: 200, frameCount: 1000)).samples)
    }
}
