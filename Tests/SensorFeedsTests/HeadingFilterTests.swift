import Testing

@testable import SensorFeeds

@Suite struct HeadingFilterTests {
    @Test("the angle between two headings goes the shorter way round: 359° and 1° are 2° apart")
    func difference() {
        #expect(HeadingFilter.difference(359, 1) == 2)
        #expect(HeadingFilter.difference(1, 359) == 2)
        #expect(HeadingFilter.difference(10, 190) == 180)
        #expect(HeadingFilter.difference(45, 45) == 0)
    }

    @Test("the first heading passes; then only a change of at least the filter from the last one delivered")
    func admit() {
        var f = HeadingFilter()
        let steps: [(heading: Double, degrees: Double, passes: Bool)] = [
            (10, 5, true),
            (14, 5, false),  // 4° from 10
            (6, 5, false),  // 4° the other way
            (15, 5, true),  // 5°: passes, the new reference
            (19, 5, false),
            (12, 1, true),  // a smaller filter from now on
            (358, 5, true),  // across north: 14° the short way
            (1, 5, false),  // 3° across north
        ]
        for (k, step) in steps.enumerated() {
            let passed = f.admit(step.heading, degrees: step.degrees)
            #expect(passed == step.passes, "step \(k): \(step.heading)° with a \(step.degrees)° filter")
        }
    }

    @Test("≤ 0 (headingFilterNone) passes every heading, the same one again included")
    func none() {
        var f = HeadingFilter()
        var passed: [Bool] = []
        for _ in 0..<3 { passed.append(f.admit(10, degrees: headingFilterNone)) }
        passed.append(f.admit(10, degrees: 0))
        // The failing case: a positive filter drops the repeat.
        passed.append(f.admit(10, degrees: 0.1))
        #expect(passed == [true, true, true, true, false])
    }
}

@Suite struct DeviceOrientationTests {
    @Test("Core Location's raw values, offsets and references")
    func values() {
        #expect(DeviceOrientation.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5, 6])
        #expect(DeviceOrientation.allCases.map(\.headingOffset) == [0, 0, 180, 90, 270, 0, 0])
        #expect(
            DeviceOrientation.allCases.filter(\.isReference) == [
                .portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight,
            ])
    }

    @Test("turning wraps to 0 ..< 360 and keeps an unknown (negative) heading")
    func turn() {
        #expect(DeviceOrientation.landscapeLeft.turn(300) == 30)
        #expect(DeviceOrientation.landscapeRight.turn(100) == 10)
        #expect(DeviceOrientation.portraitUpsideDown.turn(180) == 0)
        #expect(DeviceOrientation.portrait.turn(359.5) == 359.5)
        #expect(DeviceOrientation.landscapeLeft.turn(-1) == -1)
        #expect(DeviceOrientation.landscapeLeft.turn(269.99999999999994) < 360)
    }
}
