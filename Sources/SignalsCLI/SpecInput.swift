import Foundation
import Playback
import SignalSpectrum
import Signals

/// Runs spectrum code, turning its `SignalError` into a ``CLIError`` (exit status 2).
func spectrumStep<R>(_ body: () throws(SignalError) -> R) throws -> R {
    do {
        return try body()
    } catch {
        throw CLIError(error.description)
    }
}

/// The samples `verify` and `plot` analyse: the spec rendered with the timing flags, or the first
/// `round(duration · rate)` frames of a recording (`--input`).
func analysedSamples(signal: AnySignal, timing: RenderTiming, input: String?, specName: String) throws -> SampleBuffer {
    let request = try timing.validated(signal, name: specName)
    if let input {
        let source = try openInput(input)
        do {
            return try RecordedSamples.read(
                source, sampleRate: request.sampleRate, channelCount: signal.channelCount,
                frameCount: request.frameCount)
        } catch {
            throw CLIError(error.description)
        }
    }
    return try signal.render(request, options: timing.options)
}
