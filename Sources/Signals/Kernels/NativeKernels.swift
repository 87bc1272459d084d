import CSignalKernels

/// The native (AVX2 / AVX-512) builds of the kernels, chosen at run time by CPU feature.
///
/// Swift's default x86-64 target is SSE2 and a package cannot pass CPU flags to its compiler, so the
/// hot kernels also exist as C functions with `target` attributes (module `CSignalKernels`), selected
/// by `cpuid`. They perform the same IEEE operations per sample, in the same order, as the portable
/// Swift kernels, so the samples are bit for bit the same on every path and every machine (the tests
/// check it). On other architectures only the portable kernels exist.
public enum NativeKernels {
    /// The widest native path in use on this thread: 0 portable Swift only, 2 AVX2, 3 AVX-512.
    public static var level: Int { Int(sr_kernel_level()) }

    /// Runs `body` on the calling thread with the native kernels capped at `level`
    /// (0 forces the portable Swift kernels). Renders inside must be serial to stay on this thread.
    public static func withLevel<T>(_ level: Int, _ body: () throws -> T) rethrows -> T {
        let previous = Int(sr_kernel_level())
        sr_set_level_cap(Int32(level))
        defer { sr_set_level_cap(3) ; _ = previous }
        return try body()
    }
}
