import CSignalKernels
import Foundation
import Testing

@testable import Signals

/// The native (AVX2 / AVX-512) kernels must give the portable Swift kernels' samples bit for bit, at
/// every level this CPU has; the comparison is by bit pattern (so −0.0 against 0.0, or two NaN
/// payloads, are differences), and it fails loudly when there is only one level to compare.
@Suite struct NativeKernelTests {
    // MARK: The comparison

    /// Where two renders first differ in their bits (a sample's bit pattern, or the count), described
    /// for a failure message; `nil` when both hold exactly the same bits.
    static func firstBitDifference(_ a: [Float], _ b: [Float]) -> String? {
        guard a.count == b.count else { return "\(a.count) samples against \(b.count)" }
        for i in a.indices where a[i].bitPattern != b[i].bitPattern {
            return "sample \(i): 0x\(String(a[i].bitPattern, radix: 16)) (\(a[i])) against "
                + "0x\(String(b[i].bitPattern, radix: 16)) (\(b[i]))"
        }
        return nil
    }

    /// True on builds that have native kernels at all (x86-64, where AVX2 and AVX-512F may exist).
    static let nativeBuild: Bool = {
        #if arch(x86_64)
        true
        #else
        false
        #endif
    }()

    /// The condition of every test that compares native levels: skipped where none are built.
    static let nativeOnly = ConditionTrait.enabled(if: nativeBuild, "no native kernels are built for this architecture")

    /// Why `levels` leave nothing to compare (only level 0, the portable Swift kernels), or `nil`.
    static func levelShortage(_ levels: [Int]) -> String? {
        guard levels.count < 2 else { return nil }
        return "only level 0 (the portable Swift kernels) exists on this CPU (levels \(levels)): the native "
            + "kernels cannot be compared with them here. Run the tests on an x86-64 CPU with AVX2 (and "
            + "AVX-512F for level 3)."
    }

    /// The native levels to compare against level 0. Records an issue (the test fails) when the CPU
    /// has no native level: a comparison with nothing to compare must not pass.
    static func nativeLevels(sourceLocation: SourceLocation = #_sourceLocation) -> [Int] {
        let levels = NativeKernels.availableLevels
        if let shortage = levelShortage(levels) {
            Issue.record(Comment(rawValue: shortage), sourceLocation: sourceLocation)
        }
        return levels.filter { $0 != NativeKernels.portable }
    }

    /// Runs `body` on a copy of `prefill` at level 0 and at every native level; returns one message,
    /// naming `label` and the level, for each native result whose bits differ from level 0's.
    static func levelDifferences(
        _ label: @autoclosure () -> String, prefill: [Float],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (UnsafeMutablePointer<Float>) -> Void
    ) -> [String] {
        func run(_ level: Int) -> [Float] {
            var out = prefill
            NativeKernels.withLevel(level) {
                out.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
            }
            return out
        }
        let portable = run(NativeKernels.portable)
        return nativeLevels(sourceLocation: sourceLocation).compactMap { level in
            firstBitDifference(run(level), portable).map { difference in
                "\(NativeKernels.name(of: level)) (level \(level)) differs from the portable Swift kernel for "
                    + "\(label()): \(difference)"
            }
        }
    }

    /// ``levelDifferences(_:prefill:sourceLocation:_:)``, each difference recorded as an issue.
    static func compareLevels(
        _ label: @autoclosure () -> String, prefill: [Float],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (UnsafeMutablePointer<Float>) -> Void
    ) {
        for message in levelDifferences(label(), prefill: prefill, sourceLocation: sourceLocation, body) {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    // MARK: The grid

    /// Sample indices: 0, odd and vector-boundary starts, and both sides of 2^32 and 2^33 (where the
    /// noise keys change and the phase's low word carries) and of the Int64 limit.
    static let starts: [UInt64] = [
        0, 1, 2, 15, 16, 17, 1_000_003, (1 << 32) - 17, (1 << 32) - 1, 1 << 32,
        (1 << 32) + 1, (1 << 33) - 9, (1 << 33) + 3, UInt64(Int64.max) - 20,
    ]

    /// Phase increments (turns · 2^64 per sample): none, tiny, ones that carry from the low word on every
    /// step, large, on and around a half turn (2^63, Nyquist), a whole turn less one, and two real ones.
    static let increments: [UInt64] = [
        0, 1, 3, 1 << 20, 0xFFFF_FFFF, 0x1_0000_0001, 0x9E37_79B9_7F4A_7C15,
        (1 << 63) - 1, 1 << 63, (1 << 63) + 1, UInt64.max,
        Phase.increment(frequency: 1.7, sampleRate: 1000),
        Phase.increment(frequency: 499.9, sampleRate: 1000),
    ]

    /// Lengths around one AVX2 (8), AVX-512 / Swift (16) and gaussian (2 × 16) vector, and a long one.
    static let counts = [0, 1, 7, 15, 16, 17, 31, 33, 4099]

    /// (gain, bias) pairs, also read as (high, low) for the square: signs, −0.0, tiny and large.
    static let gains: [(Float, Float)] = [(1, 0), (2, 0.5), (-3.25, 1e-3), (1e-30, -0.0), (0, -0.0), (9.81, -1e5)]

    /// A deterministic buffer to render into (and to accumulate onto): mixed signs, −0.0 and 0.0, then
    /// 19 guard samples past `count` (a NaN with a payload) that no kernel may touch.
    static func prefill(_ count: Int, seed: UInt64) -> [Float] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        var values = (0..<count).map { i -> Float in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            switch i % 7 {
            case 3: return -0.0
            case 5: return 0.0
            default: return Float(Int32(truncatingIfNeeded: state >> 32)) * 0x1p-29
            }
        }
        values += repeatElement(Float(bitPattern: 0x7FC0_1234), count: 19)
        return values
    }

    /// Phases of sample 0 (before `increment · start`): an arbitrary one, and exact whole and half turns,
    /// where the folds and selections of the kernels decide the sign of a zero.
    static let basePhases: [UInt64] = [0x0123_4567_89AB_CDEF, 0, 1 << 63]

    /// The (gain, bias, accumulate) settings to run at one grid position: all of them for the short
    /// counts, one (rotating with `position`) for the long count, to keep the test quick.
    static func settings(count: Int, position: Int) -> [(gain: Float, bias: Float, accumulate: Bool)] {
        let all = [false, true].flatMap { accumulate in gains.map { (gain: $0.0, bias: $0.1, accumulate: accumulate) } }
        return count < 1000 ? all : [all[position % all.count]]
    }

    /// One kernel at every count and its settings (``settings(count:position:)``), each compared across the
    /// levels under the label `case` followed by the count and setting. `position` numbers the runs (it
    /// seeds the prefill and picks the long count's setting) and is passed on to the kernel.
    static func compareSettings(
        _ case: @autoclosure () -> String, position: inout Int, sourceLocation: SourceLocation = #_sourceLocation,
        _ kernel: (UnsafeMutablePointer<Float>, Int, Float, Float, Bool, Int) -> Void
    ) {
        for count in counts {
            for (gain, bias, accumulate) in settings(count: count, position: position) {
                compareLevels(
                    "\(`case`()) count \(count) gain \(gain) bias \(bias) accumulate \(accumulate)",
                    prefill: prefill(count, seed: UInt64(position)), sourceLocation: sourceLocation
                ) { out in
                    kernel(out, count, gain, bias, accumulate, position)
                }
                position += 1
            }
        }
    }

    /// One kernel over the grid of base phases, starts, increments, counts and settings. The kernel's
    /// last argument is the grid position (for parameters of its own).
    static func phaseGrid(
        _ name: String,
        _ kernel: (UnsafeMutablePointer<Float>, Int, UInt64, UInt64, Float, Float, Bool, Int) -> Void
    ) {
        var position = 0
        for base in basePhases {
            for start in starts {
                for increment in increments {
                    let phase0 = base &+ increment &* start
                    compareSettings(
                        "\(name) phase0 0x\(String(phase0, radix: 16)) (start \(start)) increment "
                            + "0x\(String(increment, radix: 16))", position: &position
                    ) { out, count, gain, bias, accumulate, position in
                        kernel(out, count, phase0, increment, gain, bias, accumulate, position)
                    }
                }
            }
        }
    }

    /// ``phaseGrid(_:_:)`` for the kernel of a gain-and-bias wave (sine, sawtooth, triangle).
    static func phaseWaveGrid<W: PhaseWave>(_ name: String, _ wave: W.Type) {
        phaseGrid(name) { out, count, phase0, increment, gain, bias, accumulate, _ in
            W.kernel(
                out, count: count, phase0: phase0, increment: increment, gain: gain, bias: bias,
                accumulate: accumulate)
        }
    }

    @Test(
        "Sine, Sawtooth and Triangle .kernel: every native level equals the portable kernel bit for bit",
        nativeOnly,
        arguments: ["sine", "sawtooth", "triangle"])
    func gainAndBiasWave(_ name: String) {
        switch name {
        case "sine": Self.phaseWaveGrid(name, Sine.self)
        case "sawtooth": Self.phaseWaveGrid(name, Sawtooth.self)
        case "triangle": Self.phaseWaveGrid(name, Triangle.self)
        default: Issue.record("no kernel test for \(name)")
        }
    }

    @Test(
        "Square.kernel: every native level equals the portable kernel bit for bit",
        nativeOnly)
    func square() {
        let thresholds: [UInt32] = [0, 1, 0x4000_0000, 0x8000_0000, 0xB333_3333, 0xFFFF_FFFF]
        Self.phaseGrid("square") { out, count, phase0, increment, high, low, accumulate, position in
            Square.kernel(
                out, count: count, phase0: phase0, increment: increment,
                threshold: thresholds[position % thresholds.count], high: high, low: low,
                accumulate: accumulate)
        }
    }

    /// Low words of first counters: 0, odd, vector boundaries, and near the wrap (which the kernels
    /// wrap alike, though `Noise.render` never asks for it).
    static let firstCounters: [UInt32] = [0, 1, 15, 17, 0x7FFF_FFF1, 0xFFFF_FFF0 - 4099, 0xFFFF_FFF0, 0xFFFF_FFFF]
    static let keys: [(UInt32, UInt32)] = [
        (0, 0), (0x1234_5678, 0x9ABC_DEF0),
        CounterHash.keys(seed: 42, stream: 2, high: 1),
        CounterHash.keys(seed: 7, stream: 3, high: 0),
    ]

    /// Every first counter with every key and the key after it (a second stream's), the settings position
    /// carried from one ``compareSettings(_:position:_:)`` to the next.
    static func counterGrid(
        _ body: (_ first: UInt32, _ key: (UInt32, UInt32), _ nextKey: (UInt32, UInt32), _ position: inout Int) -> Void
    ) {
        var position = 0
        for first in firstCounters {
            for (k, key) in keys.enumerated() {
                body(first, key, keys[(k + 1) % keys.count], &position)
            }
        }
    }

    @Test(
        "Noise.uniformKernel: every native level equals the portable kernel bit for bit",
        nativeOnly)
    func uniform() {
        Self.counterGrid { first, key, _, position in
            Self.compareSettings("uniform first \(first) key \(key)", position: &position) {
                out, count, gain, bias, accumulate, _ in
                Noise.uniformKernel(
                    out, count: count, first: first, key: key, gain: gain, bias: bias, accumulate: accumulate)
            }
        }
    }

    @Test(
        "Noise.gaussianKernel: every native level equals the portable kernel bit for bit",
        nativeOnly)
    func gaussian() {
        Self.counterGrid { first, radiusKey, angleKey, position in
            for oddStart in [false, true] {
                Self.compareSettings(
                    "gaussian first pair \(first) odd start \(oddStart) keys \(radiusKey) \(angleKey)",
                    position: &position
                ) { out, count, gain, bias, accumulate, _ in
                    Noise.gaussianKernel(
                        out, count: count, firstPair: first, oddStart: oddStart, radiusKey: radiusKey,
                        angleKey: angleKey, gain: gain, bias: bias, accumulate: accumulate)
                }
            }
        }
    }

    // MARK: Whole renders

    static let signals: [AnySignal] = [
        AnySignal(Sine(amplitude: 2, frequency: 1.7, phase: 0.2, offset: 0.5)),
        AnySignal(Sine(amplitude: 1e-3, frequency: 499.9, phase: -3)),
        AnySignal(Square(amplitude: 0.5, frequency: 5, phase: 1, offset: -0.1, dutyCycle: 0.3)),
        AnySignal(Sawtooth(amplitude: 3, frequency: 7.3, phase: 2, offset: 1)),
        AnySignal(Triangle(amplitude: 3, frequency: 7.3, phase: 2, offset: 1)),
        AnySignal(Noise(amplitude: 2, distribution: .uniform, seed: 9)),
        AnySignal(Noise(amplitude: 0.7, distribution: .gaussian, seed: 10)),
        AnySignal(
            Sum {
                Sine(frequency: 3)
                Noise(seed: 1)
                Square(frequency: 2)
            }.scaled(by: 9.81).offset(by: 1)),
    ]

    /// Renders that start on either side of 2^32 and 2^33 samples, so that the noise keys change
    /// inside the render (and a gaussian piece starts on an odd sample).
    @Test(
        "whole renders are bit-identical at every level, across the 2^32 and 2^33 key boundaries",
        nativeOnly, arguments: signals)
    func renders(signal: AnySignal) throws {
        let serial = RenderOptions(parallelism: .serial, blockFrames: 1000)
        for start in [0, 123_456_789, (1 << 32) - 1000, (1 << 33) - 999, (1 << 33) + 1] {
            for frames in [1, 17, 3001] {
                let portable = try NativeKernels.withLevel(0) {
                    try signal.render(sampleRate: 1000, startIndex: start, frameCount: frames, options: serial).samples
                }
                for level in Self.nativeLevels() {
                    let native = try NativeKernels.withLevel(level) {
                        try signal.render(sampleRate: 1000, startIndex: start, frameCount: frames, options: serial)
                            .samples
                    }
                    if let difference = Self.firstBitDifference(native, portable) {
                        Issue.record(
                            "\(NativeKernels.name(of: level)) render from \(start), \(frames) frames: \(difference)")
                    }
                }
            }
        }
    }

    // MARK: The comparison can fail

    @Test("the bit comparison catches one flipped bit, −0.0 against 0.0, NaN payloads and a length change")
    func comparisonCanFail() {
        var state: UInt64 = 5
        let samples = (0..<40).map { _ -> Float in
            state = state &* 6_364_136_223_846_793_005 &+ 1
            return Float(Int32(truncatingIfNeeded: state >> 32)) * 0x1p-30
        }
        #expect(Self.firstBitDifference(samples, samples) == nil)
        for index in [0, 1, 16, 39] {
            for bit in 0..<32 {
                var flipped = samples
                flipped[index] = Float(bitPattern: flipped[index].bitPattern ^ (1 << bit))
                let difference = Self.firstBitDifference(flipped, samples)
                #expect(difference?.hasPrefix("sample \(index):") == true, "bit \(bit) of sample \(index) not caught")
            }
        }
        // Cases that Float's `==` gets wrong for this purpose: it calls −0.0 and 0.0 equal, and a NaN unequal
        // to itself.
        #expect([Float(-0.0)] == [Float(0.0)])
        #expect(Self.firstBitDifference([-0.0], [0.0]) != nil)
        let nan = Float(bitPattern: 0x7FC0_0001)
        #expect(Self.firstBitDifference([nan], [nan]) == nil)
        #expect(Self.firstBitDifference([nan], [Float(bitPattern: 0x7FC0_0002)]) != nil)
        #expect(Self.firstBitDifference(samples, Array(samples.dropLast())) == "40 samples against 39")
    }

    @Test(
        "a kernel that differs in one sample at one level is reported",
        nativeOnly)
    func levelComparisonCanFail() {
        let native = Self.nativeLevels().last ?? NativeKernels.portable
        // A "kernel" that flips the lowest bit of sample 5 on the widest native level only.
        let differences = Self.levelDifferences("sabotaged sine", prefill: Self.prefill(33, seed: 1)) { out in
            Sine.kernel(
                out, count: 33, phase0: 1 << 60, increment: 0x9E37_79B9_7F4A_7C15, gain: 1, bias: 0,
                accumulate: false)
            if NativeKernels.level == native { out[5] = Float(bitPattern: out[5].bitPattern ^ 1) }
        }
        #expect(differences.count == 1, "\(differences)")
        #expect(differences.first?.contains("level \(native)) differs") == true, "\(differences)")
        #expect(differences.first?.contains("sabotaged sine: sample 5:") == true, "\(differences)")
        // And a write past `count` (into the guard samples) is a difference too.
        let overrun = Self.levelDifferences("overrun", prefill: Self.prefill(16, seed: 2)) { out in
            if NativeKernels.level == native { out[16] = 0 }
        }
        #expect(overrun.first?.contains("overrun: sample 16:") == true, "\(overrun)")
    }

    @Test("with only the portable level there is nothing to compare, and that is a failure, not a pass")
    func oneLevelFailsLoudly() {
        #expect(
            Self.levelShortage([NativeKernels.portable])?.hasPrefix("only level 0 (the portable Swift kernels)") == true
        )
        #expect(Self.levelShortage([NativeKernels.portable, NativeKernels.avx2]) == nil)
        #expect(Self.levelShortage([NativeKernels.portable, NativeKernels.avx2, NativeKernels.avx512]) == nil)
    }

    // MARK: Levels, caps and constants

    @Test(
        "this CPU has at least one native level to compare with the portable kernels",
        nativeOnly)
    func severalLevels() {
        #expect(!Self.nativeLevels().isEmpty)
    }

    #if os(Linux) && arch(x86_64)
    @Test("the detected levels agree with the CPU flags in /proc/cpuinfo")
    func detectionMatchesCPUInfo() throws {
        let text = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flagsLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("flags") })
        let flags = Set(flagsLine.split(separator: " ").map(String.init))
        var expected = [NativeKernels.portable]
        if flags.contains("avx2") { expected.append(NativeKernels.avx2) }
        if flags.contains("avx2"), flags.contains("avx512f") { expected.append(NativeKernels.avx512) }
        #expect(NativeKernels.availableLevels == expected, "cpuinfo flags avx2/avx512f give \(expected)")
    }
    #endif

    @Test("each level selects its own path: level 0 runs Swift (the C entry declines), native levels run C")
    func dispatch() {
        var out = [Float](repeating: 0, count: 16)
        for level in NativeKernels.availableLevels {
            let (used, rendered) = NativeKernels.withLevel(level) {
                (
                    NativeKernels.level,
                    out.withUnsafeMutableBufferPointer { sr_sine($0.baseAddress, 16, 0, 1 << 58, 1, 0, 0) }
                )
            }
            #expect(used == level)
            #expect(rendered == (level == NativeKernels.portable ? 0 : 1), "level \(level)")
        }
        // A cap between two levels selects the highest level below it.
        #expect(NativeKernels.withLevel(1) { NativeKernels.level } == 0)
    }

    @Test("withLevel restores the previous cap, nested and when the body throws")
    func withLevelRestores() {
        struct Failure: Error {}
        let outer = NativeKernels.cap
        NativeKernels.withLevel(2) {
            #expect(NativeKernels.cap == 2)
            NativeKernels.withLevel(0) {
                #expect(NativeKernels.cap == 0)
                #expect(NativeKernels.level == 0)
            }
            #expect(NativeKernels.cap == 2, "the inner withLevel did not restore the outer cap")
            #expect(throws: Failure.self) {
                try NativeKernels.withLevel(3) { () throws -> Int in throw Failure() }
            }
            #expect(NativeKernels.cap == 2, "a throwing body left its cap behind")
        }
        #expect(NativeKernels.cap == outer)
    }

    @Test("native kernels write exactly count samples and accumulate", arguments: [0, 1, 7, 8, 9, 15, 16, 17, 100])
    func lengths(count: Int) {
        for level in NativeKernels.availableLevels {
            var out = [Float](repeating: 1, count: count + 1)
            NativeKernels.withLevel(level) {
                out.withUnsafeMutableBufferPointer { p in
                    Sine.kernel(
                        p.baseAddress!, count: count, phase0: 1 << 62, increment: 0, gain: 2, bias: 0.5,
                        accumulate: true)
                }
            }
            #expect(out.prefix(count).allSatisfy { $0 == 3.5 }, "level \(level)")  // 1 + 2·sin(π/2) + 0.5
            #expect(out[count] == 1)
        }
    }

    /// The constants are written once, as macros in CSignalKernels.h; the Swift kernels read Swift's
    /// import of them and the native kernels the C compiler's reading. Both must be the same bits.
    @Test("Swift imports the header's constants with the bits the C compiler gives them")
    func constantsAgree() {
        let c = sr_constants()
        let pairs: [(String, Float, Float)] = [
            ("SR_SIN_C1", SR_SIN_C1, c.sinC1), ("SR_SIN_C3", SR_SIN_C3, c.sinC3), ("SR_SIN_C5", SR_SIN_C5, c.sinC5),
            ("SR_SIN_C7", SR_SIN_C7, c.sinC7), ("SR_SIN_C9", SR_SIN_C9, c.sinC9),
            ("SR_LOG_SQRTHF", SR_LOG_SQRTHF, c.logSqrtHalf), ("SR_LOG_P0", SR_LOG_P0, c.logP0),
            ("SR_LOG_P1", SR_LOG_P1, c.logP1), ("SR_LOG_P2", SR_LOG_P2, c.logP2), ("SR_LOG_P3", SR_LOG_P3, c.logP3),
            ("SR_LOG_P4", SR_LOG_P4, c.logP4), ("SR_LOG_P5", SR_LOG_P5, c.logP5), ("SR_LOG_P6", SR_LOG_P6, c.logP6),
            ("SR_LOG_P7", SR_LOG_P7, c.logP7), ("SR_LOG_P8", SR_LOG_P8, c.logP8),
            ("SR_LOG_LN2_HI", SR_LOG_LN2_HI, c.logLn2High), ("SR_LOG_LN2_LO", SR_LOG_LN2_LO, c.logLn2Low),
        ]
        for (name, swift, native) in pairs {
            #expect(swift.bitPattern == native.bitPattern, "\(name): Swift \(swift) against C \(native)")
        }
        // Spot values, so that an edit of the header is a visible decision.
        #expect(SR_SIN_C1.bitPattern == (0x1.921fb4p+2 as Float).bitPattern)
        #expect(SR_LOG_LN2_HI == 0.693359375)
        #expect(SR_HASH_M1 == c.hashM1)
        #expect(SR_HASH_M2 == c.hashM2)
    }

    /// `CounterHash.lowbias32` keeps its multipliers as Swift literals (CounterHash.swift is outside the
    /// kernels' files): its output must be that of lowbias32 with the header's SR_HASH_M1 and SR_HASH_M2.
    @Test("CounterHash.lowbias32 uses the header's hash multipliers")
    func hashConstantsAgree() {
        func reference(_ v: UInt32) -> UInt32 {
            var x = v
            x ^= x >> 16
            x = x &* SR_HASH_M1
            x ^= x >> 15
            x = x &* SR_HASH_M2
            x ^= x >> 16
            return x
        }
        var input = Lanes.Words()
        for k in 0..<Lanes.width { input[k] = UInt32(truncatingIfNeeded: k &* 0x9E37_79B9 &+ 12345) }
        let hashed = CounterHash.lowbias32(input)
        for k in 0..<Lanes.width {
            #expect(hashed[k] == reference(input[k]), "lane \(k)")
        }
    }
}

/// The level decision from the CPU's and the OS's answers (`sr_levels_from_cpu`), on made-up registers,
/// so that the macOS case (AVX-512 state enabled lazily, XCR0 without its bits) is tested on Linux.
@Suite struct KernelLevelDetectionTests {
    /// cpuid leaf 1 ECX with OSXSAVE (bit 27) and AVX (bit 28).
    static let osxsaveAVX: UInt32 = (1 << 27) | (1 << 28)
    /// cpuid leaf 7 EBX with AVX2 (bit 5) and AVX-512F (bit 16).
    static let avx2AVX512F: UInt32 = (1 << 5) | (1 << 16)
    /// XCR0 with x87, SSE and AVX state only (what macOS shows before a thread's first AVX-512 instruction).
    static let ymmOnly: UInt32 = 0x7
    /// XCR0 with the opmask and ZMM state too (Linux, Windows).
    static let zmm: UInt32 = 0xE7

    static func levels(_ ecx: UInt32, _ xcr0: UInt32, _ ebx: UInt32, lazy: Bool) -> Int {
        #if arch(x86_64)
        Int(sr_levels_from_cpu(ecx, xcr0, ebx, lazy ? 1 : 0))
        #else
        1
        #endif
    }

    @Test func avx512ChosenWhenXCR0ShowsItsState() throws {
        try #require(NativeKernelTests.nativeBuild, "no native kernels on this architecture")
        #expect(Self.levels(Self.osxsaveAVX, Self.zmm, Self.avx2AVX512F, lazy: false) == 0b1101)
    }

    @Test func macOSLazyAVX512StateStillChoosesAVX512() throws {
        try #require(NativeKernelTests.nativeBuild, "no native kernels on this architecture")
        // macOS enables AVX-512 state lazily: XCR0 alone says no, so the lazy flag must be read too.
        #expect(Self.levels(Self.osxsaveAVX, Self.ymmOnly, Self.avx2AVX512F, lazy: true) == 0b1101)
    }

    @Test func withoutTheOSPromiseYMMOnlyMeansAVX2() throws {
        try #require(NativeKernelTests.nativeBuild, "no native kernels on this architecture")
        #expect(Self.levels(Self.osxsaveAVX, Self.ymmOnly, Self.avx2AVX512F, lazy: false) == 0b0101)
    }

    @Test func theOSPromiseDoesNotInventAVX512() throws {
        try #require(NativeKernelTests.nativeBuild, "no native kernels on this architecture")
        #expect(Self.levels(Self.osxsaveAVX, Self.ymmOnly, 1 << 5, lazy: true) == 0b0101)
    }

    @Test func noYMMStateMeansPortableOnly() throws {
        try #require(NativeKernelTests.nativeBuild, "no native kernels on this architecture")
        #expect(Self.levels(Self.osxsaveAVX, 0x3, Self.avx2AVX512F, lazy: true) == 0b0001)
        #expect(Self.levels(1 << 28, Self.zmm, Self.avx2AVX512F, lazy: false) == 0b0001)
    }
}
