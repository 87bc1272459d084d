import Foundation
import Signals
import Testing

@testable import Location

@Suite struct GNSSErrorModelTests {
    @Test("horizontalAccuracy is the 68 % radius of the error, verticalAccuracy the 68 % half-width, jitter included")
    func accuraciesMatchTheError() {
        let model = GNSSErrorModel(sigma: 3, correlationTime: 10, jitter: 1, verticalRatio: 2, seed: 5)
        #expect(abs(model.horizontalAccuracy - 1.5096 * 10.0.squareRoot()) < 1e-3)
        #expect(abs(model.verticalAccuracy - 0.99446 * 2 * 10.0.squareRoot()) < 1e-3)
        let process = GNSSErrorProcess(model, sampleRate: 1)
        var cursor = GNSSErrorProcess.Cursor(process, at: 0)
        var inside = 0
        var insideVertical = 0
        var east = 0.0
        var up = 0.0
        let count = 1 << 18
        for _ in 0..<count {
            let e = cursor.offset
            if e.horizontal <= model.horizontalAccuracy { inside += 1 }
            if abs(e.up) <= model.verticalAccuracy { insideVertical += 1 }
            east += e.east * e.east
            up += e.up * e.up
            cursor.advance()
        }
        #expect(abs(Double(inside) / Double(count) - 0.68) < 0.02)
        #expect(abs(Double(insideVertical) / Double(count) - 0.68) < 0.02)
        #expect(abs((east / Double(count)).squareRoot() / model.horizontalDeviation - 1) < 0.1)
        #expect(abs((up / Double(count)).squareRoot() / (2 * model.horizontalDeviation) - 1) < 0.1)
        // The same check on a model that claims half the error fails.
        let optimistic = GNSSErrorModel(sigma: 1.5, correlationTime: 10, jitter: 0.5)
        var fooled = 0
        var again = GNSSErrorProcess.Cursor(process, at: 0)
        for _ in 0..<10_000 {
            if again.offset.horizontal <= optimistic.horizontalAccuracy { fooled += 1 }
            again.advance()
        }
        #expect(abs(Double(fooled) / 10_000 - 0.68) > 0.1)
    }

    @Test("random access and a cursor give the same error, jitter included")
    func randomAccess() {
        let process = GNSSErrorProcess(
            GNSSErrorModel(sigma: 3, correlationTime: 60, jitter: 0.7, seed: 9), sampleRate: 5)
        var cursor = GNSSErrorProcess.Cursor(process, at: 1000)
        for k in 1000..<1300 {
            #expect(cursor.offset == process.offset(at: k))
            cursor.advance()
        }
    }

    @Test(
        "each parameter is checked, naming its field",
        arguments: [
            (GNSSErrorModel(sigma: -1, correlationTime: 60), "$.route.error.sigma", SignalError.Code.outOfRange),
            (GNSSErrorModel(sigma: .nan, correlationTime: 60), "$.route.error.sigma", .nonFinite),
            (GNSSErrorModel(sigma: 3, correlationTime: 0), "$.route.error.correlationTime", .outOfRange),
            (GNSSErrorModel(sigma: 3, correlationTime: .infinity), "$.route.error.correlationTime", .nonFinite),
            (GNSSErrorModel(sigma: 3, correlationTime: 60, jitter: -0.1), "$.route.error.jitter", .outOfRange),
            (
                GNSSErrorModel(sigma: 3, correlationTime: 60, verticalRatio: 1), "$.route.error.verticalRatio",
                .outOfRange
            ),
            (
                GNSSErrorModel(sigma: 3, correlationTime: 60, verticalRatio: 2.5), "$.route.error.verticalRatio",
                .outOfRange
            ),
        ])
    func validation(_ model: GNSSErrorModel, _ path: String, _ code: SignalError.Code) {
        #expect(#expect(throws: SignalError.self) { try model.validate() }?.code == code)
        do {
            try model.validate()
        } catch {
            #expect(error.path == path)
            #expect(error.code == code)
        }
        #expect(throws: Never.self) {
            try GNSSErrorModel(sigma: 3, correlationTime: 60, jitter: 1, verticalRatio: 2).validate()
        }
    }
}
