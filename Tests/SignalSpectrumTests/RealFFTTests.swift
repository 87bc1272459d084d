import Foundation
import Signals
import Testing

@testable import SignalSpectrum

@Suite struct RealFFTTests {
    /// The DFT by definition.
    static func naive(_ x: [Double]) -> (re: [Double], im: [Double]) {
        let n = x.count
        var re = [Double](repeating: 0, count: n / 2 + 1)
        var im = re
        for k in 0...n / 2 {
            for (j, v) in x.enumerated() {
                let angle = -2 * Double.pi * Double((k * j) % n) / Double(n)
                re[k] += v * cos(angle)
                im[k] += v * sin(angle)
            }
        }
        return (re, im)
    }

    @Test(
        "forward equals the DFT by definition, in single and double precision",
        arguments: [1, 2, 15, 16, 17, 100, 1024])
    func matchesDefinition(size: Int) throws {
        let x = (0..<size).map { sin(Double($0) * 0.37) + Double($0 % 5) * 0.1 }
        let reference = Self.naive(x)
        let double = try RealFFT.shared.forward(x)
        let single = try RealFFT.shared.forward(x.map { Float($0) })
        #expect(double.count == size / 2 + 1)
        for k in 0..<double.count {
            #expect(abs(double.real[k] - reference.re[k]) < 1e-9)
            #expect(abs(double.imaginary[k] - reference.im[k]) < 1e-9)
            #expect(abs(single.real[k] - reference.re[k]) < 1e-4 * Double(size))
            #expect(abs(single.imaginary[k] - reference.im[k]) < 1e-4 * Double(size))
        }
    }

    @Test("an empty input throws tooShort")
    func empty() {
        #expect(throws: SignalError(.tooShort, "an FFT needs at least 1 sample, got 0", field: "fft")) {
            try RealFFT.shared.forward([Float]())
        }
    }

    @Test("transforms run concurrently from many threads on shared plans and give the same bins")
    func concurrent() throws {
        let fft = RealFFT()
        let x = (0..<4096).map { Float(sin(Double($0) * 0.01)) }
        let reference = try fft.forward(x)
        let results = Mutex([Result<ComplexBins, SignalError>?](repeating: nil, count: 32))
        DispatchQueue.concurrentPerform(iterations: 32) { i in
            let size = i.isMultiple(of: 2) ? 4096 : 1000 + i
            let bins = Result { () throws(SignalError) in try fft.forward(Array(x.prefix(size))) }
            results.withLock { $0[i] = bins }
        }
        for (i, result) in results.withLock({ $0 }).enumerated() {
            let size = i.isMultiple(of: 2) ? 4096 : 1000 + i
            let bins = try #require(result, "transform \(i) did not run").get()  // a thrown error fails the test, named
            if size == 4096 {
                #expect(bins == reference, "transform \(i)")
            } else {
                #expect(bins.count == size / 2 + 1, "transform \(i)")
            }
        }
    }

    @Test("a measured plan gives the same transform")
    func measure() throws {
        let x = (0..<256).map { Float($0 % 7) }
        let a = try RealFFT(planning: .measure).forward(x)
        let b = try RealFFT(planning: .estimate).forward(x)
        #expect(a.count == 129)
        try #require(b.count == a.count)
        for k in 0..<a.count {
            #expect(abs(a.real[k] - b.real[k]) < 1e-3, "bin \(k)")
            #expect(abs(a.imaginary[k] - b.imaginary[k]) < 1e-3, "bin \(k)")
        }
    }
}

/// A minimal lock-protected box for the concurrency test.
final class Mutex<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

@Suite struct RealFFTInverseTests {
    @Test("inverse(forward(x)) is x, for odd and even lengths", arguments: [1, 2, 3, 15, 16, 17, 1024, 1025])
    func roundTrip(size: Int) throws {
        let x = (0..<size).map { sin(Double($0) * 0.37) + Double($0 % 5) * 0.1 }
        let back = try RealFFT.shared.inverse(try RealFFT.shared.forward(x), count: size)
        #expect(back.count == size)
        let error = zip(back, x).map { abs($0 - $1) }.max() ?? 0
        #expect(error < 1e-12)
    }

    @Test("one bin gives its cosine: bin 3 of 16 holding 2 (and bin 13, its conjugate) → 2·2·cos(2π·3n/16) / 16")
    func singleBin() throws {
        var bins = ComplexBins(real: .init(repeating: 0, count: 9), imaginary: .init(repeating: 0, count: 9))
        bins.real[3] = 2
        let x = try RealFFT.shared.inverse(bins, count: 16)
        for n in 0..<16 { #expect(abs(x[n] - cos(2 * Double.pi * 3 * Double(n) / 16) / 4) < 1e-15) }
    }

    @Test("a bin count that does not fit the length throws invalidArgument; a length of 0 throws tooShort")
    func refusals() throws {
        let bins = ComplexBins(real: [1, 0, 0], imaginary: [0, 0, 0])
        let mismatch = try #require(throws: SignalError.self) { try RealFFT.shared.inverse(bins, count: 8) }
        #expect(mismatch.code == .invalidArgument)
        let empty = try #require(throws: SignalError.self) {
            try RealFFT.shared.inverse(ComplexBins(real: [], imaginary: []), count: 0)
        }
        #expect(empty.code == .tooShort)
    }
}
