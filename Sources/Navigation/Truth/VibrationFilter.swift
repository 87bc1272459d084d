import Foundation
import Sensors
import Signals

/// A ``Vibration`` sampled at a rate: the road's counter-based white normals through a 63-tap band-pass FIR
/// (a windowed sinc, Hann window), per axis, scaled by the speed; the engine's tone with a jittered phase;
/// the bumps placed along the path. Sample `n` depends on the normals of samples `n − 62 … n`, on the state
/// at `n` and on hashes of the seed only, so any block renders alone, bit-identically.
struct VibrationFilter: Sendable {
    /// The vibration (its road RMS is in the taps).
    let vibration: Vibration
    /// The engine's direction in the device frame (unit) and the seed of its phase's jitter.
    let engineDirection: SIMD3<Double>
    let engineSeed: UInt64
    /// The bumps' seed.
    let bumpSeed: UInt64
    /// `1 / referenceSpeed`, or 0 without one.
    let inverseReference: Double
    /// Whether anything is added.
    var isOff: Bool { taps.isEmpty && vibration.engineRMS == 0 && !hasBumps }
    var hasBumps: Bool { vibration.bumpsPerKilometre > 0 && vibration.bumpAcceleration > 0 }
    /// The filter's taps (empty: no vibration).
    let taps: [Double]
    /// The streams of the three axes' normals.
    let streams: [UInt64]
    /// Number of taps.
    static let length = 63

    /// The filter for `vibration` at `sampleRate`, with the normals of the IMU's `seed`.
    init(_ vibration: Vibration, sampleRate fs: Double, seed: UInt64) {
        streams = (0..<3).map { RandomAccessNoise.streamSeed(seed, stream: 0x300 + UInt64($0)) }
        self.vibration = vibration
        inverseReference = vibration.referenceSpeed.map { 1 / $0 } ?? 0
        engineSeed = RandomAccessNoise.streamSeed(seed, stream: 0x310)
        bumpSeed = RandomAccessNoise.streamSeed(seed, stream: 0x320)
        let d = SIMD3(
            RandomAccessNoise.normal(streamSeed: engineSeed, index: -1),
            RandomAccessNoise.normal(streamSeed: engineSeed, index: -2),
            RandomAccessNoise.normal(streamSeed: engineSeed, index: -3))
        let norm = (d * d).sum().squareRoot()
        engineDirection = norm > 0 ? d / norm : SIMD3(0, 0, 1)
        let low = vibration.band.lowerBound
        let high = min(vibration.band.upperBound, 0.45 * fs)
        guard vibration.rms > 0, high > low else {
            taps = []
            return
        }
        let m = Self.length
        let mid = Double(m - 1) / 2
        var h = (0..<m).map { k -> Double in
            let x = Double(k) - mid
            let ideal =
                x == 0
                ? 2 * (high - low) / fs
                : (sin(2 * .pi * high / fs * x) - sin(2 * .pi * low / fs * x)) / (.pi * x)
            return ideal * (0.5 - 0.5 * cos(2 * .pi * Double(k) / Double(m - 1)))
        }
        // White input of unit variance: the output variance is Σh². Scale to the kept part of the band.
        let kept = (high - low) / (vibration.band.upperBound - vibration.band.lowerBound)
        let energy = h.reduce(0) { $0 + $1 * $1 }
        let gain = vibration.rms * kept.squareRoot() / energy.squareRoot()
        h = h.map { $0 * gain }
        taps = h
    }

    /// The road's gain at the platform's `speed` (m/s): `√(speed / referenceSpeed)`, 1 without a reference.
    @inline(__always)
    func roadGain(speed: Double) -> Double {
        guard inverseReference > 0 else { return 1 }
        return (max(speed, 0) * inverseReference).squareRoot()
    }

    /// The engine's vibration at sample `n` of `rate` Hz, device frame, m/s²: `√2 · rms · sin(2πft + φ(t))`
    /// along a direction fixed by the seed, the phase jittering by up to ±0.5 rad between knots 0.5 s apart
    /// (a smoothstep blend of hashed values), so the tone is a narrow band, not a line.
    @inline(__always)
    func engine(sample n: Int, rate: Double) -> SIMD3<Double> {
        var cache = Cache()
        return engine(sample: n, rate: rate, cache: &cache)
    }

    /// What a block's samples share: the engine's last knots, the bumps of the slots last looked at (the
    /// values are the same with or without it: a cache of pure functions).
    struct Cache {
        var knot = Int.min, a = 0.0, b = 0.0
        var slots = (low: 1, high: 0)
        var bumps: [(at: Double, size: Double)] = []
    }

    /// ``engine(sample:rate:)`` with a block's cache.
    @inline(__always)
    func engine(sample n: Int, rate: Double, cache: inout Cache) -> SIMD3<Double> {
        guard vibration.engineRMS > 0 else { return .zero }
        let t = Double(n) / rate
        let u = t * 2
        let k = u.rounded(.down)
        let x = u - k
        let i = Int(k)
        if cache.knot != i {
            cache.knot = i
            cache.a = Self.uniform(engineSeed, i) - 0.5
            cache.b = Self.uniform(engineSeed, i + 1) - 0.5
        }
        let (a, b) = (cache.a, cache.b)
        let w = x * x * (3 - 2 * x)
        let jitter = a + (b - a) * w
        let f = vibration.engineFrequency
        // The phase at t from its whole cycles (exact in Double for any t a render reaches).
        let cycles = f * t
        let phase = 2 * Double.pi * (cycles - cycles.rounded(.down)) + jitter
        return engineDirection * (2.0.squareRoot() * vibration.engineRMS * Self.sine(phase))
    }

    /// `sin x` for `x` in [−1, 2π + 1] to 4e-6 (a vibration's tone needs no more): folded onto [−π/2, π/2]
    /// and a degree-9 Taylor polynomial, without the library's range reduction (the engine's sine was 5 % of
    /// a car's whole render).
    @inline(__always)
    static func sine(_ x: Double) -> Double {
        var y = x
        if y > Double.pi { y -= 2 * Double.pi }
        if y > Double.pi / 2 {
            y = Double.pi - y
        } else if y < -Double.pi / 2 {
            y = -Double.pi - y
        }
        let y2 = y * y
        return y * (1 + y2 * (-1.0 / 6 + y2 * (1.0 / 120 + y2 * (-1.0 / 5040 + y2 / 362_880))))
    }

    /// A uniform draw in [0, 1) of (`seed`, `index`): one SplitMix64 hash.
    @inline(__always)
    static func uniform(_ seed: UInt64, _ index: Int) -> Double {
        Double(CounterHash.mix64(seed ^ UInt64(bitPattern: Int64(index)) &* 0x9E37_79B9_7F4A_7C15) >> 11) * 0x1p-53
    }

    /// Road length per bump slot, m: each slot holds at most one bump.
    static let bumpSlot = 25.0
    /// How long a bump's response lasts after the platform passes it, s.
    static let bumpDuration = 2.0

    /// The bumps' vertical acceleration (local frame, m/s²) at `station` (m along the path) and `speed` (m/s):
    /// each bump `b` behind the platform, passed `τ = (station − s_b) / speed` ago, adds
    /// `A (e^{−ζω₁τ} sin ω₁τ + ½ e^{−ζ₂ω₂τ} sin ω₂τ)`, the suspension's body mode (1.3 Hz, ζ 0.3) and wheel
    /// hop (12 Hz, ζ 0.2), for ``bumpDuration`` seconds (the wheel hop for 0.4 s). A slot of ``bumpSlot`` m holds a bump with probability `perKilometre · 25 / 1000`,
    /// at a hashed place, of 0.5–1.5 × ``Vibration/bumpAcceleration``, alternately up and down.
    func bump(station: Double, speed: Double) -> Double {
        var cache = Cache()
        return bump(station: station, speed: speed, cache: &cache)
    }

    /// ``bump(station:speed:)`` with a block's cache of the slots' bumps.
    @inline(__always)
    func bump(station: Double, speed: Double, cache: inout Cache) -> Double {
        guard hasBumps, speed > 0.3, station.isFinite, station >= 0, station < 1e12 else { return 0 }
        let reach = speed * Self.bumpDuration
        let high = Int((station / Self.bumpSlot).rounded(.down))
        let low = max(0, Int(((station - reach) / Self.bumpSlot).rounded(.down)))
        if low < cache.slots.low || high > cache.slots.high {
            // The slots from `low` to 8 beyond `high`, computed once for the samples that follow.
            cache.slots = (low, high + 8)
            cache.bumps.removeAll(keepingCapacity: true)
            let p = min(1, vibration.bumpsPerKilometre * Self.bumpSlot / 1000)
            for i in low...(high + 8) where Self.uniform(bumpSeed, 4 * i) < p {
                let at = (Double(i) + Self.uniform(bumpSeed, 4 * i + 1)) * Self.bumpSlot
                let size =
                    vibration.bumpAcceleration * (0.5 + Self.uniform(bumpSeed, 4 * i + 2)) * (i % 2 == 0 ? 1 : -1)
                cache.bumps.append((at, size))
            }
        }
        var total = 0.0
        let (w1, z1, w2, z2) = (2 * Double.pi * 1.3, 0.3, 2 * Double.pi * 12, 0.2)
        for bump in cache.bumps {
            let tau = (station - bump.at) / speed
            guard tau >= 0, tau < Self.bumpDuration else { continue }
            // The body mode (down to 0.7 % at 2 s); the wheel hop only while it lasts (0.4 s: 0.2 %).
            let angle = w1 * tau
            var value = exp(-z1 * angle) * Self.sine(angle - 2 * Double.pi * (angle / (2 * Double.pi)).rounded(.down))
            if tau < 0.4 {
                let hop = w2 * tau
                value += 0.5 * exp(-z2 * hop) * Self.sine(hop - 2 * Double.pi * (hop / (2 * Double.pi)).rounded(.down))
            }
            total += bump.size * value
        }
        return total
    }

    /// The road's vibration of samples `first ..< first + count` at ``Vibration/rms`` (before the speed's
    /// gain): x, y, z interleaved, m/s² (zeros when off).
    func values(first: Int, count: Int) -> [Double] {
        var out = [Double](repeating: 0, count: 3 * count)
        guard !taps.isEmpty, count > 0 else { return out }
        let m = taps.count
        // Normal of sample n is drawn at index n + m − 1, so every index is ≥ 0.
        // Four outputs at a time, each lane the scalar sum in the same order (bit-identical to it).
        let w = UnsafeMutablePointer<Double>.allocate(capacity: count + m - 1)
        defer { w.deallocate() }
        taps.withUnsafeBufferPointer { t in
            out.withUnsafeMutableBufferPointer { o in
                for axis in 0..<3 {
                    let seed = streams[axis]
                    for j in 0..<count + m - 1 { w[j] = RandomAccessNoise.normal(streamSeed: seed, index: first + j) }
                    let raw = UnsafeRawPointer(w)
                    var i = 0
                    while i + 4 <= count {
                        var sum = SIMD4<Double>(repeating: 0)
                        for k in 0..<m {
                            sum += t[k] * raw.loadUnaligned(fromByteOffset: 8 * (i + m - 1 - k), as: SIMD4<Double>.self)
                        }
                        for lane in 0..<4 { o[3 * (i + lane) + axis] = sum[lane] }
                        i += 4
                    }
                    while i < count {
                        var sum = 0.0
                        for k in 0..<m { sum += t[k] * w[i + m - 1 - k] }
                        o[3 * i + axis] = sum
                        i += 1
                    }
                }
            }
        }
        return out
    }
}
