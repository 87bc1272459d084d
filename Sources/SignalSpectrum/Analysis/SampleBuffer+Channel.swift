import Signals

extension SampleBuffer {
    /// Runs `body` on the samples of channel `channel`, after checking the index.
    /// - Throws: `SignalError` (`invalidArgument`) for a channel outside `0 ..< channelCount`, or what
    ///   `body` throws.
    func withChannel<R>(
        _ channel: Int,
        _ body: (UnsafeBufferPointer<Float>) throws(SignalError) -> R
    ) throws(SignalError) -> R {
        guard channel >= 0 && channel < channelCount else {
            throw SignalError(
                .invalidArgument, "channel \(channel) is out of range 0..<\(channelCount)",
                field: "channel")
        }
        return try withUnsafeBufferPointer(channel: channel) { p in
            Result { () throws(SignalError) in try body(p) }
        }.get()
    }
}
