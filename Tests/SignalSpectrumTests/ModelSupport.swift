import Signals

@testable import SignalSpectrum

/// The exact model of a channel, synthesised as the fit does (tests compare it with the engine's render).
enum ModelSupport {
    static func synthesize(_ channel: ExpectedChannel, sampleRate: Double, start: Int, count: Int) -> [Double] {
        let terms = channel.terms ?? []
        let constant = channel.dc - terms.reduce(0) { $0 + $1.mean }
        let width = Phasors.blockSize + Phasors.lanes
        let re = UnsafeMutablePointer<Double>.allocate(capacity: width)
        let im = UnsafeMutablePointer<Double>.allocate(capacity: width)
        let block = UnsafeMutablePointer<Double>.allocate(capacity: width)
        defer {
            re.deallocate()
            im.deallocate()
            block.deallocate()
        }
        var out: [Double] = []
        var offset = 0
        while offset < count {
            let n = min(Phasors.blockSize, count - offset)
            for i in 0..<n { block[i] = constant }
            for term in terms {
                term.add(into: block, start: start + offset, count: n, re: re, im: im)
                if case .chirp(let model, _) = term.shape, let c = term.chirpPhasor {
                    model.fill(start: start + offset, count: n, re: re, im: im)
                    for i in 0..<n { block[i] += c.re * re[i] - c.im * im[i] }
                }
            }
            out += (0..<n).map { block[$0] }
            offset += n
        }
        return out
    }

    /// The largest |render − model| of a one-channel signal, and the error bound E the fit allows.
    static func deviation<S: SpecRepresentable>(
        _ signal: S, sampleRate: Double = 1000, start: Int = 0, count: Int = 5000,
        allowAliasing: Bool = false
    ) throws -> (deviation: Double, bound: Double) {
        let expected = try ExpectedSpectrum(signal.node, sampleRate: sampleRate, allowAliasing: allowAliasing).channels[
            0]
        let request = try RenderRequest(sampleRate: sampleRate, startIndex: start, frameCount: count)
        let buffer = try signal.render(
            request, options: RenderOptions(allowAliasing: allowAliasing, parallelism: .serial))
        let model = synthesize(expected, sampleRate: sampleRate, start: start, count: count)
        var worst = 0.0
        for i in 0..<count { worst = max(worst, abs(Double(buffer.samples[i]) - model[i])) }
        return (worst, ModelFit.errorBound(expected))
    }
}
