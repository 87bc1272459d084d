import Foundation
import Testing

@testable import SignalSpectrum

/// Cholesky of the scaled normal matrix, rejecting dependent regressors instead of failing.
@Suite struct NormalEquationsTests {
    static func system(_ g: [[Double]]) -> NormalEquations {
        var m = NormalEquations(size: g.count)
        for i in g.indices { for j in g.indices where j >= i { m[i, j] = g[i][j] } }
        return m
    }

    @Test("solves a well-conditioned system; covariance is the inverse; block variance its larger eigenvalue")
    func solve() {
        let g = [[4.0, 1, 0.5], [1, 3, 0.2], [0.5, 0.2, 2]]
        let m = Self.system(g)
        let f = m.factor(order: [0, 1, 2])
        #expect(f.rejected.isEmpty)
        #expect(f.accepted == [0, 1, 2])
        let x = [1.0, -2, 0.5]
        let b = (0..<3).map { i in (0..<3).reduce(0) { $0 + g[i][$1] * x[$1] } }
        let solved = f.solve(b)
        for i in 0..<3 { #expect(abs(solved[i] - x[i]) < 1e-12) }
        // G·G⁻¹ = I.
        for i in 0..<3 {
            for j in 0..<3 {
                let v = (0..<3).reduce(0) { $0 + g[i][$1] * f.covariance($1, j) }
                #expect(abs(v - (i == j ? 1 : 0)) < 1e-12)
            }
        }
        let a = f.covariance(0, 0)
        let d = f.covariance(1, 1)
        let c = f.covariance(0, 1)
        let largest = (a + d) / 2 + (((a - d) / 2) * ((a - d) / 2) + c * c).squareRoot()
        #expect(abs(f.blockVariance(0, 1) - largest) < 1e-15)
        #expect(f.blockVariance(2, nil) == f.covariance(2, 2))
    }

    @Test(
        "a duplicate regressor and a zero one are rejected, the rest solved; the order decides which of two twins stays"
    )
    func rejection() {
        let g = [[2.0, 2, 0, 1], [2, 2, 0, 1], [0, 0, 0, 0], [1, 1, 0, 3]]
        let m = Self.system(g)
        let f = m.factor(order: [0, 1, 2, 3])
        #expect(f.accepted == [0, 3])
        #expect(Set(f.rejected) == [1, 2])
        #expect(f.covariance(1, 1) == 0)
        let g2 = m.factor(order: [1, 0, 3, 2])
        #expect(g2.accepted == [1, 3])
        let x = f.solve([3, 3, 0, 4])  // 2a + d = 3, a + 3d = 4 → a = 1, d = 1
        #expect(abs(x[0] - 1) < 1e-12)
        #expect(x[1] == 0)
        #expect(x[2] == 0)
        #expect(abs(x[3] - 1) < 1e-12)
    }
}
