import Foundation
import SignalSpectrum
import Testing

@Suite struct UncheckedComponentTests {
    @Test("one line says what, where, why and how long a record would check it")
    func description() {
        let line = UncheckedComponent(
            channel: 2, component: .line, frequency: 333.3333333, source: "$.sawtooth h1",
            reason: "cannot be separated from the 333.3333332 Hz line", requiredDuration: 81920)
        #expect(
            line.description
                == "channel 2 line at 333.3333333 Hz ($.sawtooth h1): cannot be separated from the 333.3333332 Hz line; a record of at least 81920 s would check it"
        )
        let chirp = UncheckedComponent(
            channel: 0, component: .chirp, frequency: nil, source: "$.chirp", reason: "why", requiredDuration: nil)
        #expect(chirp.description.hasSuffix("no record length is known to separate it"))
    }

    @Test("encodes every key, null where absent, and decodes back")
    func codable() throws {
        let sweep = UncheckedComponent(
            channel: 1, component: .sweep, frequency: nil, source: "hand", reason: "no model", requiredDuration: nil)
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(sweep)) as? [String: Any])
        #expect(Set(object.keys) == ["channel", "component", "frequency", "source", "reason", "requiredDuration"])
        #expect(object["frequency"] is NSNull)
        #expect(object["requiredDuration"] is NSNull)
        #expect(object["component"] as? String == "sweep")
        #expect(try JSONDecoder().decode(UncheckedComponent.self, from: JSONEncoder().encode(sweep)) == sweep)
    }
}
