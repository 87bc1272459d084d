import Foundation

/// A standing person's motion as sums of sinusoids of fixed frequencies and phases: postural sway and tilt
/// (0.1–1 Hz), a hand's tremor (8–12 Hz). Shared by `Navigation`'s standing person (`StandingMotion`, with
/// the sources of the amplitudes) and the `held-in-hand` motion preset (``MotionPreset/heldInHand(tremor:)``).
package enum PosturalWaveform {
    /// One sinusoid: `amplitude · sin(2π f t + phase)`, with a direction for a displacement.
    package struct Component: Sendable {
        package var frequency: Double
        /// Metres per local axis (east, north, up), or radians per tilt axis (device x, y, unused).
        package var amplitude: SIMD3<Double>
        package var phase: Double
    }

    /// Postural sway of the body, metres in the local frame.
    package static let sway: [Component] = [
        Component(frequency: 0.17, amplitude: SIMD3(1.8e-3, 1.2e-3, 0.2e-3), phase: 0.3),
        Component(frequency: 0.29, amplitude: SIMD3(-0.9e-3, 1.6e-3, 0.15e-3), phase: 2.1),
        Component(frequency: 0.47, amplitude: SIMD3(1.1e-3, -0.8e-3, 0.1e-3), phase: 4.4),
        Component(frequency: 0.71, amplitude: SIMD3(0.3e-3, 0.4e-3, 0.05e-3), phase: 1.2),
        Component(frequency: 1.13, amplitude: SIMD3(-0.08e-3, 0.1e-3, 0.02e-3), phase: 5.5),
    ]
    /// The body's tilt, radians about the device's x and y axes.
    package static let tilt: [Component] = [
        Component(frequency: 0.23, amplitude: SIMD3(2.8e-3, -2.0e-3, 0), phase: 0.9),
        Component(frequency: 0.41, amplitude: SIMD3(-1.5e-3, 2.5e-3, 0), phase: 3.3),
        Component(frequency: 0.67, amplitude: SIMD3(1.2e-3, 1.0e-3, 0), phase: 5.0),
    ]
    /// The hand's tremor, metres in the local frame.
    package static let tremor: [Component] = [
        Component(frequency: 8.6, amplitude: SIMD3(2.4e-6, 1.9e-6, 1.5e-6), phase: 0.7),
        Component(frequency: 9.7, amplitude: SIMD3(-1.6e-6, 2.2e-6, -1.2e-6), phase: 2.6),
        Component(frequency: 11.1, amplitude: SIMD3(1.3e-6, -1.1e-6, 1.6e-6), phase: 4.9),
    ]
    /// The hand's angular tremor, radians about the device's x and y axes.
    package static let tremorTilt: [Component] = [
        Component(frequency: 8.9, amplitude: SIMD3(1.6e-4, -1.1e-4, 0), phase: 1.7),
        Component(frequency: 10.4, amplitude: SIMD3(-0.9e-4, 1.4e-4, 0), phase: 3.9),
    ]
}
