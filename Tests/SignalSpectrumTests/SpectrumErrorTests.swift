import SignalSpectrum
import Testing

@Suite struct SpectrumErrorTests {
    @Test("an error prints context: message and keeps its code")
    func description() {
        let error = SpectrumError(.tooShort, context: "samples", "3 samples are too few")
        #expect(error.description == "samples: 3 samples are too few")
        #expect(SpectrumError(.fftFailure, context: "", "x").description == "x")
        #expect(error.code == .tooShort)
        #expect(error == SpectrumError(.tooShort, context: "samples", "3 samples are too few"))
        #expect(SpectrumError.Code.allCases.contains(.tooLong))
    }
}
