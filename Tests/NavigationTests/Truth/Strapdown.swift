import Foundation
import Location
import Signals

@testable import Navigation

/// A strapdown inertial navigator in the local-level east-north-up frame (no wander angle; geodetic latitude,
/// longitude and ellipsoidal height), fed only by point samples of an ideal IMU: the specific force `f` and
/// the inertial angular rate `ω_ib` in the device frame, every ``interval`` seconds. The tests use it to
/// check that a ``Trajectory``'s ideal IMU readings integrate back to its position, velocity and attitude.
///
/// ```swift
/// var nav = Strapdown(interval: 0.01, state: Strapdown.State(truth.state(at: 0)))
/// nav.advance(r0, r1, r2)          // readings at t, t + 0.01, t + 0.02: the state is now at t + 0.02
/// ```
///
/// The navigation equations (`C` rotates device vectors into ENU, `γ` WGS84 normal gravity, `M`, `N` the
/// radii of curvature):
///
///     Ċ = C [ω_ib ×] − [ω_in ×] C,               ω_in = ω_ie + ω_en
///     v̇ = C f − (2 ω_ie + ω_en) × v + (0, 0, −γ(φ, h))
///     φ̇ = v_N / (M + h),  λ̇ = v_E / ((N + h) cos φ),  ḣ = v_U
///
/// The scheme advances over pairs of sample intervals, `T = 2 Δt`, from three consecutive samples at
/// `0, T/2, T` (the samples are values at instants, not increments):
/// - **Inputs**: `ω` and `f` are the quadratics through the three samples (`x(u) = x₀ + B u + C u²`,
///   `u = τ/T`), so their integrals are Simpson's rule's.
/// - **Attitude**: the solution splits exactly into a body and a navigation-frame factor,
///   `q(τ) = exp(ζ(τ))* ⊗ q₀ ⊗ exp(φ(τ))`. The body rotation vector `φ(τ)` is the Magnus expansion to its
///   second term (the coning correction), `φ = ∫ω + ½ ∫ α × ω`, `α(τ) = ∫₀^τ ω`, in closed form for the
///   quadratic `ω`: with `a = ω₀` and `B`, `C` as above,
///   `φ(u) = T (a u + B u²/2 + C u³/3) + T² (a×B u³/12 + a×C u⁴/12 + B×C u⁵/60)`; over the whole step this is
///   `φ(1) = T (ω₀ + 4ω₁ + ω₂)/6 + T² ((ω₀×ω₁ + ω₁×ω₂)/15 + ω₀×ω₂/60)`. The navigation frame's rotation
///   `ζ(τ) = ∫₀^τ ω_in` integrates the quadratic through `ω_in` at the step's start, middle and end (its own
///   coning, `ω_in × ω̇_in T³`, is below 10⁻¹⁵ rad and dropped).
/// - **Velocity**: `∫ C(τ) f(τ) dτ` by 3-point Gauss–Legendre quadrature (exact for degree 5) with the exact
///   `C(τ)` above at each node (this holds the rotation compensation and sculling to all orders); gravity and
///   the Coriolis and transport term by the quadratic through their values at `0, T/2, T` (Simpson's rule).
///   The velocity at `T/2` comes from the same integrals over `[0, T/2]`.
/// - **Position**: Simpson's rule on `(φ̇, λ̇, ḣ)` at `0, T/2, T`.
/// - The state-dependent terms (`ω_in`, gravity, Coriolis, radii) at `T/2` and `T` come from a first pass
///   that holds them at their start values, then two corrector passes.
///
/// Order: the local error per step is `O(T⁵)` (Simpson's rule and the second-order Magnus expansion are
/// fourth-order methods: the next Magnus term, `[ω, [ω, ω̇]] T⁵`, and Simpson's `T⁵ x⁽⁴⁾/2880` are left),
/// so the global error after a fixed time is `O(T⁴)`, as long as `ω` and `f` are smooth. Where they are
/// only continuous with a jump in slope (a clothoid's end: the yaw acceleration jumps; an S-curve's phase
/// change: the jerk jumps), the step holding the kink errs by `O(jump × T²)` instead, whatever the order.
struct Strapdown {
    /// One sample of the ideal IMU, device frame.
    struct Reading: Sendable {
        /// Specific force, m/s².
        var specificForce: SIMD3<Double>
        /// Inertial angular rate `ω_ib`, rad/s.
        var angularRate: SIMD3<Double>

        init(_ s: TrajectoryState) {
            specificForce = s.specificForce
            angularRate = s.angularRate
        }

        init(specificForce: SIMD3<Double>, angularRate: SIMD3<Double>) {
            self.specificForce = specificForce
            self.angularRate = angularRate
        }
    }

    /// The navigation state.
    struct State: Sendable {
        /// Rotates device-frame vectors into the local east-north-up frame.
        var attitude: Quaternion
        /// Velocity over the ground, (east, north, up), m/s.
        var velocity: SIMD3<Double>
        /// Geodetic latitude and longitude, radians.
        var latitude: Double, longitude: Double
        /// Height above the WGS84 ellipsoid, metres.
        var height: Double

        init(attitude: Quaternion, velocity: SIMD3<Double>, latitude: Double, longitude: Double, height: Double) {
            self.attitude = attitude
            self.velocity = velocity
            self.latitude = latitude
            self.longitude = longitude
            self.height = height
        }

        /// The truth's position, velocity and attitude.
        init(_ s: TrajectoryState) {
            self.init(
                attitude: s.attitude, velocity: s.velocity, latitude: s.latitude * .pi / 180,
                longitude: s.longitude * .pi / 180, height: s.altitude)
        }

        /// `(φ, λ, h)`: radians, radians, metres.
        var position: SIMD3<Double> {
            get { SIMD3(latitude, longitude, height) }
            set { (latitude, longitude, height) = (newValue.x, newValue.y, newValue.z) }
        }
    }

    /// Spacing of the samples, seconds.
    let interval: Double
    /// The state at the last sample consumed.
    var state: State

    /// Advances the state by two sample intervals.
    /// - Parameters:
    ///   - r0: The reading at the state's time `t` (the last one of the previous step).
    ///   - r1: The reading at `t + interval`.
    ///   - r2: The reading at `t + 2 interval`.
    mutating func advance(_ r0: Reading, _ r1: Reading, _ r2: Reading) {
        let T = 2 * interval
        let s0 = state
        // The quadratics through the samples, in u = τ/T: x(u) = x₀ + B u + C u².
        let (w0, wB, wC) = Self.quadratic(r0.angularRate, r1.angularRate, r2.angularRate)
        let (f0, fB, fC) = Self.quadratic(r0.specificForce, r1.specificForce, r2.specificForce)
        let aB = Self.cross(w0, wB)
        let aC = Self.cross(w0, wC)
        let bC = Self.cross(wB, wC)
        /// The body's rotation vector from the step's start to u (Magnus, two terms, closed form).
        func bodyRotation(_ u: Double) -> SIMD3<Double> {
            let u2 = u * u
            let u3 = u2 * u
            let integral: SIMD3<Double> = w0 * u + wB * (u2 / 2) + wC * (u3 / 3)
            let coning: SIMD3<Double> = aB * (u3 / 12) + aC * (u3 * u / 12) + bC * (u3 * u2 / 60)
            return T * integral + (T * T) * coning
        }

        // Start-of-step terms; the middle and end ones come from the previous pass.
        let start = Self.terms(s0)
        var middle = start
        var end = start
        var result = s0
        for _ in 0..<3 {
            let (n0, nB, nC) = Self.quadratic(start.frameRate, middle.frameRate, end.frameRate)
            /// The navigation frame's rotation vector from the step's start to u.
            func frameRotation(_ u: Double) -> SIMD3<Double> {
                let r: SIMD3<Double> = n0 * u + nB * (u * u / 2) + nC * (u * u * u / 3)
                return T * r
            }
            /// `∫₀^{U T} C(τ) f(τ) dτ`, 3-point Gauss–Legendre.
            func specificForceIntegral(_ U: Double) -> SIMD3<Double> {
                var sum = SIMD3<Double>(0, 0, 0)
                for (x, weight) in Self.gauss {
                    let u = U * x
                    let q = Self.exp(-frameRotation(u)) * s0.attitude * Self.exp(bodyRotation(u))
                    sum += weight * Self.rotate(q, f0 + fB * u + fC * (u * u))
                }
                return (U * T) * sum
            }
            let (g0, g1, g2) = (start.acceleration, middle.acceleration, end.acceleration)
            let vMiddle = s0.velocity + specificForceIntegral(0.5) + Self.firstHalf(g0, g1, g2, T)
            let vEnd = s0.velocity + specificForceIntegral(1) + Self.simpson(g0, g1, g2, T)
            // Position: the rates at the middle and end with the velocities just found.
            let p0 = Self.positionRate(s0.position, s0.velocity)
            let p1 = Self.positionRate(middle.position, vMiddle)
            let p2 = Self.positionRate(end.position, vEnd)
            var mid = s0
            var last = s0
            mid.velocity = vMiddle
            mid.position = s0.position + Self.firstHalf(p0, p1, p2, T)
            last.velocity = vEnd
            last.position = s0.position + Self.simpson(p0, p1, p2, T)
            last.attitude = (Self.exp(-frameRotation(1)) * s0.attitude * Self.exp(bodyRotation(1))).normalized
            middle = Self.terms(mid)
            end = Self.terms(last)
            result = last
        }
        state = result
    }

    /// The state-dependent terms at a state.
    struct Terms {
        /// `(φ, λ, h)` of the state.
        var position: SIMD3<Double>
        /// `ω_in = ω_ie + ω_en`, ENU, rad/s.
        var frameRate: SIMD3<Double>
        /// Gravity plus the Coriolis and transport term, `(0, 0, −γ) − (2ω_ie + ω_en) × v`, ENU, m/s².
        var acceleration: SIMD3<Double>
    }

    static func terms(_ s: State) -> Terms {
        let latitude = s.latitude * 180 / .pi
        let earth = EarthRotation.earthRate(latitude: latitude)
        let transport = EarthRotation.transportRate(latitude: latitude, height: s.height, velocity: s.velocity)
        let gravity = NormalGravity.vector(latitude: latitude, height: s.height)
        return Terms(
            position: s.position, frameRate: earth + transport,
            acceleration: gravity - cross(2 * earth + transport, s.velocity))
    }

    /// `(φ̇, λ̇, ḣ)` at a position `(φ, λ, h)` with a velocity (ENU).
    static func positionRate(_ p: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
        let r = RadiiOfCurvature(latitude: p.x * 180 / .pi)
        return SIMD3(v.y / (r.meridian + p.z), v.x / ((r.primeVertical + p.z) * cos(p.x)), v.z)
    }

    /// The coefficients of `x(u) = x₀ + B u + C u²` through `x(0) = x0`, `x(½) = x1`, `x(1) = x2`.
    static func quadratic(
        _ x0: SIMD3<Double>, _ x1: SIMD3<Double>, _ x2: SIMD3<Double>
    )
        -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)
    {
        let b: SIMD3<Double> = 4 * x1 - 3 * x0 - x2
        let c: SIMD3<Double> = 2 * (x0 + x2) - 4 * x1
        return (x0, b, c)
    }

    /// `∫₀^T` of the quadratic through `x0`, `x1`, `x2` at `0, T/2, T` (Simpson's rule).
    static func simpson(_ x0: SIMD3<Double>, _ x1: SIMD3<Double>, _ x2: SIMD3<Double>, _ T: Double) -> SIMD3<Double> {
        let s: SIMD3<Double> = x0 + 4 * x1 + x2
        return (T / 6) * s
    }

    /// `∫₀^{T/2}` of the quadratic through `x0`, `x1`, `x2` at `0, T/2, T`.
    static func firstHalf(_ x0: SIMD3<Double>, _ x1: SIMD3<Double>, _ x2: SIMD3<Double>, _ T: Double) -> SIMD3<Double> {
        let s: SIMD3<Double> = 5 * x0 + 8 * x1 - x2
        return (T / 24) * s
    }

    /// 3-point Gauss–Legendre nodes and weights on `[0, 1]`.
    static let gauss: [(Double, Double)] = {
        let d = (0.6).squareRoot() / 2
        return [(0.5 - d, 5.0 / 18), (0.5, 8.0 / 18), (0.5 + d, 5.0 / 18)]
    }()

    /// The rotation by a rotation vector, as a quaternion.
    static func exp(_ v: SIMD3<Double>) -> Quaternion { Quaternion(rotationVectorX: v.x, y: v.y, z: v.z) }

    /// `q` applied to a vector.
    static func rotate(_ q: Quaternion, _ v: SIMD3<Double>) -> SIMD3<Double> {
        let r = q.rotate((v.x, v.y, v.z))
        return SIMD3(r.x, r.y, r.z)
    }

    /// `a × b`.
    static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}
