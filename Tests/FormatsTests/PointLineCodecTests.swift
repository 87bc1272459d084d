import Foundation
import InternalUtilities
import SensorData
import Testing

@testable import Formats

/// The one codec of point lines (`signals play`, the live server's streams, `signals import`'s JSON): golden
/// bytes of every shape, write → read round trips for every shape and precision, and every refusal once.
@Suite struct PointLineCodecTests {
    // MARK: - Values

    static let fix = LocationPoint(
        timestamp: 0.5, latitude: 51.5007, longitude: -0.1246, altitude: 10, horizontalAccuracy: 4.5,
        verticalAccuracy: 6.75, speed: 1.4, course: 45)
    static let motion = MotionPoint(
        timestamp: 0.5, userAcceleration: Acceleration(x: 0.1, y: 0.123456789012, z: 0),
        gravity: Acceleration(x: 0, y: 0, z: -1), rotationRate: RotationRate(x: 0, y: 0.25, z: 0))
    static let trajectory = TrajectoryPoint(
        motion: MotionPoint(
            timestamp: 0.5, userAcceleration: Acceleration(x: 0.1, y: 0, z: 0),
            gravity: Acceleration(x: 0, y: 0, z: -1), attitude: Quaternion(w: 1, x: 0, y: 0, z: 0)),
        location: fix, trueHeading: 50.2, magneticHeading: 49, headingAccuracy: 1.5,
        magneticField: MagneticField(x: 12, y: -3, z: 40), pressure: 101_325, altitude: 35, steps: 12, distance: 8.5,
        floorsAscended: 1, floorsDescended: 2, cadence: 1.9, activity: .walking)

    static let motionText =
        #"{"timestamp":0.5,"userAcceleration":{"x":0.1,"y":0.123456789012,"z":0.0},"gravity":{"x":0.0,"y":0.0,"z":-1.0},"rotationRate":{"x":0.0,"y":0.25,"z":0.0}"#
    static let motionSingleText =
        #"{"timestamp":0.5,"userAcceleration":{"x":0.1,"y":0.12345679,"z":0.0},"gravity":{"x":0.0,"y":0.0,"z":-1.0},"rotationRate":{"x":0.0,"y":0.25,"z":0.0}"#
    static let fixText =
        #"{"latitude":51.5007,"longitude":-0.1246,"altitude":10.0,"horizontalAccuracy":4.5,"verticalAccuracy":6.75,"speed":1.4,"course":45.0}"#

    // MARK: - Golden bytes

    @Test("every shape's bytes, frozen from what `signals play` and the server wrote before the codec")
    func golden() throws {
        #expect(
            try PointLineCodec.write(
                MotionPoint(
                    timestamp: 0.01, userAcceleration: Acceleration(x: Double(Float(0.1)), y: 0, z: -2),
                    gravity: Acceleration(x: 0, y: 0, z: -1), rotationRate: RotationRate(x: 0.5, y: 0, z: 0)),
                precision: .single)
                == #"{"timestamp":0.01,"userAcceleration":{"x":0.1,"y":0.0,"z":-2.0},"gravity":{"x":0.0,"y":0.0,"z":-1.0},"rotationRate":{"x":0.5,"y":0.0,"z":0.0}}"#
        )
        #expect(try PointLineCodec.write(Self.motion, precision: .double) == Self.motionText + "}")
        #expect(try PointLineCodec.write(Self.motion, precision: .single) == Self.motionSingleText + "}")
        var attitude = Self.motion
        attitude.attitude = Quaternion(w: 0.5, x: 0.5, y: -0.5, z: 0.5)
        #expect(
            try PointLineCodec.write(attitude, precision: .double)
                == Self.motionText + #","attitude":{"w":0.5,"x":0.5,"y":-0.5,"z":0.5}}"#)
        #expect(
            try PointLineCodec.write(ScalarPoint(timestamp: 0.02, value: 0.5)) == #"{"timestamp":0.02,"value":0.5}"#)
        #expect(
            try PointLineCodec.write(AxesPoint(timestamp: 1, x: 1, y: -0.25, z: 1e-5))
                == #"{"timestamp":1.0,"x":1.0,"y":-0.25,"z":1e-05}"#)
        #expect(
            try PointLineCodec.write(channels: [Float(1), -2, 0.25], timestamp: 0.5)
                == #"{"timestamp":0.5,"channels":[1.0,-2.0,0.25]}"#)
        #expect(try PointLineCodec.write(channels: [Float](), timestamp: 0) == #"{"timestamp":0.0,"channels":[]}"#)
        #expect(try PointLineCodec.write(Self.fix) == #"{"timestamp":0.5,"location":"# + Self.fixText + "}")
        var known = Self.fix
        known.speedAccuracy = 0.1
        known.courseAccuracy = 4.08
        #expect(
            try PointLineCodec.write(known)
                == #"{"timestamp":0.5,"location":"# + Self.fixText.dropLast()
                + #","speedAccuracy":0.1,"courseAccuracy":4.08}}"#)
        let walk = MotionLocationPoint(motion: Self.motion, location: Self.fix)
        #expect(
            try PointLineCodec.write(walk, precision: .double) == Self.motionText + #","location":"# + Self.fixText
                + "}")
        #expect(
            try PointLineCodec.write(walk, precision: .single)
                == Self.motionSingleText + #","location":"# + Self.fixText + "}")
        #expect(
            try PointLineCodec.write(Self.trajectory)
                == #"{"timestamp":0.5,"userAcceleration":{"x":0.1,"y":0.0,"z":0.0},"gravity":{"x":0.0,"y":0.0,"z":-1.0},"rotationRate":{"x":0.0,"y":0.0,"z":0.0},"attitude":{"w":1.0,"x":0.0,"y":0.0,"z":0.0},"location":"#
                + Self.fixText
                + #","heading":{"trueHeading":50.2,"magneticHeading":49.0,"headingAccuracy":1.5},"magneticField":{"x":12.0,"y":-3.0,"z":40.0},"pressure":101325.0,"altitude":35.0,"pedometer":{"steps":12,"distance":8.5,"cadence":1.9,"floorsAscended":1,"floorsDescended":2},"activity":"walking"}"#
        )
        var between = Self.trajectory
        between.location = nil
        between.pressure = nil
        let line = try PointLineCodec.write(between)
        #expect(!line.contains("location") && !line.contains("pressure"), "\(line)")
        #expect(line.hasPrefix(PointLineCodec.timestampPrefix))  // where the bench's clients read the time
    }

    // MARK: - Round trips

    /// A random finite value: specials (−0, a subnormal, the largest magnitudes) one time in four, within
    /// `Float`'s range for `.single`.
    static func value(_ random: inout SplitMix, _ k: Int, _ precision: PointPrecision) -> Double {
        let specials: [Double] =
            precision == .double
            ? [-0.0, 0, .leastNonzeroMagnitude, 1e308, -1e-300, 0.1]
            : [-0.0, 0, 1e-45, Double(Float.greatestFiniteMagnitude), -1e-30, 0.1]
        return k % 4 == 0 ? specials.randomElement(using: &random)! : .random(in: -1e4...1e4, using: &random)
    }

    /// Whether `read` is what `written` reads back as at `precision`: the same Double, or the same Float.
    static func same(_ read: Double, _ written: Double, _ precision: PointPrecision) -> Bool {
        precision == .double ? read.bitPattern == written.bitPattern : Float(read) == Float(written)
    }

    static func same(_ a: MotionPoint?, _ b: MotionPoint, _ precision: PointPrecision) -> Bool {
        guard let a else { return false }
        func all(_ p: MotionPoint) -> [Double] {
            let q = p.attitude.map { [$0.w, $0.x, $0.y, $0.z] } ?? []
            return [
                p.userAcceleration.x, p.userAcceleration.y, p.userAcceleration.z, p.gravity.x, p.gravity.y, p.gravity.z,
                p.rotationRate.x, p.rotationRate.y, p.rotationRate.z,
            ] + q
        }
        return a.timestamp.bitPattern == b.timestamp.bitPattern && (a.attitude == nil) == (b.attitude == nil)
            && zip(all(a), all(b)).allSatisfy { same($0, $1, precision) }
    }

    @Test(
        "write → read is the identity for every shape and both precisions (a Float-precision value reads back as its Float)",
        arguments: [PointPrecision.single, .double])
    func roundTrip(_ precision: PointPrecision) throws {
        var random = SplitMix(state: precision == .single ? 1 : 2)
        for k in 0..<200 {
            func v() -> Double { Self.value(&random, k, precision) }
            let t = abs(v())
            let motion = MotionPoint(
                timestamp: t, userAcceleration: Acceleration(x: v(), y: v(), z: v()),
                gravity: Acceleration(x: v(), y: v(), z: v()), rotationRate: RotationRate(x: v(), y: v(), z: v()),
                attitude: k % 2 == 0 ? nil : Quaternion(w: v(), x: v(), y: v(), z: v()))
            let read = try PointLineCodec.read(try PointLineCodec.write(motion, precision: precision))
            guard case .motion(let m) = read.sample else {
                Issue.record("\(read)")
                continue
            }
            #expect(Self.same(m, motion, precision), "\(m) \(motion)")
            #expect(read.location == nil && read.riders == TrajectoryRiders())

            let fix = LocationPoint(
                timestamp: t, latitude: .random(in: -90...90, using: &random),
                longitude: .random(in: -180...180, using: &random), altitude: v(), horizontalAccuracy: abs(v()),
                verticalAccuracy: abs(v()), speed: abs(v()),
                course: k % 3 == 0 ? -1 : .random(in: 0..<360, using: &random),
                speedAccuracy: k % 5 == 0 ? -1 : abs(v()), courseAccuracy: k % 7 == 0 ? -1 : abs(v()))
            let located = try PointLineCodec.read(try PointLineCodec.write(fix))
            #expect(located == PointRecord(timestamp: t, sample: .none, location: fix))

            let both = try PointLineCodec.read(
                try PointLineCodec.write(MotionLocationPoint(motion: motion, location: fix), precision: precision))
            #expect(Self.same(both.motion, motion, precision))
            #expect(both.location == fix)

            // The shapes of rendered samples: Float values, whose text reads back as the same Float.
            let f = (0..<5).map { _ in Float(Self.value(&random, k, .single)) }
            let scalar = try PointLineCodec.read(
                try PointLineCodec.write(ScalarPoint(timestamp: t, value: Double(f[0]))))
            #expect(scalar.sample == .scalar(ScalarPoint(timestamp: t, value: Double(f[0].description)!)))
            #expect(Float(Double(f[0].description)!) == f[0])
            let axes = AxesPoint(timestamp: t, x: Double(f[0]), y: Double(f[1]), z: Double(f[2]))
            guard case .axes(let a) = try PointLineCodec.read(try PointLineCodec.write(axes)).sample else {
                Issue.record("an axes line read as another shape")
                continue
            }
            #expect(a.timestamp == t && Float(a.x) == f[0] && Float(a.y) == f[1] && Float(a.z) == f[2])
            let count = k % 6 == 0 ? 0 : (k % 4 == 0 ? 2 : 5)
            let channels = Array(f.prefix(count))
            let c = try PointLineCodec.read(try PointLineCodec.write(channels: channels, timestamp: t))
            #expect(c.timestamp == t)
            #expect(c.sample == .channels(channels.map { Double($0.description)! }))
            if case .channels(let values) = c.sample { #expect(values.map(Float.init) == channels) }
        }
    }

    @Test("a trajectory's line reads back: motion, fix and every rider, bit for bit")
    func trajectoryRoundTrip() throws {
        for location in [Self.fix, nil] {
            var p = Self.trajectory
            p.location = location
            p.pressure = location == nil ? nil : 99_000.5
            let read = try PointLineCodec.read(try PointLineCodec.write(p))
            #expect(read.sample == .motion(p.motion))
            #expect(read.location == location)
            #expect(read.riders == p.riders)
        }
    }

    @Test("a three-axis line is also the short form of a user acceleration; a fix alone has no motion")
    func axesAsMotion() throws {
        let read = try PointLineCodec.read(#"{"timestamp":1,"x":0.5,"y":0,"z":-1}"#)
        #expect(read.sample == .axes(AxesPoint(timestamp: 1, x: 0.5, y: 0, z: -1)))
        #expect(read.motion == MotionPoint(timestamp: 1, userAcceleration: Acceleration(x: 0.5, y: 0, z: -1)))
        let withGravity = try PointLineCodec.read(
            #"{"timestamp":1,"x":0.5,"y":0,"z":-1,"gravity":{"x":0,"y":0,"z":-1}}"#)
        #expect(
            withGravity.sample
                == .motion(
                    MotionPoint(
                        timestamp: 1, userAcceleration: Acceleration(x: 0.5, y: 0, z: -1),
                        gravity: Acceleration(x: 0, y: 0, z: -1))))
        #expect(try PointLineCodec.read(#"{"timestamp":2}"#).sample == .motion(MotionPoint(timestamp: 2)))
        #expect(try PointLineCodec.read(PointLineCodec.write(Self.fix)).motion == nil)
        #expect(try PointLineCodec.read(#"{"timestamp":3,"value":1}"#).motion == nil)
    }

    // MARK: - Refusals

    static func refusal(_ text: String) -> SignalError? {
        #expect(throws: SignalError.self, "\(text)") { try PointLineCodec.read(text) }
    }

    @Test(
        "hostile lines are refused naming the member",
        arguments: [
            (#"{"timestamp":0,"gravty":{"x":0,"y":0,"z":0}}"#, SignalError.Code.unknownField, "$.gravty"),
            (#"{"timestamp":0,"value":1,"x":2}"#, .unknownField, "$.x"),
            (#"{"timestamp":0,"channels":[1],"location":{"latitude":0,"longitude":0}}"#, .unknownField, "$.location"),
            (
                #"{"timestamp":0,"location":{"latitude":1,"longitude":2,"heading":3}}"#, .unknownField,
                "$.location.heading"
            ),
            (#"{"timestamp":0,"gravity":null}"#, .malformed, "$.gravity"),
            (#"{"timestamp":null}"#, .malformed, "$.timestamp"),
            (#"{"timestamp":0,"value":null}"#, .malformed, "$.value"),
            (#"{"timestamp":0,"channels":[1,"2"]}"#, .malformed, "$.channels[1]"),
            (#"{"timestamp":0,"channels":{}}"#, .malformed, "$.channels"),
            (#"{"timestamp":0,"location":{"latitude":90.5,"longitude":0}}"#, .outOfRange, "$.location.latitude"),
            (#"{"timestamp":0,"location":{"latitude":0,"longitude":-180.01}}"#, .outOfRange, "$.location.longitude"),
            (#"{"timestamp":0,"location":{"latitude":0}}"#, .missingField, "$.location"),
            (#"{"timestamp":0,"userAcceleration":{"x":0,"y":0,"z":0},"x":1,"y":2,"z":3}"#, .malformed, "$.x"),
            (#"{"timestamp":0,"x":1,"y":2}"#, .missingField, "$"),
            (
                #"{"timestamp":0,"heading":{"trueHeading":360,"magneticHeading":0,"headingAccuracy":1}}"#, .outOfRange,
                "$.heading.trueHeading"
            ),
            (#"[{"timestamp":0}]"#, .malformed, "$"),
        ])
    func hostile(_ text: String, _ code: SignalError.Code, _ path: String) {
        let error = Self.refusal(text)
        #expect(error?.code == code, "\(text): \(error?.message ?? "")")
        #expect(error?.location.path == path, "\(text): \(error?.message ?? "")")
    }

    @Test("the parser's refusals reach the reader: duplicate keys, NaN, a huge exponent, a line cut short")
    func syntax() {
        for text in [
            #"{"timestamp":0,"timestamp":1}"#, #"{"timestamp":0,"location":{"latitude":1,"latitude":1,"longitude":2}}"#,
            #"{"timestamp":NaN}"#, #"{"timestamp":0,"value":1e999}"#, #"{"timestamp":0,"value":-Infinity}"#,
            #"{"timestamp":0,"#, "",
        ] {
            let error = Self.refusal(text)
            #expect(error?.code == .malformed, "\(text): \(error?.message ?? "")")
        }
        #expect(Self.refusal(#"{"timestamp":0,"timestamp":1}"#)?.message.contains("duplicate key 'timestamp'") == true)
    }

    @Test("a point file's line must be a motion: one channel or channels are refused naming the member")
    func motionOnly() throws {
        #expect(
            try PointLineCodec.readMotion(JSONValue.parse(#"{"timestamp":1}"#), path: "$") == MotionPoint(timestamp: 1))
        for (text, path) in [
            (#"{"timestamp":0,"value":1}"#, "$.value"), (#"{"timestamp":0,"channels":[]}"#, "$.channels"),
        ] {
            let error = #expect(throws: SignalError.self) {
                try PointLineCodec.readMotion(JSONValue.parse(text), path: "$")
            }
            #expect(error?.code == .unknownField)
            #expect(error?.location.path == path)
        }
        let error = #expect(throws: SignalError.self) {
            try PointLineCodec.readMotion(JSONValue.parse(PointLineCodec.write(Self.fix)), path: "$")
        }
        #expect(error?.code == .unknownField)
    }

    @Test("the writer refuses a number that is not finite, naming the member: no line ever holds nan or inf")
    func nonFinite() {
        func refused(_ field: String, _ write: () throws(SignalError) -> String) {
            let error = #expect(throws: SignalError.self, "\(field)") { _ = try write() }
            #expect(error?.code == .nonFinite, "\(field)")
            #expect(error?.location.field == field, "\(field): \(error?.message ?? "")")
            #expect(error?.message.contains("'\(field)' is") == true, "\(error?.message ?? "")")
        }
        var m = Self.motion
        m.rotationRate = RotationRate(x: 0, y: -.infinity, z: 0)
        refused("rotationRate.y") { () throws(SignalError) in try PointLineCodec.write(m, precision: .single) }
        m = Self.motion
        m.attitude = Quaternion(w: .nan, x: 0, y: 0, z: 0)
        refused("attitude.w") { () throws(SignalError) in try PointLineCodec.write(m, precision: .double) }
        refused("value") { () throws(SignalError) in try PointLineCodec.write(ScalarPoint(timestamp: 1, value: .nan)) }
        refused("y") { () throws(SignalError) in
            try PointLineCodec.write(AxesPoint(timestamp: 1, x: 1, y: .infinity, z: 3))
        }
        refused("channels[2]") { () throws(SignalError) in
            try PointLineCodec.write(channels: [Float(1), 2, -.infinity, 4], timestamp: 1)
        }
        refused("timestamp") { () throws(SignalError) in
            try PointLineCodec.write(channels: [Float](), timestamp: .nan)
        }
        var fix = Self.fix
        fix.speed = .nan
        refused("location.speed") { () throws(SignalError) in try PointLineCodec.write(fix) }
        refused("location.speed") { () throws(SignalError) in
            try PointLineCodec.write(MotionLocationPoint(motion: Self.motion, location: fix), precision: .single)
        }
        refused("gravity.z") { () throws(SignalError) in
            try PointLineCodec.write(
                MotionPoint(timestamp: 0, gravity: Acceleration(x: 0, y: 0, z: -1e39)), precision: .single)
        }
        refused("x") { () throws(SignalError) in try PointLineCodec.write(AxesPoint(timestamp: 1, x: 1e300, y: 0, z: 0))
        }
        var p = Self.trajectory
        p.magneticHeading = .infinity
        refused("heading.magneticHeading") { () throws(SignalError) in try PointLineCodec.write(p) }
        p = Self.trajectory
        p.pressure = .nan
        refused("pressure") { () throws(SignalError) in try PointLineCodec.write(p) }
    }
}
