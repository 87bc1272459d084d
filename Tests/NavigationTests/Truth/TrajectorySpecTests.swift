import Formats
import Foundation
import InternalUtilities
import KalibrYAML
import Location
import Sensors
import SignalRunnerTesting
import Signals
import Testing

@testable import Navigation

/// `{"trajectory": …}` specs: the issue's example, every refusal with its JSON path, and the sensors'
/// outputs against the truth.
@Suite struct TrajectorySpecTests {
    static let example = """
        {"trajectory": {
          "route": {"speed": 13.9, "waypoints": [{"latitude": 51.5007, "longitude": -0.1246}, {"latitude": 51.5033, "longitude": -0.1196}]},
          "vehicle": "car", "mount": "dashboard", "epoch": "2026-06-01T12:00:00Z", "earthRotation": true,
          "sensors": {
            "imu": {"preset": "bmi160", "accelerometer_unit": "m/s^2", "seed": 1},
            "magnetometer": {"noise_density": 0.0, "hard_iron": [0, 0, 0]},
            "barometer": {"rate": 25},
            "gnss": {"rate": 1, "sigma": 3, "correlationTime": 60, "seed": 2}
          }}}
        """

    /// The example with `body` in place of its `"vehicle": …, "sensors": {…}` part.
    static func spec(_ body: String) -> Data {
        Data(
            """
            {"trajectory": {"route": {"speed": 13.9, "waypoints": [{"latitude": 51.5007, "longitude": -0.1246}, {"latitude": 51.5033, "longitude": -0.1196}]}\(body.isEmpty ? "" : ", " + body)}}
            """.utf8)
    }

    static func error(_ body: String) -> SignalError? {
        do {
            _ = try Trajectory(json: spec(body))
            return nil
        } catch {
            return error
        }
    }

    @Test func theIssuesExampleLoads() throws {
        let t = try Trajectory(json: Data(Self.example.utf8))
        #expect(t.vehicle == .car && t.mount == .dashboard && t.earthRotation)
        #expect(t.sensors.imu?.accelerometerUnit == .metersPerSecondSquared && t.sensors.imu?.seed == 1)
        #expect(t.sensors.barometerRate == 25 && t.sensors.magnetometerRate == nil)
        #expect(t.sensors.gnss?.rate == 1 && t.sensors.gnss?.error.sigma == 3)
        let streams = try t.series(rate: 100)
        #expect(streams.map(\.kind) == [.truth, .imu, .magnetometer, .barometer, .gnss])
        #expect(streams.map(\.rate) == [100, 100, 100, 25, 1])
        #expect(TrajectorySeries.columns(.truth).count == 21)
    }

    @Test func everyRefusalNamesItsPath() {
        let cases: [(String, SignalError.Code, String)] = [
            (#""epoch": "2031-01-01T00:00:00Z""#, .outOfRange, "$.trajectory.epoch"),
            (#""epoch": "2024-12-31T23:00:00Z""#, .outOfRange, "$.trajectory.epoch"),
            (#""epoch": "June 2026""#, .malformed, "$.trajectory.epoch"),
            (
                #""mount": {"quaternion": {"w": 1, "x": 1, "y": 0, "z": 0}}"#, .invalidArgument,
                "$.trajectory.mount.quaternion"
            ),
            (#""mount": "dashbord""#, .malformed, "$.trajectory.mount"),
            (#""vehicle": "cra""#, .malformed, "$.trajectory.vehicle"),
            (
                #""vehicle": {"maximumSpeed": -1, "longitudinalAcceleration": 1, "lateralAcceleration": 1, "yawRate": 1, "jerk": 1}"#,
                .outOfRange, "$.trajectory.vehicle.maximumSpeed"
            ),
            (#""vibration": -1"#, .outOfRange, "$.trajectory.vibration"),
            (
                #""sensors": {"imu": {"motion": {"attitude": "faceUp"}}}"#, .invalidArgument,
                "$.trajectory.sensors.imu.motion"
            ),
            (#""sensors": {"gps": {}}"#, .unknownField, "$.trajectory.sensors.gps"),
            (#""sensors": {"gnss": {"sigma": 3}}"#, .missingField, "$.trajectory.sensors.gnss.correlationTime"),
            (
                #""sensors": {"gnss": {"outages": [{"start": 10, "end": 5}]}}"#, .invalidArgument,
                "$.trajectory.sensors.gnss.outages[0]"
            ),
            (
                #""sensors": {"magnetometer": {"soft_iron": [[1, 0, 0], [0, 0, 0], [0, 0, 1]]}}"#, .outOfRange,
                "$.trajectory.sensors.magnetometer.soft_iron"
            ),
            (#""sensors": {"barometer": {"rate": 0}}"#, .outOfRange, "$.trajectory.sensors.barometer.rate"),
            (#""earthrotation": true"#, .unknownField, "$.trajectory.earthrotation"),
            // The person, a mount on a side, a gait's new fields.
            (#""person": {"impact": -1}"#, .outOfRange, "$.trajectory.person.impact"),
            (#""person": {"tremor": 11}"#, .outOfRange, "$.trajectory.person.tremor"),
            (#""person": {"stepLength": 0.05}"#, .outOfRange, "$.trajectory.person.stepLength"),
            (#""person": {"hand": "middle"}"#, .malformed, "$.trajectory.person.hand"),
            (#""person": {"pocket": 1}"#, .malformed, "$.trajectory.person.pocket"),
            (#""person": {"seed": -1}"#, .malformed, "$.trajectory.person.seed"),
            (#""person": {"height": 1.8}"#, .unknownField, "$.trajectory.person.height"),
            (#""person": []"#, .malformed, "$.trajectory.person"),
            (#""mount": {"preset": "wirst"}"#, .malformed, "$.trajectory.mount.preset"),
            (#""mount": {"preset": "wrist", "hand": "up"}"#, .malformed, "$.trajectory.mount.hand"),
            (#""mount": {"preset": "wrist", "side": "left"}"#, .unknownField, "$.trajectory.mount.side"),
            (#""mount": {"kind": "wrist"}"#, .unknownField, "$.trajectory.mount.kind"),
            (#""mount": {"hand": "right"}"#, .missingField, "$.trajectory.mount"),
            (
                #""mount": {"preset": "wrist", "hand": "right"}, "person": {"hand": "left"}"#, .invalidArgument,
                "$.trajectory.person.hand"
            ),
            (
                #""vehicle": {"maximumSpeed": 2, "longitudinalAcceleration": 1, "lateralAcceleration": 1, "yawRate": 1, "jerk": 1, "gait": {"stepLength": 0.7, "flight": 0.9}}"#,
                .outOfRange, "$.trajectory.vehicle.gait.flight"
            ),
            (
                #""vehicle": {"maximumSpeed": 2, "longitudinalAcceleration": 1, "lateralAcceleration": 1, "yawRate": 1, "jerk": 1, "gait": {"stepLength": 0.7, "impactWidth": 0}}"#,
                .outOfRange, "$.trajectory.vehicle.gait.impactWidth"
            ),
            (
                #""vehicle": {"maximumSpeed": 2, "longitudinalAcceleration": 1, "lateralAcceleration": 1, "yawRate": 1, "jerk": 1, "gait": {"stepLength": 0.7, "cadence": 2}}"#,
                .unknownField, "$.trajectory.vehicle.gait.cadence"
            ),
            (
                #""vehicle": {"maximumSpeed": 20, "longitudinalAcceleration": 1, "lateralAcceleration": 1, "yawRate": 1, "jerk": 1, "vibration": {"rms": 0.3, "low": 5, "high": 50, "engine": {"rms": -1}}}"#,
                .outOfRange, "$.trajectory.vehicle.vibration.engine.rms"
            ),
            (
                #""vehicle": {"maximumSpeed": 20, "longitudinalAcceleration": 1, "lateralAcceleration": 1, "yawRate": 1, "jerk": 1, "vibration": {"rms": 0.3, "low": 5, "high": 50, "referenceSpeed": 0}}"#,
                .outOfRange, "$.trajectory.vehicle.vibration.referenceSpeed"
            ),
            (
                #""vehicle": {"maximumSpeed": 20, "longitudinalAcceleration": 1, "lateralAcceleration": 1, "yawRate": 1, "jerk": 1, "vibration": {"rms": 0.3, "low": 5, "high": 50, "bumps": {"perKilometre": 10}}}"#,
                .missingField, "$.trajectory.vehicle.vibration.bumps"
            ),
            // No person: 20 steps/s, or heel strikes of 1,300 g at the route's cadence.
            (#""vehicle": "walk", "person": {"stepLength": 0.1}"#, .outOfRange, "$.trajectory.person.stepLength"),
            (
                #""vehicle": {"maximumSpeed": 2, "longitudinalAcceleration": 1, "lateralAcceleration": 1, "yawRate": 1, "jerk": 1, "gait": {"stepLength": 0.5, "impact": 200, "referenceCadence": 0.5}}"#,
                .outOfRange, "$.trajectory.vehicle.gait.impact"
            ),
        ]
        for (body, code, path) in cases {
            let e = Self.error(body)
            #expect(e?.code == code, "\(body): \(e?.description ?? "accepted")")
            #expect(e?.path == path, "\(body): \(e?.description ?? "accepted")")
        }
        #expect(Self.error(#""vehicle": "cra""#)?.message.contains("did you mean \"car\"") == true)
        // A mount object in neither form is told both forms, not only the quaternion's.
        #expect(Self.error(#""mount": {"kind": "wrist"}"#)?.message.contains("preset, hand, quaternion") == true)
        #expect(Self.error(#""mount": {"hand": "right"}"#)?.message.contains("names a 'preset'") == true)
        // The valid neighbours of the refused values.
        for body in [
            #""epoch": "2029-12-31T23:00:00Z""#,
            #""mount": {"quaternion": {"w": 0.7071067811865476, "x": 0.7071067811865476, "y": 0, "z": 0}}"#,
            #""sensors": {"gnss": {"sigma": 3, "correlationTime": 60, "outages": [{"start": 5, "end": 10}]}}"#,
            #""vibration": 0"#,
            #""mount": {"preset": "wrist", "hand": "right"}, "person": {"hand": "right"}"#,
            #""vehicle": "walk", "person": {"stepLength": 0.5}"#,
            #""vehicle": "run", "person": {"stepLength": 1.0, "impact": 2}"#,
            #""mount": "backpack", "person": {"stepLength": 3, "impact": 5, "tremor": 10, "seed": 18446744073709551615}"#,
        ] {
            #expect(Self.error(body) == nil, "\(body)")
        }
    }

    @Test(
        "a GNSS sigma that is wrong is reported as wrong, with or without a correlationTime; a right one still needs the time",
        arguments: [
            (#"{"sigma": -3}"#, "$.trajectory.sensors.gnss.sigma", "sigma must be 0 … 1000 metres, got -3.0"),
            (
                #"{"sigma": -3, "correlationTime": 30}"#, "$.trajectory.sensors.gnss.sigma",
                "sigma must be 0 … 1000 metres, got -3.0"
            ),
            (#"{"sigma": 5000}"#, "$.trajectory.sensors.gnss.sigma", "sigma must be 0 … 1000 metres, got 5000.0"),
            (#"{"sigma": 3}"#, "$.trajectory.sensors.gnss.correlationTime", "sigma 3.0 m needs a correlationTime (s)"),
        ])
    func gnssSigma(gnss: String, path: String, words: String) throws {
        let error = try #require(Self.error(#""sensors": {"gnss": "# + gnss + "}"))
        #expect(error.path == path, "\(error)")
        #expect(error.message.contains(words), "\(error)")
    }

    /// A trajectory over the example's two waypoints, each written as given.
    static func twoWaypoints(_ first: String, _ second: String, speed: String = #""speed": 13.9, "#) -> Data {
        Data(#"{"trajectory": {"route": {\#(speed)"waypoints": [\#(first), \#(second)]}}}"#.utf8)
    }

    @Test(
        "a waypoint time is refused once, at the first waypoint that has one, saying a trajectory takes none (on one waypoint or on all)",
        arguments: [
            (
                #"{"latitude": 51.5007, "longitude": -0.1246}"#,
                #"{"latitude": 51.5033, "longitude": -0.1196, "time": 60}"#, 1
            ),
            (
                #"{"latitude": 51.5007, "longitude": -0.1246, "time": 0}"#,
                #"{"latitude": 51.5033, "longitude": -0.1196, "time": 60}"#, 0
            ),
            (
                #"{"latitude": 51.5007, "longitude": -0.1246, "time": 0}"#,
                #"{"latitude": 51.5033, "longitude": -0.1196}"#, 0
            ),
        ])
    func waypointTimes(first: String, second: String, at index: Int) throws {
        for speed in [#""speed": 13.9, "#, ""] {
            let error = try #require(throws: SignalError.self) {
                try Trajectory(json: Self.twoWaypoints(first, second, speed: speed))
            }
            #expect(error.path == "$.trajectory.route.waypoints[\(index)].time", "\(error)")
            #expect(error.message.hasPrefix("a trajectory's waypoints take no 'time'"), "\(error)")
            #expect(!error.message.contains("every waypoint a time"), "\(error)")
        }
    }

    @Test("a trajectory's route without speeds asks for speeds, never for waypoint times")
    func missingSpeed() throws {
        let error = try #require(throws: SignalError.self) {
            try Trajectory(
                json: Self.twoWaypoints(
                    #"{"latitude": 51.5007, "longitude": -0.1246}"#, #"{"latitude": 51.5033, "longitude": -0.1196}"#,
                    speed: ""))
        }
        #expect(error.code == .missingField)
        #expect(error.path == "$.trajectory.route.speed")
        #expect(error.message.hasPrefix("missing 'speed': give the route a speed in m/s, or every leg one"), "\(error)")
        #expect(!error.message.contains("every waypoint a time"), "\(error)")
    }

    @Test("a GPX route that is no file of text (/dev/zero) says why, not a permission problem")
    func gpxFromADevice() throws {
        let error = try #require(throws: SignalError.self) {
            try Trajectory(json: Data(#"{"trajectory": {"route": {"gpx": "/dev/zero"}}}"#.utf8))
        }
        #expect(error.path == "$.trajectory.route.gpx")
        #expect(error.message.contains("cannot read the GPX file /dev/zero: holds a NUL byte at offset 0"), "\(error)")
    }

    @Test func routesNearAPoleAreRefusedAndTheLimitIsExact() throws {
        func route(_ lat1: Double, _ lat2: Double, _ lon2: Double) -> Route {
            Route(speed: 10) {
                Waypoint(latitude: lat1, longitude: 0)
                Waypoint(latitude: lat2, longitude: lon2)
            }
        }
        // A chord between two points at 89.85° on opposite sides passes over 89.9°.
        #expect(
            #expect(throws: SignalError.self) { try Trajectory(route: route(89.85, 89.85, 180)) }?.code == .outOfRange)
        #expect(
            #expect(throws: SignalError.self) { try Trajectory(route: route(-89.8, -89.95, 0)) }?.code == .outOfRange)
        _ = try Trajectory(route: route(89.7, 89.85, 0))
    }

    @Test func aNetworkSpecCannotNameAFile() {
        let data = Data(#"{"trajectory": {"route": {"gpx": "/etc/passwd"}}}"#.utf8)
        do throws(SignalError) {
            _ = try Trajectory(
                json: try JSONValue.parse(data).objectValue("trajectory"), path: "$.trajectory", baseDirectory: nil,
                allowFiles: false)
            Issue.record("accepted")
        } catch {
            #expect(error.path == "$.trajectory.route.gpx")
        }
    }

    @Test("an IMU's kalibr file: refused from the network; its update_rate is the IMU's rate unless 'rate' is given")
    func kalibrFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trajectory-kalibr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try
            "%YAML:1.0\nimu0:\n  accelerometer_noise_density: 2.0e-3\n  accelerometer_random_walk: 3.0e-3\n  gyroscope_noise_density: 1.7e-4\n  gyroscope_random_walk: 2.0e-5\n  update_rate: 200\n"
            .write(to: folder.appendingPathComponent("imu.yaml"), atomically: true, encoding: .utf8)
        func decode(_ imu: String, allowFiles: Bool) throws(SignalError) -> Trajectory {
            try Trajectory(
                json: try JSONValue.parse(Self.spec(#""sensors": {"imu": \#(imu)}"#)).objectValue("trajectory"),
                path: "$.trajectory",
                baseDirectory: folder, allowFiles: allowFiles, readKalibr: KalibrIMU.init(contentsOf:))
        }
        let t = try decode(#"{"kalibr": "imu.yaml"}"#, allowFiles: true)
        #expect(t.sensors.imuRate == 200)
        #expect(t.sensors.imu?.gyroscope.noiseDensity == SIMD3(repeating: 1.7e-4))
        #expect(try decode(#"{"kalibr": "imu.yaml", "rate": 100}"#, allowFiles: true).sensors.imuRate == 100)
        #expect(try decode(#"{"preset": "bmi160"}"#, allowFiles: true).sensors.imuRate == nil)
        do throws(SignalError) {
            _ = try decode(#"{"kalibr": "imu.yaml"}"#, allowFiles: false)
            Issue.record("accepted")
        } catch {
            #expect(error.path == "$.trajectory.sensors.imu.kalibr")
        }
    }

    @Test func aSensorWithoutErrorsReadsTheTruth() throws {
        let sensors = TrajectorySensors(
            imu: IMU(accelerometerUnit: .metersPerSecondSquared),
            magnetometer: try MagnetometerModel(sampleRate: 1),
            gnss: try GNSSReceiver(error: GNSSErrorModel(sigma: 0, correlationTime: 60), rate: 10))
        let t = try Trajectory(route: TruthChecks.carRoute(), vibration: 0, sensors: sensors)
        let rate = 10.0
        let streams = try t.series(rate: rate)
        let range = 0..<1000
        let states = t.states(first: 0, count: 1000, rate: rate)
        let imu = try t.render(streams[1], samples: range)
        let mag = try t.render(streams[2], samples: range)
        let gnss = try t.render(streams[3], samples: range)
        for (k, s) in states.enumerated() {
            for a in 0..<3 {
                #expect(imu[7 * k + 1 + a] == Double(Float(s.specificForce[a])))
                #expect(imu[7 * k + 4 + a] == Double(Float(s.angularRate[a])))
                #expect(mag[4 * k + 1 + a] == s.magneticField[a])
            }
            #expect(gnss[8 * k + 1] == s.latitude && gnss[8 * k + 2] == s.longitude && gnss[8 * k + 3] == s.altitude)
            #expect(
                abs(gnss[8 * k + 4] - (s.velocity.x * s.velocity.x + s.velocity.y * s.velocity.y).squareRoot()) < 1e-12)
        }
    }

    @Test func vibrationHasTheVehiclesRMSInItsBand() throws {
        let imu = IMU(accelerometerUnit: .metersPerSecondSquared)
        func readings(_ scale: Double) throws -> [Double] {
            let t = try Trajectory(
                route: TruthChecks.carRoute(), vehicle: .car, vibration: scale, sensors: TrajectorySensors(imu: imu))
            return try t.render(TrajectorySeries(kind: .imu, rate: 200), samples: 0..<12_000)
        }
        let quiet = try readings(0)
        let shaken = try readings(1)
        let doubled = try readings(2)
        var sum = 0.0
        var sum2 = 0.0
        for k in 0..<12_000 {
            for a in 1...3 {
                let d = shaken[7 * k + a] - quiet[7 * k + a]
                sum += d * d
                let d2 = doubled[7 * k + a] - quiet[7 * k + a]
                sum2 += d2 * d2
            }
            #expect(shaken[7 * k + 4] == quiet[7 * k + 4])  // the gyroscope does not shake
        }
        let rms = (sum / 36_000).squareRoot()
        let rms2 = (sum2 / 36_000).squareRoot()
        // 0.3 m/s² over 5–50 Hz, all of it below 0.45 · 200 Hz.
        #expect(abs(rms - 0.3) < 0.015, "RMS \(rms)")
        #expect(abs(rms2 / rms - 2) < 0.01)
        // At 100 Hz only 5–45 Hz of the band is kept: RMS 0.3 √(40/45).
        let f = VibrationFilter(Vehicle.car.vibration, sampleRate: 100, seed: 0)
        let v = f.values(first: 0, count: 30_000)
        let r100 = (v.reduce(0) { $0 + $1 * $1 } / Double(v.count)).squareRoot()
        #expect(abs(r100 - 0.3 * (40.0 / 45).squareRoot()) < 0.015, "RMS \(r100)")
        #expect(VibrationFilter(Vehicle.car.vibration, sampleRate: 10, seed: 0).taps.isEmpty)  // band above 4.5 Hz
    }

    @Test func outagesDropFixes() throws {
        let gnss = try GNSSReceiver(
            error: GNSSErrorModel(sigma: 2, correlationTime: 30, seed: 3), outages: [.init(start: 10, end: 20.5)])
        let t = try Trajectory(route: TruthChecks.carRoute(), sensors: TrajectorySensors(gnss: gnss))
        let rows = try t.render(TrajectorySeries(kind: .gnss, rate: 1), samples: 0..<40)
        let times = stride(from: 0, to: rows.count, by: 8).map { rows[$0] }
        let expected: [Double] = (0..<40).map { Double($0) }.filter { (t: Double) -> Bool in t < 10 || t >= 20.5 }
        #expect(times == expected)
    }

    @Test func everyStreamIsBitIdenticalHoweverItIsChunked() throws {
        let t = try Trajectory(json: Data(Self.example.utf8))
        for stream in try t.series(rate: 50) {
            let n = Int(stream.rate * 40)
            let whole = try t.render(stream, samples: 0..<n)
            var pieces: [Double] = []
            var a = 0
            for size in [1, 7, 333, 2, 1000, 17] + Array(repeating: 97, count: 100) where a < n {
                let b = min(a + size, n)
                pieces += try t.render(stream, samples: a..<b)
                a = b
            }
            if a < n { pieces += try t.render(stream, samples: a..<n) }
            #expect(whole.map(\.bitPattern) == pieces.map(\.bitPattern), "\(stream.kind)")
        }
    }

    /// Trajectories built from equal inputs are equal and hash alike; one input changed (the mount, the
    /// vibration factor, the stairs) makes another trajectory.
    @Test func equalityFollowsTheInputs() throws {
        let route = TruthChecks.walkRoute()
        let a = try Trajectory(route: route, vehicle: .walk, mount: .handheld)
        let b = try Trajectory(route: route, vehicle: .walk, mount: .handheld)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(try a != Trajectory(route: route, vehicle: .walk, mount: .pocket))
        #expect(try a != Trajectory(route: route, vehicle: .walk, mount: .handheld, vibration: 2))
        #expect(try a != Trajectory(route: route, vehicle: .walk, mount: .handheld, stairs: false))
    }
}

extension JSONValue {
    /// The member `key` of an object (for tests).
    func objectValue(_ key: String) throws(SignalError) -> JSONValue {
        guard case .object(let o) = self, let v = o[key] else { throw SignalError(.missingField, path: "$", key) }
        return v
    }
}

@Suite struct TrajectoryExampleTests {
    @Test("every example in Examples/trajectories loads and renders every stream")
    func examples() throws {
        let dir = Examples.url("trajectories")
        let files = try Examples.jsonFiles(in: "trajectories")
        #expect(files.count >= 3)
        for file in files {
            let t = try Trajectory(json: Data(contentsOf: dir.appendingPathComponent(file)), baseDirectory: dir)
            for stream in try t.series(rate: 20) {
                let rows = try t.render(stream, samples: 0..<Int(stream.rate * 5))
                #expect(!rows.isEmpty && rows.allSatisfy(\.isFinite), "\(file): \(stream.kind)")
            }
        }
    }
}

@Suite struct TrajectoryBuilderTests {
    @Test("the DSL builds the same trajectory as its spec")
    func builderMatchesSpec() throws {
        let built = try Trajectory(vehicle: .walk, mount: .handheld, epoch: "2026-06-01T08:30:00Z") {
            TruthChecks.walkRoute()
            IMU(preset: .bmi160, seed: 7)
            try MagnetometerModel(sampleRate: 50, noiseDensity: 0.1, seed: 8)
            for sigma in [2.5] { try GNSSReceiver(error: GNSSErrorModel(sigma: sigma, correlationTime: 30, seed: 10)) }
        }
        let spec = try Trajectory(
            json: Data(
                """
                {"trajectory": {"route": {"speed": 1.4, "waypoints": [
                  {"latitude": 51.5007, "longitude": -0.1246, "altitude": 10}, {"latitude": 51.5010, "longitude": -0.1236, "altitude": 14},
                  {"latitude": 51.5016, "longitude": -0.1240, "altitude": 13}]},
                  "vehicle": "walk", "mount": "handheld", "epoch": "2026-06-01T08:30:00Z",
                  "sensors": {"imu": {"preset": "bmi160", "seed": 7}, "magnetometer": {"rate": 50, "noise_density": 0.1, "seed": 8},
                              "gnss": {"sigma": 2.5, "correlationTime": 30, "seed": 10}}}}
                """.utf8))
        #expect(built == spec)
        for stream in try built.series(rate: 20) {
            #expect(try built.render(stream, samples: 0..<40) == spec.render(stream, samples: 0..<40))
        }
    }

    @Test("a builder without a route, or with a sensor twice, is refused at its path")
    func builderRefusals() {
        #expect { _ = try Trajectory { IMU() } } throws: { ($0 as? SignalError)?.path == "$.trajectory.route" }
        #expect {
            _ = try Trajectory {
                TruthChecks.walkRoute()
                IMU()
                IMU()
            }
        } throws: {
            ($0 as? SignalError)?.path == "$.trajectory.sensors.imu" && ($0 as? SignalError)?.code == .duplicateField
        }
    }
}
