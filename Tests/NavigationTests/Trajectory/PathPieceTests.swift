import Foundation
import Testing

@testable import Navigation

@Suite("PathPiece and Clothoid")
struct PathPieceTests {
    /// `∫₀ˡ (cos, sin)(σu²/2) du` by composite Simpson with 20 000 intervals (independent of the series).
    static func quadrature(length: Double, rate: Double) -> SIMD2<Double> {
        let n = 20_000
        let h = length / Double(n)
        var sum = SIMD2(1.0, 0) + SIMD2(cos(rate * length * length / 2), sin(rate * length * length / 2))
        for i in 1..<n {
            let u = Double(i) * h
            sum += (i % 2 == 1 ? 4.0 : 2.0) * SIMD2(cos(rate * u * u / 2), sin(rate * u * u / 2))
        }
        return sum * (h / 3)
    }

    @Test(
        "The clothoid series matches quadrature to 1e-9 m for turned angles up to π/2 … 3",
        arguments: [(27.8, 5.585e-4), (100.0, 3e-4), (10.0, 0.03), (50.0, 2.4e-3)])
    func clothoid(length: Double, rate: Double) {
        let series = Clothoid.displacement(length: length, rate: rate)
        let reference = Self.quadrature(length: length, rate: rate)
        #expect(abs(series.x - reference.x) < 1e-9, "x \(series.x) vs \(reference.x)")
        #expect(abs(series.y - reference.y) < 1e-9, "y \(series.y) vs \(reference.y)")
        // The failing case: a circle of the end curvature is metres away.
        #expect(abs(series.y - (1 - cos(rate * length * length)) / (rate * length)) > 0.1)
    }

    @Test(
        "A turn's pieces join (position within 1e-9 m, equal heading and curvature); d(point)/dl is the heading",
        arguments: [-2.9, -1.2, 0.3, 1.7])
    func turnPiecesJoin(deflection: Double) {
        let design = TurnDesign(deflection: deflection, speed: 10, limits: .car)
        let pieces = design.pieces(at: SIMD2(120, -40), entryHeading: 0.4)
        #expect(!pieces.isEmpty)
        for (a, b) in zip(pieces, pieces.dropFirst()) {
            let gap = a.point(a.length) - b.point(0)
            #expect((gap * gap).sum().squareRoot() < 1e-9)
            #expect(abs(a.heading(a.length) - b.heading(0)) < 1e-12)
            #expect(abs(a.curvature(a.length) - b.curvature(0)) < 1e-12)
        }
        for piece in pieces {
            for l in stride(from: 0.01, to: piece.length - 0.01, by: piece.length / 7) {
                let d = (piece.point(l + 1e-4) - piece.point(l - 1e-4)) / 2e-4
                let psi = piece.heading(l)
                #expect(abs(d.x - cos(psi)) < 1e-6)
                #expect(abs(d.y - sin(psi)) < 1e-6)
                let turn = (piece.heading(l + 1e-4) - piece.heading(l - 1e-4)) / 2e-4
                #expect(abs(turn - piece.curvature(l)) < 1e-9)
            }
        }
        // The last piece ends on the exit leg at the tangent length, heading along it.
        let last = pieces[pieces.count - 1]
        #expect(abs(last.heading(last.length) - (0.4 + deflection)) < 1e-12)
    }
}
