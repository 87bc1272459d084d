import InternalUtilities
import SensorData
import Testing

@testable import Formats

/// A trajectory point's members beside its motion (heading, field, pressure, altitude, pedometer): golden
/// bytes, write → read round trips, and every refusal once.
@Suite struct TrajectoryRidersTests {
    static let walk = TrajectoryRiders(
        heading: .init(trueHeading: 50.2, magneticHeading: 49.0, headingAccuracy: 1.5),
        magneticField: SIMD3(12, -3, 40),
        pressure: 101_325, altitude: 35,
        pedometer: .init(steps: 12, distance: 8.5, cadence: 1.9, floorsAscended: 1, floorsDescended: 2),
        activity: .walking)

    /// The riders inside `{"timestamp":0` … `}`, read back.
    static func read(_ members: String) throws(SignalError) -> TrajectoryRiders {
        let value = try JSONValue.parse("{\"timestamp\":0" + members + "}")
        return try TrajectoryRiders.read(value.object ?? JSONObject(), path: "$")
    }

    @Test("the bytes are the line's as `signals play` and the server have always written them")
    func golden() {
        #expect(
            Self.walk.members
                == #","heading":{"trueHeading":50.2,"magneticHeading":49.0,"headingAccuracy":1.5},"magneticField":{"x":12.0,"y":-3.0,"z":40.0},"pressure":101325.0,"altitude":35.0,"pedometer":{"steps":12,"distance":8.5,"cadence":1.9,"floorsAscended":1,"floorsDescended":2},"activity":"walking""#
        )
        var noBarometer = Self.walk
        noBarometer.pressure = nil
        #expect(!noBarometer.members.contains("pressure"))
        #expect(TrajectoryRiders().members.isEmpty)
    }

    @Test("write → read is the identity, bit for bit (−0, subnormals, 1e308, Int.max counts)")
    func roundTrip() throws {
        var random = SplitMix(state: 2)
        let specials: [Double] = [
            -0.0, 0, .leastNonzeroMagnitude, 2.2250738585072014e-308, 1e308, .greatestFiniteMagnitude, 0.1,
        ]
        for k in 0..<300 {
            func amount() -> Double {
                k % 3 == 0 ? specials.randomElement(using: &random)! : .random(in: 0...1e6, using: &random)
            }
            func any() -> Double { k % 4 == 0 ? -amount() : .random(in: -1e5...1e5, using: &random) }
            func degrees() -> Double {
                k % 5 == 0
                    ? [0, -0.0, 359.99999999999994, .leastNonzeroMagnitude].randomElement(using: &random)!
                    : .random(in: 0..<360, using: &random)
            }
            func count() -> Int {
                k % 7 == 0 ? [0, Int.max].randomElement(using: &random)! : .random(in: 0...1_000_000, using: &random)
            }
            let riders = TrajectoryRiders(
                heading: k % 11 == 0
                    ? nil : .init(trueHeading: degrees(), magneticHeading: degrees(), headingAccuracy: any()),
                magneticField: SIMD3(any(), any(), any()), pressure: k % 2 == 0 ? nil : amount(), altitude: any(),
                pedometer: .init(
                    steps: count(), distance: amount(), cadence: amount(), floorsAscended: count(),
                    floorsDescended: count()),
                activity: k % 13 == 0 ? nil : MotionActivityType.allCases[k % MotionActivityType.allCases.count])
            let back = try Self.read(riders.members)
            #expect(back == riders)
            #expect(back.heading?.trueHeading.bitPattern == riders.heading?.trueHeading.bitPattern)
            #expect(
                back.magneticField.map { [$0.x, $0.y, $0.z].map(\.bitPattern) }
                    == riders.magneticField.map { [$0.x, $0.y, $0.z].map(\.bitPattern) })
            #expect(back.pressure?.bitPattern == riders.pressure?.bitPattern)
            #expect(back.altitude?.bitPattern == riders.altitude?.bitPattern)
            #expect(back.pedometer?.distance.bitPattern == riders.pedometer?.distance.bitPattern)
        }
    }

    @Test("members not its own are left to the caller; absent riders read as nil")
    func othersIgnored() throws {
        let r = try Self.read(#","userAcceleration":{"x":1},"location":{"latitude":1}"#)
        #expect(r == TrajectoryRiders())
    }

    /// One refusal per row: the members, the error's code and JSON path.
    static let hostile: [(String, SignalError.Code, String)] = [
        (#","heading":"north""#, .malformed, "$.heading"),
        (#","heading":null"#, .malformed, "$.heading"),
        (
            #","heading":{"trueHeading":360,"magneticHeading":0,"headingAccuracy":0}"#, .outOfRange,
            "$.heading.trueHeading"
        ),
        (
            #","heading":{"trueHeading":1e308,"magneticHeading":0,"headingAccuracy":0}"#, .outOfRange,
            "$.heading.trueHeading"
        ),
        (
            #","heading":{"trueHeading":0,"magneticHeading":-0.001,"headingAccuracy":0}"#, .outOfRange,
            "$.heading.magneticHeading"
        ),
        (#","heading":{"trueHeading":0,"magneticHeading":0}"#, .missingField, "$.heading"),
        (
            #","heading":{"trueHeading":0,"magneticHeading":0,"headingAccuracy":0,"north":1}"#, .unknownField,
            "$.heading.north"
        ),
        (#","magneticField":[1,2,3]"#, .malformed, "$.magneticField"),
        (#","magneticField":{"x":1,"y":2}"#, .missingField, "$.magneticField"),
        (#","magneticField":{"x":1,"y":2,"z":"3"}"#, .malformed, "$.magneticField.z"),
        (#","pressure":-1"#, .outOfRange, "$.pressure"),
        (#","pressure":true"#, .malformed, "$.pressure"),
        (#","altitude":"high""#, .malformed, "$.altitude"),
        (
            #","pedometer":{"steps":-1,"distance":0,"cadence":0,"floorsAscended":0,"floorsDescended":0}"#, .malformed,
            "$.pedometer.steps"
        ),
        (
            #","pedometer":{"steps":1.0,"distance":0,"cadence":0,"floorsAscended":0,"floorsDescended":0}"#, .malformed,
            "$.pedometer.steps"
        ),
        (
            #","pedometer":{"steps":9223372036854775808,"distance":0,"cadence":0,"floorsAscended":0,"floorsDescended":0}"#,
            .outOfRange, "$.pedometer.steps"
        ),
        (
            #","pedometer":{"steps":0,"distance":-0.5,"cadence":0,"floorsAscended":0,"floorsDescended":0}"#,
            .outOfRange, "$.pedometer.distance"
        ),
        (
            #","pedometer":{"steps":0,"distance":0,"cadence":-1,"floorsAscended":0,"floorsDescended":0}"#, .outOfRange,
            "$.pedometer.cadence"
        ),
        (#","pedometer":{"steps":0,"distance":0,"cadence":0,"floorsAscended":0}"#, .missingField, "$.pedometer"),
        (#","activity":"strolling""#, .malformed, "$.activity"),
        (#","activity":"Walking""#, .malformed, "$.activity"),
        (#","activity":1"#, .malformed, "$.activity"),
        (#","activity":null"#, .malformed, "$.activity"),
    ]

    @Test("hostile members are refused with the code and JSON path of the value at fault", arguments: hostile)
    func refused(_ members: String, _ code: SignalError.Code, _ path: String) {
        expectRefusal(code, at: path) { _ = try Self.read(members) }
    }

    @Test("the largest count and the heading just below 360 are read (the failing cases' neighbours)")
    func bounds() throws {
        let r = try Self.read(
            #","heading":{"trueHeading":359.99999999999994,"magneticHeading":0,"headingAccuracy":-1},"pedometer":{"steps":9223372036854775807,"distance":0,"cadence":0,"floorsAscended":0,"floorsDescended":0}"#
        )
        #expect(r.heading?.trueHeading == 359.99999999999994)
        #expect(r.heading?.headingAccuracy == -1)
        #expect(r.pedometer?.steps == Int.max)
    }
}
