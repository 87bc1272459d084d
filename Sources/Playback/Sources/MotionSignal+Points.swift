import Foundation
import Signals

extension MotionSignal {
    /// The motion as points at `sampleRate`, ready for a ``Runner``: `round(duration · sampleRate)` points at
    /// `t = start, start + 1/sampleRate, …` rendered block by block (bounded memory, no per-point allocation).
    /// - Parameters:
    ///   - sampleRate: Points per second (Hz).
    ///   - duration: Seconds of motion.
    ///   - start: Time of the first point in seconds (default 0).
    ///   - options: Aliasing policy and block size of the render.
    /// - Throws: `SignalError` for a bad rate, duration or parameter.
    public func points(
        sampleRate: Double, duration: TimeInterval, start: TimeInterval = 0,
        options: RenderOptions = RenderOptions()
    ) throws -> SignalPoints<MotionSignal, MotionPoint> {
        try validate(sampleRate: sampleRate, allowAliasing: options.allowAliasing)
        return try SignalPoints(
            self, sampleRate: sampleRate, duration: duration, start: start, as: MotionPoint.self,
            options: options)
    }
}
