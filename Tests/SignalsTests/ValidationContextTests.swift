import Foundation
import Testing

@testable import Signals

/// The validator's promise: a signal that validates renders only finite samples, whatever its
/// parameters (the invariant the FuzzSpec harness checks on every input). Each refused case here
/// validated and rendered `inf` or NaN before its fix; they were found by reading the render's
/// arithmetic while writing that harness, whose invariant reports each of them.
@Suite struct ValidationContextTests {
    /// Validates `json` at `rate` and renders a few hundred frames from 0 and from near the last index;
    /// returns the error, or `nil` after checking that every sample is finite.
    func check(_ json: String, rate: Double = 1000, aliasing: Bool = true) throws -> SignalError? {
        let signal = try AnySignal(json: Data(json.utf8))
        return try check(signal, rate: rate, aliasing: aliasing)
    }

    func check(_ signal: some Signal, rate: Double = 1000, aliasing: Bool = true) throws -> SignalError? {
        do {
            try signal.validate(sampleRate: rate, allowAliasing: aliasing)
        } catch {
            return error
        }
        let options = RenderOptions(allowAliasing: aliasing, parallelism: .serial)
        for start in [0, SignalLimits.largestIndex - 300] {
            let buffer = try signal.render(sampleRate: rate, startIndex: start, frameCount: 300, options: options)
            let bad = buffer.samples.firstIndex { !$0.isFinite }
            #expect(bad == nil, "sample \(bad ?? 0) from \(start) is \(bad.map { buffer.samples[$0] } ?? 0)")
        }
        return nil
    }

    @Test("the gain is the product of the scale factors above, in render order; appending keeps it")
    func gain() throws {
        let root = try ValidationContext(sampleRate: 1000)
        #expect(root.gain == 1)
        let inner = try root.appending(".scaled").scaled(by: 2).appending(".signal").scaled(by: -3)
        #expect(inner.gain == -6)
        #expect(inner.appending("[0]").gain == -6)
        #expect(inner.path == "$.scaled.signal")
        #expect(#expect(throws: SignalError.self) { try inner.scaled(by: 1e38) }?.code == .outOfRange)
    }

    // `1e200 × 1e200` overflows the render's gain to inf, and `inf × 0` is NaN, though the bound of
    // every node is 0.
    @Test(
        "scale factors whose product is beyond the largest Float are refused, even above a zero",
        arguments: [
            #"{"scaled": {"by": 1e200, "signal": {"scaled": {"by": 1e200, "signal": {"constant": {"value": 0}}}}}}"#,
            #"{"scaled": {"by": 1e39, "signal": {"sine": {"amplitude": 0, "frequency": 1}}}}"#,
            #"{"scaled": {"by": -1e30, "signal": {"offset": {"by": 0, "signal": {"scaled": {"by": 1e10, "signal": {"scaled": {"by": 0, "signal": {"constant": {"value": 1}}}}}}}}}}"#,
        ])
    func gainOverflow(json: String) throws {
        let error = try check(json)
        #expect(error?.code == .outOfRange)
        #expect(error?.message.contains("multiply to") == true)
        #expect(error?.message.contains("largest a Float holds") == true)
    }

    @Test("the static combinators refuse the same products")
    func gainOverflowStatic() throws {
        let error = try check(Constant(0).scaled(by: 1e200).scaled(by: 1e200))
        #expect(error?.code == .outOfRange)
        #expect(error?.path == "$.scaled.signal.scaled")  // the node whose factor makes the product overflow
    }

    /// A signal of one's own that writes through ``RenderBlock/store(_:_:)``, which applies the gain as a `Float`.
    struct Zero: Signal {
        func validate(_ context: ValidationContext) throws(SignalError) -> Double? { 0 }
        func render(into block: RenderBlock, _ transform: Affine) {
            block.store(transform) { out in out.initialize(repeating: 0) }
        }
    }

    @Test("a gain beyond Float is refused for signals of one's own, whose store applies it as a Float (0 × inf)")
    func gainOverflowCustom() throws {
        #expect(try check(Zero().scaled(by: 1e39))?.code == .outOfRange)
        #expect(try check(Zero().scaled(by: 1e38)) == nil)
    }

    @Test("a gain within Float's range that rescales a small signal still renders it")
    func gainWithinRange() throws {
        #expect(
            try check(
                #"{"scaled": {"by": 1e30, "signal": {"scaled": {"by": 1e-30, "signal": {"sine": {"frequency": 1}}}}}}"#)
                == nil)
        let buffer = try Constant(1e-38).scaled(by: 1e38).render(sampleRate: 10, frameCount: 4)
        #expect(buffer.samples.allSatisfy { abs($0 - 1) < 1e-6 })
    }

    // A triangle's kernel works with its slope −4·amplitude and a sawtooth's with 2·amplitude, which
    // overflowed Float (−inf, then NaN at the peak) while the samples stayed in range.
    @Test(
        "slopes beyond the largest Float are refused, with the amplitude's path",
        arguments: [
            (#"{"triangle": {"amplitude": 1e38, "frequency": 1}}"#, "$.triangle.amplitude"),
            (#"{"sawtooth": {"amplitude": 2e38, "frequency": 1}}"#, "$.sawtooth.amplitude"),
            (
                #"{"scaled": {"by": 1e30, "signal": {"triangle": {"amplitude": -1e8, "frequency": 1}}}}"#,
                "$.scaled.signal.triangle.amplitude"
            ),
        ])
    func slopeOverflow(json: String, path: String) throws {
        let error = try check(json)
        #expect(error?.code == .outOfRange)
        #expect(error?.path == path)
    }

    @Test("the largest slopes within range render finite samples")
    func slopeWithinRange() throws {
        #expect(try check(#"{"triangle": {"amplitude": 8.5e37, "frequency": 1, "offset": -8.5e37}}"#) == nil)
        #expect(try check(#"{"sawtooth": {"amplitude": 1.7e38, "frequency": 3, "phase": 1}}"#) == nil)
        #expect(try check(Triangle(amplitude: 8.5e37, frequency: 7)) == nil)
    }

    // The sum's bound (the sum of its terms' bounds, ≤ the largest sample) ignored the rounding of the
    // accumulation in Float; 101 terms that add up to 1.7e32 below the largest Float rendered inf.
    @Test("a sum's bound allows for the rounding of its accumulation in Float")
    func sumRounding() throws {
        let big = 3.4028048065684532e38
        let small = 1.5211807202738753e31
        let terms =
            [#"{"constant": {"value": \#(big)}}"#]
            + Array(repeating: #"{"constant": {"value": \#(small)}}"#, count: 100)
        let error = try check(#"{"sum": [\#(terms.joined(separator: ","))]}"#)
        #expect(error?.code == .outOfRange)
        #expect(big + 100 * small <= SignalLimits.largestSample)  // the exact sum is in range
        let builder = Sum {
            Constant(big)
            for _ in 0..<100 { Constant(small) }
        }
        #expect(try check(builder)?.code == .outOfRange)
        let array = [Constant(big)] + Array(repeating: Constant(small), count: 100)
        #expect(try check(array)?.code == .outOfRange)
    }

    @Test("sums of many ordinary terms and sums up to near the largest Float still validate")
    func sumWithinRange() throws {
        let ones = Array(repeating: #"{"sine": {"amplitude": 1, "frequency": 1}}"#, count: 1000)
        #expect(try check(#"{"sum": [\#(ones.joined(separator: ","))]}"#) == nil)
        #expect(try check(#"{"sum": [{"constant": {"value": 3e38}}, {"constant": {"value": 4e37}}]}"#) == nil)
        #expect(SignalLimits.roundedSum(1, terms: 1) == 1 + 4 * 0x1p-24)
    }
}
