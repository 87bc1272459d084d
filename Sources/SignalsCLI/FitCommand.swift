import ArgumentParser
import Foundation
import Location
import Navigation
import Playback
import SignalSpectrum

/// `signals fit RECORDING -o spec.json`: a trajectory spec whose render is like a real recording.
struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Fit a trajectory spec to a real recording (a walk, a run, standing) so that its render is like it.",
        discussion: """
            RECORDING is anything signals compare reads: a phone export (phyphox, Sensor Logger), a render
            directory or a point file, at least 20 s long. From its linear acceleration (and rotation rate, when it
            has one) fit estimates:
              the activity: standing below 0.4 m/s² RMS or without a step rate, running from 2.3 steps/s, else
                walking (--activity says it when the recording cannot tell);
              the mount: a pocket when the stride (half the step rate) dominates the spectrum or the rotation
                rate exceeds 1.5 rad/s RMS, else hand-held (--mount: a watch reads like a hand-held phone without
                a gyroscope, so give --mount wrist for a watch);
              the cadence (the step rate) and from it the speed, with the gait's step length;
              the IMU's white noise from the stillest 2 s, by the Allan deviation at the sample interval
                (N = σ_A(τ₀)·√τ₀, as signals allan reads it), when they are still (below 0.05 m/s²); else the
                BMI160 preset's, with a note;
              the person's impact (walking, running) or gestures (standing): each candidate is rendered in
                process and compared with the recording (signals compare's features and tolerances); the one
                with the smallest deviations wins.
            The spec (a straight route north from Westminster, long enough for the recording) is written to -o
            (- for standard output); a summary goes to standard error. Exit status: 0 when the fitted render is
            similar to the recording (signals compare would exit 0), 1 when the closest fit is not (the spec is
            still written, and the features that differ are named), 2 for bad input.
            Example: signals fit walk/ -o walk.json && signals render walk.json --rate 100 --output-dir sim &&
              signals compare sim walk/
            """
    )

    /// What the person does.
    enum Activity: String, ExpressibleByArgument, CaseIterable {
        case walking, running, standing
    }

    /// Where the device is carried (the body-carried mounts).
    enum Carry: String, ExpressibleByArgument, CaseIterable {
        case handheld, pocket, wrist, backpack
    }

    @Argument(help: "The recording: a phone export (folder or CSV), a render directory or a point file.")
    var recording: String

    @Option(name: .shortAndLong, help: "Where the trajectory spec goes (.json, or - for standard output).")
    var output: String

    @Option(name: .long, help: "The activity when the recording cannot tell: walking, running or standing.")
    var activity: Activity?

    @Option(name: .long, help: "Where the device was carried: handheld, pocket, wrist or backpack.")
    var mount: Carry?

    @Option(
        name: .long,
        help:
            "The phone's platform (ios or android) for exports whose own metadata does not say it (as signals import).")
    var platform: ImportCommand.Platform?

    @Option(name: .long, help: "The seed of the simulated person and IMU (default 1).")
    var seed: UInt64 = 1

    func run() throws {
        let inputs = try CompareInput.inputs([recording])
        try inputs.check(output, option: "-o")
        try OutputSink.checkExtension(output, option: "-o", extensions: ["json"], what: "a trajectory spec")
        var notes: [String] = []
        let real = try CompareInput.read(recording, platform: platform, notes: &notes)
        var fit = try sensorsStep { () throws(SignalError) in
            try RecordingFit(real, activity: activity, mount: mount, seed: seed)
        }
        notes += fit.notes
        for note in notes { ProcessOutput.error("note: \(note)\n") }
        let report = try fit.best()
        let sink = try OutputSink(path: output == "-" ? nil : output, inputs: inputs)
        try sink.finish { try sink.write(Data((fit.spec(report.candidate) + "\n").utf8)) }
        ProcessOutput.error(fit.summary(report))
        if !report.comparison.similar { throw ExitCode(1) }
    }
}

/// The fit of a trajectory spec to a real recording (see ``FitCommand``).
struct RecordingFit {
    /// One candidate person: the factor fitted (impact, or gestures when standing).
    struct Candidate {
        var factor: Double
    }

    /// A candidate rendered and compared.
    struct Result {
        var candidate: Candidate
        var comparison: RealismComparison
        /// Σ (deviation / tolerance)² over the decisive features.
        var loss: Double
    }

    let real: RealismRecording
    let activity: FitCommand.Activity
    let mount: FitCommand.Carry
    let seed: UInt64
    /// Steps per second (0 standing).
    let cadence: Double
    /// The platform's speed, m/s (0 standing).
    let speed: Double
    /// White-noise densities, m/s²/√Hz and rad/s/√Hz, or `nil` for the preset's.
    let accelerometerNoise: Double?, gyroscopeNoise: Double?
    private(set) var notes: [String] = []
    /// The features of the recording alone.
    let own: RealismComparison

    /// The start of every fitted route: Westminster Bridge.
    static let origin = (latitude: 51.5007, longitude: -0.1246, altitude: 10.0)
    /// The candidates' factors: the person's impact (walking, running) or gestures (standing: 0 is a person
    /// who keeps their hand still).
    var factors: [Double] {
        activity == .standing
            ? [0, 0.1, 0.2, 0.35, 0.5, 0.75, 1, 1.5, 2.5] : [0.4, 0.55, 0.7, 0.85, 1, 1.2, 1.45, 1.75, 2.1, 2.5]
    }

    init(
        _ real: RealismRecording, activity given: FitCommand.Activity?, mount carry: FitCommand.Carry?, seed: UInt64
    ) throws(SignalError) {
        let own = try RealismComparison(real, real)
        func feature(_ f: RealismFeature, _ q: RealismChannel.Quantity = .linearAcceleration) -> Double? {
            own.rows.first { $0.channel == RealismChannel(q) && $0.feature == f }?.a
        }
        let rms = feature(.rms) ?? 0
        let stepRate = feature(.stepRate) ?? 0
        let gyroscope = feature(.rms, .rotationRate)
        var notes: [String] = []
        let chosen: FitCommand.Activity
        if let given {
            chosen = given
        } else if rms < 0.4 || stepRate <= 0 {
            chosen = .standing
            notes.append(
                "activity: standing (linear acceleration \(Self.number(rms)) m/s² RMS\(stepRate > 0 ? "" : ", no step rate"))"
            )
        } else if stepRate >= 2.3 {
            chosen = .running
            notes.append("activity: running (\(Self.number(stepRate)) steps/s)")
        } else {
            chosen = .walking
            notes.append("activity: walking (\(Self.number(stepRate)) steps/s)")
        }
        if (chosen == .walking || chosen == .running) && stepRate <= 0 {
            throw SignalError(
                .invalidArgument,
                "\(real.name): no step rate: the recording shows no gait to fit a \(chosen == .walking ? "walk" : "run") to; give --activity standing, or a recording of a steady walk or run",
                field: "activity")
        }
        let carried: FitCommand.Carry
        if let carry {
            carried = carry
        } else {
            let dominant = feature(.dominantFrequency) ?? 0
            if let gyroscope, gyroscope > 1.5 {
                carried = .pocket
                notes.append(
                    "mount: pocket (the rotation rate is \(Self.number(gyroscope)) rad/s RMS: a thigh's swing)")
            } else if chosen != .standing, stepRate > 0, dominant < 0.75 * stepRate {
                carried = .pocket
                notes.append(
                    "mount: pocket (the stride, \(Self.number(dominant)) Hz, dominates: a thigh's swing; give --mount when it is not)"
                )
            } else {
                carried = .handheld
                notes.append(
                    "mount: hand-held (a watch reads alike\(gyroscope == nil ? " without a gyroscope" : ""): give --mount wrist for a watch)"
                )
            }
        }
        switch chosen {
        case .standing:
            cadence = 0
            speed = 0
        case .walking, .running:
            cadence = stepRate
            let gait = chosen == .walking ? Gait.walk : Gait.run
            let limit = chosen == .walking ? VehicleLimits.walk.maximumSpeed : VehicleLimits.run.maximumSpeed
            speed = min(stepRate * gait.stepLength, limit)
            if stepRate * gait.stepLength > limit {
                notes.append(
                    "speed: \(Self.number(stepRate * gait.stepLength)) m/s at \(Self.number(stepRate)) steps/s is beyond the \(chosen == .walking ? "walk" : "run")'s \(Self.number(limit)) m/s; fitted at \(Self.number(limit))"
                )
            }
        }
        self.real = real
        self.seed = seed
        self.own = own
        activity = chosen
        mount = carried
        (accelerometerNoise, gyroscopeNoise) = Self.noise(real, notes: &notes)
        self.notes = notes
    }

    /// White-noise densities from the stillest 2 s of `real`, by the Allan deviation at the sample interval.
    static func noise(_ real: RealismRecording, notes: inout [String]) -> (Double?, Double?) {
        let times = real.times
        let rate = real.sampleRate
        let window = max(Int((2 * rate).rounded()), 8)
        guard times.count > 2 * window else { return (nil, nil) }
        let a = real.acceleration
        // The stillest window: the smallest spread of |a| (windows every half window).
        var best = (start: 0, spread: Double.infinity)
        var start = 0
        while start + window <= a.count {
            var sum = 0.0
            var squares = 0.0
            for k in start..<start + window {
                let m = (a[k] * a[k]).sum().squareRoot()
                sum += m
                squares += m * m
            }
            let mean = sum / Double(window)
            let spread = max(0, squares / Double(window) - mean * mean).squareRoot()
            if spread < best.spread { best = (start, spread) }
            start += window / 2
        }
        guard best.spread < 0.05 else {
            notes.append(
                "noise: no still 2 s (the stillest reads \(number(best.spread)) m/s²): the IMU's noise is the BMI160 preset's"
            )
            return (nil, nil)
        }
        // σ_A(τ₀)² = ½ ⟨(x_{k+1} − x_k)²⟩ per axis at τ₀ = 1 / rate; N = σ_A(τ₀) √τ₀ (white noise's slope).
        func density(_ v: [SIMD3<Double>]) -> Double {
            var total = 0.0
            var count = 0
            for k in best.start..<(best.start + window - 1) {
                let d = v[k + 1] - v[k]
                total += (d * d).sum() / 3
                count += 1
            }
            return (total / Double(count) / 2).squareRoot() * (1 / rate).squareRoot()
        }
        let accelerometer = density(a)
        let gyroscope = real.rotationRate.map(density)
        notes.append(
            "noise: from the stillest 2 s (at \(number(times[best.start])) s): accelerometer \(number(accelerometer)) m/s²/√Hz\(gyroscope.map { ", gyroscope \(number($0)) rad/s/√Hz" } ?? "")"
        )
        return (accelerometer, gyroscope)
    }

    /// The vehicle's name and the route's length (m) and pause (s).
    var plan: (vehicle: String, length: Double, pause: Double) {
        let duration = real.duration
        switch activity {
        // Standing: the recording's time at the first waypoint, then a step of 30 cm (a route needs two
        // waypoints; the gait fades in over 1.5 m, so the device barely moves).
        case .standing: return ("walk", 0.3, (duration + 1).rounded(.up))
        case .walking: return ("walk", speed * (duration + 20), 0)
        case .running: return ("run", speed * (duration + 20), 0)
        }
    }

    /// The spec of `candidate`, as JSON text.
    func spec(_ candidate: Candidate) -> String {
        let (vehicle, length, pause) = plan
        let end = Self.origin.latitude + length / 111_250
        var person = "\"seed\": \(seed)"
        switch activity {
        case .standing: person += ", \"gestures\": \(Self.json(candidate.factor))"
        case .walking, .running: person += ", \"impact\": \(Self.json(candidate.factor))"
        }
        var imu = "\"preset\": \"bmi160\", \"seed\": \(seed)"
        if let accelerometerNoise { imu += ", \"accelerometer_noise_density\": \(Self.json(accelerometerNoise))" }
        if let gyroscopeNoise { imu += ", \"gyroscope_noise_density\": \(Self.json(gyroscopeNoise))" }
        let first =
            "{\"latitude\": \(Self.origin.latitude), \"longitude\": \(Self.origin.longitude), \"altitude\": \(Self.origin.altitude)\(pause > 0 ? ", \"pause\": \(Self.json(pause))" : "")}"
        let second =
            "{\"latitude\": \(Self.json(end)), \"longitude\": \(Self.origin.longitude), \"altitude\": \(Self.origin.altitude)}"
        return """
            {"trajectory": {
              "route": {"speed": \(Self.json(speed > 0 ? speed : 1.4)), "waypoints": [
                \(first),
                \(second)]},
              "vehicle": "\(vehicle)", "mount": "\(mount.rawValue)", "person": {\(person)},
              "epoch": "2026-06-01T08:30:00Z",
              "sensors": {"imu": {\(imu)}}}}
            """
    }

    /// The trajectory of `candidate`.
    func trajectory(_ candidate: Candidate) throws(SignalError) -> Trajectory {
        try Trajectory(json: Data(spec(candidate).utf8), baseDirectory: nil)
    }

    /// `candidate` rendered for the recording's duration at its rate and compared with it.
    func evaluate(_ candidate: Candidate) throws(SignalError) -> Result {
        let t = try trajectory(candidate)
        let rate = max(real.sampleRate, RealismRecording.minimumSampleRate)
        let count = Int((min(real.duration, 120) * rate).rounded(.up)) + 1
        let points = try t.points(first: 0, count: count, rate: rate).map(\.motion)
        let sim = try RealismRecording(
            name: "fit", points: points, hasRotationRate: real.rotationRate != nil, sampleRate: rate)
        let comparison = try RealismComparison(sim, real)
        let loss = comparison.rows.filter(\.decisive).reduce(0.0) { sum, row in
            guard let d = row.deviation, row.tolerance > 0 else { return sum + (row.similar ? 0 : 4) }
            return sum + (d / row.tolerance) * (d / row.tolerance)
        }
        return Result(candidate: candidate, comparison: comparison, loss: loss)
    }

    /// The candidate with the smallest loss.
    func best() throws -> Result {
        var best: Result?
        for factor in factors {
            let result = try sensorsStep { () throws(SignalError) in try evaluate(Candidate(factor: factor)) }
            if best == nil || result.loss < best!.loss { best = result }
        }
        return best!
    }

    /// The summary for standard error.
    func summary(_ result: Result) -> String {
        let what = activity == .standing ? "gestures" : "impact"
        var text =
            "fit: \(activity.rawValue), \(mount.rawValue)\(cadence > 0 ? ", \(Self.number(cadence)) steps/s, \(Self.number(speed)) m/s" : ""); person's \(what) \(Self.number(result.candidate.factor)) (of \(Self.number(factors[0]))…\(Self.number(factors[factors.count - 1])))\n"
        if result.comparison.similar {
            text += "fit: the render is similar to the recording (every decisive feature within its tolerance)\n"
        } else {
            let names = result.comparison.differences.map(\.name).joined(separator: ", ")
            text += "fit: the closest render is not similar to the recording: \(names)\n"
        }
        return text
    }

    /// A number for messages: 3 significant digits.
    static func number(_ x: Double) -> String { String(format: "%.3g", x) }

    /// A finite number for the spec, shortest round-trip form.
    static func json(_ x: Double) -> String { "\(x)" }
}
