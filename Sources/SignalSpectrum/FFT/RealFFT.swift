import CFFTW
import Foundation
import Signals
import Synchronization

/// FFTW's planner, plan destruction and allocator are process-wide and not thread-safe: every call
/// to them, from any ``RealFFT`` instance, goes through this lock. Executing a plan on new arrays
/// (`fftwf_execute_dft_r2c`, `fftw_execute_dft_r2c`) is thread-safe and runs outside it.
private let fftwLock = Mutex(())

/// The DFT bins of a real sequence: `X[k] = Σₙ x[n]·e^{−2πikn/N}` for `k = 0 ... N/2`
/// (the rest follow from `X[N−k] = conj(X[k])`). Unnormalised, in the input's units.
public struct ComplexBins: Sendable, Hashable {
    /// Real parts, `N/2 + 1` values.
    public var real: [Double]
    /// Imaginary parts, `N/2 + 1` values.
    public var imaginary: [Double]
    /// Number of bins (`N/2 + 1`).
    public var count: Int { real.count }
}

/// Real-to-complex FFTs on FFTW, single precision (`fftwf`) for rendered `Float` samples and double
/// precision (`fftw`) for reference waveforms.
///
/// Plans are created once per size and precision and reused; planning (FFTW's planner is not
/// thread-safe) is serialised by a process-wide lock, and transforms run concurrently from any
/// thread through FFTW's new-array execute functions on scratch buffers from `fftw(f)_malloc`
/// (SIMD-aligned like the planning buffers). Plans and buffers are freed when the instance is
/// deinitialised (``shared`` lives for the whole process).
///
/// ```swift
/// let bins = try RealFFT.shared.forward([1, 0, 0, 0] as [Float])   // 3 bins, all 1
/// ```
///
/// - Complexity: O(N log N) per transform for any `N` (FFTW handles every size); planning with
///   ``Planning/estimate`` takes microseconds, ``Planning/measure`` can take seconds for large `N`.
// plans and buffers are FFTW's raw pointers (not Sendable), guarded by `lock` and fftwLock
public final class RealFFT: @unchecked Sendable {  // FFTW's raw pointers, guarded by locks
    /// How hard FFTW looks for a fast plan.
    public enum Planning: Sendable, Hashable {
        /// `FFTW_ESTIMATE`: a heuristic plan at once (the default).
        case estimate
        /// `FFTW_MEASURE`: times candidate plans first (slow to plan, often faster to run).
        case measure
    }

    /// A process-wide instance (its plans live until the process exits).
    public static let shared = RealFFT()

    /// The planning rigour of this instance's plans.
    public let planning: Planning

    /// Guards `plans` and `pool` (never held while FFTW executes).
    private let lock = Mutex(())
    private var plans: [PlanKey: OpaquePointer] = [:]
    private var pool: [PlanKey: [UnsafeMutableRawPointer]] = [:]

    private struct PlanKey: Hashable {
        var size: Int
        var double: Bool
        /// A complex-to-real (inverse) plan.
        var inverse: Bool
    }

    /// Creates an FFT owner with its own plans.
    /// - Parameter planning: `.estimate` (default) or `.measure`.
    public init(planning: Planning = .estimate) {
        self.planning = planning
    }

    deinit {
        fftwLock.withLock { _ in
            for (key, plan) in plans {
                if key.double { fftw_destroy_plan(plan) } else { fftwf_destroy_plan(plan) }
            }
            for (key, buffers) in pool {
                for buffer in buffers {
                    if key.double { fftw_free(buffer) } else { fftwf_free(buffer) }
                }
            }
        }
    }

    /// Transforms `N = samples.count` single-precision samples.
    /// - Returns: The `N/2 + 1` bins (see ``ComplexBins``).
    /// - Throws: `SignalError` (`.tooShort` for no samples, `.fftFailure` if FFTW cannot plan).
    public func forward(_ samples: [Float]) throws(SignalError) -> ComplexBins { try transformed(samples) }

    /// Transforms `N = samples.count` double-precision samples.
    /// - Returns: The `N/2 + 1` bins (see ``ComplexBins``).
    /// - Throws: `SignalError` (`.tooShort` for no samples, `.fftFailure` if FFTW cannot plan).
    public func forward(_ samples: [Double]) throws(SignalError) -> ComplexBins { try transformed(samples) }

    /// The `count` real samples whose bins are `bins`: the inverse of the double-precision `forward(_:)`,
    /// normalised by `1/count`, so `inverse(forward(x), count: x.count) ≈ x` (to about
    /// `log2(count) · 1e-16 · max|x|` in double precision).
    ///
    /// ```swift
    /// let bins = try RealFFT.shared.forward([1, 2, 3, 4] as [Double])
    /// try RealFFT.shared.inverse(bins, count: 4)   // [1, 2, 3, 4]
    /// ```
    ///
    /// - Parameters:
    ///   - bins: `count/2 + 1` bins; the imaginary parts of bin 0 (and of bin `count/2` for an even
    ///     `count`) are ignored, as for any real sequence.
    ///   - count: The number of samples `N`, at least 1.
    /// - Throws: `SignalError` (`.tooShort` for `count < 1`, `.invalidArgument` for a bin count other than
    ///   `count/2 + 1`, `.fftFailure` if FFTW cannot plan).
    /// - Complexity: O(N log N).
    public func inverse(_ bins: ComplexBins, count: Int) throws(SignalError) -> [Double] {
        guard count < 1 || (bins.real.count == count / 2 + 1 && bins.imaginary.count == count / 2 + 1) else {
            throw SignalError(
                .invalidArgument, "an inverse FFT of \(count) samples needs \(count / 2 + 1) bins, got \(bins.count)",
                field: "fft")
        }
        return try transform(Double.self, size: count, inverse: true) { work in
            for k in 0..<work.binCount {
                work.output[2 * k] = bins.real[k]
                work.output[2 * k + 1] = bins.imaginary[k]
            }
            work.execute()
            let scale = 1 / Double(count)
            return (0..<count).map { work.input[$0] * scale }
        }
    }

    /// The bins of `N = samples.count` samples of either precision (``forward(_:)``).
    func transformed<T: FFTWScalar>(_ samples: [T]) throws(SignalError) -> ComplexBins {
        try transform(T.self, size: samples.count) { work in
            samples.withUnsafeBufferPointer { src in
                if let base = src.baseAddress { work.input.update(from: base, count: src.count) }
            }
            work.execute()
            return work.bins()
        }
    }

    /// Runs `body` with an aligned workspace for an `size`-point transform of `T`: fill
    /// `work.input`, call `work.execute()` (as often as needed), read `work.output` (for an `inverse`
    /// transform the other way round: fill `work.output`'s bins, read `work.input`'s samples, unnormalised;
    /// FFTW's complex-to-real transform overwrites the bins).
    /// The workspace is taken from this instance's pool and returned afterwards.
    func transform<T: FFTWScalar, R>(
        _ type: T.Type, size: Int, inverse: Bool = false,
        _ body: (FFTWorkspace<T>) -> R
    ) throws(SignalError) -> R {
        guard size >= 1 else {
            throw SignalError(.tooShort, "an FFT needs at least 1 sample, got \(size)", field: "fft")
        }
        guard size <= Int(Int32.max) else {
            throw SignalError(.invalidArgument, "FFT size \(size) exceeds FFTW's 32-bit limit", field: "fft")
        }
        let key = PlanKey(size: size, double: T.isDouble, inverse: inverse)
        let bytes = T.workspaceBytes(size: size)
        // Reuse a plan and a scratch buffer if there are; plan and allocate otherwise.
        var plan: OpaquePointer?
        var buffer: UnsafeMutableRawPointer?
        lock.withLock { _ in
            plan = plans[key]
            buffer = pool[key]?.popLast()
        }
        if plan == nil || buffer == nil {
            fftwLock.withLock { _ in
                if buffer == nil { buffer = T.allocate(bytes: bytes) }
                if plan == nil, let buffer {
                    // FFTW_ESTIMATE leaves the arrays alone; FFTW_MEASURE overwrites them while it plans,
                    // which is fine for a scratch buffer.
                    let flags = planning == .estimate ? signalrunner_fftw_estimate : signalrunner_fftw_measure
                    plan =
                        inverse
                        ? T.makeInversePlan(size: size, buffer: buffer, flags: flags)
                        : T.makePlan(size: size, buffer: buffer, flags: flags)
                }
            }
            guard buffer != nil, let newPlan = plan else {
                if let buffer { fftwLock.withLock { _ in T.free(buffer) } }
                throw SignalError(
                    .fftFailure,
                    "FFTW could not plan or allocate a \(size)-point \(T.isDouble ? "double" : "single")-precision transform",
                    field: "fft")
            }
            lock.withLock { _ in
                if let existing = plans[key] {
                    // Another thread planned the same size meanwhile: keep one plan.
                    if existing != newPlan {
                        fftwLock.withLock { _ in T.destroy(newPlan) }
                    }
                    plan = existing
                } else {
                    plans[key] = newPlan
                }
            }
        }
        let work = FFTWorkspace<T>(size: size, raw: buffer!, plan: plan!, inverse: inverse)
        let result = body(work)
        lock.withLock { _ in pool[key, default: []].append(buffer!) }
        return result
    }
}

/// A workspace of one transform size: the input samples, the complex output (interleaved re, im)
/// and the plan; valid only inside ``RealFFT/transform(_:size:_:)``.
struct FFTWorkspace<T: FFTWScalar> {
    /// Number of real input samples `N`.
    let size: Int
    /// `N` input samples (aligned).
    let input: UnsafeMutablePointer<T>
    /// `N/2 + 1` complex outputs as interleaved `re, im` pairs (aligned).
    let output: UnsafeMutablePointer<T>
    let plan: OpaquePointer
    /// Whether `plan` is complex-to-real: from `output`'s bins to `input`'s samples.
    let inverse: Bool

    init(size: Int, raw: UnsafeMutableRawPointer, plan: OpaquePointer, inverse: Bool = false) {
        self.size = size
        self.plan = plan
        self.inverse = inverse
        input = raw.bindMemory(to: T.self, capacity: T.inputStride(size: size) + 2 * (size / 2 + 1))
        output = input + T.inputStride(size: size)
    }

    /// Number of complex output bins.
    var binCount: Int { size / 2 + 1 }

    /// Runs the plan on this workspace's arrays (thread-safe new-array execute).
    func execute() {
        if inverse { T.executeInverse(plan, output, input) } else { T.execute(plan, input, output) }
    }

    /// The output as ``ComplexBins`` in Double.
    func bins() -> ComplexBins {
        let n = binCount
        var re = [Double](repeating: 0, count: n)
        var im = [Double](repeating: 0, count: n)
        for k in 0..<n {
            re[k] = Double(output[2 * k])
            im[k] = Double(output[2 * k + 1])
        }
        return ComplexBins(real: re, imaginary: im)
    }
}

/// The two precisions FFTW is used in: `Float` (`fftwf_*`) and `Double` (`fftw_*`), each through its
/// table of entry points (``fftw``).
protocol FFTWScalar: BinaryFloatingPoint {
    /// FFTW's complex type of this precision (`fftwf_complex`, `fftw_complex`: two reals).
    associatedtype FFTWComplex
    /// This precision's FFTW functions.
    static var fftw: FFTWFunctions<Self, FFTWComplex> { get }
}

/// One precision's FFTW entry points, so that the workspace layout and the pointer binding around them
/// are written once for both.
struct FFTWFunctions<Real, Complex>: Sendable {
    /// `fftw_malloc`: SIMD-aligned memory.
    let malloc: @Sendable (Int) -> UnsafeMutableRawPointer?
    /// `fftw_free`.
    let free: @Sendable (UnsafeMutableRawPointer?) -> Void
    /// `fftw_plan_dft_r2c_1d(n, in, out, flags)`.
    let planForward:
        @Sendable (Int32, UnsafeMutablePointer<Real>?, UnsafeMutablePointer<Complex>?, UInt32) -> OpaquePointer?
    /// `fftw_plan_dft_c2r_1d(n, in, out, flags)`.
    let planInverse:
        @Sendable (Int32, UnsafeMutablePointer<Complex>?, UnsafeMutablePointer<Real>?, UInt32) -> OpaquePointer?
    /// `fftw_execute_dft_r2c(plan, in, out)`: thread-safe on new arrays.
    let executeForward: @Sendable (OpaquePointer?, UnsafeMutablePointer<Real>?, UnsafeMutablePointer<Complex>?) -> Void
    /// `fftw_execute_dft_c2r(plan, in, out)`: thread-safe on new arrays.
    let executeInverse: @Sendable (OpaquePointer?, UnsafeMutablePointer<Complex>?, UnsafeMutablePointer<Real>?) -> Void
    /// `fftw_destroy_plan`.
    let destroy: @Sendable (OpaquePointer?) -> Void
}

extension FFTWScalar {
    /// Whether this is FFTW's double precision (`fftw_*`) rather than single (`fftwf_*`).
    static var isDouble: Bool { Self.self == Double.self }

    /// Input samples rounded up to a multiple of 16 values, so that the output that follows keeps
    /// the buffer's SIMD alignment.
    static func inputStride(size: Int) -> Int { (size + 15) / 16 * 16 }

    /// Bytes for the input and the `N/2 + 1` complex outputs.
    static func workspaceBytes(size: Int) -> Int {
        (inputStride(size: size) + 2 * (size / 2 + 1)) * MemoryLayout<Self>.stride
    }

    /// SIMD-aligned memory from FFTW's allocator.
    static func allocate(bytes: Int) -> UnsafeMutableRawPointer? { fftw.malloc(bytes) }

    /// Returns memory from ``allocate(bytes:)``.
    static func free(_ pointer: UnsafeMutableRawPointer) { fftw.free(pointer) }

    /// The workspace's samples (at the start of `buffer`) and its `N/2 + 1` complex bins (after
    /// ``inputStride(size:)`` samples).
    static func layout(
        size: Int, buffer: UnsafeMutableRawPointer
    ) -> (samples: UnsafeMutablePointer<Self>, bins: UnsafeMutablePointer<FFTWComplex>) {
        let samples = buffer.assumingMemoryBound(to: Self.self)
        return (samples, complex(samples + inputStride(size: size)))
    }

    /// Interleaved `re, im` pairs as FFTW's complex type.
    static func complex(_ pairs: UnsafeMutablePointer<Self>) -> UnsafeMutablePointer<FFTWComplex> {
        UnsafeMutableRawPointer(pairs).assumingMemoryBound(to: FFTWComplex.self)
    }

    /// A real-to-complex plan from the workspace's samples to its bins.
    static func makePlan(size: Int, buffer: UnsafeMutableRawPointer, flags: UInt32) -> OpaquePointer? {
        let (samples, bins) = layout(size: size, buffer: buffer)
        return fftw.planForward(Int32(size), samples, bins, flags)
    }

    /// A complex-to-real plan from the workspace's bins to its samples.
    static func makeInversePlan(size: Int, buffer: UnsafeMutableRawPointer, flags: UInt32) -> OpaquePointer? {
        let (samples, bins) = layout(size: size, buffer: buffer)
        return fftw.planInverse(Int32(size), bins, samples, flags)
    }

    /// Runs a plan from ``makePlan(size:buffer:flags:)`` on `input` into `output` (interleaved pairs).
    static func execute(
        _ plan: OpaquePointer, _ input: UnsafeMutablePointer<Self>, _ output: UnsafeMutablePointer<Self>
    ) {
        fftw.executeForward(plan, input, complex(output))
    }

    /// Runs a plan from ``makeInversePlan(size:buffer:flags:)`` on `bins` (interleaved pairs) into `samples`.
    static func executeInverse(
        _ plan: OpaquePointer, _ bins: UnsafeMutablePointer<Self>, _ samples: UnsafeMutablePointer<Self>
    ) {
        fftw.executeInverse(plan, complex(bins), samples)
    }

    /// Destroys a plan.
    static func destroy(_ plan: OpaquePointer) { fftw.destroy(plan) }
}

extension Float: FFTWScalar {
    static let fftw = FFTWFunctions<Float, fftwf_complex>(
        malloc: fftwf_malloc, free: fftwf_free, planForward: fftwf_plan_dft_r2c_1d,
        planInverse: fftwf_plan_dft_c2r_1d, executeForward: fftwf_execute_dft_r2c,
        executeInverse: fftwf_execute_dft_c2r, destroy: fftwf_destroy_plan)
}

extension Double: FFTWScalar {
    static let fftw = FFTWFunctions<Double, fftw_complex>(
        malloc: fftw_malloc, free: fftw_free, planForward: fftw_plan_dft_r2c_1d,
        planInverse: fftw_plan_dft_c2r_1d, executeForward: fftw_execute_dft_r2c,
        executeInverse: fftw_execute_dft_c2r, destroy: fftw_destroy_plan)
}
