import Formats
import Foundation
import InternalUtilities
import SignalRunnerTesting
import Signals
import Specs
import Testing

/// Trajectory templates in dataset plans (`DatasetPlan+Trajectory.swift`): accepted, seeded, one table per
/// recording, and refused with the JSON path when they cannot be.
@Suite struct DatasetPlanTrajectoryTests {
    /// A plan with one trajectory template: vehicle, mount and speed drawn; every sensor without a rate or seed.
    static let plan = """
        {"seed": 5, "rate": 20, "duration": 5, "templates": [
          {"name": "trip", "labels": {"mode": "trip"},
           "parameters": {"vehicle": {"choice": ["walk", "bike", "car"]}, "mount": {"choice": ["handheld", "pocket"]},
                          "speed": {"uniform": [1.2, 1.6]}},
           "spec": {"trajectory": {
             "route": {"speed": "$speed", "waypoints": [{"latitude": 51.5, "longitude": -0.12}, {"latitude": 51.5005, "longitude": -0.12}]},
             "vehicle": "$vehicle", "mount": "$mount",
             "sensors": {"imu": {"preset": "bmi160"}, "magnetometer": {"noise_density": [0.1, 0.1, 0.1]},
                         "barometer": {"noise_density": 0.03}, "gnss": {"sigma": 2, "correlationTime": 30}}}}}]}
        """

    static let sensorSeeds = [
        "$.trajectory.sensors.imu.seed", "$.trajectory.sensors.magnetometer.seed",
        "$.trajectory.sensors.barometer.seed", "$.trajectory.sensors.gnss.seed",
    ]

    static func decode(_ text: String = plan) throws -> DatasetPlan { try DatasetPlan.decode(json: Data(text.utf8)) }

    /// `text` with `old` replaced by `new` (a refusal test whose edit missed fails: the plan decodes).
    static func edited(_ old: String, _ new: String, in text: String = plan) -> String {
        text.replacingOccurrences(of: old, with: new)
    }

    /// The sensors object of a recording's spec.
    static func sensors(_ recording: DatasetItem) throws -> JSONObject {
        try #require(recording.spec.object?["trajectory"]?.object?["sensors"]?.object)
    }

    @Test("a trajectory template decodes; its recordings are trajectories written as float64")
    func accepted() throws {
        let recording = try Self.decode().item(0)
        #expect(recording.document.kind == "trajectory")
        #expect(recording.sampleType == .float64)
    }

    @Test("an IMU template's recordings stay float32")
    func imuStaysFloat32() throws {
        let recording = try DatasetPlanTests.plan().item(0)
        #expect(recording.sampleType == .float32)
    }

    @Test(
        "the manifest line says the dtype, after the columns, every other field kept",
        arguments: [
            (DatasetPlanTrajectoryTests.plan, "float64"), (DatasetPlanTests.example, "float32"),
        ])
    func manifestDType(_ text: String, _ dtype: String) throws {
        let line = try Self.decode(text).item(0).manifestLine(file: "f", rows: 1, columns: ["a"], checksum: "c")
        let object = try #require(try JSONValue.parse(Data(line.utf8)).object)
        #expect(object["dtype"] == .string(dtype))
        #expect(
            object.keys == [
                "index", "template", "parameters", "labels", "seeds", "file", "rows", "columns", "dtype", "checksum",
            ])
    }

    @Test("every sensor of a trajectory gets a seed derived from the plan's seed and the index")
    func seedsDerived() throws {
        let plan = try Self.decode()
        let first = try plan.item(0)
        let second = try plan.item(1)
        #expect(first.seeds.map(\.path) == Self.sensorSeeds)
        for (a, b) in zip(first.seeds, second.seeds) {
            #expect(a.seed != b.seed, "\(a.path)")
        }
        let sensors = try Self.sensors(first)
        for (name, seed) in zip(["imu", "magnetometer", "barometer", "gnss"], first.seeds) {
            #expect(sensors[name]?.object?["seed"]?.double == Double(seed.seed), "\(name)")
        }
    }

    @Test("a sensor seed the template fixes is kept and listed; the others are still derived")
    func fixedSeedKept() throws {
        let plan = try Self.decode(Self.edited(#""correlationTime": 30}"#, #""correlationTime": 30, "seed": 42}"#))
        let seeds = try plan.item(3).seeds
        #expect(seeds.first { $0.path == "$.trajectory.sensors.gnss.seed" }?.seed == 42)
        #expect(seeds.count == 4)
    }

    @Test("a GNSS receiver without a rate runs at the plan's rate, written into the recording's spec")
    func gnssAtPlanRate() throws {
        let sensors = try Self.sensors(try Self.decode().item(0))
        #expect(sensors["gnss"]?.object?["rate"]?.double == 20)
        // The failing case: the IMU, which runs at the render rate without one, gets no rate written.
        #expect(sensors["imu"]?.object?["rate"] == nil)
    }

    @Test("recording i of a trajectory plan is the same made alone or in a run, and the plan's seed changes it")
    func determinism() throws {
        let plan = try Self.decode()
        let run = try (0..<8).map { try plan.item($0) }
        let alone = try Self.decode().item(5)
        #expect(alone.spec == run[5].spec)
        #expect(
            alone.manifestLine(file: "f", rows: 1, columns: [], checksum: "c")
                == run[5].manifestLine(file: "f", rows: 1, columns: [], checksum: "c"))
        let reseeded = try Self.decode(Self.edited(#""seed": 5"#, #""seed": 6"#)).item(5)
        #expect(reseeded.spec != run[5].spec)
    }

    @Test(
        "sensors at the plan's rate, and an empty outage list, are accepted (the refusals below are not a broken check)"
    )
    func planRatesAccepted() throws {
        var text = Self.edited(#"{"preset": "bmi160"}"#, #"{"preset": "bmi160", "rate": 20}"#)
        text = Self.edited(#""correlationTime": 30}"#, #""correlationTime": 30, "rate": 20, "outages": []}"#, in: text)
        text = Self.edited(#""noise_density": 0.03}"#, #""noise_density": 0.03, "rate": 20}"#, in: text)
        // Every edit made: the plan's rate and three sensors'.
        #expect(text.components(separatedBy: #""rate": 20"#).count == 5)
        #expect(try Self.decode(text).item(0).document.kind == "trajectory")
    }

    @Test(
        "trajectories that are not one table, or name files, are refused at plan load with the JSON path and what to do",
        arguments: [
            (
                DatasetPlanTrajectoryTests.edited(#"{"preset": "bmi160"}"#, #"{"preset": "bmi160", "rate": 25}"#),
                "$.templates[0].spec.trajectory.sensors.imu.rate", "leave 'rate' out of the imu"
            ),
            (
                DatasetPlanTrajectoryTests.edited(#"[0.1, 0.1, 0.1]}"#, #"[0.1, 0.1, 0.1], "rate": 10}"#),
                "$.templates[0].spec.trajectory.sensors.magnetometer.rate", "one table"
            ),
            (
                DatasetPlanTrajectoryTests.edited(#""noise_density": 0.03}"#, #""noise_density": 0.03, "rate": 25}"#),
                "$.templates[0].spec.trajectory.sensors.barometer.rate", "set it to 20.0"
            ),
            (
                DatasetPlanTrajectoryTests.edited(#""correlationTime": 30}"#, #""correlationTime": 30, "rate": 1}"#),
                "$.templates[0].spec.trajectory.sensors.gnss.rate", "not the plan's rate 20.0 Hz"
            ),
            (
                DatasetPlanTrajectoryTests.edited(
                    #""correlationTime": 30}"#, #""correlationTime": 30, "outages": [{"start": 1, "end": 2}]}"#),
                "$.templates[0].spec.trajectory.sensors.gnss.outages", "leave 'outages' out"
            ),
            (
                DatasetPlanTrajectoryTests.edited(
                    #""route": {"speed": "$speed", "waypoints": [{"latitude": 51.5, "longitude": -0.12}, {"latitude": 51.5005, "longitude": -0.12}]}"#,
                    #""route": {"gpx": "walk.gpx", "speed": "$speed"}"#),
                "$.templates[0].spec.trajectory.route.gpx", "cannot name files"
            ),
            (
                DatasetPlanTrajectoryTests.edited(#"{"preset": "bmi160"}"#, #"{"kalibr": "imu.yaml"}"#),
                "$.templates[0].spec.trajectory.sensors.imu.kalibr", "cannot name files"
            ),
            (
                DatasetPlanTrajectoryTests.edited(#""rate": 20"#, #""rate": 200"#),
                "$.templates[0].spec.trajectory.sensors.gnss", "lower the plan's 'rate'"
            ),
            (
                DatasetPlanTrajectoryTests.edited(#""rate": 20, "duration": 5"#, #""rate": 2e6, "duration": 0.5"#),
                "$.rate", "is a trajectory"
            ),
            // A rate drawn per recording: the choice 25 is refused, naming the value.
            (
                DatasetPlanTrajectoryTests.edited(
                    #""speed": {"uniform""#, #""r": {"choice": [20, 25]}, "speed": {"uniform""#,
                    in: DatasetPlanTrajectoryTests.edited(
                        #"{"preset": "bmi160"}"#, #"{"preset": "bmi160", "rate": "$r"}"#)),
                "$.templates[0].spec.trajectory.sensors.imu.rate", "r = 25"
            ),
        ])
    func refused(_ text: String, _ path: String, _ fragment: String) throws {
        let error = try #require(throws: SignalError.self) { try Self.decode(text) }
        #expect(error.location.path == path, "\(error)")
        #expect(error.message.contains(fragment), "\(error)")
    }

    @Test(
        "a route, or a motion with a route, is still refused: not one table",
        arguments: [
            #"{"route": {"speed": 1, "waypoints": [{"latitude": 51.5, "longitude": -0.12}, {"latitude": 51.5005, "longitude": -0.12}]}}"#,
            #"{"motion": {"preset": "walking"}, "route": {"speed": 1, "waypoints": [{"latitude": 51.5, "longitude": -0.12}, {"latitude": 51.5005, "longitude": -0.12}]}}"#,
        ])
    func routeRefused(_ spec: String) throws {
        let text = #"{"seed": 1, "rate": 10, "duration": 1, "templates": [{"name": "r", "spec": "# + spec + "}]}"
        let error = try #require(throws: SignalError.self) { try Self.decode(text) }
        #expect(error.location.path == "$.templates[0].spec", "\(error)")
        #expect(error.message.contains("one table per recording"), "\(error)")
    }

    @Test("every example plan in Examples/datasets decodes and draws its first recordings")
    func examples() throws {
        let directory = DatasetPlanTests.exampleURL("")
        let files = try Examples.jsonFiles(in: "datasets")
        #expect(files.contains("commute.json"))
        for file in files {
            let plan = try DatasetPlan.decode(json: Data(contentsOf: directory.appendingPathComponent(file)))
            for i in 0..<4 { _ = try plan.item(i) }
        }
    }

    @Test("the commute example draws trajectories, float64")
    func commuteIsTrajectories() throws {
        let plan = try DatasetPlan.decode(json: Data(contentsOf: DatasetPlanTests.exampleURL("commute.json")))
        let types = try Set((0..<12).map { try plan.item($0).sampleType })
        #expect(types == [.float64])
    }
}
