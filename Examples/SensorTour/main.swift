// Realistic sensors in a few lines: a walk seen through a phone-class IMU, its steps counted, and the
// gyroscope's noise read back from a still phone by Allan deviation.
//
//     swift run SensorTour
import SignalRunner

do {
    // A physically consistent walk (13 channels: motion + attitude), through a BMI160-class IMU.
    let walk = MotionPreset.walking(cadence: 1.8)
    let phone = IMU(preset: .bmi160, motion: walk.motionNode, seed: 1)
    let readings = try phone.render(sampleRate: 100, duration: 60)  // accelerometer (g), gyroscope (rad/s)
    print("steps in 60 s: \(StepCounter().count(readings))")  // 108

    // The same phone lying still for ten minutes; its gyroscope's white noise from the Allan deviation:
    // the data sheet's density plus the 16-bit quantisation's (step q: q²/12 spread over fs/2).
    let still = IMU(preset: .bmi160, seed: 2)
    let gyro = try still.render(sampleRate: 100, duration: 600)
    let fit = try AllanFit(try AllanDeviation(gyro, channel: 3))
    let density = 0.007 * Double.pi / 180
    let step = Double.pi / 180 / 16.4  // rad/s/√Hz, rad/s per LSB
    let expected = (density * density + step * step / (12 * 100)).squareRoot()
    print("gyroscope noise density: \(fit.noiseDensity.value) rad/s/√Hz (expected \(expected))")
} catch {
    print("error: \(error)")
}
