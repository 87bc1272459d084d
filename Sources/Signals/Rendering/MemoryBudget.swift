import Foundation

#if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
import os
#endif

/// How much memory a whole-buffer render may take by default: the rule and the platform's answers.
///
/// - Darwin devices (iOS, tvOS, watchOS, visionOS): half of what the process may still allocate before
///   the system ends it (`os_proc_available_memory()`), read at each call. An app is killed far below
///   half the device's physical memory, so that was never a safe default there.
/// - Linux: half of the physical memory, or of the cgroup's `memory.max` when a container sets a lower one.
/// - macOS and elsewhere: half of the physical memory.
package enum MemoryBudget {
    /// The default limit for a process with `physicalMemory` bytes of memory, of which it may still take
    /// `availableToProcess` bytes (`nil` or 0 when the platform does not say), in bytes.
    /// - Parameters:
    ///   - physicalMemory: The machine's (or container's) memory, in bytes.
    ///   - availableToProcess: What the process may still allocate, in bytes, if the platform says.
    package static func limit(physicalMemory: UInt64, availableToProcess: UInt64?) -> Int {
        if let available = availableToProcess, available > 0 {
            return Int(clamping: available / 2)
        }
        return Int(clamping: physicalMemory / 2)
    }

    /// The cgroup v2 limit in `text` (the contents of `memory.max`), or `nil` for `max` or anything
    /// that is not a positive byte count.
    /// - Parameter text: The file's text.
    package static func cgroupLimit(_ text: String) -> UInt64? {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let bytes = UInt64(value), bytes > 0 else { return nil }
        return bytes
    }

    /// This process's default limit now, in bytes.
    package static var current: Int {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return limit(
            physicalMemory: ProcessInfo.processInfo.physicalMemory,
            availableToProcess: UInt64(os_proc_available_memory()))
        #elseif os(Linux)
        return containerLimit
        #else
        return limit(physicalMemory: ProcessInfo.processInfo.physicalMemory, availableToProcess: nil)
        #endif
    }

    #if os(Linux)
    /// Half the physical memory or of the cgroup v2 limit, whichever is lower (read once: a container's
    /// limit is set when it starts).
    private static let containerLimit: Int = {
        var physical = ProcessInfo.processInfo.physicalMemory
        if let text = try? String(contentsOfFile: "/sys/fs/cgroup/memory.max", encoding: .utf8),
            let bytes = cgroupLimit(text)
        {
            physical = min(physical, bytes)
        }
        return limit(physicalMemory: physical, availableToProcess: nil)
    }()
    #endif
}
