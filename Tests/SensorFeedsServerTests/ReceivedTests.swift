import Foundation
import SignalRunnerTesting
import Testing

/// The test helper the server tests wait with: woken by `add`, and failing (not hanging) at its deadline.
@Suite struct ReceivedTests {
    @Test("wait returns at once when the condition already holds, and when a later add makes it hold")
    func wakes() async throws {
        let got = Received<Int>()
        got.add(1, nil)
        try await got.wait(for: "one value", timeout: .seconds(30)) { values, _ in values == [1] }
        let adding = Task.detached {
            got.add(2, nil)
            got.add(nil, TestingError.failure("an error"))
        }
        try await got.wait(for: "a value and an error", timeout: .seconds(30)) { values, errors in
            values.count == 2 && errors.count == 1
        }
        await adding.value
        #expect(got.values == [1, 2])
        #expect(got.errors.count == 1)
    }

    @Test("wait throws at its deadline when the condition never holds")
    func timesOut() async throws {
        let got = Received<Int>()
        got.add(1, nil)
        let failure = try await #require(throws: TestingError.self) {
            try await got.wait(for: "two values", timeout: .milliseconds(50)) { values, _ in values.count >= 2 }
        }
        #expect(failure.description.contains("two values"))
        got.add(2, nil)  // a late value wakes no one and breaks nothing
        #expect(got.values == [1, 2])
    }
}
