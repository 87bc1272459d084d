#!/usr/bin/env python3
"""Tests of check_branches.py: the condition evaluator and the stub reader on small inputs, then the whole
check on a fixture package with planted Apple-only code (one library target per planted case, so that one
case's error cannot hide another's), built into .build-apple/fixtures/branches/. Every planted line carries
a `// case: NAME` comment; each test names the case it expects the check to fail or pass on.

Run: python3 Tools/check-apple/test_check_branches.py   (make check-apple runs it first)
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parent.parent
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True

import check_branches as cb  # noqa: E402
import stubs  # noqa: E402
import variants  # noqa: E402
from toolchain import CheckError  # noqa: E402

FIXTURE = REPOSITORY / ".build-apple" / "fixtures" / "branches"
SWIFT = os.environ.get("SWIFT", "swift")

MANIFEST = """// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "BranchFixture",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Planted", targets: ["StopHeading", "Altimeter", "AltitudeNumber", "PedometerName", "Correct"]),
    ],
    targets: [
        .target(name: "StopHeading"),
        .target(name: "Altimeter"),
        .target(name: "AltitudeNumber"),
        .target(name: "PedometerName"),
        .target(name: "Correct"),
    ],
    swiftLanguageModes: [.v6]
)
"""

FILES = {
    # stopUpdatingHeading() is unavailable on macOS (and tvOS, visionOS), and this branch compiles on macOS.
    "Sources/StopHeading/Heading.swift": """#if canImport(CoreLocation)
import CoreLocation

public func stop(_ manager: CLLocationManager) {
    manager.stopUpdatingHeading() // case: stop-heading
}
#endif
public func placeholder() {}
""",
    # CMAltimeter does not exist on visionOS.
    "Sources/Altimeter/Altimeter.swift": """#if canImport(CoreMotion) && (os(iOS) || os(visionOS))
import CoreMotion

public func available() -> Bool {
    CMAltimeter.isRelativeAltitudeAvailable() // case: altimeter-visionos
}
#endif
public func placeholder() {}
""",
    # relativeAltitude is an NSNumber, not a Double.
    "Sources/AltitudeNumber/Altitude.swift": """#if canImport(CoreMotion) && os(iOS)
import CoreMotion

public func metres(_ data: CMAltitudeData) -> Double {
    data.relativeAltitude // case: altitude-nsnumber
}
#endif
public func placeholder() {}
""",
    # The Swift name is startUpdates(from:withHandler:); fromDate: is the Objective-C selector's.
    "Sources/PedometerName/Pedometer.swift": """#if canImport(CoreMotion) && os(iOS)
import CoreMotion
import Foundation

public func count(_ pedometer: CMPedometer) {
    pedometer.startUpdates(fromDate: Date()) { _, _ in } // case: pedometer-fromdate
}
#endif
public func placeholder() {}
""",
    # The same APIs used as Apple documents them, each under the platforms that have it.
    "Sources/Correct/Correct.swift": """import Foundation
#if canImport(CoreLocation) && (os(iOS) || os(watchOS))
import CoreLocation

public func stop(_ manager: CLLocationManager) {
    manager.stopUpdatingHeading() // case: pass-stop-heading
}
#endif
#if canImport(CoreMotion) && (os(iOS) || os(watchOS))
import CoreMotion

public func metres(_ data: CMAltitudeData) -> Double {
    data.relativeAltitude.doubleValue // case: pass-altitude
}

public func count(_ pedometer: CMPedometer) {
    pedometer.startUpdates(from: Date()) { _, _ in } // case: pass-pedometer
}
#endif
#if canImport(Darwin)
import Darwin

public func ticks() -> UInt64 {
    mach_absolute_time() // case: pass-darwin
}
#endif
""",
}


def write_if_changed(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def make_fixture(root: Path, files: dict[str, str]) -> None:
    write_if_changed(root / "Package.swift", MANIFEST)
    for relative, text in files.items():
        write_if_changed(root / relative, text)


def case_lines(root: Path) -> dict[str, tuple[str, int]]:
    cases = {}
    for relative in FILES:
        for number, line in enumerate((root / relative).read_text().split("\n"), start=1):
            match = re.search(r"// case: ([\w-]+)", line)
            if match:
                cases[match.group(1)] = (relative, number)
    return cases


def run_check(root: Path, work: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(HERE / "check_branches.py"), "--package", str(root), "--work", str(work),
                           "--quiet", "--swift", SWIFT], capture_output=True, text=True)


class PlantedCases(unittest.TestCase):
    """The four mistakes of the issue, each in its own target, and the same APIs used right."""

    @classmethod
    def setUpClass(cls):
        make_fixture(FIXTURE, FILES)
        cls.result = run_check(FIXTURE, FIXTURE / ".build-apple" / "branches")
        cls.cases = case_lines(FIXTURE)
        cls.transcript = cls.result.stdout + cls.result.stderr

    def errors_at(self, case: str) -> list[str]:
        relative, line = self.cases[case]
        return [text for text in self.result.stdout.split("\n") if text.startswith(f"{relative}:{line}:")]

    def test_exit_status_is_1(self):
        self.assertEqual(self.result.returncode, 1, self.transcript)

    def platforms_of(self, errors: list[str]) -> list[str]:
        return sorted(p for error in errors for p in re.search(r"error \[([^]]*)\]", error).group(1).split(", "))

    def test_stop_updating_heading_fails_naming_file_macos_and_symbol(self):
        errors = [e for e in self.errors_at("stop-heading") if "error [macOS]" in e]
        self.assertEqual(len(errors), 1, self.transcript)
        self.assertTrue(errors[0].startswith("Sources/StopHeading/Heading.swift:5:"), errors[0])
        self.assertIn("'stopUpdatingHeading()' is unavailable: unavailable in macOS", errors[0])

    def test_stop_updating_heading_fails_on_tvos_and_visionos_too(self):
        self.assertEqual(self.platforms_of(self.errors_at("stop-heading")), ["macOS", "tvOS", "visionOS"], self.transcript)

    def test_altimeter_in_a_visionos_branch_fails_naming_visionos(self):
        errors = self.errors_at("altimeter-visionos")
        self.assertEqual(self.platforms_of(errors), ["visionOS"], self.transcript)
        self.assertIn("'CMAltimeter' is unavailable: unavailable in visionOS", errors[0])

    def test_relative_altitude_as_a_double_fails(self):
        errors = self.errors_at("altitude-nsnumber")
        self.assertEqual(self.platforms_of(errors), ["Mac Catalyst", "iOS"], self.transcript)
        self.assertIn("'NSNumber' is not convertible to 'Double'", errors[0])

    def test_objective_c_selector_name_fails(self):
        errors = self.errors_at("pedometer-fromdate")
        self.assertEqual(self.platforms_of(errors), ["Mac Catalyst", "iOS"], self.transcript)
        self.assertIn("incorrect argument label in call (have 'fromDate:_:', expected 'from:_:')", errors[0])

    def test_correct_uses_pass(self):
        for case in ("pass-stop-heading", "pass-altitude", "pass-pedometer", "pass-darwin"):
            self.assertEqual(self.errors_at(case), [], f"{case}:\n{self.transcript}")

    def test_each_branch_lists_its_platforms(self):
        self.assertIn("Sources/Correct/Correct.swift:2-7  #if canImport(CoreLocation) && (os(iOS) || os(watchOS)): "
                      "iOS, Mac Catalyst, watchOS", self.result.stdout)
        self.assertIn("Sources/Altimeter/Altimeter.swift:1-6  #if canImport(CoreMotion) && (os(iOS) || os(visionOS)): "
                      "iOS, Mac Catalyst, visionOS", self.result.stdout)

    def test_what_it_cannot_see_is_printed(self):
        self.assertIn("not seen", self.result.stdout)
        for needle in ("Objective-C semantics", "introduced", "run-time behaviour", "Apple's Foundation"):
            self.assertIn(needle, self.result.stdout)


class BranchWrittenLater(unittest.TestCase):
    """A branch added after the check was written is seen: a condition it cannot evaluate stops the check
    (exit 2) rather than being skipped, and a new framework needs its platforms."""

    def test_unknown_framework_is_an_error_not_a_skip(self):
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            files = dict(FILES)
            files["Sources/Correct/Later.swift"] = "#if canImport(HealthKit)\nimport HealthKit\n#endif\n"
            make_fixture(root, files)
            result = run_check(root, root / ".build-apple" / "branches")
            self.assertEqual(result.returncode, 2, result.stdout + result.stderr)
            self.assertIn("canImport(HealthKit)", result.stderr)
            self.assertIn("Later.swift", result.stderr)


class Conditions(unittest.TestCase):
    def value(self, condition: str, platform: str, flags: set[str] | None = None) -> bool:
        variant = variants.LINUX if platform == "Linux" else variants.VARIANTS_BY_NAME[platform]
        return variants.evaluate(condition, variant, {"Signals"}, flags or set())

    def check(self, cases: list[tuple[str, str, bool]], flags: set[str] | None = None):
        """Each (condition, platform, expected) of `cases` evaluates to `expected` on that platform."""
        for condition, platform, expected in cases:
            with self.subTest(condition=condition, platform=platform):
                self.assertIs(self.value(condition, platform, flags), expected)

    def test_os_is_true_for_that_platform_only(self):
        self.check([
            ("os(visionOS)", "visionOS", True), ("os(visionOS)", "iOS", False), ("os(iOS)", "macCatalyst", True),
            ("os(Linux)", "Linux", True),
        ])

    def test_can_import_follows_what_each_platform_ships(self):
        self.check([
            ("canImport(CoreMotion)", "macOS", True), ("canImport(CoreMotion)", "tvOS", False),
            ("canImport(CoreLocation)", "tvOS", True), ("canImport(Glibc)", "iOS", False),
            ("canImport(Glibc)", "Linux", True), ("canImport(Darwin)", "Linux", False),
            ("canImport(Signals)", "watchOS", True),
        ])

    def test_operators_and_precedence(self):
        either = "canImport(CoreMotion) && (os(iOS) || os(watchOS))"
        self.check([
            (either, "watchOS", True), (either, "macOS", False), ("os(tvOS) || os(iOS) && false", "tvOS", True),
            ("!(os(iOS) || os(watchOS))", "macCatalyst", False), ("targetEnvironment(macCatalyst)", "macCatalyst", True),
            ("targetEnvironment(macCatalyst)", "iOS", False), ("targetEnvironment(simulator)", "iOS", False),
        ])

    def test_flags_arch_and_compiler(self):
        self.check([("DEBUG", "iOS", True), ("FUZZING", "iOS", False)], flags={"DEBUG"})
        self.check([
            ("arch(arm64)", "iOS", True), ("arch(x86_64)", "Linux", True), ("compiler(>=6.0)", "iOS", True),
            ("compiler(>=6.2)", "iOS", False),
        ])

    def test_unknown_forms_are_errors(self):
        for condition in ("canImport(HealthKit)", "hasFeature(Embedded)", "os(Plan9)", "os(iOS) &&", "os(iOS) os(tvOS)"):
            with self.assertRaises(CheckError, msg=condition):
                self.value(condition, "iOS")


class Stubs(unittest.TestCase):
    def write(self, text: str) -> Path:
        folder = Path(tempfile.mkdtemp()) / "Framework"
        folder.mkdir()
        (folder / "Framework.swift").write_text(text)
        return folder

    def test_a_declaration_without_its_page_is_refused(self):
        folder = self.write("import Foundation\nopen class Thing: NSObject {}\n")
        with self.assertRaises(CheckError) as raised:
            stubs.read_stub_module(folder)
        self.assertIn("no documentation URL", str(raised.exception))

    def test_a_declaration_without_its_platforms_is_refused(self):
        folder = self.write("// https://developer.apple.com/documentation/framework/thing\nopen class Thing {}\n")
        with self.assertRaises(CheckError):
            stubs.read_stub_module(folder)

    def test_unlisted_platforms_get_unavailable_and_requirements_are_left_out(self):
        folder = self.write(
            "// https://developer.apple.com/documentation/framework/thing\n"
            "// Availability: iOS 3.0, Mac Catalyst 13.1, watchOS 2.0\n"
            "public protocol Thing {\n"
            "    // https://developer.apple.com/documentation/framework/thing/go()\n"
            "    // Availability: iOS 3.0\n"
            "    func go()\n"
            "}\n"
            "// https://developer.apple.com/documentation/framework/other\n"
            "// Availability: iOS 3.0, macOS 10.15\n"
            "public func other() {}\n")
        module = stubs.read_stub_module(folder)
        path = module.files[0]
        mac = module.variant_text(path, "macOS", "macOS")
        self.assertIn('@available(*, unavailable, message: "unavailable in macOS', mac.split("\n")[2])
        self.assertIn("left out: unavailable in Mac Catalyst", module.variant_text(path, "macCatalyst", "Mac Catalyst"))
        self.assertNotIn("unavailable", mac.split("\n")[5])  # inside a type already unavailable there
        self.assertNotIn("unavailable", mac.split("\n")[9])
        self.assertEqual(len(mac.split("\n")), len(path.read_text().split("\n")))

    def test_the_package_stubs_read(self):
        modules = stubs.read_stub_modules(HERE / "stubs")
        self.assertEqual(set(modules), {"CoreLocation", "CoreMotion", "Darwin", "os"})
        heading = [d for d in modules["CoreLocation"].declarations[modules["CoreLocation"].files[0]]
                   if "stopUpdatingHeading" in d.text]
        self.assertEqual(len(heading), 1)
        self.assertNotIn("macOS", heading[0].platforms)
        self.assertNotIn("visionOS", heading[0].platforms)


if __name__ == "__main__":
    unittest.main(verbosity=2)
