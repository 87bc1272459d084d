import Testing

@testable import Signals

@Suite struct MemoryBudgetTests {
    @Test func halfOfWhatTheProcessMayStillTakeWhenThePlatformSays() {
        // An iPhone with 6 GiB whose app may take 2 GiB more: 1 GiB, not 3 GiB.
        #expect(MemoryBudget.limit(physicalMemory: 6 << 30, availableToProcess: 2 << 30) == 1 << 30)
    }

    @Test func halfThePhysicalMemoryWhenThePlatformDoesNotSay() {
        #expect(MemoryBudget.limit(physicalMemory: 16 << 30, availableToProcess: nil) == 8 << 30)
        // os_proc_available_memory() answers 0 where no limit applies (a Mac Catalyst app).
        #expect(MemoryBudget.limit(physicalMemory: 16 << 30, availableToProcess: 0) == 8 << 30)
    }

    @Test func hugeValuesClampInsteadOfTrapping() {
        #expect(MemoryBudget.limit(physicalMemory: .max, availableToProcess: nil) == Int(UInt64.max / 2))
    }

    @Test(arguments: [
        ("4294967296\n", UInt64(4 << 30) as UInt64?), ("max\n", nil), ("", nil), ("0", nil), ("-5", nil),
        ("12abc", nil),
    ])
    func cgroupMemoryMax(text: String, expected: UInt64?) {
        #expect(MemoryBudget.cgroupLimit(text) == expected)
    }

    @Test func theDefaultRenderLimitIsTheBudget() {
        #expect(RenderOptions.defaultMemoryLimit == MemoryBudget.current)
        #expect(RenderOptions().memoryLimit == MemoryBudget.current)
        #expect(MemoryBudget.current > 0)
    }
}
