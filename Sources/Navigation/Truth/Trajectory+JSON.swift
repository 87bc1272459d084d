import Formats
import Foundation
import InternalUtilities
import Location
import Sensors
import Signals

extension Trajectory {
    /// The fields of a `trajectory` object.
    public static let jsonFields = [
        "route", "vehicle", "mount", "person", "epoch", "earthRotation", "vibration", "sensors", "trip",
    ]
    /// The fields of a trip's leg (`{"trajectory": {"trip": [LEG, …]}}`).
    public static let legFields = ["route", "vehicle", "mount", "transfer"]
    /// The sensors a trajectory can derive.
    public static let sensorNames = ["imu", "magnetometer", "barometer", "gnss"]

    /// Loads a spec document `{"trajectory": {...}}` from JSON bytes.
    ///
    /// ```json
    /// {"trajectory": {
    ///   "route": {"speed": 13.9, "waypoints": [{"latitude": 51.5007, "longitude": -0.1246},
    ///                                          {"latitude": 51.5033, "longitude": -0.1196}]},
    ///   "vehicle": "car", "mount": "dashboard", "epoch": "2026-06-01T12:00:00Z", "earthRotation": true,
    ///   "sensors": {
    ///     "imu": {"preset": "bmi160", "accelerometer_unit": "m/s^2", "seed": 1},
    ///     "magnetometer": {"noise_density": 0.0, "hard_iron": [0, 0, 0]},
    ///     "barometer": {"rate": 25},
    ///     "gnss": {"rate": 1, "sigma": 3, "correlationTime": 60, "seed": 2}}}}
    /// ```
    /// - `route`: a route object (see `Route`; a waypoint's `pause`, seconds, stops the vehicle there, see
    ///   ``KinematicPath``; waypoint `time`s are refused), or `{"gpx": "file.gpx"}` (relative to
    ///   `baseDirectory`; `"speed"` beside it for a GPX file without times; a GPX file's times give each leg's speed);
    /// - `vehicle`: `walk`, `run`, `bike`, `car` (default) or an object (see ``Vehicle``);
    /// - `mount`: `flat` (default), `dashboard`, `handheld`, `pocket`, `wrist`, `backpack`,
    ///   `{"preset": "wrist", "hand": "right"}` or `{"quaternion": {w, x, y, z}}` (see ``Mount``);
    /// - `person`: who carries the device (see ``Person``): `stepLength`, `impact`, `sway`, `tremor`,
    ///   `gestures`, `variability`, `hand`, `pocket`, `seed`;
    /// - `trip`, instead of `route`, `vehicle` and `mount`: legs one after the other, each
    ///   `{"route", "vehicle", "mount", "transfer"}` (`transfer`: seconds at rest before the leg, 1 … 86 400,
    ///   default 5; see ``init(trip:person:epoch:earthRotation:vibration:sensors:)``);
    /// - `epoch` (default ``defaultEpoch``), `earthRotation` (default `true`), `vibration` (default 1);
    /// - `sensors`: any of `imu` (an IMU spec without `motion`, plus `rate`), `magnetometer` (`rate`,
    ///   `hard_iron`, `soft_iron`, `noise_density`, `resolution`, `seed`), `barometer` (`rate`,
    ///   `sea_level_pressure`, `sea_level_temperature`, `weather_sigma`, `weather_correlation_time`,
    ///   `noise_density`, `resolution`, `seed`), `gnss` (`rate`, `sigma`, `correlationTime`, `jitter`,
    ///   `verticalRatio`, `velocitySigma`, `outages`: `[{"start", "end"}]`, `seed`). An absent term is zero.
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - baseDirectory: Where a relative GPX path is found (default: the current directory).
    /// - Throws: `SignalError` with the JSON path of the fault.
    public init(json data: Data, baseDirectory: URL? = nil) throws(SignalError) {
        let value = try JSONValue.parse(data)
        let f = try JSONFields(value, path: "$", what: "a trajectory spec", fields: ["trajectory"])
        try self.init(json: try f.required("trajectory"), path: Self.path, baseDirectory: baseDirectory)
    }

    /// Decodes the object inside `{"trajectory": …}` (see ``init(json:baseDirectory:)``).
    /// - Parameter allowFiles: Whether a `{"gpx": FILE}` route may be read (`false` for a spec that arrived
    ///   over the network: a client must not make the server read its files).
    /// - Parameter readKalibr: The reader of an IMU's `kalibr` file (see `IMU.init(json:path:baseDirectory:allowFiles:readKalibr:)`).
    package init(
        json value: JSONValue, path: String, baseDirectory: URL?, allowFiles: Bool = true,
        readKalibr: KalibrFileReader? = nil
    ) throws(SignalError) {
        let f = try JSONFields(value, path: path, what: "'trajectory'", fields: Self.jsonFields)
        var person = try Self.person(try f.value("person"), path: f.path("person"))
        /// A mount's hand (a watch on the right wrist) becomes the person's, given once.
        func take(_ hand: Person.Side?) throws(SignalError) {
            guard let hand else { return }
            if case .string(let name)? = try f.value("person")?.object?["hand"], name != hand.rawValue {
                throw SignalError(
                    .invalidArgument, path: JSONPath.child(f.path("person"), "hand"),
                    "the person's hand is \"\(SignalError.quoted(name, limit: 20))\" but the mount's is \"\(hand.rawValue)\"; give it once"
                )
            }
            person.hand = hand
        }
        let sensors = try Self.sensors(
            try f.value("sensors"), path: f.path("sensors"), baseDirectory: baseDirectory, allowFiles: allowFiles,
            readKalibr: readKalibr)
        let epoch = try f.optionalString("epoch") ?? Self.defaultEpoch
        let earthRotation = try f.optionalBool("earthRotation") ?? true
        let vibration = try f.number("vibration", default: 1)
        if let trip = try f.value("trip") {
            for key in ["route", "vehicle", "mount"] where try f.value(key) != nil {
                throw SignalError(
                    .invalidArgument, path: f.path(key),
                    "a trajectory with a 'trip' gives each leg its '\(key)'; remove the top-level '\(key)' or the 'trip'"
                )
            }
            guard case .array(let items) = trip else {
                throw SignalError(
                    .malformed, path: f.path("trip"),
                    "'trip' must be an array of legs, each {\"route\", \"vehicle\", \"mount\", \"transfer\"}")
            }
            var legs: [Leg] = []
            var files: [String?] = []
            var hands: [(Person.Side, String)] = []
            for (i, item) in items.enumerated() {
                let at = "\(f.path("trip"))[\(i)]"
                let lf = try JSONFields(item, path: at, what: "a leg", fields: Self.legFields)
                let (route, gpx) = try Self.route(
                    try lf.required("route"), path: lf.path("route"), baseDirectory: baseDirectory,
                    allowFiles: allowFiles)
                let vehicle = try Self.vehicle(try lf.value("vehicle"), path: lf.path("vehicle"))
                let (mount, hand) = try Self.mount(try lf.value("mount"), path: lf.path("mount"))
                if let hand {
                    if let other = hands.first(where: { $0.0 != hand }) {
                        throw SignalError(
                            .invalidArgument, path: lf.path("mount"),
                            "this leg's watch is on the \(hand.rawValue) hand but \(other.1)'s on the \(other.0.rawValue); one person wears it on one wrist"
                        )
                    }
                    hands.append((hand, lf.path("mount")))
                    try take(hand)
                }
                legs.append(
                    Leg(
                        route: route, vehicle: vehicle, mount: mount,
                        transfer: try lf.number("transfer", default: Self.defaultTransfer), stairs: gpx == nil))
                files.append(gpx)
            }
            try self.init(
                trip: legs, person: person, epoch: epoch, earthRotation: earthRotation, vibration: vibration,
                sensors: sensors)
            if stages.isEmpty {
                gpxFile = files.first ?? nil
            } else {
                for (i, file) in files.enumerated() { stages[i].leg.gpxFile = file }
            }
            return
        }
        let (route, gpx) = try Self.route(
            try f.required("route"), path: f.path("route"), baseDirectory: baseDirectory,
            allowFiles: allowFiles)
        let vehicle = try Self.vehicle(try f.value("vehicle"), path: f.path("vehicle"))
        let (mount, hand) = try Self.mount(try f.value("mount"), path: f.path("mount"))
        try take(hand)
        try self.init(
            route: route, vehicle: vehicle, mount: mount, person: person, epoch: epoch,
            earthRotation: earthRotation, vibration: vibration, sensors: sensors, stairs: gpx == nil)
        gpxFile = gpx
    }

    /// The largest GPX file a trajectory reads, in bytes (64 MiB, as a spec document).
    static let gpxSizeLimit = 64 << 20

    /// A route object, or `{"gpx": FILE}` with an optional `speed`.
    static func route(
        _ value: JSONValue, path: String, baseDirectory: URL?, allowFiles: Bool
    ) throws(SignalError) -> (Route, String?) {
        guard case .object(let object) = value, object["gpx"] != nil else {
            // Before the route's own checks, which would ask for a time on every waypoint once one has one.
            if case .array(let list)? = value.object?["waypoints"] {
                for (i, item) in list.enumerated() where item.object?["time"] != nil {
                    throw SignalError(
                        .invalidArgument, path: "\(path).waypoints[\(i)].time", KinematicPath.waypointTimeRefusal)
                }
            }
            do {
                return (try Route(json: value, path: path), nil)
            } catch  where error.code == .missingField && error.location.path == JSONPath.child(path, "speed") {
                // A route's own advice offers waypoint times, which a trajectory does not take.
                throw SignalError(
                    .missingField, path: JSONPath.child(path, "speed"),
                    "missing 'speed': give the route a speed in m/s, or every leg one on its arriving waypoint (a trajectory moves at speeds; its waypoints take no 'time')"
                )
            }
        }
        guard allowFiles else {
            throw SignalError(
                .invalidArgument, path: JSONPath.child(path, "gpx"),
                "a spec sent to a running server cannot name files; give the route's waypoints, or start the server with the spec file (signals serve FILE)"
            )
        }
        let f = try JSONFields(value, path: path, what: "a GPX route", fields: ["gpx", "speed"])
        let name = try f.string("gpx")
        let url =
            name.hasPrefix("/")
            ? URL(fileURLWithPath: name)
            : (baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).appendingPathComponent(
                name)
        let data: Data
        do {
            // The package's bounded reader: a device (/dev/zero), a pipe or a huge file fails with its reason.
            data = try NamedInput.open(url.path, spoolLimit: gpxSizeLimit).data(limit: gpxSizeLimit)
        } catch {
            throw SignalError(error.code, path: f.path("gpx"), "cannot read the GPX file \(url.path): \(error.message)")
        }
        var route: Route
        do {
            route = try Route(gpx: data, speed: try f.optionalNumber("speed"), file: name)
        } catch {
            throw SignalError(error.code, path: f.path("gpx"), "\(name): \(error.message)")
        }
        // A recorded track's times give each leg's speed; the vehicle's limits shape the motion.
        var waypoints = route.waypoints
        for k in waypoints.indices where waypoints[k].time != nil {
            if k > 0, let t0 = waypoints[k - 1].time, let t1 = waypoints[k].time, t1 > t0 {
                let d = Geodesic.wgs84.inverse(from: waypoints[k - 1].coordinate, to: waypoints[k].coordinate).distance
                waypoints[k].speed = max(d / (t1 - t0), 0.01)
            }
        }
        for k in waypoints.indices { waypoints[k].time = nil }
        route.waypoints = waypoints
        return (route, url.path)
    }

    /// `"walk"`, `"run"`, `"bike"`, `"car"` or a custom object; absent: the car.
    static func vehicle(_ value: JSONValue?, path: String) throws(SignalError) -> Vehicle {
        guard let value else { return .car }
        if let preset = try preset(value, Vehicle.presets, kind: "vehicle", path: path) { return preset }
        let f = try JSONFields(
            value, path: path, what: "a vehicle",
            fields: [
                "maximumSpeed", "longitudinalAcceleration", "lateralAcceleration", "yawRate", "jerk",
                "banks", "gait", "vibration",
            ])
        let limits = try VehicleLimits(
            maximumSpeed: try f.number("maximumSpeed"),
            longitudinalAcceleration: try f.number("longitudinalAcceleration"),
            lateralAcceleration: try f.number("lateralAcceleration"),
            yawRate: try f.number("yawRate"), jerk: try f.number("jerk"))
        var gait: Gait?
        if let g = try f.value("gait") {
            let gf = try JSONFields(g, path: f.path("gait"), what: "a gait", fields: Gait.jsonFields)
            gait = try Gait(
                stepLength: try gf.number("stepLength"), bounce: try gf.number("bounce", default: 0),
                sway: try gf.number("sway", default: 0), impact: try gf.number("impact", default: 0),
                impactWidth: try gf.number("impactWidth", default: 0.02),
                braking: try gf.number("braking", default: 0), asymmetry: try gf.number("asymmetry", default: 0),
                flight: try gf.number("flight", default: 0),
                cadenceVariation: try gf.number("cadenceVariation", default: 0),
                impactVariation: try gf.number("impactVariation", default: 0),
                stepVariation: try gf.number("stepVariation", default: 0),
                referenceCadence: try gf.number("referenceCadence", default: 1.8))
        }
        var vibration = Vibration.none
        if let v = try f.value("vibration") {
            let vf = try JSONFields(
                v, path: f.path("vibration"), what: "a vibration",
                fields: ["rms", "low", "high", "referenceSpeed", "engine", "bumps"])
            let low = try vf.number("low")
            let high = try vf.number("high")
            guard low.isFinite, high.isFinite, low < high else {
                throw SignalError(
                    .outOfRange, path: vf.path("high"),
                    "the vibration band must have low < high, got \(low) ... \(high) Hz")
            }
            var engine = (rms: 0.0, frequency: 27.0)
            if let e = try vf.value("engine") {
                let ef = try JSONFields(e, path: vf.path("engine"), what: "an engine", fields: ["rms", "frequency"])
                engine = (try ef.number("rms"), try ef.number("frequency", default: 27))
            }
            var bumps = (perKilometre: 0.0, acceleration: 0.0)
            if let b = try vf.value("bumps") {
                let bf = try JSONFields(
                    b, path: vf.path("bumps"), what: "bumps", fields: ["perKilometre", "acceleration"])
                bumps = (try bf.number("perKilometre"), try bf.number("acceleration"))
            }
            vibration = try Vibration(
                rms: try vf.number("rms"), band: low...high, referenceSpeed: try vf.optionalNumber("referenceSpeed"),
                engineRMS: engine.rms, engineFrequency: engine.frequency, bumpsPerKilometre: bumps.perKilometre,
                bumpAcceleration: bumps.acceleration)
        }
        return Vehicle(limits: limits, banks: try f.optionalBool("banks") ?? false, gait: gait, vibration: vibration)
    }

    /// A named mount, `{"preset": NAME, "hand": "left" | "right"}` or `{"quaternion": {w, x, y, z}}`; absent:
    /// flat. Returns the hand the object names, if any.
    static func mount(_ value: JSONValue?, path: String) throws(SignalError) -> (Mount, Person.Side?) {
        guard let value else { return (.flat, nil) }
        if let preset = try preset(value, Mount.presets, kind: "mount", path: path) { return (preset, nil) }
        if value.object?["preset"] != nil {
            let f = try JSONFields(value, path: path, what: "a mount", fields: ["preset", "hand"])
            let name = try f.string("preset")
            guard let mount = Mount.presets[name] else {
                throw unknownName(name, kind: "mount", names: Mount.presets.keys.sorted(), path: f.path("preset"))
            }
            var hand: Person.Side?
            if let given = try f.optionalString("hand") { hand = try side(given, path: f.path("hand")) }
            return (mount, hand)
        }
        if let object = value.object, object["quaternion"] == nil {
            // Neither form: name both, so a wrong key is not answered with the quaternion form alone.
            let f = try JSONFields(value, path: path, what: "a mount", fields: ["preset", "hand", "quaternion"])
            throw SignalError(
                .missingField, path: f.path,
                "a mount object names a 'preset' (with an optional 'hand': \"left\" or \"right\") or gives a 'quaternion'"
            )
        }
        let f = try JSONFields(value, path: path, what: "a mount", fields: ["quaternion"])
        let q = try JSONFields(
            try f.required("quaternion"), path: f.path("quaternion"), what: "a quaternion",
            fields: ["w", "x", "y", "z"])
        return (
            try Mount(
                quaternion: Quaternion(
                    w: try q.number("w"), x: try q.number("x"), y: try q.number("y"),
                    z: try q.number("z"))), nil
        )
    }

    /// `"left"` or `"right"`.
    static func side(_ name: String, path: String) throws(SignalError) -> Person.Side {
        guard let side = Person.Side(rawValue: name) else {
            throw SignalError(
                .malformed, path: path,
                "\"\(SignalError.quoted(name, limit: 20))\" is not a side; give \"left\" or \"right\"")
        }
        return side
    }

    /// The `person` object; absent: the default person.
    static func person(_ value: JSONValue?, path: String) throws(SignalError) -> Person {
        guard let value else { return Person() }
        let f = try JSONFields(value, path: path, what: "a person", fields: Person.jsonFields)
        var hand = Person.Side.left
        var pocket = Person.Side.right
        if let given = try f.optionalString("hand") { hand = try side(given, path: f.path("hand")) }
        if let given = try f.optionalString("pocket") { pocket = try side(given, path: f.path("pocket")) }
        return try Person(
            stepLength: try f.optionalNumber("stepLength"), impact: try f.number("impact", default: 1),
            sway: try f.number("sway", default: 1), tremor: try f.number("tremor", default: 1),
            gestures: try f.number("gestures", default: 1),
            variability: try f.number("variability", default: 1), hand: hand, pocket: pocket,
            seed: try f.optionalUnsigned("seed") ?? 0)
    }

    /// The preset a JSON string names; `nil` when `value` is not a string (an object of its own).
    /// - Throws: `SignalError` (`malformed`) for a name that is not a preset (with the closest one).
    static func preset<T>(
        _ value: JSONValue, _ presets: [String: T], kind: String, path: String
    ) throws(SignalError) -> T? {
        guard case .string(let name) = value else { return nil }
        guard let preset = presets[name] else {
            throw unknownName(name, kind: kind, names: presets.keys.sorted(), path: path)
        }
        return preset
    }

    static func unknownName(_ name: String, kind: String, names: [String], path: String) -> SignalError {
        let message = SignalError.unknownName(name, kind: kind, names: names, plural: kind + "s")
        return SignalError(.malformed, path: path, message + ", or an object")
    }

    /// A `sensors.magnetometer` object: the model and its own `rate` (Hz, `nil` for the render rate). The one
    /// decoder of a magnetometer's JSON, used by the spec and by a live server's client (its `/v1/spec`):
    /// `hard_iron` and `soft_iron` are read by `MagnetometerCalibrationRules` and checked by the model.
    /// - Parameters:
    ///   - value: The magnetometer object.
    ///   - path: Its JSON path (`$.trajectory.sensors.magnetometer`).
    /// - Throws: `SignalError` with the JSON path of the field at fault.
    package static func magnetometer(
        _ value: JSONValue, path: String
    ) throws(SignalError) -> (model: MagnetometerModel, rate: Double?) {
        let m = try JSONFields(
            value, path: path, what: "a magnetometer",
            fields: ["rate", "hard_iron", "soft_iron", "noise_density", "resolution", "seed"])
        let rate = try m.optionalNumber("rate")
        let (hardIron, softIron) = try MagnetometerCalibrationRules.read(m)
        let model = try MagnetometerModel(
            sampleRate: rate ?? 100, hardIron: hardIron ?? .zero, softIron: softIron ?? MagnetometerModel.identity,
            noiseDensity: try m.value("noise_density").map { x throws(SignalError) in
                try IMU.vector(x, path: m.path("noise_density"), name: "noise_density")
            } ?? .zero,
            resolution: try m.number("resolution", default: 0), seed: try m.optionalUnsigned("seed") ?? 0)
        return (model, rate)
    }

    /// The `sensors` object.
    static func sensors(
        _ value: JSONValue?, path: String, baseDirectory: URL? = nil, allowFiles: Bool = true,
        readKalibr: KalibrFileReader? = nil
    ) throws(SignalError) -> TrajectorySensors {
        var sensors = TrajectorySensors()
        guard let value else { return sensors }
        let f = try JSONFields(value, path: path, what: "'sensors'", fields: sensorNames)
        if let v = try f.value("imu") {
            let (imu, rate) = try IMU.trajectoryIMU(
                json: v, path: f.path("imu"), baseDirectory: baseDirectory, allowFiles: allowFiles,
                readKalibr: readKalibr)
            sensors.imu = imu
            sensors.imuRate = try rate.map { r throws(SignalError) in try checkRate(r, path: f.path("imu")) }
        }
        if let v = try f.value("magnetometer") {
            let (model, rate) = try magnetometer(v, path: f.path("magnetometer"))
            sensors.magnetometer = model
            sensors.magnetometerRate = rate
        }
        if let v = try f.value("barometer") {
            let b = try JSONFields(
                v, path: f.path("barometer"), what: "a barometer",
                fields: [
                    "rate", "sea_level_pressure", "sea_level_temperature", "weather_sigma",
                    "weather_correlation_time", "noise_density", "resolution", "seed",
                ])
            let rate = try b.optionalNumber("rate")
            sensors.barometer = try BarometerModel(
                sampleRate: rate ?? 100,
                seaLevelPressure: try b.number(
                    "sea_level_pressure", default: StandardAtmosphere.standardSeaLevelPressure),
                seaLevelTemperature: try b.number(
                    "sea_level_temperature", default: StandardAtmosphere.standardSeaLevelTemperature),
                weatherDeviation: try b.number("weather_sigma", default: 0),
                weatherCorrelationTime: try b.number("weather_correlation_time", default: 0),
                noiseDensity: try b.number("noise_density", default: 0),
                resolution: try b.number("resolution", default: 0),
                seed: try b.optionalUnsigned("seed") ?? 0)
            sensors.barometerRate = rate
        }
        if let v = try f.value("gnss") {
            let g = try JSONFields(
                v, path: f.path("gnss"), what: "a GNSS receiver",
                fields: [
                    "rate", "sigma", "correlationTime", "jitter", "verticalRatio", "velocitySigma",
                    "outages", "seed",
                ])
            let sigma = try g.number("sigma", default: 0)
            let jitter = try g.number("jitter", default: 0)
            let tau = try g.optionalNumber("correlationTime")
            var outages: [GNSSReceiver.Outage] = []
            for (i, o) in (try g.optionalArray("outages") ?? []).enumerated() {
                let of = try JSONFields(
                    o, path: "\(g.path("outages"))[\(i)]", what: "an outage", fields: ["start", "end"])
                outages.append(GNSSReceiver.Outage(start: try of.number("start"), end: try of.number("end")))
            }
            let model = GNSSErrorModel(
                sigma: sigma, correlationTime: tau ?? 60, jitter: jitter,
                verticalRatio: try g.number("verticalRatio", default: 1.5),
                seed: try g.optionalUnsigned("seed") ?? 0)
            // The model's own checks first (sigma ≥ 0, …): a sigma that is wrong is reported as wrong, not as
            // lacking a correlation time.
            sensors.gnss = try GNSSReceiver(
                error: model, rate: try g.number("rate", default: 1),
                velocitySigma: try g.number("velocitySigma", default: 0), outages: outages)
            if tau == nil, sigma > 0 {
                throw SignalError(
                    .missingField, path: g.path("correlationTime"),
                    "sigma \(sigma) m needs a correlationTime (s): how long the position error takes to wander")
            }
        }
        return sensors
    }

    /// A sensor's `rate`, Hz (0.001 … 1 MHz).
    static func checkRate(_ rate: Double, path: String) throws(SignalError) -> Double {
        try ParameterCheck(path: path).check(rate, "rate", unit: "Hz", in: 1e-3...1e6)
        return rate
    }
}
