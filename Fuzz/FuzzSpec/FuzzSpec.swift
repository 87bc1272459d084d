import Formats
import Foundation
import FuzzSupport
import Playback
import Signals
import Specs

/// Fuzzes spec decoding, validation and rendering.
///
/// For every input: ``SignalNode/decode(json:)`` and ``SpecDocument/decode(json:)`` must agree (both
/// fail with a bounded message, or give the same node); a decoded node must survive its own encoding
/// (pretty and compact) and `SpecDocument.load` of the same bytes. Then, at a few sample rates with and
/// without aliasing: when the spec validates, a render of a few hundred frames from index 0, past 2³²
/// and just below the last index (2⁶²) must not throw, must hold only finite samples within the bound
/// the validator returned, and must be bit-identical when rendered again in other blocks.
enum SpecHarness {
    static let rates: [Double] = [1e-6, 1, 1000, 48_000, 1e10]
    static let frames = 300
    static let starts = [0, (1 << 32) + 17, SignalLimits.largestIndex - frames]

    static func run(_ data: Data) {
        let node: SignalNode
        do {
            node = try SignalNode.decode(json: data)
        } catch {
            FuzzHarness.requireBounded(error)
            checkRouteDocument(data, signalError: error)
            return
        }
        checkDocument(data, node)
        for pretty in [true, false] {
            let text = node.json(pretty: pretty)
            do {
                let again = try SignalNode.decode(json: text)
                FuzzHarness.require(
                    again == node,
                    "the \(pretty ? "pretty" : "compact") encoding decodes to another node:\n\(String(decoding: text, as: UTF8.self))"
                )
            } catch {
                FuzzHarness.fail(
                    "the \(pretty ? "pretty" : "compact") encoding does not decode: \(error)\n\(String(decoding: text, as: UTF8.self))"
                )
            }
        }
        checkRenders(node, AnySignal(node: node))
    }

    /// At every rate, with and without aliasing: the node validates as its signal does, and a signal
    /// that validates renders finite samples within its bound, the same in any blocks.
    static func checkRenders(_ node: SignalNode, _ signal: AnySignal) {
        for rate in rates {
            for aliasing in [false, true] {
                let bound: Double
                do {
                    let context = try ValidationContext(sampleRate: rate, allowAliasing: aliasing)
                    bound = try node.validate(context)
                } catch {
                    FuzzHarness.requireBounded(error)
                    continue
                }
                do {
                    try signal.validate(sampleRate: rate, allowAliasing: aliasing)
                } catch {
                    FuzzHarness.fail("SignalNode.validate passed at \(rate) Hz but AnySignal.validate throws \(error)")
                }
                for start in starts {
                    render(signal, rate: rate, aliasing: aliasing, start: start, bound: bound)
                }
            }
        }
    }

    /// A document that is not a signal is refused by the document decoder too, unless it is a route
    /// (`{"route": ...}`, optionally with a motion): then the loader gives the same document, and its
    /// motion, if any, validates and renders like any signal.
    static func checkRouteDocument(_ data: Data, signalError: SignalError) {
        let document: SpecDocument
        do {
            document = try SpecDocument.decode(json: data)
        } catch {
            FuzzHarness.requireBounded(error)
            return
        }
        FuzzHarness.require(
            document.signal == nil && document.route != nil,
            "SpecDocument decoded a signal where SignalNode.decode failed with \(signalError)")
        do {
            let loaded = try SpecDocument.load(NamedInput(name: "spec.json", bytes: data))
            FuzzHarness.require(loaded == document, "SpecDocument.load gives another route document")
        } catch {
            FuzzHarness.fail("SpecDocument.decode passed but SpecDocument.load throws \(error)")
        }
        if case .motionAndRoute(let motion, _) = document { checkRenders(motion.node, motion) }
    }

    /// The document decoder and the loader give the same signal.
    static func checkDocument(_ data: Data, _ node: SignalNode) {
        do {
            let document = try SpecDocument.decode(json: data)
            FuzzHarness.require(document.signal?.node == node, "SpecDocument decodes to another node")
        } catch {
            FuzzHarness.fail("SignalNode.decode passed but SpecDocument.decode throws \(error)")
        }
        for name in ["spec.json", "spec"] {
            do {
                let document = try SpecDocument.load(NamedInput(name: name, bytes: data))
                FuzzHarness.require(document.signal?.node == node, "SpecDocument.load(\(name)) gives another node")
            } catch {
                FuzzHarness.fail("SignalNode.decode passed but SpecDocument.load(\(name)) throws \(error)")
            }
        }
    }

    static func render(_ signal: AnySignal, rate: Double, aliasing: Bool, start: Int, bound: Double) {
        let whole: SampleBuffer
        let split: SampleBuffer
        do {
            whole = try signal.render(
                sampleRate: rate, startIndex: start, frameCount: frames,
                options: RenderOptions(allowAliasing: aliasing, parallelism: .serial, blockFrames: 128))
            split = try signal.render(
                sampleRate: rate, startIndex: start + 37, frameCount: frames - 37,
                options: RenderOptions(allowAliasing: aliasing, parallelism: .serial, blockFrames: 16))
        } catch {
            FuzzHarness.fail(
                "a validated spec failed to render \(frames) frames from index \(start) at \(rate) Hz: \(error)")
        }
        let channels = signal.channelCount
        FuzzHarness.require(
            whole.channelCount == channels && whole.frameCount == frames,
            "the buffer is \(whole.channelCount) × \(whole.frameCount), expected \(channels) × \(frames)")
        // Float rounding of gains, biases and sums stays far below 1e-4 of the bound.
        let limit = bound * (1 + 1e-4) + Double(Float.leastNormalMagnitude)
        for c in 0..<channels {
            for i in 0..<frames {
                let v = whole.samples[c * frames + i]
                guard v.isFinite, Double(v.magnitude) <= limit else {
                    FuzzHarness.fail(
                        "sample \(start + i) of channel \(c) at \(rate) Hz (aliasing \(aliasing)) is \(v), the validated bound is \(bound)"
                    )
                }
                if i >= 37 {
                    let w = split.samples[c * (frames - 37) + i - 37]
                    FuzzHarness.require(
                        w.bitPattern == v.bitPattern,
                        "sample \(start + i) of channel \(c) at \(rate) Hz is \(v) in one render and \(w) in blocks of 16 from \(start + 37)"
                    )
                }
            }
        }
    }
}

@main
enum Main {
    static func main() { FuzzHarness.main(SpecHarness.run) }
}
