import Signals

extension SampleBuffer {
    /// Runs `body` on the samples of channel `channel`, after checking the index.
    /// - Throws: ``SpectrumError`` (`invalidParameter`) for a channel outside `0 ..< channelCount`, or what
    ///   `body` throws.
    func withChannel<R>(_ channel: Int,
                        _ body: (UnsafeBufferPointer<Float>) throws(SpectrumError) -> R) throws(SpectrumError) -> R {
        guard channel >= 0 && channel < channelCount else {
            throw SpectrumError(.invalidParameter, context: "channel",
                                "channel \(channel) is out of range 0..<\(channelCount)")
        }
        return try withUnsafeBufferPointer(channel: channel) { p in
            Result { () throws(SpectrumError) in try body(p) }
        }.get()
    }
}
