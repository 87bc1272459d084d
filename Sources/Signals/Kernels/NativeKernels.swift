import CSignalKernels

/// The native (AVX2 / AVX-512) builds of the kernels, chosen at run time by CPU feature.
///
/// Swift's default x86-64 target is SSE2 and a package cannot pass CPU flags to its compiler, so the
/// hot kernels also exist as C functions with `target` attributes (module `CSignalKernels`, one
/// implementation in `kernels_impl.h` compiled per target), selected by `cpuid`. They perform the same
/// IEEE operations per sample, in the same order, as the portable Swift kernels, so the samples are bit
/// for bit the same on every path and every machine (`NativeKernelTests` compares the bit patterns at
/// every level the CPU has). On other architectures only the portable kernels exist.
///
/// ```swift
/// let portable = NativeKernels.withLevel(0) { try signal.render(...) }   // the Swift kernels only
/// ```
package enum NativeKernels {
    /// The portable Swift kernels (every CPU).
    package static let portable = 0
    /// The AVX2 build (8 lanes).
    package static let avx2 = 2
    /// The AVX-512F build (16 lanes).
    package static let avx512 = 3

    /// The widest native path in use on this thread: the highest available level at or below the
    /// thread's cap (0 portable Swift only, 2 AVX2, 3 AVX-512).
    package static var level: Int { Int(sr_kernel_level()) }

    /// The levels this CPU runs, whatever the cap, in increasing order: `[0]`, `[0, 2]` or `[0, 2, 3]`.
    package static var availableLevels: [Int] {
        let mask = Int(sr_available_levels())
        return [portable, avx2, avx512].filter { mask & (1 << $0) != 0 }
    }

    /// The calling thread's cap on the native path (3, all levels, unless set by ``withLevel(_:_:)``).
    package static var cap: Int { Int(sr_level_cap()) }

    /// A human name of a level, for messages and bench rows.
    package static func name(of level: Int) -> String {
        switch level {
        case portable: "portable Swift"
        case avx2: "AVX2"
        case avx512: "AVX-512"
        default: "level \(level)"
        }
    }

    /// Runs `body` on the calling thread with the native kernels capped at `level` (0 forces the
    /// portable Swift kernels, 2 allows AVX2, 3 allows all), then restores the thread's previous cap,
    /// also when `body` throws, so calls nest. The cap is per thread: renders inside must be serial.
    ///
    /// - Parameters:
    ///   - level: The highest level to use, `0 ... 3`.
    ///   - body: The work to run under the cap.
    @discardableResult
    package static func withLevel<T>(_ level: Int, _ body: () throws -> T) rethrows -> T {
        precondition((0...3).contains(level), "native kernel level \(level) is not in 0...3")
        let previous = sr_level_cap()
        sr_set_level_cap(Int32(level))
        defer { sr_set_level_cap(previous) }
        return try body()
    }
}
