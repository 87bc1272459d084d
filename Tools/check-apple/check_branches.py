#!/usr/bin/env python3
"""`make check-apple`, part two: every Darwin-only `#if` branch compiled on Linux, once per Apple platform.

Linux never compiles `#if canImport(CoreMotion)`, `canImport(Darwin)` or `os(iOS)` code. This check does,
for iOS, Mac Catalyst, macOS, tvOS, watchOS and visionOS:

1. each source file is configured the way that platform's compiler would configure it: every `#if` is
   evaluated for the platform (`os(...)` true for it only, `canImport(...)` true for the modules it
   ships and the package's own, `targetEnvironment(macCatalyst)` on Mac Catalyst), and the directives
   and inactive clauses are blanked (lines and columns kept; `#sourceLocation` keeps the file's name);
2. Apple's frameworks are hand-written stub modules (stubs/MODULE/*.swift: only what the package uses,
   each declaration with the URL of the documentation page it was copied from and its platform list),
   with everything the page does not list for the platform marked `@available(*, unavailable)`;
3. every target that ships to apps (and, for macOS, every other target with a Darwin-only branch: the
   command line, the server, the bench, tests) is compiled with `swiftc -wmo -emit-module` against the
   stubs and its dependencies compiled the same way, in Swift 6 mode with the build's own flags. Package
   dependencies (Yams, Hummingbird, ...) are the Linux build's modules.

A compile error fails the check (exit 1), printed as `path:line:col: error [PLATFORM]: message`. Exit 2:
the check could not be made (a condition it cannot evaluate, a stub without its evidence, no build).
Every run prints, per branch, the platforms it was compiled for, then what it cannot see.

Python 3.11 standard library only.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.dont_write_bytecode = True

from conditions import Chain, compile_arguments, configured_text, if_chains, mask_swift  # noqa: E402
from package import describe_package  # noqa: E402
from stubs import StubModule, read_stub_modules  # noqa: E402
from toolchain import CheckError, Toolchain, run  # noqa: E402
from variants import APPLE_VARIANTS, LINUX, Variant, evaluate  # noqa: E402

HERE = Path(__file__).resolve().parent
# Apple's Foundation holds what swift-corelibs-foundation splits into FoundationXML (XMLParser) and
# FoundationNetworking (URLSession), and re-exports Darwin: every file of an Apple variant sees them, as
# `import Foundation` would there.
APPLE_FOUNDATION = ["-Xfrontend", "-import-module", "-Xfrontend", "FoundationXML",
                    "-Xfrontend", "-import-module", "-Xfrontend", "FoundationNetworking",
                    "-Xfrontend", "-import-module", "-Xfrontend", "Darwin"]
NOT_SEEN = [
    "Objective-C semantics: optional protocol requirements are stubbed as requirements with default "
    "implementations, so a delegate method misspelt in an adapter is a new method here (as it would be on "
    "Apple too, with a warning); dynamic dispatch, KVO and nullability beyond the documented Swift declarations",
    "exact introduced and deprecated versions: a stubbed declaration is available or unavailable per platform "
    "(the introduced versions are in the stubs' comments, and the declared minimums are above all of them); "
    "the standard library's versions are the first part of make check-apple",
    "run-time behaviour: permission prompts, update rates, what a method does on a device (a method Apple "
    "documents as doing nothing on a platform is noted in the stub and in ApplePlatforms.md)",
    "Apple's Foundation: these compiles use swift-corelibs-foundation (with FoundationXML, FoundationNetworking "
    "and the Darwin stub imported into every file, as Apple's Foundation holds or re-exports them), so a Foundation API missing or different on "
    "Apple is not caught; Darwin's C library is Glibc plus the Darwin-only declarations in stubs/Darwin",
    "C targets' Apple branches (`#ifdef __APPLE__` in CSignalKernels): compiled by clang for Linux only",
    "package dependencies (Yams, Hummingbird, SwiftNIO, ArgumentParser): their Linux modules are used",
    "the iOS simulator (`targetEnvironment(simulator)` is false in every variant; a branch that only the "
    "simulator compiles is listed under \"not compiled here\")",
]


# --------------------------------------------------------------------------------------------------
# The package's targets and their flags


@dataclasses.dataclass
class Target:
    name: str
    kind: str  # library, executable, test
    path: Path
    sources: list[Path]  # the target's own sources (absolute)
    derived: list[Path]  # generated sources from the build (resource accessors, plugin output)
    dependencies: list[str]  # package Swift targets
    flags: list[str]


def compile_args(debug_yaml: str, target: str) -> list[str]:
    match = re.search(r'^  "C\.' + re.escape(target) + r'-[^"]*-debug\.module":\n(?:    .*\n)*?    args: (\[.*\])$',
                      debug_yaml, re.MULTILINE)
    if not match:
        raise CheckError(f"the build's debug.yaml has no compile command for {target}")
    return json.loads(match.group(1))


def kept_flags(args: list[str]) -> tuple[list[str], list[Path]]:
    """(the flags that decide how the module type-checks, the source files of the compile)."""
    keep_with_value = {"-Xcc", "-package-name", "-swift-version", "-enable-upcoming-feature",
                       "-enable-experimental-feature", "-target"}
    keep_alone = {"-parse-as-library", "-enable-testing", "-enable-bare-slash-regex", "-warnings-as-errors"}
    flags: list[str] = []
    sources: list[Path] = []
    for arg, value in compile_arguments(args, keep_with_value):
        if value is not None:
            flags += [arg, value]
        elif arg.startswith("@") and arg.endswith("sources"):
            sources += [Path(line) for line in Path(arg[1:]).read_text().split() if line]
        elif arg.startswith(("-D", "-strict-concurrency=", "-enable-upcoming-feature=", "-enable-experimental-feature=")):
            flags.append(arg)
        elif arg in keep_alone and arg not in flags:
            flags.append(arg)
        elif arg.endswith(".swift") and not arg.startswith("-"):
            sources.append(Path(arg))
    return flags, sources


def package_targets(description: dict, package: Path, debug_yaml: str) -> dict[str, Target]:
    by_name = {t["name"]: t for t in description["targets"]}
    swift = {name for name, t in by_name.items() if t.get("module_type") == "SwiftTarget" and t.get("type") != "plugin"}
    targets = {}
    for name in sorted(swift):
        entry = by_name[name]
        if entry["type"] not in ("library", "executable", "test"):
            continue
        root = (package / entry["path"]).resolve()
        own = [root / s for s in entry.get("sources", []) if s.endswith(".swift")]
        try:
            args = compile_args(debug_yaml, name)
        except CheckError:
            if entry["type"] == "executable" and name not in by_name:
                continue
            raise
        flags, compiled = kept_flags(args)
        own_set = {p.resolve() for p in own}
        derived = [p for p in compiled if p.resolve() not in own_set]
        deps = [d for d in entry.get("target_dependencies", []) if d in swift]
        targets[name] = Target(name, entry["type"], root, sorted(own), derived, deps, flags)
    return targets


def closure(targets: dict[str, Target], roots: set[str]) -> set[str]:
    seen: set[str] = set()
    pending = [r for r in roots if r in targets]
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        pending += [d for d in targets[name].dependencies if d in targets]
    return seen


def app_roots(description: dict, host_only: set[str]) -> set[str]:
    """The targets of the library products an app can add (not the host-only ones)."""
    roots: set[str] = set()
    for product in description.get("products", []):
        if "library" in product.get("type", {}) and product["name"] not in host_only:
            roots.update(product["targets"])
    return roots


# --------------------------------------------------------------------------------------------------
# Branches: each file's #if chains and their value on each platform


@dataclasses.dataclass
class SourceFile:
    path: Path
    target: str
    text: str
    chains: list[Chain]
    values: dict[str, dict[str, bool]]  # variant -> condition -> value

    def active(self, variant: str) -> list[list[bool]]:
        from conditions import clause_activity
        return clause_activity(self.chains, self.values[variant])

    def configured(self, variant: str) -> str:
        return configured_text(self.text, self.chains, self.active(variant))

    def differs(self) -> bool:
        """Whether some clause is compiled on one platform (Linux included) and not on another."""
        first = None
        for variant in self.values:
            active = self.active(variant)
            if first is None:
                first = active
            elif active != first:
                return True
        return False


def read_sources(targets: dict[str, Target], package_modules: set[str]) -> dict[Path, SourceFile]:
    files = {}
    variants = (LINUX,) + APPLE_VARIANTS
    for target in targets.values():
        flags = {f[2:].split("=")[0] for f in target.flags if f.startswith("-D")}
        for path in target.sources:
            text = path.read_bytes().decode("latin-1")
            label = str(path)
            chains = if_chains(mask_swift(text), label)
            conditions = {c.condition for chain in chains for c in chain.clauses if c.keyword != "else"}
            values = {}
            for variant in variants:
                try:
                    values[variant.name] = {c: evaluate(c, variant, package_modules, flags) for c in conditions}
                except CheckError as error:
                    raise CheckError(f"{path}: {error}") from None
            files[path] = SourceFile(path, target.name, text, chains, values)
    return files


# --------------------------------------------------------------------------------------------------
# Compiling


@dataclasses.dataclass
class Diagnostic:
    path: str
    line: int
    column: int
    severity: str
    message: str


DIAGNOSTIC = re.compile(r"^(/[^:\n]+):(\d+):(\d+): (error|warning): (.*)$", re.MULTILINE)


@dataclasses.dataclass
class Job:
    key: str
    label: str  # Target or stub module name
    cmd: list[str]
    inputs: dict[Path, str]  # files to write before compiling
    output: Path  # folder holding the module
    after: list[str]  # keys this job needs


def source_location(path: Path) -> str:
    escaped = str(path).replace("\\", "\\\\").replace('"', '\\"')
    return f'#sourceLocation(file: "{escaped}", line: 1)\n'


class Build:
    def __init__(self, tool: Toolchain, work: Path, externals: Path, module_cache: Path):
        self.tool = tool
        self.work = work
        self.externals = externals
        self.module_cache = module_cache
        self.jobs: dict[str, Job] = {}

    def key(self, *parts: str) -> str:
        h = hashlib.sha256(self.tool.version.encode())
        for part in parts:
            h.update(b"\0" + part.encode("latin-1", "replace"))
        return h.hexdigest()[:24]

    def add(self, label: str, module: str, files: dict[Path, str], flags: list[str], deps: list[str]) -> str:
        """A module compile; returns its key (the same inputs give the same key, and compile once)."""
        key = self.key(module, json.dumps(flags), *deps,
                       *[f"{p}\0{t}" for p, t in sorted(files.items(), key=lambda kv: str(kv[0]))])
        if key in self.jobs:
            self.jobs[key].label += f", {label.split(' for ')[-1]}"
            return key
        output = self.work / "modules" / key
        source_dir = self.work / "sources" / key
        inputs = {}
        for number, (original, text) in enumerate(sorted(files.items(), key=lambda kv: str(kv[0]))):
            inputs[source_dir / f"{number:04d}-{original.name}"] = text
        cmd = [str(self.tool.swiftc), "-wmo", "-emit-module", "-module-name", module,
               "-emit-module-path", str(output / f"{module}.swiftmodule"),
               "-module-cache-path", str(self.module_cache)]
        for dep in deps:
            cmd += ["-I", str(self.work / "modules" / dep)]
        cmd += ["-I", str(self.externals)] + flags + [str(p) for p in inputs]
        self.jobs[key] = Job(key, label, cmd, inputs, output, list(deps))
        return key

    def run(self, log, parallel: int) -> dict[str, tuple[int, str]]:
        """Compiles every job (cached by key across runs); returns key -> (exit status, output)."""
        results: dict[str, tuple[int, str]] = {}
        pending = dict(self.jobs)

        def compile(job: Job) -> tuple[int, str]:
            record = job.output / "result.json"
            if record.exists():
                saved = json.loads(record.read_text())
                return saved["status"], saved["output"]
            for path, text in job.inputs.items():
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(text.encode("latin-1"))
            job.output.mkdir(parents=True, exist_ok=True)
            proc = subprocess.run(job.cmd, capture_output=True, text=True, errors="replace")
            output = proc.stdout + proc.stderr
            record.write_text(json.dumps({"status": proc.returncode, "output": output, "cmd": job.cmd}))
            return proc.returncode, output

        with concurrent.futures.ThreadPoolExecutor(max_workers=parallel) as pool:
            running: dict[concurrent.futures.Future, str] = {}
            while pending or running:
                for key, job in list(pending.items()):
                    if all(d in results for d in job.after):
                        del pending[key]
                        failed = [d for d in job.after if results[d][0] != 0]
                        if failed:
                            results[key] = (-1, "not compiled: " + ", ".join(self.jobs[d].label for d in failed)
                                            + " did not compile")
                            continue
                        running[pool.submit(compile, job)] = key
                if not running:
                    if pending:
                        raise CheckError("a dependency cycle among: " + ", ".join(j.label for j in pending.values()))
                    break
                done, _ = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
                for future in done:
                    key = running.pop(future)
                    results[key] = future.result()
                    log(f"compiled {self.jobs[key].label} ({'ok' if results[key][0] == 0 else 'errors'})")
        return results


def external_modules(bin_path: Path, package_modules: set[str], farm: Path) -> None:
    """A folder of links to the build's modules of package dependencies only, so that no Linux module of
    the package itself can stand in for one compiled for a platform."""
    modules = bin_path / "Modules"
    if not modules.is_dir():
        raise CheckError(f"no {modules}: build the package first (swift build --build-tests)")
    if farm.exists():
        shutil.rmtree(farm)
    farm.mkdir(parents=True)
    for entry in modules.iterdir():
        stem = entry.name.split(".")[0]
        if entry.name.endswith(".swiftmodule") and stem not in package_modules:
            (farm / entry.name).symlink_to(entry)


# --------------------------------------------------------------------------------------------------
# The check


@dataclasses.dataclass
class Finding:
    diagnostic: Diagnostic
    variants: list[str]


def check(package: Path, scratch: Path, work: Path, swift: str, host_only: set[str], parallel: int,
          stub_root: Path, build: bool, log) -> tuple[list[Finding], list[str], list[str], str]:
    tool = Toolchain.find(swift)
    if build:
        log("swift build --build-tests (the modules of package dependencies, and every target's flags)")
        run([str(tool.swift), "build", "--build-tests", "--scratch-path", str(scratch)], cwd=package,
            what="swift build --build-tests")
    bin_path = Path(run([str(tool.swift), "build", "--scratch-path", str(scratch), "--show-bin-path"], cwd=package,
                        what="swift build --show-bin-path").strip().splitlines()[-1])
    debug_yaml_path = scratch / "debug.yaml"
    if not debug_yaml_path.exists():
        raise CheckError(f"no {debug_yaml_path}: build the package first (swift build --build-tests)")
    debug_yaml = debug_yaml_path.read_text()
    description = describe_package(tool, package, work / "describe")
    targets = package_targets(description, package, debug_yaml)
    package_modules = {t["name"] for t in description["targets"]} | {t.get("c99name", "") for t in description["targets"]}
    package_modules |= {p["name"] for p in description.get("dependencies", []) if "name" in p}
    # Package dependencies' modules are importable on every platform (SwiftPM builds them there).
    package_modules |= {e.name.split(".")[0] for e in (bin_path / "Modules").glob("*.swiftmodule")}
    stubs = read_stub_modules(stub_root)
    files = read_sources(targets, package_modules)

    # Which targets each platform compiles: the app's everywhere, and on macOS also every other target
    # with a branch that differs from Linux.
    unknown = host_only - {p["name"] for p in description.get("products", [])}
    if unknown:
        raise CheckError(f"--host-only names no product: {', '.join(sorted(unknown))}")
    host_only_targets = set()
    for product in description.get("products", []):
        if product["name"] in host_only:
            host_only_targets |= set(product["targets"])
    app = closure(targets, app_roots(description, host_only))
    branching = {f.target for f in files.values() if f.differs()}
    plan: dict[str, set[str]] = {}
    for variant in APPLE_VARIANTS:
        roots = set(app)
        if variant.name == "macOS":
            roots |= branching | host_only_targets
        plan[variant.name] = closure(targets, roots)

    farm = work / "externals"
    external_modules(bin_path, {t for t in targets}, farm)
    compiler = Build(tool, work, farm, work / "module-cache")

    # Stub modules per platform.
    stub_keys: dict[str, dict[str, str]] = {}
    for variant in APPLE_VARIANTS:
        stub_keys[variant.name] = {}
        for name, module in stubs.items():
            if not variant.can_import(name, set()) and name not in ("Darwin", "os"):
                continue
            texts = {path: source_location(path) + module.variant_text(path, variant.name, variant.title)
                     for path in module.files}
            stub_keys[variant.name][name] = compiler.add(f"stub {name} for {variant.title}", name, texts,
                                                         ["-parse-as-library", "-swift-version", "6"], [])

    # The package's targets per platform, in dependency order.
    keys: dict[tuple[str, str], str] = {}
    import_line = re.compile(r"^[ \t]*(?:@\w+(?:\([^)\n]*\))?[ \t]+)*import[ \t]+"
                             r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?(\w+)", re.MULTILINE)
    imports: dict[tuple[str, str], set[str]] = {}

    def stubs_needed(variant: Variant, name: str) -> set[str]:
        """The stub modules a target's compile must find: those it or any module below it imports, and
        Darwin, which Apple's Foundation re-exports into every file."""
        if (variant.name, name) not in imports:
            needed = {"Darwin"}
            for path in targets[name].sources:
                needed |= set(import_line.findall(mask_swift(files[path].configured(variant.name))))
            for dependency in targets[name].dependencies:
                if dependency in plan[variant.name]:
                    needed |= stubs_needed(variant, dependency)
            imports[(variant.name, name)] = needed & set(stub_keys[variant.name])
        return imports[(variant.name, name)]

    def target_key(variant: Variant, name: str) -> str:
        if (variant.name, name) in keys:
            return keys[(variant.name, name)]
        target = targets[name]
        texts = {}
        for path in target.sources:
            texts[path] = source_location(path) + files[path].configured(variant.name)
        for path in target.derived:
            texts[path] = source_location(path) + path.read_bytes().decode("latin-1")
        # Every module below it in the graph: a compiled module needs its dependencies' dependencies too.
        below = sorted(closure(targets, {d for d in target.dependencies if d in plan[variant.name]}))
        deps = [target_key(variant, d) for d in below]
        deps += [stub_keys[variant.name][m] for m in sorted(stubs_needed(variant, name))]
        key = compiler.add(f"{name} for {variant.title}", name, texts, target.flags + APPLE_FOUNDATION, deps)
        keys[(variant.name, name)] = key
        return key

    for variant in APPLE_VARIANTS:
        for name in sorted(plan[variant.name]):
            target_key(variant, name)

    log(f"{len(compiler.jobs)} module compiles for {len(APPLE_VARIANTS)} platforms "
        f"({sum(len(p) for p in plan.values())} target builds; identical ones are compiled once)")
    results = compiler.run(log, parallel)

    # Findings: each error once, with every platform it appeared on.
    by_diagnostic: dict[tuple, list[str]] = {}
    skipped: dict[str, list[str]] = {}
    stub_key_set = {k: (v, m) for v, mods in stub_keys.items() for m, k in mods.items()}
    for (variant_name, name), key in sorted(keys.items()):
        status, output = results[key]
        title = next(v.title for v in APPLE_VARIANTS if v.name == variant_name)
        if status == -1:
            skipped.setdefault(title, []).append(name)
            continue
        for m in DIAGNOSTIC.finditer(output):
            if m.group(4) != "error":
                continue
            d = (m.group(1), int(m.group(2)), int(m.group(3)), m.group(5))
            if title not in by_diagnostic.setdefault(d, []):
                by_diagnostic[d].append(title)
        if status != 0 and not DIAGNOSTIC.search(output):
            by_diagnostic.setdefault((name, 0, 0, "the compiler failed: " + output.strip()[-2000:]), []).append(title)
    for key, (variant_name, module) in stub_key_set.items():
        status, output = results[key]
        if status != 0:
            raise CheckError(f"the stub module {module} for {variant_name} does not compile (a stub is inconsistent, "
                             f"e.g. an available typealias of an unavailable type):\n{output.strip()[-3000:]}")
    findings = [Finding(Diagnostic(p, line, col, "error", msg), variants) for (p, line, col, msg), variants in by_diagnostic.items()]
    not_compiled = [f"for {title}, {len(names)} target(s) that depend on a module with errors: {', '.join(sorted(names))}"
                    for title, names in skipped.items()]

    # Per branch: where it was compiled.
    compiled_on: dict[str, set[str]] = {v.name: plan[v.name] for v in APPLE_VARIANTS}
    lines = []
    never = []
    for path in sorted(files):
        source = files[path]
        if not source.differs():
            continue
        activity = {v: source.active(v) for v in source.values}
        for index, chain in enumerate(source.chains):
            for number, clause in enumerate(chain.clauses):
                on = [v for v in source.values if activity[v][index][number]]
                if not on and any(activity[v][index][number] != activity["Linux"][index][number] for v in source.values):
                    continue
                if len({activity[v][index][number] for v in source.values}) == 1 and on:
                    continue  # the same everywhere: not a platform branch
                where = []
                for v in APPLE_VARIANTS:
                    if v.name in on and source.target in compiled_on[v.name]:
                        where.append(v.title)
                if "Linux" in on:
                    where.append("Linux (the build itself)")
                head = f"#{clause.keyword} {clause.condition}" if clause.keyword != "else" else f"#else of #if {chain.clauses[0].condition}"
                span = f"{clause.line}-{clause.end_line}"
                label = f"{path.relative_to(package)}:{span}  {head}"
                if where:
                    lines.append(f"{label}: {', '.join(where)}")
                else:
                    never.append(f"{label}: compiled on no platform checked here")
    summary = (f"{len(files)} files in {len(targets)} targets, {len(lines)} platform branches, "
               f"{len(compiler.jobs)} module compiles ({', '.join(v.title for v in APPLE_VARIANTS)}), "
               f"stubs: {', '.join(f'{n} ({sum(len(d) for d in s.declarations.values())} declarations)' for n, s in stubs.items())}")
    return findings, lines, never + not_compiled, summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package", type=Path, default=HERE.parent.parent, help="the package root")
    parser.add_argument("--scratch-path", type=Path, help="the package's Linux build (default: PACKAGE/.build)")
    parser.add_argument("--work", type=Path, help="where the variants are compiled (default: PACKAGE/.build-apple/branches)")
    parser.add_argument("--stubs", type=Path, default=HERE / "stubs", help="the stub modules (default: stubs/ beside this file)")
    parser.add_argument("--host-only", default="", help="comma-separated products that run on macOS and Linux only")
    parser.add_argument("--no-build", action="store_true", help="use the build as it is (no swift build first)")
    parser.add_argument("--jobs", type=int, default=max(1, min(4, os.cpu_count() or 1)), help="parallel compiles")
    parser.add_argument("--swift", default=os.environ.get("SWIFT", "swift"))
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    package = args.package.resolve()
    scratch = (args.scratch_path or package / ".build").resolve()
    work = (args.work or package / ".build-apple" / "branches").resolve()
    host_only = {p.strip() for p in args.host_only.split(",") if p.strip()}

    def log(message: str) -> None:
        if not args.quiet:
            print(f"check-apple branches: {message}", file=sys.stderr, flush=True)

    started = time.monotonic()
    try:
        findings, lines, never, summary = check(package, scratch, work, args.swift, host_only, args.jobs,
                                                args.stubs.resolve(), not args.no_build, log)
    except CheckError as error:
        print(f"check-apple branches: error: {error}", file=sys.stderr)
        return 2
    for finding in sorted(findings, key=lambda f: (f.diagnostic.path, f.diagnostic.line, f.diagnostic.column)):
        d = finding.diagnostic
        path = d.path
        try:
            path = str(Path(path).relative_to(package))
        except ValueError:
            pass
        print(f"{path}:{d.line}:{d.column}: error [{', '.join(finding.variants)}]: {d.message}")
    print("branches compiled, each with the platforms it was compiled for (with its module, Swift 6 mode):")
    for line in lines:
        print(f"  {line}")
    if never:
        print("not compiled here:")
        for line in never:
            print(f"  {line}")
    print("not seen (a build with Xcode must see it: .github/workflows/apple.yml):")
    for line in NOT_SEEN:
        print(f"  - {line}")
    elapsed = time.monotonic() - started
    if findings:
        print(f"check-apple branches: FAILED: {len(findings)} compile error(s) ({elapsed:.1f}s)")
        return 1
    print(f"check-apple branches: OK: {summary} ({elapsed:.1f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
