#!/usr/bin/env python3
"""`make check-apple`: standard-library APIs newer than the package's Apple deployment minimums.

Linux cannot compile for Apple platforms, but it can see which standard-library declarations the
app-facing targets use, where, and inside which `#available` / `@available` scopes. For every
reference outside a scope that guarantees the API's Apple versions this prints

    path:line:col: String.init(validating:as:) needs macOS 15.0 / iOS 18.0 / ...; the package declares macOS 13 / ...

and exits 1; otherwise it prints a summary and exits 0. Exit status 2 means the check could not be
made (a build error, a symbol graph that cannot be extracted, an empty index): nothing is skipped
silently. Every run also prints what it cannot see (see README.md next to this file).

How: (1) swift-symbolgraph-extract gives each public declaration of the covered toolchain modules
with its Apple availability (cached per toolchain in .build-apple/); (2) `swift build
--enable-index-store` into .build-apple/build gives every reference in the checked targets (read
from the index store with ctypes over libIndexStore); (3) `swift-frontend -dump-parse` of each
source, with the `#if` branches the compiler drops on Linux blanked out first, gives the
`#available` / `#unavailable` / `@available` scopes; (4) `swift package describe` gives the declared
minimums and the targets that ship to apps.

Python 3.11 standard library only.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ next to the sources (git does not ignore it)

# The parts, one module each. The names the tests read as `check_apple.NAME` are imported here too.
from availability import Api, AvailabilityTable, load_availability  # noqa: E402
from conditions import (  # noqa: E402
    InactiveRegion, clause_activity, configured_text, evaluate_conditions, if_chains, inactive_regions, mask_swift,
    target_flags,
)
from indexstore import IndexStore, build_targets  # noqa: E402
from package import app_targets, declared_minimums, describe_minimums, describe_package  # noqa: E402
from platforms import PLATFORMS, Floors, format_version, visionos_from_ios  # noqa: E402, F401
from scopes import Scope, availability_scopes, floors_at, query_kinds, read_dump  # noqa: E402, F401
from toolchain import CheckError, Toolchain  # noqa: E402


# --------------------------------------------------------------------------------------------------
# The check


ACCESSOR_USR = re.compile(r"^(s:.*)([vi])(?:g|s|r|M|w|W|a|l|x|y|i|au|lu)(Z?)$")


def lookup(table: AvailabilityTable, usr: str) -> tuple[bool, Api | None]:
    """(is the declaration in a covered module, its Apple availability). Accessor USRs (`...vg`)
    are looked up as their property or subscript (`...vp`, `...ip`)."""
    if usr in table.covered:
        return True, table.apis.get(usr)
    match = ACCESSOR_USR.match(usr)
    if match:
        owner = match.group(1) + match.group(2) + "p" + match.group(3)
        if owner in table.covered:
            return True, table.apis.get(owner)
    return False, None


MODULE_IN_USR = re.compile(r"^s:(?:\w*?)(\d+)([A-Za-z_]\w*)")
SDK_MODULES = ("Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
               "FoundationXML", "Dispatch", "Glibc", "Musl")
C_DECLARATIONS = "C declarations (Glibc here, Darwin on Apple)"


def classify(usr: str, package_modules: set[str]) -> tuple[str, str]:
    """(kind, module) of a declaration outside the covered modules, from its USR's mangling: kind is
    "package", "sdk", "c", "stdlib" (a standard-library declaration its symbol graph leaves out, such
    as an underscored protocol's member) or "dependency". For the report only."""
    if usr.startswith("c:") or usr.startswith("s:SC") or usr.startswith("s:So"):
        return "c", C_DECLARATIONS
    for module in SDK_MODULES:
        if f"{len(module)}{module}" in usr:
            return "sdk", module
    match = MODULE_IN_USR.match(usr)
    module = match.group(2)[:int(match.group(1))] if match else ""
    if module in package_modules:
        return "package", module
    if re.match(r"^s:(s\d|S[a-zA-Z])", usr):
        return "stdlib", "Swift"
    return "dependency", module or "other"


@dataclasses.dataclass
class Finding:
    path: Path
    line: int
    column: int
    message: str
    platforms: list[str]


def check_package(package: Path, only_targets: list[str] | None, scratch: Path, cache_root: Path,
                  swift: str, log) -> tuple[list[Finding], list[str], str]:
    """Returns (findings, not-checked lines, summary)."""
    tool = Toolchain.find(swift)
    description = describe_package(tool, package, scratch)
    minimums, defaulted = declared_minimums(description)
    targets = app_targets(description, package, only_targets)
    log(f"checking {', '.join(t.name for t in targets)} against {describe_minimums(minimums, defaulted)}")
    table = load_availability(tool, cache_root, log)
    store_path = build_targets(tool, package, scratch, targets, log)

    files = {source: target for target in targets for source in target.sources}
    missing_sources = sorted(str(p) for p in files if not p.exists())
    if missing_sources:
        raise CheckError("swift package describe lists sources that do not exist:\n    " + "\n    ".join(missing_sources))
    store = IndexStore(tool.index_store_library, store_path)
    references, unit_times = store.references(set(files))
    unindexed = sorted(str(p.relative_to(package)) for p in files if p not in unit_times)
    if unindexed:
        raise CheckError(f"the index store {store_path} has nothing for {len(unindexed)} source file(s), so they "
                         "cannot be checked:\n    " + "\n    ".join(unindexed))
    changed = sorted(str(p.relative_to(package)) for p, stamp in unit_times.items() if p.stat().st_mtime > stamp + 1)
    if changed:
        raise CheckError("these files changed after the build indexed them; run the check again:\n    " + "\n    ".join(changed))
    if not references:
        raise CheckError(f"the index store {store_path} records no reference in {len(files)} source files")
    own_declarations = store.declarations_under(package, scratch)

    # #if: evaluate every condition with the compiler, blank what it drops, then dump-parse.
    workdir = Path(tempfile.mkdtemp(prefix="check-apple-"))
    try:
        texts, masks, chains_of, configured = {}, {}, {}, {}
        parse_flags: dict[str, list[str]] = {}
        regions: list[InactiveRegion] = []
        for target in targets:
            sources = target.sources
            for source in sources:
                texts[source] = source.read_bytes().decode("latin-1")
                masks[source] = mask_swift(texts[source])
                chains_of[source] = if_chains(masks[source], str(source.relative_to(package)))
            conditions = sorted({c.condition for s in sources for ch in chains_of[s] for c in ch.clauses if c.keyword != "else"})
            probe, parse_flags[target.name] = target_flags(scratch, target.name)
            values = evaluate_conditions(tool, conditions, probe, workdir) if conditions else {}
            for source in sources:
                active = clause_activity(chains_of[source], values)
                regions += inactive_regions(source, chains_of[source], active)
                configured[source] = configured_text(texts[source], chains_of[source], active)

        # One dump-parse per target, every file a primary file; the copies keep the files' names
        # relative to a per-target folder so that the dump's paths map back.
        scopes_of: dict[Path, list[Scope]] = {}
        problems: list[str] = []
        for number, target in enumerate(targets):
            folder = workdir / f"t{number}"
            copies = {}
            for source in target.sources:
                copy = folder / source.relative_to(target.path)
                copy.parent.mkdir(parents=True, exist_ok=True)
                copy.write_bytes(configured[source].encode("latin-1"))
                copies[str(copy)] = source
            cmd = [str(tool.frontend), "-frontend", "-dump-parse"] + parse_flags[target.name]
            for copy in copies:
                cmd += ["-primary-file", copy]
            proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace", encoding="latin-1")
            if proc.returncode != 0 or not proc.stdout.strip():
                raise CheckError(f"swift-frontend -dump-parse failed for {target.name} (exit {proc.returncode}):\n    "
                                 + proc.stderr.strip()[-3000:])
            roots = read_dump(proc.stdout)
            dumped = {}
            for root in roots:
                if root.kind != "source_file" or not root.atoms:
                    raise CheckError(f"dump-parse output for {target.name}: unexpected top-level node {root.kind}")
                dumped[root.atoms[0].strip('"')] = root
            for copy, source in copies.items():
                root = dumped.get(copy)
                if root is None:
                    raise CheckError(f"dump-parse printed nothing for {source}")
                label = str(source.relative_to(package))
                scopes_of[source] = availability_scopes(root, masks[source], label, problems)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    # Every reference against the floors at its position.
    findings: list[Finding] = []
    seen: set[tuple] = set()
    checked = 0
    apis_seen: set[str] = set()
    outside: dict[str, tuple[int, str]] = {}
    implicit_newer: dict[str, int] = {}
    overloaded: dict[str, int] = {}
    declared_text = describe_minimums(minimums, defaulted)
    # Explicit references first, so that a place named explicitly and implicitly (a property and its
    # implicit getter) counts as explicit.
    for ref in sorted(references, key=lambda r: (str(r.path), r.line, r.column, r.implicit, r.usr)):
        covered, api = lookup(table, ref.usr)
        if not covered:
            if ref.usr not in own_declarations and not ref.usr.startswith("c:@M@"):  # c:@M@ is an import
                outside[ref.usr] = (outside.get(ref.usr, (0, ""))[0] + 1, ref.name)
            continue
        key = (ref.path, ref.line, ref.column, api.name if api else ref.usr)
        if key in seen:  # a property and its getter, or a type named twice at one place
            continue
        seen.add(key)
        checked += 1
        if api is None:
            continue
        apis_seen.add(api.name)
        here, inside = floors_at(scopes_of[ref.path], ref.line, ref.column, minimums)
        failing = api.failing(here)
        if not failing:
            continue
        if ref.implicit:
            # A call the compiler chose (for-await's next(isolation:), say): building for Apple it
            # chooses what the deployment target has.
            implicit_newer[api.name] = implicit_newer.get(api.name, 0) + 1
            continue
        if any(not namesake.failing(here) for namesake in api.namesakes):
            overloaded[api.name] = overloaded.get(api.name, 0) + 1
            continue
        shortfall = ", ".join(f"{p} {format_version(here.versions[p], minor=False)}" for p in failing
                              if p in PLATFORMS or "iOS" not in failing)
        message = f"{api.name} needs {api.describe()}; "
        if inside:
            innermost = max(inside, key=lambda s: s.start)
            message += (f"the {innermost.origin} guarantees only {here.describe(minimums)}"
                        f" and the package declares {declared_text}")
        else:
            message += f"the package declares {declared_text}"
        message += f" (too old: {shortfall})"
        findings.append(Finding(ref.path, ref.line, ref.column, message, failing))

    # What this run could not see.
    not_checked = []
    if regions:
        not_checked.append(f"{len(regions)} #if branch(es) that this Linux build leaves out, so their standard-library "
                           "uses are not checked for availability here (check_branches.py compiles each of them "
                           "for the Apple platforms that take it):")
        for region in sorted(regions, key=lambda r: (str(r.path), r.first_line)):
            span = f"{region.first_line}" if region.first_line == region.last_line else f"{region.first_line}-{region.last_line}"
            not_checked.append(f"    {region.path.relative_to(package)}:{span}  {region.directive}")
    else:
        not_checked.append("no #if branch is left out by this Linux build")
    package_modules = {t["name"] for t in description["targets"]} | {t.get("c99name", "") for t in description["targets"]}
    buckets: dict[str, dict[str, int]] = {"sdk": {}, "c": {}, "stdlib": {}, "dependency": {}, "package": {}}
    stdlib_names: dict[str, int] = {}
    for usr, (count, name) in outside.items():
        kind, module = classify(usr, package_modules)
        buckets[kind][module] = buckets[kind].get(module, 0) + count
        if kind == "stdlib":
            stdlib_names[name] = stdlib_names.get(name, 0) + count

    def listing(counts: dict[str, int], limit: int = 12) -> str:
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        text = ", ".join(f"{name} {count}" for name, count in ranked[:limit])
        return text + (f" and {len(ranked) - limit} more" if len(ranked) > limit else "")

    sdk = {**buckets["sdk"], **buckets["c"]}
    if sdk:
        not_checked.append("references to SDK modules whose Apple availability the Linux toolchain does not have "
                           f"(Foundation here is swift-corelibs-foundation): {listing(sdk)}")
    if buckets["dependency"]:
        not_checked.append("references to package dependencies, whose own @available is not read (SwiftPM refuses a "
                           f"dependency that declares higher minimums than the package): {listing(buckets['dependency'])}")
    if stdlib_names:
        not_checked.append("references to standard-library declarations its symbol graph leaves out (underscored "
                           f"protocols' members, generic parameters): {listing(stdlib_names, 8)}")
    if table.missing_modules:
        not_checked.append(f"modules this toolchain has no symbol graph for: {', '.join(table.missing_modules)}")
    if implicit_newer:
        listed = ", ".join(f"{name} {count}" for name, count in sorted(implicit_newer.items()))
        not_checked.append("implicit calls to APIs newer than the minimums, which the compiler picks per deployment "
                           f"target (for-await's next(isolation:) becomes next() on older systems): {listed}")
    if overloaded:
        listed = ", ".join(f"{name} {count}" for name, count in sorted(overloaded.items()))
        not_checked.append("references to a newer overload that has an older namesake the compiler falls back to "
                           f"on older systems: {listed}")
    not_checked.append("calls the index does not record: implicit conformance witnesses, literal and interpolation "
                       "initialisers, synthesized Equatable/Hashable/Codable code, macro expansions; overloads the "
                       "compiler would pick differently for Apple under other names")
    not_checked.append("language features that need a newer Swift runtime rather than a newer API (parameter packs in "
                       "generic types, typed-throws and noncopyable casts, isolated(any)): the compiler checks those "
                       "only when it builds for Apple")
    not_checked.extend(problems)

    if findings and defaulted:
        only_defaults = [f for f in findings if set(f.platforms) <= set(defaulted) | {"macCatalyst"}]
        if only_defaults:
            platforms = [p for p in defaulted if any(p in f.platforms for f in only_defaults)]
            not_checked.insert(0, f"{len(only_defaults)} of the failures are only on {', '.join(platforms)}, which "
                                  "Package.swift does not declare, so SwiftPM's oldest versions apply: declare them "
                                  "or guard those uses")

    summary = (f"check-apple: OK: {len(files)} files in {len(targets)} targets, {checked} references to "
               f"{', '.join(table.modules)} checked, {len(apis_seen)} APIs with Apple availability seen; "
               f"the package declares {declared_text}")
    return findings, not_checked, summary


def main(argv: list[str] | None = None) -> int:
    here = Path(__file__).resolve().parent
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package", type=Path, default=here.parent.parent, help="the package root (default: this repository)")
    parser.add_argument("--targets", help="comma-separated targets to check (default: every library target that ships to apps)")
    parser.add_argument("--scratch-path", type=Path, help="build folder (default: PACKAGE/.build-apple/build)")
    parser.add_argument("--cache-dir", type=Path, help="symbol graph cache (default: PACKAGE/.build-apple/symbolgraphs)")
    parser.add_argument("--swift", default=os.environ.get("SWIFT", "swift"), help="the swift driver (default: swift)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    package = args.package.resolve()
    scratch = (args.scratch_path or package / ".build-apple" / "build").resolve()
    cache = (args.cache_dir or package / ".build-apple" / "symbolgraphs").resolve()
    only = [t.strip() for t in args.targets.split(",") if t.strip()] if args.targets else None

    def log(message: str) -> None:
        if not args.quiet:
            print(f"check-apple: {message}", file=sys.stderr, flush=True)

    sys.setrecursionlimit(20000)  # the dump's trees are walked recursively
    started = time.monotonic()
    try:
        findings, not_checked, summary = check_package(package, only, scratch, cache, args.swift, log)
    except CheckError as error:
        print(f"check-apple: error: {error}", file=sys.stderr)
        return 2
    for finding in sorted(findings, key=lambda f: (str(f.path), f.line, f.column)):
        print(f"{finding.path.relative_to(package)}:{finding.line}:{finding.column}: {finding.message}")
    print("not checked (Linux cannot see it; a build for Apple or a desk review must):")
    for line in not_checked:
        print(f"  {line}" if line.startswith("    ") else f"  - {line}")
    elapsed = time.monotonic() - started
    if findings:
        print(f"check-apple: FAILED: {len(findings)} use(s) of APIs newer than the declared minimums "
              f"outside an #available scope ({elapsed:.1f}s)")
        return 1
    print(f"{summary} ({elapsed:.1f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
