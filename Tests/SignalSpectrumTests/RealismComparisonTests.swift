import Foundation
import Testing

@testable import SignalSpectrum

/// Real recordings compared with real recordings (Data/realism/): of one activity and placement they
/// are similar, of different activities they are not. Every pair of one activity below has at least one
/// recording held out of the tolerances' derivation (PebbleOS walk_100, walk_100_pbl_25672_2,
/// walk_200_pbl_25662_7, running_100, run_100_temp_95866_6; Oxford user2 in the hand, user1 in the front
/// pocket; aghassel Liam's left pocket).
@Suite struct RealismComparisonTests {
    static func compare(_ a: RealismRecording, _ b: RealismRecording) throws -> RealismComparison {
        try RealismComparison(a, b)
    }

    /// "name: a vs b (deviation > tolerance)" for the rows outside their tolerance.
    static func outside(_ report: RealismComparison) -> String {
        report.differences.map { "\($0.name): \($0.a) vs \($0.b)" }.joined(separator: "; ")
    }

    /// `a` compared with `b`, expected similar: a failure names the rows outside their tolerance.
    static func expectSimilar(
        _ a: RealismRecording, _ b: RealismRecording, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RealismComparison {
        let report = try compare(a, b)
        #expect(report.similar, "\(outside(report))", sourceLocation: sourceLocation)
        return report
    }

    @Test(
        "watch walks of different people are similar: walk_100 and pbl_25672 (held out) with ron's and heather's",
        arguments: [
            ("walk_100.c.excerpt", "walk_100_ron_1.c.excerpt"), ("walk_100.c.excerpt", "walk_100_heather_18.c.excerpt"),
            ("walk_100_pbl_25672_2.c.excerpt", "walk_100_ron_1.c.excerpt"),
            ("walk_100_pbl_25672_2.c.excerpt", "walk_100.c.excerpt"),
        ])
    func watchWalks(walk: String, other: String) throws {
        let report = try Self.expectSimilar(try RealismFixtures.pebble(walk), try RealismFixtures.pebble(other))
        let agree = report.framesAgree
        let rows = report.rows.count
        // walk_100, ron's and heather's watches sat alike (gravity within 20°): the axes are reported too,
        // 7 + 3 × 6 rows; pbl_25672's sat 69° from ron's, 60° from walk_100's: the magnitudes alone.
        #expect(agree == (walk == "walk_100.c.excerpt"))
        #expect(rows == (agree ? 25 : 7))
        #expect(report.band == 12.5)
    }

    @Test(
        "the axes report but do not decide: walk_200_pbl_25662 has one event on y (kurtosis 34), and is still a walk like walk_100"
    )
    func axesDoNotDecide() throws {
        let report = try Self.expectSimilar(
            try RealismFixtures.pebble("walk_100.c.excerpt"),
            try RealismFixtures.pebble("walk_200_pbl_25662_7.c.excerpt"))
        let kurtosis = try #require(report.rows.first { $0.name == "linearAcceleration.y.kurtosis" })
        #expect(!kurtosis.similar)
        #expect(!kurtosis.decisive)
        #expect(report.differences.isEmpty)
        // The check can fail: a magnitude's row outside its tolerance decides (standing against this walk).
        let standing = try Self.compare(
            try RealismFixtures.points("mhealthtools/balance.csv"),
            try RealismFixtures.pebble("walk_200_pbl_25662_7.c.excerpt"))
        #expect(standing.differences.contains { $0.decisive })
    }

    @Test(
        "watch runs are similar: running_100 (held out) with two other runs",
        arguments: [
            "run_150_pbl_34795_1.c.excerpt", "run_200_temp_95866_7.c.excerpt",
        ])
    func watchRuns(other: String) throws {
        let report = try Self.expectSimilar(
            try RealismFixtures.pebble("running_100.c.excerpt"), try RealismFixtures.pebble(other))
        _ = try Self.expectSimilar(
            try RealismFixtures.pebble("run_100_temp_95866_6.c.excerpt"), try RealismFixtures.pebble(other))
        // running_100's watch sat 26–30° from the others': its axes are not compared, and the report says why.
        #expect(!report.framesAgree)
        let axes = try #require(report.omitted.first { $0.name == "axes" })
        #expect(axes.reason.contains("° apart"))
    }

    @Test("phones in the hand: Oxford user2 (held out) with user1, both Galaxy S6 phyphox-style exports")
    func phonesInHand() throws {
        let report = try Self.expectSimilar(
            try RealismFixtures.export("oxford/user2-hand"), try RealismFixtures.export("oxford/user1-hand"))
        #expect(report.framesAgree)
    }

    @Test(
        "phones in a trouser pocket: Oxford user1 (gravity recorded) with Liam's phyphox linear acceleration, both held out"
    )
    func phonesInPocket() throws {
        let report = try Self.expectSimilar(
            try RealismFixtures.export("oxford/user1-frontpocket"),
            try RealismFixtures.export("aghassel/liam-leftpocket"))
        // Linear acceleration alone holds no gravity: the frames cannot be matched, only the magnitudes compared.
        #expect(!report.framesAgree)
        #expect(report.gravityAngle == nil)
        #expect(report.b.hasGravity == false)
        #expect(report.omitted.contains { $0.name == "axes" && $0.reason.contains("holds no gravity") })
    }

    @Test(
        "walking is not running: each watch walk against each watch run",
        arguments: [
            ("walk_100.c.excerpt", "running_100.c.excerpt"), ("walk_100.c.excerpt", "run_150_pbl_34795_1.c.excerpt"),
            ("walk_100_ron_1.c.excerpt", "running_100.c.excerpt"),
            ("walk_100_heather_18.c.excerpt", "run_200_temp_95866_7.c.excerpt"),
            ("walk_100_pbl_25672_2.c.excerpt", "run_100_temp_95866_6.c.excerpt"),
            ("walk_200_pbl_25662_7.c.excerpt", "run_150_pbl_34795_1.c.excerpt"),
        ])
    func walkingIsNotRunning(walk: String, run: String) throws {
        let report = try Self.compare(try RealismFixtures.pebble(walk), try RealismFixtures.pebble(run))
        #expect(!report.similar)
        // The cadence tells them apart: more than the 0.52 steps/s a walk's differs from another walk's.
        let cadence = try #require(
            report.rows.first { $0.channel == RealismChannel(.linearAcceleration) && $0.feature == .stepRate })
        #expect(!cadence.similar)
    }

    @Test(
        "standing is not walking: mhealthtools' standing iPhone against walks in the hand, in a pocket and on the wrist"
    )
    func standingIsNotWalking() throws {
        let standing = try RealismFixtures.points("mhealthtools/balance.csv")
        for walk in [
            try RealismFixtures.export("oxford/user2-hand"), try RealismFixtures.export("aghassel/liam-leftpocket"),
            try RealismFixtures.pebble("walk_100.c.excerpt"),
        ] {
            let report = try Self.compare(standing, walk)
            #expect(!report.similar, "\(walk.name)")
            let rms = try #require(
                report.rows.first { $0.channel == RealismChannel(.linearAcceleration) && $0.feature == .rms })
            #expect(!rms.similar, "\(walk.name)")
            // Standing has no gait: no step rate (0), so no harmonic ratio, and the report says why.
            #expect(report.rows.contains { $0.feature == .stepRate && $0.a == 0 })
            #expect(!report.rows.contains { $0.feature == .harmonicRatio })
            #expect(report.omitted.contains { $0.name == "harmonicRatio" && $0.reason.contains("balance.csv") })
        }
    }

    @Test(
        "a watch lying on a table, or worn in a car, is not a walk; two drives are similar (no gait, alike in level and spectrum)"
    )
    func stillAndCar() throws {
        let walk = try RealismFixtures.pebble("walk_100.c.excerpt")
        #expect(try !Self.compare(try RealismFixtures.pebble("watch_on_table.c.excerpt"), walk).similar)
        #expect(try !Self.compare(try RealismFixtures.pebble("driving_1.c.excerpt"), walk).similar)
        _ = try Self.expectSimilar(
            try RealismFixtures.pebble("driving_1.c.excerpt"), try RealismFixtures.pebble("driving_2.c.excerpt"))
    }

    @Test(
        "two flat spectra have no dominant frequency to compare: it is listed as not compared; a flat one against a peaked one is compared"
    )
    func flatSpectra() throws {
        let table = try RealismFixtures.pebble("watch_on_table.c.excerpt")
        let itself = try Self.compare(table, table)
        #expect(
            !itself.rows.contains {
                $0.feature == .dominantFrequency && $0.channel == RealismChannel(.linearAcceleration)
            })
        let omission = try #require(itself.omitted.first { $0.name == "linearAcceleration.dominantFrequency" })
        #expect(omission.reason.contains("flat"), "\(omission.reason)")
        // The failing case: a table against a drive (a peaked spectrum) compares the dominant frequency.
        let drive = try Self.compare(table, try RealismFixtures.pebble("driving_1.c.excerpt"))
        #expect(
            drive.rows.contains {
                $0.feature == .dominantFrequency && $0.channel == RealismChannel(.linearAcceleration)
            })
    }

    @Test("mismatched rates: a 25-Hz watch against a 100-Hz phone is compared up to 12.5 Hz")
    func mismatchedRates() throws {
        let report = try Self.compare(
            try RealismFixtures.export("oxford/user2-hand"), try RealismFixtures.pebble("walk_100.c.excerpt"))
        #expect(report.band == 12.5)
        #expect(report.a.sampleRate > 99)
        #expect(report.b.sampleRate == 25)
        #expect(report.spectra.allSatisfy { $0.a.binWidth == 100.0 / 1024 })
    }

    @Test(
        "without a gyroscope only the linear acceleration is compared: no rotation-rate row, an omission naming the recording"
    )
    func withoutGyroscope() throws {
        let walk = try RealismFixtures.pebble("walk_100.c.excerpt")
        let gyroscope = try RealismRecording(
            name: "with-gyro", times: walk.times, acceleration: walk.acceleration,
            rotationRate: walk.times.map { t in
                SIMD3(
                    sin(2 * Double.pi * 0.9 * t), 0.2 + 0.1 * cos(2 * Double.pi * 1.8 * t),
                    0.3 * sin(2 * Double.pi * 2.7 * t))
            })
        let report = try Self.compare(gyroscope, walk)
        #expect(!report.rows.contains { $0.channel.quantity == .rotationRate })
        #expect(
            report.omitted.contains {
                $0.name == "rotationRate" && $0.reason.contains("walk_100.c.excerpt has no gyroscope")
            })
        // The check can fail: with a gyroscope on both sides the rotation rate is compared, axes too.
        let both = try Self.compare(gyroscope, gyroscope)
        #expect(both.rows.filter { $0.channel.quantity == .rotationRate }.count == 7 + 3 * 6)
        #expect(both.similar)
        #expect(both.omitted.isEmpty)
    }

    @Test("the JSON: the contract's keys, a row per feature, no NaN or infinity, omissions listed")
    func json() throws {
        let report = try Self.compare(
            try RealismFixtures.points("mhealthtools/balance.csv"), try RealismFixtures.pebble("walk_100.c.excerpt"))
        let data = report.json()
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("NaN"))
        #expect(!text.contains("Infinity"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["similar"] as? Bool == false)
        let features = try #require(object["features"] as? [[String: Any]])
        #expect(features.count == report.rows.count)
        for feature in features {
            #expect(feature["name"] is String)
            #expect(feature["a"] is Double || feature["a"] is Int)
            #expect(feature["b"] is Double || feature["b"] is Int)
            #expect(feature["similar"] is Bool)
        }
        #expect(features.first?["name"] as? String == "linearAcceleration.rms")
        let omitted = try #require(object["omitted"] as? [[String: String]])
        #expect(omitted.contains { $0["name"] == "harmonicRatio" })
        #expect(object["gravityAngle"] == nil)
    }

    @Test(
        "a row: log ratios within the tolerance are similar, a value of 0 against one that is not is not (no deviation)"
    )
    func rows() {
        let channel = RealismChannel(.linearAcceleration)
        #expect(RealismComparison.row(channel, .rms, 1, exp(1.42)).similar)
        #expect(!RealismComparison.row(channel, .rms, 1, exp(1.44)).similar)
        #expect(RealismComparison.row(channel, .rms, 0, 0).similar)
        let zero = RealismComparison.row(channel, .shareAbove5Hz, 0, 0.3)
        #expect(!zero.similar)
        #expect(zero.deviation == nil)
        #expect(RealismComparison.row(channel, .stepRate, 1.8, 2.31).similar)
        #expect(!RealismComparison.row(channel, .stepRate, 1.8, 2.33).similar)
    }

    @Test("the table says the verdict and names every feature outside its tolerance")
    func table() throws {
        let report = try Self.compare(
            try RealismFixtures.pebble("walk_100.c.excerpt"), try RealismFixtures.pebble("running_100.c.excerpt"))
        #expect(report.table.contains("not similar"))
        #expect(report.table.contains("linearAcceleration.stepRate"))
        #expect(report.table.contains("DIFFERENT"))
    }
}
