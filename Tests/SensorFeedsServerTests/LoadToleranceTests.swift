import SensorFeeds
import Testing

/// The one error the live-server tests let pass (``unexpected(_:)``), and the ones they do not.
@Suite struct LoadToleranceTests {
    @Test("a connection attempt without a response head in time is the one tolerated error")
    func connectTimeoutIsTolerated() {
        let timeout = SensorFeedsError(.serverGone, "the server did not answer within 2.0 s")
        #expect(isConnectTimeout(timeout))
        #expect(unexpected([timeout]).isEmpty)
    }

    @Test(
        "every other error stays unexpected: a stream that ended, a refused connection, a bad event, a refusal",
        arguments: [
            SensorFeedsError(.serverGone, "the server ended the stream"),
            SensorFeedsError(.serverGone, "the server stopped sending within 2.0 s"),
            SensorFeedsError(.connectionFailed, "the server did not answer within 2.0 s"),
            SensorFeedsError(.malformed, "line 1: not JSON"),
            SensorFeedsError(.unauthorized, "401"),
        ])
    func otherErrorsStay(_ error: SensorFeedsError) {
        #expect(!isConnectTimeout(error))
        #expect(unexpected([error]).count == 1)
    }
}
