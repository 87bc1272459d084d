#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
import Dispatch
import Foundation
#endif

/// The operating system's monotonic clock in nanoseconds, and absolute-deadline sleeps on it.
///
/// - Linux: `CLOCK_MONOTONIC` read through the vDSO, `clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)`.
/// - Apple platforms: `mach_absolute_time` (the base of `CLOCK_UPTIME_RAW`) and `mach_wait_until`.
/// - Elsewhere: `DispatchTime` and a relative `Thread.sleep`.
package enum Monotonic {
    /// Nanoseconds on the monotonic clock (arbitrary origin, never goes back).
    @inline(__always)
    package static func now() -> Int64 {
        #if canImport(Glibc)
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) &* 1_000_000_000 &+ Int64(ts.tv_nsec)
        #elseif canImport(Darwin)
        return Int64(clamping: ticksToNanos(mach_absolute_time()))
        #else
        return Int64(clamping: DispatchTime.now().uptimeNanoseconds)
        #endif
    }

    /// Sleeps the calling thread until `deadline` (nanoseconds on ``now()``), or a little later;
    /// returns early only on a signal, so callers loop.
    package static func sleep(until deadline: Int64) {
        #if canImport(Glibc)
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        _ = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil)
        #elseif canImport(Darwin)
        _ = mach_wait_until(nanosToTicks(UInt64(max(0, deadline))))
        #else
        let remaining = deadline - now()
        if remaining > 0 { Thread.sleep(forTimeInterval: Double(remaining) / 1e9) }
        #endif
    }

    /// Prepares the calling (playback) thread for precise sleeps. On Linux it lowers the thread's timer
    /// slack from the default 50 µs to 1 ns (`/proc/<tid>/timerslack_ns`), so that
    /// `clock_nanosleep` wakes when asked rather than up to 50 µs later; where that file cannot be
    /// written, nothing changes (the spin of `TimingPolicy.precise` absorbs the slack). It affects this
    /// thread only. Elsewhere it does nothing.
    package static func prepareThread() {
        #if canImport(Glibc)
        // `/proc/thread-self` links to `<pid>/task/<tid>`; `/proc/<tid>` names the thread, and the
        // per-thread file is only at that level.
        var link = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/thread-self", &link, link.count - 1)
        guard length > 0,
            let tid = String(decoding: link[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .split(separator: "/").last.flatMap({ Int($0) })
        else { return }
        let fd = open("/proc/\(tid)/timerslack_ns", O_WRONLY)
        guard fd >= 0 else { return }
        _ = write(fd, "1", 1)
        close(fd)
        #endif
    }

    #if canImport(Darwin)
    private static let timebase: mach_timebase_info_data_t = {
        var info = mach_timebase_info_data_t()
        mach_timebase_info(&info)
        return info
    }()

    private static func ticksToNanos(_ ticks: UInt64) -> UInt64 {
        ticks.multipliedFullWidth(by: UInt64(timebase.numer)).high == 0
            ? ticks * UInt64(timebase.numer) / UInt64(timebase.denom)
            : UInt64(Double(ticks) * Double(timebase.numer) / Double(timebase.denom))
    }

    private static func nanosToTicks(_ nanos: UInt64) -> UInt64 {
        nanos.multipliedFullWidth(by: UInt64(timebase.denom)).high == 0
            ? nanos * UInt64(timebase.denom) / UInt64(timebase.numer)
            : UInt64(Double(nanos) * Double(timebase.denom) / Double(timebase.numer))
    }
    #endif
}
