#!/usr/bin/env python3
"""Tests of check_apple.py: its parts on small inputs, then the whole check on two fixture packages
with planted code (one library target each, built into .build-apple/fixtures/ so re-runs are
incremental). Every planted line carries a `// case: NAME` comment; each test names the case it
expects the check to fail or pass on.

Run: python3 Tools/check-apple/test_check_apple.py   (make check-apple runs it first)
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parent.parent
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # no __pycache__ next to the sources (git does not ignore it)

import check_apple as ca  # noqa: E402

FIXTURES = REPOSITORY / ".build-apple" / "fixtures"
SYMBOL_CACHE = REPOSITORY / ".build-apple" / "symbolgraphs"
EVERYWHERE_26 = "macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26"

MANIFEST = """// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Fixture",
    platforms: [{platforms}],
    products: [.library(name: "Planted", targets: ["Planted"])],
    targets: [
        .target(name: "Planted"),
        .executableTarget(name: "Tool", dependencies: ["Planted"]),
    ]
)
"""

FAILING = f"""import Synchronization

public func validated(_ bytes: [UInt8]) -> String? {{
    String(validating: bytes, as: UTF8.self) // case: fail-validating
}}

public func inlinePair() -> Int {{
    let pair: InlineArray<2, Int> = [1, 2] // case: fail-inline-array
    return pair[0]
}}

public func locked() -> Int {{
    let mutex = Mutex(0) // case: fail-mutex
    return mutex.withLock {{ $0 }}
}}

public func guardTooLow() -> Int {{
    if #available(macOS 14, iOS 17, *) {{
        let pair: InlineArray<2, Int> = [1, 2] // case: fail-guard-too-low
        return pair[0]
    }}
    return 0
}}

public func beforeGuard() -> Int {{
    let early: InlineArray<1, Int> = [1] // case: fail-before-guard
    guard #available({EVERYWHERE_26}, *) else {{ return early[0] }}
    return 1
}}

@available(macOS 26, *)
public func macOnlyAnnotation() -> Int {{
    let pair: InlineArray<2, Int> = [1, 2] // case: fail-annotated-for-macos-only
    return pair[0]
}}

@available(*, deprecated, message: "not a floor")
public func deprecatedOnly() -> Int {{
    let pair: InlineArray<2, Int> = [1, 2] // case: fail-deprecated-is-no-floor
    return pair[0]
}}

public func sleepy() async throws {{
    try await Task.sleep(for: .milliseconds(1)) // case: fail-only-on-undeclared-platforms
}}

public func unavailableThen() -> Int {{
    if #unavailable({EVERYWHERE_26}) {{
        let pair: InlineArray<2, Int> = [1, 2] // case: fail-unavailable-then-branch
        return pair[0]
    }}
    return 0
}}
"""

PASSING = f"""import Synchronization

public func insideIfAvailable(_ bytes: [UInt8]) -> Int {{
    if #available({EVERYWHERE_26}, *) {{
        let pair: InlineArray<2, Int> = [1, 2] // case: pass-if-available-inline-array
        let mutex = Mutex(0) // case: pass-if-available-mutex
        let text = String(validating: bytes, as: UTF8.self) // case: pass-if-available-validating
        return pair[0] + mutex.withLock {{ $0 }} + (text?.count ?? 0)
    }}
    return 0
}}

@available({EVERYWHERE_26}, *)
public func availableFunction() -> Int {{
    let pair: InlineArray<2, Int> = [1, 2] // case: pass-available-function
    return pair[0]
}}

@available({EVERYWHERE_26}, *)
public final class AvailableType {{
    let lock = Mutex(0) // case: pass-available-type-property
    public init() {{}}
    public func read() -> Int {{ lock.withLock {{ $0 }} }} // case: pass-available-type-method
}}

public struct Holder {{}}

@available(macOS, introduced: 26)
@available(iOS, introduced: 26)
@available(tvOS, introduced: 26)
@available(watchOS, introduced: 26)
@available(visionOS, introduced: 26)
extension Holder {{
    public func make() -> InlineArray<2, Int> {{ [1, 2] }} // case: pass-available-extension
    public var computed: InlineArray<1, Int> {{ [1] }} // case: pass-available-extension-property
}}

public func afterGuard() -> Int {{
    guard #available({EVERYWHERE_26}, *) else {{ return 0 }}
    let pair: InlineArray<2, Int> = [1, 2] // case: pass-after-guard
    return pair[0]
}}

public func unavailableElse() -> Int {{
    if #unavailable({EVERYWHERE_26}) {{
        return 0
    }} else {{
        let pair: InlineArray<2, Int> = [1, 2] // case: pass-unavailable-else-branch
        return pair[0]
    }}
}}

public func inActiveIfBranch() -> Int {{
#if canImport(Glibc) || canImport(Musl) || os(Linux)
    if #available({EVERYWHERE_26}, *) {{
        let pair: InlineArray<2, Int> = [1, 2] // case: pass-if-available-in-active-if-config
        return pair[0]
    }}
#endif
    return 0
}}

#if os(macOS)
public func macOnly() -> Int {{
    let pair: InlineArray<2, Int> = [1, 2] // case: unseen-inactive-branch
    return pair[0]
}}
#endif

public func noAvailability() -> Int {{
    let hex = String(255, radix: 16) // case: pass-no-availability
    return hex.count
}}
"""

EXECUTABLE = """import Planted
// case: executable-not-checked
print(String(validating: [UInt8](), as: UTF8.self) ?? "")
"""

VALIDATING_ONLY = """public func validated(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self) // case: pass-validating-at-macos-15
}
"""


def write_if_changed(path: Path, text: str) -> None:
    """Writes only what changed, so that the fixture's build stays incremental between runs."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def make_fixture(name: str, platforms: str, files: dict[str, str]) -> Path:
    root = FIXTURES / name
    write_if_changed(root / "Package.swift", MANIFEST.format(platforms=platforms))
    wanted = set()
    for relative, text in files.items():
        write_if_changed(root / relative, text)
        wanted.add(root / relative)
    for stale in (root / "Sources").rglob("*.swift"):
        if stale not in wanted:
            stale.unlink()
    return root


def case_lines(root: Path) -> dict[str, tuple[str, int]]:
    """`// case: NAME` → (path relative to the fixture, line)."""
    cases = {}
    for path in sorted((root / "Sources").rglob("*.swift")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            match = re.search(r"// case: ([\w-]+)", line)
            if match:
                cases[match.group(1)] = (str(path.relative_to(root)), number)
    return cases


def run_check(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(HERE / "check_apple.py"), "--package", str(root), "--cache-dir", str(SYMBOL_CACHE), "--quiet"],
        capture_output=True, text=True,
    )


FINDING = re.compile(r"^(?P<path>[^:\s]+\.swift):(?P<line>\d+):(?P<column>\d+): (?P<message>.*)$")


class FixtureCheck:
    """One run of the check on one fixture, shared by the tests of a class."""

    def __init__(self, name: str, platforms: str, files: dict[str, str]):
        self.root = make_fixture(name, platforms, files)
        self.cases = case_lines(self.root)
        self.result = run_check(self.root)
        self.findings: dict[tuple[str, int], list[str]] = {}
        for line in self.result.stdout.splitlines():
            match = FINDING.match(line)
            if match:
                self.findings.setdefault((match.group("path"), int(match.group("line"))), []).append(match.group("message"))

    def transcript(self) -> str:
        return f"exit {self.result.returncode}\n--- stdout\n{self.result.stdout}\n--- stderr\n{self.result.stderr}"

    def messages(self, case: str) -> list[str]:
        return self.findings.get(self.cases[case], [])


class LowMinimums(unittest.TestCase):
    """`.macOS(.v13), .iOS(.v16)`: the planted newer APIs fail unless a scope guarantees them."""

    check: FixtureCheck

    @classmethod
    def setUpClass(cls):
        cls.check = FixtureCheck("low-minimums", ".macOS(.v13), .iOS(.v16)", {
            "Sources/Planted/Failing.swift": FAILING,
            "Sources/Planted/Passing.swift": PASSING,
            "Sources/Tool/main.swift": EXECUTABLE,
        })

    def assert_fails(self, case: str, needle: str) -> None:
        messages = self.check.messages(case)
        self.assertTrue(messages, f"expected a failure on `{case}` at {self.check.cases[case]}\n{self.check.transcript()}")
        self.assertTrue(any(needle in m for m in messages), f"`{case}`: no message mentions {needle!r}: {messages}")

    def assert_passes(self, case: str) -> None:
        self.assertEqual(self.check.messages(case), [], f"`{case}` at {self.check.cases[case]} should pass")

    def test_exit_status_is_1(self):
        self.assertEqual(self.check.result.returncode, 1, self.check.transcript())

    # Each planted failure: what it shows, its case, and a phrase its message must hold.
    PLANTED = [
        ("fails_on_string_validating", "fail-validating",
         "String.init(validating:as:) needs macOS 15.0 / iOS 18.0 / tvOS 18.0 / watchOS 11.0 / visionOS 2.0"),
        ("message_names_the_declared_minimums", "fail-validating",
         "the package declares macOS 13 / iOS 16 / tvOS 12 (SwiftPM default)"),
        ("fails_on_inline_array", "fail-inline-array", "InlineArray needs macOS 26.0"),
        ("fails_on_mutex", "fail-mutex", "Mutex needs macOS 15.0"),
        ("fails_when_the_guard_is_too_low", "fail-guard-too-low", "InlineArray needs macOS 26.0"),
        ("too_low_guard_is_named", "fail-guard-too-low", "if #available at"),
        ("fails_before_a_guard", "fail-before-guard", "InlineArray needs macOS 26.0"),
        ("macos_only_annotation_still_fails_elsewhere", "fail-annotated-for-macos-only", "too old: iOS 16"),
        ("deprecated_is_no_floor", "fail-deprecated-is-no-floor", "InlineArray needs macOS 26.0"),
        ("unavailable_then_branch_fails", "fail-unavailable-then-branch", "InlineArray needs macOS 26.0"),
    ]

    def test_each_planted_failure_names_its_api(self):
        for what, case, needle in self.PLANTED:
            with self.subTest(what):
                self.assert_fails(case, needle)

    def test_macos_only_annotation_does_not_fail_on_macos(self):
        messages = self.check.messages("fail-annotated-for-macos-only")
        self.assertFalse(any("macOS 13" in m.split("too old:")[-1] for m in messages), messages)

    def test_passes_inside_if_available(self):
        for case in ("pass-if-available-inline-array", "pass-if-available-mutex", "pass-if-available-validating"):
            with self.subTest(case=case):
                self.assert_passes(case)

    def test_passes_inside_available_function(self):
        self.assert_passes("pass-available-function")

    def test_passes_inside_available_type(self):
        for case in ("pass-available-type-property", "pass-available-type-method"):
            with self.subTest(case=case):
                self.assert_passes(case)

    def test_passes_inside_available_extension(self):
        for case in ("pass-available-extension", "pass-available-extension-property"):
            with self.subTest(case=case):
                self.assert_passes(case)

    def test_passes_after_guard_available(self):
        self.assert_passes("pass-after-guard")

    def test_passes_in_unavailable_else_branch(self):
        self.assert_passes("pass-unavailable-else-branch")

    def test_passes_inside_an_active_if_config_branch(self):
        self.assert_passes("pass-if-available-in-active-if-config")

    def test_passes_apis_without_availability(self):
        self.assert_passes("pass-no-availability")

    def test_undeclared_platforms_fail_at_swiftpm_defaults(self):
        # Task.sleep(for:) is macOS 13 / iOS 16 (declared) but tvOS 16 / watchOS 9 (SwiftPM's 12 and 4).
        self.assert_fails("fail-only-on-undeclared-platforms", "too old: tvOS 12, watchOS 4)")

    def test_failures_only_on_defaults_are_summarised(self):
        self.assertRegex(self.check.result.stdout, r"\d+ of the failures are only on tvOS, watchOS, which Package.swift does not declare")

    def test_every_planted_failure_is_reported(self):
        expected = {where for case, where in self.check.cases.items() if case.startswith("fail-")}
        self.assertEqual(expected - set(self.check.findings), set(), self.check.transcript())

    def test_nothing_in_the_passing_file_is_reported(self):
        wrong = sorted(where for where in self.check.findings if where[0].endswith("Passing.swift"))
        self.assertEqual(wrong, [], self.check.transcript())

    def test_executables_are_not_checked(self):
        self.assertFalse(any(path.startswith("Sources/Tool/") for path, _ in self.check.findings), self.check.transcript())

    def test_inactive_if_branch_is_listed(self):
        path, line = self.check.cases["unseen-inactive-branch"]
        listed = re.search(rf"{re.escape(path)}:(\d+)-(\d+)  #if os\(macOS\)", self.check.result.stdout)
        self.assertIsNotNone(listed, self.check.transcript())
        self.assertTrue(int(listed.group(1)) <= line <= int(listed.group(2)), listed.group(0))

    def test_not_checked_section_is_printed(self):
        self.assertIn("not checked", self.check.result.stdout)


class DeclaredMinimumsSuffice(unittest.TestCase):
    """`String(validating:as:)` at top level passes once the manifest declares the Swift 6 systems."""

    def test_passes_at_macos_15(self):
        check = FixtureCheck("swift6-minimums", ".macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)", {
            "Sources/Planted/Validating.swift": VALIDATING_ONLY,
            "Sources/Tool/main.swift": EXECUTABLE,
        })
        self.assertEqual(check.result.returncode, 0, check.transcript())
        self.assertIn("check-apple: OK:", check.result.stdout)
        self.assertEqual(check.messages("pass-validating-at-macos-15"), [])


class Parts(unittest.TestCase):
    """The pieces, without a build."""

    def test_mask_hides_strings_and_comments(self):
        text = 'let a = "#if x" // #available(macOS 15, *)\nlet b = #"\\(#available)"# /* #if */\n'
        masked = ca.mask_swift(text)
        self.assertNotIn("#if", masked)
        self.assertNotIn("#available", masked)
        self.assertEqual(len(masked), len(text))

    def test_mask_keeps_interpolated_code_balanced(self):
        text = 'let s = "a \\(f("x)")) b"\n#if os(macOS)\n#endif\n'
        masked = ca.mask_swift(text)
        self.assertIn("#if os(macOS)", masked)

    def test_if_chains_and_configured_text(self):
        text = "a\n#if os(macOS)\nb\n#elseif os(Linux)\nc\n#else\nd\n#endif\ne\n"
        chains = ca.if_chains(ca.mask_swift(text))
        active = ca.clause_activity(chains, {"os(macOS)": False, "os(Linux)": True})
        self.assertEqual(active, [[False, True, False]])
        configured = ca.configured_text(text, chains, active).split("\n")
        self.assertEqual([line.strip() for line in configured], ["a", "", "", "", "c", "", "", "", "e", ""])

    def test_nested_chain_in_inactive_clause_is_inactive(self):
        text = "#if os(macOS)\n#if canImport(Darwin)\nx\n#endif\n#endif\n"
        chains = ca.if_chains(ca.mask_swift(text))
        active = ca.clause_activity(chains, {"os(macOS)": False, "canImport(Darwin)": True})
        self.assertEqual(active, [[False], [False]])

    def test_inactive_region_lists_the_outermost_clause(self):
        text = "#if os(macOS)\n#if canImport(Darwin)\nx\n#endif\n#endif\n"
        chains = ca.if_chains(ca.mask_swift(text))
        active = ca.clause_activity(chains, {"os(macOS)": False, "canImport(Darwin)": True})
        regions = ca.inactive_regions(Path("a.swift"), chains, active)
        self.assertEqual([(r.first_line, r.last_line, r.directive) for r in regions], [(1, 4, "#if os(macOS)")])

    def test_multiline_condition(self):
        text = "#if os(iOS) ||\n    os(tvOS)\nx\n#endif\n"
        chains = ca.if_chains(ca.mask_swift(text))
        self.assertEqual(chains[0].clauses[0].condition, "os(iOS) || os(tvOS)")

    def test_dump_reader_survives_an_unclosed_node(self):
        # This toolchain prints `(type_tuple` inside `type_optional` without its `)`: indentation decides.
        dump = ('(source_file "a.swift"\n'
                '  (pattern_binding_decl range=[a.swift:1:1 - line:1:20]\n'
                '    (type_optional\n'
                '      (type_tuple\n'
                '        (type_unqualified_ident id="Void" unbound))))\n'
                '  (func_decl range=[a.swift:2:1 - line:2:10] "f(x:)"\n'
                '    (available_attr range=[a.swift:1:2 - line:1:9] domainIdentifier=macOS introduced=15)))')
        roots = ca.read_dump(dump)
        self.assertEqual([c.kind for c in roots[0].children], ["pattern_binding_decl", "func_decl"])
        self.assertEqual(roots[0].children[1].atoms[-1], '"f(x:)"')
        self.assertEqual(roots[0].children[1].range, ((2, 1), (2, 10)))

    def test_dump_reader_splits_files_on_one_line(self):
        dump = '(source_file "a.swift"\n  (import_decl range=[a.swift:1:1 - line:1:8]))(source_file "b.swift"\n  (import_decl range=[b.swift:1:1 - line:1:8]))'
        self.assertEqual([r.atoms[0] for r in ca.read_dump(dump)], ['"a.swift"', '"b.swift"'])

    def test_query_kinds_tells_unavailable_from_available(self):
        lines = ca.mask_swift("if #unavailable(iOS 18), let x = f({ #available(iOS 1, *) }) {").split("\n")
        self.assertEqual(ca.query_kinds(lines, (1, 1), (1, 62)), ["unavailable"])

    def test_visionos_follows_ios(self):
        floors = ca.Floors({"iOS": (18, 0, 0)}).with_inherited()
        self.assertEqual(floors.versions["visionOS"], (2, 0, 0))
        self.assertEqual(floors.versions["macCatalyst"], (18, 0, 0))
        self.assertEqual(ca.visionos_from_ios((26, 1, 0)), (26, 1, 0))
        self.assertEqual(ca.visionos_from_ios((16, 0, 0)), (1, 0, 0))

    def test_undeclared_platforms_get_swiftpm_defaults(self):
        floors, defaulted = ca.declared_minimums({"platforms": [{"name": "macos", "version": "13.0"},
                                                                {"name": "ios", "version": "16.0"}]})
        self.assertEqual(defaulted, ["tvOS", "watchOS", "visionOS"])
        self.assertEqual(floors.versions["tvOS"], (12, 0, 0))
        self.assertEqual(floors.versions["watchOS"], (4, 0, 0))
        self.assertEqual(floors.versions["macCatalyst"], (16, 0, 0))

    def test_app_targets_follow_library_products(self):
        description = {"products": [{"name": "L", "targets": ["A"], "type": {"library": ["automatic"]}},
                                    {"name": "x", "targets": ["Exe"], "type": {"executable": None}}],
                       "targets": [
                           {"name": "A", "type": "library", "module_type": "SwiftTarget", "path": "Sources/A",
                            "sources": ["a.swift"], "target_dependencies": ["B", "C"]},
                           {"name": "B", "type": "library", "module_type": "SwiftTarget", "path": "Sources/B",
                            "sources": ["b.swift"]},
                           {"name": "C", "type": "library", "module_type": "ClangTarget", "path": "Sources/C",
                            "sources": ["c.c"]},
                           {"name": "Exe", "type": "executable", "module_type": "SwiftTarget", "path": "Sources/Exe",
                            "sources": ["main.swift"], "target_dependencies": ["A", "D"]},
                           {"name": "D", "type": "library", "module_type": "SwiftTarget", "path": "Sources/D",
                            "sources": ["d.swift"]},
                       ]}
        self.assertEqual([t.name for t in ca.app_targets(description, Path("/p"), None)], ["A", "B"])


if __name__ == "__main__":
    unittest.main(verbosity=1)
