extension ModelFit {
    /// Step 5 of the fit: which components the record separates. It rejects numerically dependent
    /// regressors, then any whose allowance exceeds half its amplitude (it could be missing, or half as
    /// strong, and pass). A significant one (at least ``Tolerances/unresolvedFloor`` of the reference) is
    /// unchecked, and so are the components strongly correlated with it; a weaker one is checked jointly
    /// with its neighbours (``separationFailed(_:reason:neighbours:requiredFrames:)`` files each). Then it
    /// repeats without them, at most 8 times.
    ///
    /// Returns the factorisation of the normal matrix over the components kept, and the candidate
    /// indices of those excluded.
    mutating func separate(
        _ layout: Layout, normal: NormalEquations
    ) -> (factor: NormalEquations.Factor, excluded: Set<Int>) {
        let candidates = layout.candidates
        let parameterTotal = layout.parameterTotal
        let regressorRate = layout.regressorRate
        var excluded = Set<Int>()  // candidate indices
        func strongestFirst(_ excluded: Set<Int>) -> [Int] {
            candidates.indices.filter { !excluded.contains($0) }
                .sorted {
                    (candidates[$0].isChirp ? 1 : 0, candidates[$0].amplitude) > (
                        candidates[$1].isChirp ? 1 : 0, candidates[$1].amplitude
                    )
                }
        }
        func order(_ components: [Int]) -> [Int] {
            [0] + components.flatMap { [candidates[$0].cosine] + (candidates[$0].sine.map { [$0] } ?? []) }
        }
        let significant = tolerances.unresolvedFloor * channel.reference
        var factor = normal.factor(order: order(strongestFirst(excluded)))
        for _ in 0..<8 {
            let byStrength = strongestFirst(excluded)
            var flagged = Set<Int>()
            let owner = ownerTable(candidates, parameterTotal)
            for j in factor.rejected {
                guard let k = owner[j] else { continue }
                flagged.insert(k)
                guard candidates[k].amplitude >= significant else { continue }
                // Components with a regressor close to a significant rejected one cannot be told from it either.
                for k2 in byStrength where k2 != k {
                    let params = [candidates[k2].cosine] + (candidates[k2].sine.map { [$0] } ?? [])
                    if params.contains(where: {
                        abs(NormalEquations.Factor.correlation(normal, factor.scale, $0, j)) >= 0.5
                    }) {
                        flagged.insert(k2)
                    }
                }
            }
            if flagged.isEmpty {
                for k in byStrength {
                    let lambda = factor.blockVariance(candidates[k].cosine, candidates[k].sine)
                    if allowance(varianceFactor: lambda) > candidates[k].amplitude / 2 { flagged.insert(k) }
                }
            }
            let new = flagged.subtracting(excluded)
            if new.isEmpty { break }
            for k in new.sorted() {
                let (text, neighbours, chirp) = neighbourDescription(k, candidates, normal, factor.scale)
                // Only lines among lines have a closed-form normal matrix for a longer record; a chirp's overlap
                // with a line (its steady tone after the sweep) does not shrink with the length.
                let significantHere = candidates[k].amplitude >= significant
                let required =
                    candidates[k].isChirp || chirp || (!significantHere && candidates[k].amplitude < overlapLargest)
                    ? nil : requiredFrames(k, candidates, regressorRate)
                separationFailed(candidates[k], reason: text, neighbours: neighbours, requiredFrames: required)
            }
            excluded.formUnion(new)
            factor = normal.factor(order: order(strongestFirst(excluded)))
        }
        return (factor, excluded)
    }

    private func ownerTable(_ candidates: [Component], _ total: Int) -> [Int: Int] {
        var owner: [Int: Int] = [:]
        for k in candidates.indices {
            owner[candidates[k].cosine] = k
            if let s = candidates[k].sine { owner[s] = k }
        }
        return owner
    }

    /// Why component `k` cannot be separated: the components (and DC) whose regressors are most
    /// correlated with its own.
    private func neighbourDescription(
        _ k: Int, _ candidates: [Component], _ normal: NormalEquations,
        _ scale: [Double]
    ) -> (text: String, neighbours: [Double], chirp: Bool) {
        let own = [candidates[k].cosine] + (candidates[k].sine.map { [$0] } ?? [])
        func correlation(with params: [Int]) -> Double {
            var best = 0.0
            for a in own {
                for b in params { best = max(best, abs(NormalEquations.Factor.correlation(normal, scale, a, b))) }
            }
            return best
        }
        var others: [(Double, Component)] = []
        for k2 in candidates.indices where k2 != k {
            let params = [candidates[k2].cosine] + (candidates[k2].sine.map { [$0] } ?? [])
            let c = correlation(with: params)
            if c >= 0.1 { others.append((c, candidates[k2])) }
        }
        others.sort { $0.0 > $1.0 }
        let dc = correlation(with: [0])
        let names = others.prefix(3).map {
            $0.1.frequency.map { "the \(VerificationReport.hertz($0)) Hz line" } ?? "the chirp \($0.1.source)"
        }
        var parts = names
        if dc >= 0.1 { parts.append("DC") }
        let duration = VerificationReport.number(Double(frameCount) / sampleRate)
        let what = parts.isEmpty ? "the noise expected" : parts.joined(separator: ", ")
        let text =
            "cannot be separated from \(what) in this \(duration) s record (the fit's allowance would exceed half its amplitude)"
        return (text, others.prefix(3).compactMap { $0.1.frequency }, others.contains { $0.1.isChirp })
    }

    /// The smallest record (samples, doubling from this one) in which line `k` would pass the separation
    /// test against DC and its four nearest line neighbours (a lower bound when more lines crowd it), or
    /// nil when none up to 2⁶² samples does.
    private func requiredFrames(_ k: Int, _ candidates: [Component], _ rates: [TurnRate]) -> Int? {
        guard case .line = candidates[k].kind else { return nil }
        let nu = rates[k]
        func distance(_ mu: TurnRate) -> Double {
            let a = abs((nu - mu).reduced.value)
            let b = abs((nu + mu).reduced.value)
            return min(a, b)
        }
        let neighbours = candidates.indices.filter { $0 != k && !candidates[$0].isChirp }
            .sorted { distance(rates[$0]) < distance(rates[$1]) }.prefix(4)
        let group = [k] + neighbours
        var frames = frameCount
        for _ in 0..<62 {
            let (next, overflow) = frames.multipliedReportingOverflow(by: 2)
            guard !overflow, next <= 1 << 62 else { return nil }
            frames = next
            // DC, then the group's regressors; the target last.
            var params: [(rate: TurnRate, sine: Bool)] = []
            for g in group.reversed() {
                params.append((rates[g], false))
                if candidates[g].sine != nil { params.append((rates[g], true)) }
            }
            let size = 1 + params.count
            var m = NormalEquations(size: size)
            m[0, 0] = Double(frames)
            for (i, a) in params.enumerated() {
                let s = DirichletSum.sum(a.rate, start: start, count: frames)
                m[0, i + 1] = a.sine ? s.im : s.re
                for (j, b) in params.enumerated() where j >= i {
                    let minus = DirichletSum.sum(a.rate - b.rate, start: start, count: frames)
                    let plus = DirichletSum.sum(a.rate + b.rate, start: start, count: frames)
                    let value: Double
                    switch (a.sine, b.sine) {
                    case (false, false): value = (minus.re + plus.re) / 2
                    case (true, true): value = (minus.re - plus.re) / 2
                    case (false, true): value = (plus.im - minus.im) / 2
                    case (true, false): value = (plus.im + minus.im) / 2
                    }
                    m[i + 1, j + 1] = value
                }
            }
            let f = m.factor(order: Array(0..<size))
            let targetCos = size - (candidates[k].sine != nil ? 2 : 1)
            let targetSin: Int? = candidates[k].sine != nil ? size - 1 : nil
            guard !f.rejected.contains(targetCos), targetSin.map({ !f.rejected.contains($0) }) ?? true else { continue }
            let lambda = f.blockVariance(targetCos, targetSin)
            if allowance(varianceFactor: lambda, frames: frames) <= candidates[k].amplitude / 2 { return frames }
        }
        return nil
    }
}
