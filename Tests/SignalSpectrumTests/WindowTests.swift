import Foundation
import SignalSpectrum
import Testing

@Suite struct WindowTests {
    @Test("coherent gain, noise bandwidth and main-lobe width of each window")
    func constants() {
        #expect(Window.rectangular.coherentGain == 1)
        #expect(Window.hann.coherentGain == 0.5)
        #expect(abs(Window.hann.equivalentNoiseBandwidth - 1.5) < 1e-12)
        #expect(abs(Window.flatTop.equivalentNoiseBandwidth - 4.539) < 0.01)
        #expect(Window.flatTop.mainLobeHalfWidth == 7)
    }

    @Test("values are the periodic cosine sum: Hann is 0 at n = 0 and 1 at N/2; the mean is a₀")
    func values() {
        let hann = Window.hann.values(count: 8)
        #expect(abs(hann[0]) < 1e-15)
        #expect(abs(hann[4] - 1) < 1e-15)
        let flat = Window.flatTop.values(count: 1000)
        #expect(abs(flat.reduce(0, +) / 1000 - 1) < 1e-12)
        #expect(Window.rectangular.values(count: 3) == [1, 1, 1])
        #expect(Window.hann.values(count: 0).isEmpty)
    }

    @Test("scalloping: rectangular −3.92 dB, Hann −1.42 dB, flat-top within 0.0021 dB")
    func scalloping() {
        #expect(abs(Window.rectangular.worstCaseScallopLoss - -3.92) < 0.01)
        #expect(abs(Window.hann.worstCaseScallopLoss - -1.42) < 0.01)
        #expect(abs(Window.flatTop.worstCaseScallopLoss) < 0.0025)
        #expect(abs(Window.flatTop.response(atOffset: 0, length: 1024) - 1) < 1e-12)
        #expect(Window.hann.response(atOffset: 2, length: 1 << 16) < 1e-9)  // first zero of Hann
    }
}
