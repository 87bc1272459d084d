import Foundation
import Signals

/// A realism report between two recordings: the features of each signal of both, side by side, and
/// whether they lie within what separates real recordings of one activity (`signals compare`).
///
/// The signals (``RealismChannel``): the magnitude of the linear acceleration, the magnitude of the
/// rotation rate, and, where the frames agree, each device axis of both. Both recordings go onto one
/// 100-Hz grid, in one band, with gravity removed the same way (a 2-s Hann moving average of the total
/// acceleration). The features (``SignalFeatures``) are compared with the tolerances of
/// ``RealismFeature``. The linear acceleration's step rate is the recording's cadence, read from the
/// magnitude of the total acceleration minus its moving average (what a pedometer reads: about the
/// vertical acceleration), and its half is the stride frequency every harmonic ratio is taken at.
///
/// The recordings are similar when every *decisive* row is: the magnitudes' 14. The axes' rows are
/// reported with their own tolerances but do not decide, because real recordings of one placement
/// differ per axis beyond what their spread predicts: one event on one axis of a walk (a kurtosis of
/// 34 against 3), a dominant frequency that jumps from the stride to a 9-Hz resonance; 1.5 % of the
/// axis rows of pairs of one activity fall outside, against 0.04 % expected.
///
/// What is not compared is listed in ``omitted`` with the reason, never reported as a number: the
/// rotation rate when either recording has no gyroscope; the axes when the frames do not agree; the
/// harmonic ratio when either recording has no gait; a feature a constant signal does not have.
///
/// Frames agree when both recordings hold gravity and the mean gravity directions in their device
/// frames, compared axis by axis without sign, lie within ``frameAngle`` of each other: the device sat
/// the same way up (the features do not change when an axis is reversed). Real recordings of one
/// placement lie within 16° (phones in hand, in trouser pockets, watches); across placements, 50° and
/// more. The turn about the vertical cannot be checked.
///
/// ```swift
/// let report = try RealismComparison(walkA, walkB)
/// report.similar                              // true
/// report.rows.first { !$0.similar }           // the first feature outside its tolerance
/// ```
public struct RealismComparison: Sendable {
    /// One feature of one signal in both recordings.
    public struct Row: Sendable, Hashable {
        /// The signal.
        public var channel: RealismChannel
        /// The feature.
        public var feature: RealismFeature
        /// Its value in the first recording.
        public var a: Double
        /// Its value in the second.
        public var b: Double
        /// `|ln(a / b)|` (`|a − b|` for the step rate); `nil` when one value is 0 and the other not.
        public var deviation: Double?
        /// The largest deviation that is similar (``RealismFeature/tolerance(for:)``).
        public var tolerance: Double
        /// Whether the deviation is within the tolerance.
        public var similar: Bool
        /// Whether the row decides the verdict (the magnitudes' rows do; the axes' are reported).
        public var decisive: Bool { channel.axis == nil }

        /// `linearAcceleration.kurtosis`, `rotationRate.x.rms`, …
        public var name: String { "\(channel).\(feature.rawValue)" }
    }

    /// What was not compared, and why.
    public struct Omission: Sendable, Hashable {
        /// What: a signal (`rotationRate`), the axes (`axes`) or a feature (`linearAcceleration.harmonicRatio`).
        public var name: String
        /// Why, in a sentence naming the recording.
        public var reason: String
    }

    /// Both spectra of one signal, for plots.
    public struct Spectra: Sendable, Hashable {
        /// The signal.
        public var channel: RealismChannel
        /// The first recording's Welch spectrum.
        public var a: PowerSpectralDensity
        /// The second's.
        public var b: PowerSpectralDensity
    }

    /// What a report says of each recording.
    public struct Source: Sendable, Hashable {
        /// Its name.
        public var name: String
        /// Its duration (s).
        public var duration: Double
        /// Its sample rate (Hz).
        public var sampleRate: Double
        /// Whether it has a gyroscope.
        public var hasGyroscope: Bool
        /// Whether it holds gravity (else its axes cannot be matched).
        public var hasGravity: Bool
    }

    /// The first recording.
    public let a: Source
    /// The second.
    public let b: Source
    /// The band both are compared in: up to half the lower sample rate, at most 50 Hz.
    public let band: Double
    /// The angle between the mean gravity directions (degrees, axes compared without sign), `nil` when
    /// either recording holds no gravity.
    public let gravityAngle: Double?
    /// Whether the axes were compared.
    public let framesAgree: Bool
    /// The features compared, in order: signal by signal (``RealismChannel/all``), feature by feature.
    public let rows: [Row]
    /// What was not compared.
    public let omitted: [Omission]
    /// The spectra of the magnitudes both recordings have.
    public let spectra: [Spectra]

    /// The largest angle between two recordings' gravity directions whose axes are compared (degrees).
    public static let frameAngle = 20.0
    /// The rate of the grid both recordings are compared on (Hz): that of the features of the real
    /// recordings the tolerances come from.
    public static let analysisRate = 100.0

    /// Whether every decisive row (the magnitudes') is within its tolerance.
    public var similar: Bool { rows.allSatisfy { $0.similar || !$0.decisive } }

    /// The decisive rows outside their tolerance: why the recordings are not similar.
    public var differences: [Row] { rows.filter { !$0.similar && $0.decisive } }

    /// Compares two recordings.
    /// - Parameters:
    ///   - a: The first recording (a real one, say).
    ///   - b: The second (a simulation of it, say).
    /// - Throws: `SignalError` only if FFTW cannot plan a transform (`.fftFailure`): a
    ///   ``RealismRecording`` is long enough and finite for every feature.
    /// - Complexity: O(n · 300) for n samples on the 100-Hz grid (gravity estimate and autocorrelation).
    public init(_ a: RealismRecording, _ b: RealismRecording) throws(SignalError) {
        let rate = RealismSignals.rate
        band = min(rate / 2, a.sampleRate / 2, b.sampleRate / 2)
        let signalsA = try RealismSignals(a, band: band)
        let signalsB = try RealismSignals(b, band: band)
        self.a = Source(
            name: a.name, duration: a.duration, sampleRate: a.sampleRate, hasGyroscope: a.rotationRate != nil,
            hasGravity: signalsA.gravityDirection != nil)
        self.b = Source(
            name: b.name, duration: b.duration, sampleRate: b.sampleRate, hasGyroscope: b.rotationRate != nil,
            hasGravity: signalsB.gravityDirection != nil)
        if let ga = signalsA.gravityDirection, let gb = signalsB.gravityDirection {
            let cosine = min(1, (0..<3).reduce(0) { $0 + abs(ga[$1]) * abs(gb[$1]) })
            gravityAngle = acos(cosine) * 180 / Double.pi
        } else {
            gravityAngle = nil
        }
        framesAgree = gravityAngle.map { $0 <= RealismComparison.frameAngle } ?? false

        var omitted: [Omission] = []
        let withoutGyroscope = [a.rotationRate == nil ? a.name : nil, b.rotationRate == nil ? b.name : nil].compactMap {
            $0
        }
        if !withoutGyroscope.isEmpty {
            omitted.append(
                Omission(
                    name: RealismChannel.Quantity.rotationRate.rawValue,
                    reason:
                        "\(withoutGyroscope.joined(separator: " and ")) \(withoutGyroscope.count == 1 ? "has" : "have") no gyroscope: only the linear acceleration is compared"
                ))
        }
        if !framesAgree {
            let reason: String
            if let angle = gravityAngle {
                reason =
                    "the devices sat differently: their gravity directions are \(RealismComparison.number(angle))° apart (more than \(RealismComparison.number(RealismComparison.frameAngle))°), so their axes are not compared"
            } else {
                let without = [
                    signalsA.gravityDirection == nil ? a.name : nil, signalsB.gravityDirection == nil ? b.name : nil,
                ].compactMap { $0 }
                reason =
                    "\(without.joined(separator: " and ")) \(without.count == 1 ? "holds" : "hold") no gravity (linear acceleration only), so the frames cannot be matched and the axes are not compared"
            }
            omitted.append(Omission(name: "axes", reason: reason))
        }

        // The cadence of each recording, from its gait signal; half of it is the stride frequency.
        let cadenceA = StepRate(signalsA.gait, rate: rate).stepsPerSecond
        let cadenceB = StepRate(signalsB.gait, rate: rate).stepsPerSecond
        let strideA = cadenceA / 2
        let strideB = cadenceB / 2
        let noGait = [(a.name, strideA), (b.name, strideB)].filter { $0.1 == 0 }.map(\.0)
        if !noGait.isEmpty {
            omitted.append(
                Omission(
                    name: "harmonicRatio",
                    reason:
                        "\(noGait.joined(separator: " and ")) \(noGait.count == 1 ? "shows" : "show") no gait (no step rate), so there is no stride to take harmonics of"
                ))
        }

        var rows: [Row] = []
        var spectra: [Spectra] = []
        for channel in RealismChannel.all {
            if channel.axis != nil && !framesAgree { continue }
            guard let xa = signalsA.samples(channel), let xb = signalsB.samples(channel) else { continue }
            let magnitude = channel.axis == nil
            // The rotation rate's step rate is its own; the linear acceleration's is the cadence.
            var fa = try SignalFeatures(
                xa, rate: rate, band: band, measuresStepRate: channel == RealismChannel(.rotationRate))
            var fb = try SignalFeatures(
                xb, rate: rate, band: band, measuresStepRate: channel == RealismChannel(.rotationRate))
            if channel == RealismChannel(.linearAcceleration) {
                fa.stepRate = cadenceA
                fb.stepRate = cadenceB
            }
            let ha =
                strideA > 0 && strideB > 0
                ? SignalFeatures.harmonicRatio(fa.spectrum, stride: strideA, band: band) : nil
            let hb =
                strideA > 0 && strideB > 0
                ? SignalFeatures.harmonicRatio(fb.spectrum, stride: strideB, band: band) : nil
            if magnitude { spectra.append(Spectra(channel: channel, a: fa.spectrum, b: fb.spectrum)) }
            for feature in RealismFeature.allCases {
                if feature == .stepRate && !magnitude { continue }
                if feature == .harmonicRatio && !noGait.isEmpty { continue }
                if feature == .dominantFrequency, let ra = fa.peakRatio, let rb = fb.peakRatio,
                    ra < SignalFeatures.flatPeakRatio, rb < SignalFeatures.flatPeakRatio
                {
                    omitted.append(
                        Omission(
                            name: "\(channel).\(feature.rawValue)",
                            reason:
                                "neither \(a.name) nor \(b.name) has a dominant frequency: their \(channel) spectra are flat (the highest density in \(RealismComparison.number(SignalFeatures.dominantBand.lowerBound))–\(RealismComparison.number(SignalFeatures.dominantBand.upperBound)) Hz is \(RealismComparison.number(ra)) and \(RealismComparison.number(rb)) times the median, under \(RealismComparison.number(SignalFeatures.flatPeakRatio)): white noise)"
                        ))
                    continue
                }
                let valueA = feature == .harmonicRatio ? ha : feature.value(in: fa)
                let valueB = feature == .harmonicRatio ? hb : feature.value(in: fb)
                guard let va = valueA, let vb = valueB, va.isFinite, vb.isFinite else {
                    let names = zip([a.name, b.name], [valueA, valueB]).filter { !($0.1?.isFinite ?? false) }.map(\.0)
                        .joined(separator: " and ")
                    omitted.append(
                        Omission(
                            name: "\(channel).\(feature.rawValue)",
                            reason: feature == .harmonicRatio
                                ? "fewer than two harmonics of the stride lie in the \(RealismComparison.number(band))-Hz band of \(names)"
                                : "\(channel) is constant in \(names): it has no \(feature.rawValue)"))
                    continue
                }
                rows.append(RealismComparison.row(channel, feature, va, vb))
            }
        }
        self.rows = rows
        self.omitted = omitted
        self.spectra = spectra
    }

    /// A row: `a` and `b` against the feature's tolerance on `channel`.
    static func row(_ channel: RealismChannel, _ feature: RealismFeature, _ a: Double, _ b: Double) -> Row {
        let tolerance = feature.tolerance(for: channel)
        let deviation: Double?
        if feature.comparesDifference {
            deviation = abs(a - b)
        } else if a > 0 && b > 0 {
            deviation = abs(log(a / b))
        } else {
            deviation = a == b ? 0 : nil
        }
        return Row(
            channel: channel, feature: feature, a: a, b: b, deviation: deviation, tolerance: tolerance,
            similar: deviation.map { $0 <= tolerance } ?? false)
    }

    /// A number for messages and tables: up to 4 significant digits.
    package static func number(_ value: Double) -> String { String(format: "%.4g", value) }
}
