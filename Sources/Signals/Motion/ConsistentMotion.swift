import Foundation

/// Validation and rendering of a motion with an attitude (13 channels), and its fixed-attitude
/// equivalent as an ordinary signal tree.
///
/// Per block, the angle signals, their exact derivatives (or the body rates) and the world-frame
/// acceleration are rendered by the engine's kernels (as `Float`), then combined per frame in `Double`:
/// the quaternion from the half angles (or the integration step), gravity `R(q)ᵀ·(0, 0, −1)`, the
/// body rate, and `R(q)ᵀ·a_world` added to the device-frame user acceleration.
enum ConsistentMotion {
    /// Checks a motion with an attitude; returns the bound of its samples.
    static func validate(
        _ m: MotionNode, _ attitude: AttitudeNode, _ here: ValidationContext
    ) throws(SignalError) -> Double {
        for derived in ["gravity", "rotationRate"] where (derived == "gravity" ? m.gravity : m.rotationRate) != nil {
            throw SignalError(
                .malformed, path: "\(here.path).\(derived)",
                "with an attitude, \(derived) is derived from it; leave it out (or drop the attitude for a free motion)"
            )
        }
        func threeChannel(_ name: String, _ node: SignalNode?) throws(SignalError) -> Double {
            guard let node else { return 0 }
            let bound = try node.validate(here.appending(".\(name)"))
            guard node.channelCount == 3 else {
                throw SignalError(
                    .channelMismatch, path: "\(here.path).\(name)",
                    "\(name) must be a three-channel signal such as {\"axes\": {...}}, this one has \(node.channelCount) channels"
                )
            }
            return bound
        }
        let ua = try threeChannel("userAcceleration", m.userAcceleration)
        let world = try threeChannel("worldAcceleration", m.worldAcceleration)
        let at = here.appending(".attitude")
        var rate = 0.0
        switch attitude {
        case .fixed(let f):
            switch f {
            case .named: break
            case .quaternion(let q):
                for (name, v) in [("w", q.w), ("x", q.x), ("y", q.y), ("z", q.z)] {
                    try at.appending(".quaternion").requireFinite(name, v)
                }
                guard q.norm >= 1e-6 else {
                    throw at.error(
                        .outOfRange, field: "quaternion",
                        "a quaternion attitude must have a norm of at least 1e-6, got \(q.norm)")
                }
            case .angles(let r, let p, let y):
                try at.requireFinite("roll", r)
                try at.requireFinite("pitch", p)
                try at.requireFinite("yaw", y)
            }
        case .angles(let e):
            for (i, (name, node)) in zip(["roll", "pitch", "yaw"], e.angles).enumerated() {
                let angle = at.appending(".\(name)")
                _ = try node.validate(angle)
                rate += try e.rates[i].validate(angle)
            }
        case .integrated(let integrated):
            rate = try threeChannel("attitude.rotationRate", integrated.rotationRate)
            switch integrated.initial {
            case .named: break
            case .quaternion(let q):
                guard q.norm >= 1e-6 && q.norm.isFinite else {
                    throw at.error(
                        .outOfRange, field: "initial",
                        "the initial quaternion must have a finite norm of at least 1e-6, got \(q.norm)")
                }
            case .angles(let r, let p, let y):
                let i = at.appending(".initial")
                try i.requireFinite("roll", r)
                try i.requireFinite("pitch", p)
                try i.requireFinite("yaw", y)
            }
        }
        // |ω| ≤ |φ̇| + |θ̇| + |ψ̇| for angles (the sum of the bounds above); for body rates, the norm of the
        // component bounds. More than half a turn between samples aliases, as a frequency above Nyquist does.
        var speed = rate
        if case .integrated(let integrated) = attitude {
            // |ω| from the three axes' bounds when they are separate, else √3 × the common bound.
            if case .axes(let x, let y, let z) = integrated.rotationRate {
                let path = here.appending(".attitude.rotationRate.axes")
                let bx = try x.validate(path.appending(".x"))
                let by = try y.validate(path.appending(".y"))
                let bz = try z.validate(path.appending(".z"))
                speed = (bx * bx + by * by + bz * bz).squareRoot()
            } else {
                speed = 3.0.squareRoot() * rate
            }
        }
        let turn = speed / here.sampleRate
        if !here.allowAliasing && turn > Double.pi {
            throw SignalError(
                .aliasing, path: at.path,
                "the attitude can turn by up to \(turn) rad between samples (a rotation rate of up to \(turn * here.sampleRate) rad/s at \(here.sampleRate) Hz), more than half a turn, so the samples would alias; raise the sample rate"
            )
        }
        // A rotated vector's components are at most its length, √3 × the largest component bound.
        return try here.checkBound(max(1, ua + 3.0.squareRoot() * world, rate)) ?? 1
    }

    /// Renders the 13 channels of a motion with an attitude.
    static func render(_ m: MotionNode, _ attitude: AttitudeNode, into block: RenderBlock, _ t: Affine) {
        let frames = block.frameCount
        guard frames > 0 else { return }
        let fs = block.sampleRate
        let start = block.startIndex
        AnySignal.render(m.userAcceleration ?? MotionNode.zeroAxes, into: block.channels(0..<3), t)
        let gain = t.gain
        let bias = t.bias
        let accumulate = t.accumulate
        // Output pointers.
        let out = (0..<13).map { block.channel($0) }
        @inline(__always) func put(_ c: Int, _ i: Int, _ v: Double) {
            let value = Float(gain * v + bias)
            if accumulate { out[c][i] += value } else { out[c][i] = value }
        }
        // Scratch: world 3F, angles 3F, rates 3F, chirp F; integrated: ω 3(F + 3).
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 10 * frames + 16) { buffer in
            guard let base = buffer.baseAddress else { return }
            func scratchBlock(_ offset: Int, channels: Int, stride: Int, count: Int, first: Int) -> RenderBlock {
                RenderBlock(
                    base: base + offset, channelStride: stride, channelCount: channels, frameCount: count,
                    startIndex: first, sampleRate: fs)
            }
            let world = m.worldAcceleration
            if let world {
                AnySignal.render(
                    world, into: scratchBlock(0, channels: 3, stride: frames, count: frames, first: start), .identity)
            }
            @inline(__always) func emit(_ i: Int, _ q: Quaternion, _ w: (Double, Double, Double)) {
                let g = q.gravity
                put(3, i, g.x)
                put(4, i, g.y)
                put(5, i, g.z)
                put(6, i, w.0)
                put(7, i, w.1)
                put(8, i, w.2)
                put(9, i, q.w)
                put(10, i, q.x)
                put(11, i, q.y)
                put(12, i, q.z)
                if world != nil {
                    let a = q.inverseRotate((Double(base[i]), Double(base[frames + i]), Double(base[2 * frames + i])))
                    // Added to the device-frame part already stored (which carries the bias).
                    out[0][i] += Float(gain * a.x)
                    out[1][i] += Float(gain * a.y)
                    out[2][i] += Float(gain * a.z)
                }
            }
            switch attitude {
            case .fixed(let f):
                let q = f.quaternion
                if world == nil {
                    // Constant channels: fill each once.
                    let g = q.gravity
                    for (c, v) in [
                        (3, g.x), (4, g.y), (5, g.z), (6, 0), (7, 0), (8, 0), (9, q.w), (10, q.x), (11, q.y), (12, q.z),
                    ] {
                        let value = Float(gain * v + bias)
                        let p = out[c]
                        if accumulate {
                            for i in 0..<frames { p[i] += value }
                        } else {
                            p.update(repeating: value, count: frames)
                        }
                    }
                } else {
                    for i in 0..<frames { emit(i, q, (0, 0, 0)) }
                }
            case .angles(let e):
                let angles = 3 * frames
                let rates = 6 * frames
                let chirp = base + 9 * frames
                for (c, node) in e.angles.enumerated() {
                    AnySignal.render(
                        node,
                        into: scratchBlock(
                            angles + c * frames, channels: 1, stride: frames, count: frames, first: start), .identity)
                    e.rates[c].render(
                        into: scratchBlock(
                            rates + c * frames, channels: 1, stride: frames, count: frames, first: start),
                        scratch: chirp)
                }
                for i in 0..<frames {
                    let roll = Double(base[angles + i])
                    let pitch = Double(base[angles + frames + i])
                    let yaw = Double(base[angles + 2 * frames + i])
                    let dr = Double(base[rates + i])
                    let dp = Double(base[rates + frames + i])
                    let dy = Double(base[rates + 2 * frames + i])
                    let sr = sin(roll / 2)
                    let cr = cos(roll / 2)
                    let sp = sin(pitch / 2)
                    let cp = cos(pitch / 2)
                    let q = Quaternion.fromHalfAngles(
                        sr: sr, cr: cr, sp: sp, cp: cp, sy: sin(yaw / 2), cy: cos(yaw / 2))
                    // Full-angle sines and cosines from the half angles.
                    let sphi = 2 * sr * cr
                    let cphi = cr * cr - sr * sr
                    let stheta = 2 * sp * cp
                    let ctheta = cp * cp - sp * sp
                    let w = (cphi * dp - sphi * ctheta * dy, dr + stheta * dy, sphi * dp + cphi * ctheta * dy)
                    emit(i, q, w)
                }
            case .integrated(let integrated):
                // ω over [s − 1, s + F + 2) (clipped at 0): the output samples and the integrator's neighbours.
                let first = max(0, start - 1)
                let count = start + frames + 2 - first
                let omegaOffset = 3 * frames
                AnySignal.render(
                    integrated.rotationRate,
                    into: scratchBlock(omegaOffset, channels: 3, stride: count, count: count, first: first), .identity)
                let w = UnsafePointer(base + omegaOffset)
                var q = AttitudeIntegrator.state(integrated, at: start, sampleRate: fs)
                let h = 1 / fs
                for i in 0..<frames {
                    let n = start + i
                    let wn = AttitudeIntegrator.omega(w, stride: count, first: first, n)
                    emit(i, q, (wn.x, wn.y, wn.z))
                    let previous: SIMD3<Double>? =
                        n == 0 ? nil : AttitudeIntegrator.omega(w, stride: count, first: first, n - 1)
                    q = AttitudeIntegrator.step(
                        q, previous, wn, AttitudeIntegrator.omega(w, stride: count, first: first, n + 1),
                        AttitudeIntegrator.omega(w, stride: count, first: first, n + 2), h: h)
                    if (n + 1) % AttitudeCheckpoints.spacing == 0 {
                        integrated.checkpoints.recordCheckpoint(n + 1, q, sampleRate: fs)
                    }
                }
                integrated.checkpoints.recordRecent(start + frames, q, sampleRate: fs)
            }
        }
    }
}

extension MotionNode {
    /// For a motion with a fixed attitude, its 13 channels as an ordinary signal tree (a `channels`
    /// node of 13 one-channel signals): every channel is then a fixed linear combination of the given
    /// signals, so the tree has the same spectrum (used by the spectrum verifier). `nil` for a free motion,
    /// a varying attitude, or user accelerations whose channels cannot be separated.
    public var fixedAttitudeEquivalent: SignalNode? {
        let q: Quaternion
        switch attitude {
        case .fixed(let f)?:
            q = f.quaternion
        case .angles(let e)?:
            // Constant angle nodes are a fixed attitude too.
            guard case .constant(let r) = e.roll, case .constant(let p) = e.pitch, case .constant(let y) = e.yaw else {
                return nil
            }
            q = Quaternion(roll: r.value, pitch: p.value, yaw: y.value)
        default:
            return nil
        }
        let m = q.matrix
        let rows = [[m.0, m.1, m.2], [m.3, m.4, m.5], [m.6, m.7, m.8]]
        var channels: [SignalNode] = []
        for i in 0..<3 {
            var terms: [SignalNode] = []
            if let ua = userAcceleration {
                guard let c = ua.channel(i) else { return nil }
                terms.append(c)
            }
            if let world = worldAcceleration {
                for j in 0..<3 {
                    guard let c = world.channel(j) else { return nil }
                    // Device component i = Σ_j R_ji · world_j.
                    if rows[j][i] != 0 { terms.append(.scaled(by: rows[j][i], c)) }
                }
            }
            channels.append(terms.isEmpty ? .constant(Constant(0)) : terms.count == 1 ? terms[0] : .sum(terms))
        }
        let g = q.gravity
        channels += [g.x, g.y, g.z, 0, 0, 0, q.w, q.x, q.y, q.z].map { SignalNode.constant(Constant($0)) }
        return .channels(channels)
    }
}

extension SignalNode {
    /// Channel `c` of this tree as a one-channel tree, when it can be separated (axes, channels, sums,
    /// scalings and offsets of those; a one-channel term of a sum is in every channel).
    package func channel(_ c: Int) -> SignalNode? {
        if channelCount == 1 { return self }
        switch self {
        case .axes(let x, let y, let z):
            return [x, y, z][c]
        case .channels(let parts):
            var first = 0
            for part in parts {
                let width = part.channelCount
                if c < first + width { return part.channel(c - first) }
                first += width
            }
            return nil
        case .sum(let terms):
            var out: [SignalNode] = []
            for term in terms {
                guard let t = term.channel(c) else { return nil }
                out.append(t)
            }
            return .sum(out)
        case .scaled(let by, let inner):
            return inner.channel(c).map { .scaled(by: by, $0) }
        case .offset(let by, let inner):
            return inner.channel(c).map { .offset(by: by, $0) }
        default:
            return nil
        }
    }
}
