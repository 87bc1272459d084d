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
        abstract:
            "Fit a trajectory spec to a real recording (a walk, a run, standing, a drive, a device lying still) so that its render is like it.",
        discussion: """
            RECORDING is anything signals compare reads: a phone export (phyphox, Sensor
            Logger), a render directory or a point file, at least 20 s long. From its
            linear acceleration (and rotation rate, when it has one) fit estimates:
              the activity: without a step rate (or below 0.4 m/s² RMS), still (a device
                lying on a table: below 0.1 m/s², its spectrum white, at least 75 % of
                white noise's share above 5 Hz), driving (from 0.3 m/s², 20 % of its
                power above 5 Hz: a road's and an engine's vibration), else standing;
                with a step rate, running from 2.3 steps/s, else walking (--activity
                says it when the recording cannot tell);
              the mount: a pocket when the stride (half the step rate) dominates the
                spectrum or the rotation rate exceeds 1.5 rad/s RMS, else hand-held
                (--mount: a watch reads like a hand-held phone without a gyroscope, so
                give --mount wrist for a watch); flat for a device lying still, the
                dashboard for a drive (--mount wrist, handheld or pocket ride rigidly in
                the car);
              the cadence (the step rate) and from it the speed, with the gait's step
                length;
              the IMU's white noise from the stillest 2 s, by the Allan deviation at the
                sample interval (N = σ_A(τ₀)·√τ₀, as signals allan reads it), when they
                are still (below 0.05 m/s²); else the BMI160 preset's, with a note;
              the person's impact (walking, running) or gestures (standing), the car's
                vibration (driving, at 13.9 m/s: a recording without positions does not
                tell the speed) or a factor on the noise (still): each candidate is
                rendered in process and compared with the recording (signals compare's
                features and tolerances); the one with the smallest deviations wins.
            The spec (a straight route north from Westminster, long enough for the
            recording) is written to -o (- for standard output); a summary goes to
            standard error. Exit status: 0 when the fitted render is similar to the
            recording (signals compare would exit 0), 1 when the closest fit is not (the
            spec is still written, and the features that differ are named), 2 for bad
            input.
            Example: signals fit walk/ -o walk.json &&
              signals render walk.json --rate 100 --output-dir sim &&
              signals compare sim walk/
            """
    )

    /// What the person does.
    enum Activity: String, ExpressibleByArgument, CaseIterable {
        case walking, running, standing, driving, still
    }

    /// Where the device is carried (the body-carried mounts).
    enum Carry: String, ExpressibleByArgument, CaseIterable {
        case handheld, pocket, wrist, backpack, flat, dashboard
    }

    @Argument(help: "The recording: a phone export (folder or CSV), a render directory or a point file.")
    var recording: String

    @Option(name: .shortAndLong, help: "Where the trajectory spec goes (.json, or - for standard output).")
    var output: String

    @Option(
        name: .long, help: "The activity when the recording cannot tell: walking, running, standing, driving or still.")
    var activity: Activity?

    @Option(
        name: .long, help: "Where the device was carried: handheld, pocket, wrist, backpack, flat or dashboard.")
    var mount: Carry?

    @OptionGroup var phone: PhonePlatformOption

    @Option(name: .long, help: "The seed of the simulated person and IMU (default 1).")
    var seed: UInt64 = 1

    func run() throws {
        let inputs = try CompareInput.inputs([recording])
        try inputs.check(output, option: "-o", extensions: ["json"], what: "a trajectory spec")
        // The output first: a directory or a folder that does not exist is refused before the fit's work.
        let sink = try OutputSink(path: output == "-" ? nil : output, inputs: inputs)
        var notes: [String] = []
        let real = try CompareInput.read(recording, platform: phone.platform, notes: &notes)
        let fit = try sensorsStep { () throws(SignalError) in
            try RecordingFit(real, activity: activity, mount: mount, seed: seed)
        }
        notes += fit.notes
        for note in notes { ProcessOutput.error("note: \(note)\n") }
        let report = try fit.best()
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
        switch activity {
        case .standing: [0, 0.1, 0.2, 0.35, 0.5, 0.75, 1, 1.5, 2.5]
        case .walking, .running: [0.4, 0.55, 0.7, 0.85, 1, 1.2, 1.45, 1.75, 2.1, 2.5]
        // The car's vibration (a watch worn at the wheel adds the arm's steering to the road's).
        case .driving: [0.5, 0.75, 1, 1.5, 2, 2.5, 3, 4, 5, 6]
        // The noise (a quantised accelerometer's white noise reads off its Allan deviation at τ₀).
        case .still: [0.5, 0.7, 0.85, 1, 1.2, 1.45, 1.75, 2.1]
        }
    }

    /// The speed a drive is fitted at, m/s (50 km/h: town driving), since a recording without positions
    /// does not tell it.
    static let drivingSpeed = 13.9

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
            let share = feature(.shareAbove5Hz) ?? 0
            // White noise's share above 5 Hz in the compared band (up to half the sample rate, at most 50 Hz).
            let band = min(real.sampleRate / 2, 50)
            let whiteness = band > 5 ? share / ((band - 5) / band) : 0
            if rms < 0.1, whiteness >= 0.75, carry == nil || carry == .flat {
                chosen = .still
                notes.append(
                    "activity: still (linear acceleration \(Self.number(rms)) m/s² RMS, white: \(Self.number(whiteness)) of white noise's share above 5 Hz): a device lying on a table"
                )
            } else if rms >= 0.3, share >= 0.2 {
                chosen = .driving
                notes.append(
                    "activity: driving (linear acceleration \(Self.number(rms)) m/s² RMS, \(Self.number(share)) of it above 5 Hz, no step rate: a road's vibration)"
                )
            } else {
                chosen = .standing
                notes.append(
                    "activity: standing (linear acceleration \(Self.number(rms)) m/s² RMS\(stepRate > 0 ? "" : ", no step rate"))"
                )
            }
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
            switch (chosen, carry) {
            case (.walking, .flat), (.walking, .dashboard), (.running, .flat), (.running, .dashboard),
                (.standing, .flat), (.standing, .dashboard):
                throw SignalError(
                    .invalidArgument,
                    "--mount \(carry.rawValue) does not suit \(chosen.rawValue): a person \(chosen == .standing ? "standing" : chosen.rawValue) carries the device (handheld, pocket, wrist or backpack); \(carry == .flat ? "flat is a device lying still (--activity still)" : "a dashboard holder is in a car (--activity driving)")",
                    field: "mount")
            case (.still, let m) where m != .flat:
                throw SignalError(
                    .invalidArgument,
                    "--mount \(m.rawValue) does not suit still: a device lying still is not carried (--mount flat); for a person who keeps still give --activity standing",
                    field: "mount")
            default: carried = carry
            }
        } else if chosen == .still {
            carried = .flat
        } else if chosen == .driving {
            carried = .dashboard
            notes.append(
                "mount: dashboard (give --mount wrist, handheld or pocket for a device worn or carried in the car)")
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
        case .standing, .still:
            cadence = 0
            speed = 0
        case .driving:
            cadence = 0
            speed = Self.drivingSpeed
            notes.append("speed: \(Self.number(Self.drivingSpeed)) m/s (town driving): the recording does not tell it")
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
        // Still: a device lying in a parked car with its engine off (vibration 0), nudged 5 cm at 5 cm/s after
        // the recording's time (a route needs two waypoints; so small a move barely shows).
        case .still: return ("car", 0.02, (duration + 1).rounded(.up))
        // Driving: at speed for the recording's length, with the start and the stop around it.
        case .driving: return ("car", speed * (duration + 20), 0)
        case .walking: return ("walk", speed * (duration + 20), 0)
        case .running: return ("run", speed * (duration + 20), 0)
        }
    }

    /// The spec of `candidate`, as JSON text.
    func spec(_ candidate: Candidate) -> String {
        let (vehicle, length, pause) = plan
        let end = Self.origin.latitude + length / 111_250
        var person = "\"seed\": \(seed)"
        var vibration = ""
        var noiseFactor = 1.0
        switch activity {
        case .standing: person += ", \"gestures\": \(Self.json(candidate.factor))"
        case .walking, .running: person += ", \"impact\": \(Self.json(candidate.factor))"
        case .driving: vibration = ", \"vibration\": \(Self.json(candidate.factor))"
        case .still:
            noiseFactor = candidate.factor
            vibration = ", \"vibration\": 0"
        }
        var imu = "\"preset\": \"bmi160\", \"seed\": \(seed)"
        if let accelerometerNoise {
            imu += ", \"accelerometer_noise_density\": \(Self.json(accelerometerNoise * noiseFactor))"
        }
        if let gyroscopeNoise { imu += ", \"gyroscope_noise_density\": \(Self.json(gyroscopeNoise * noiseFactor))" }
        let first =
            "{\"latitude\": \(Self.origin.latitude), \"longitude\": \(Self.origin.longitude), \"altitude\": \(Self.origin.altitude)\(pause > 0 ? ", \"pause\": \(Self.json(pause))" : "")}"
        let second =
            "{\"latitude\": \(Self.json(end)), \"longitude\": \(Self.origin.longitude), \"altitude\": \(Self.origin.altitude)}"
        return """
            {"trajectory": {
              "route": {"speed": \(Self.json(activity == .still ? 0.001 : speed > 0 ? speed : 1.4)), "waypoints": [
                \(first),
                \(second)]},
              "vehicle": "\(vehicle)", "mount": "\(mount.rawValue)", "person": {\(person)}\(vibration),
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
        // A still device's whole render (its nudge after the recording's time included), else the recording's time.
        let seconds = activity == .still ? min(t.duration + 1, 120) : min(real.duration, 120)
        let count = Int((seconds * rate).rounded(.up)) + 1
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
        let what =
            switch activity {
            case .standing: "person's gestures"
            case .walking, .running: "person's impact"
            case .driving: "car's vibration"
            case .still: "factor on the noise"
            }
        var text =
            "fit: \(activity.rawValue), \(mount.rawValue)\(cadence > 0 ? ", \(Self.number(cadence)) steps/s, \(Self.number(speed)) m/s" : ""); \(what) \(Self.number(result.candidate.factor)) (of \(Self.number(factors[0]))…\(Self.number(factors[factors.count - 1])))\n"
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
