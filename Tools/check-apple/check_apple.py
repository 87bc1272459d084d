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
import ctypes
import dataclasses
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The toolchain modules whose Apple availability is checked. The first three are required; the others
# are cheap and checked when the toolchain has them (a missing one is reported, never skipped silently).
REQUIRED_MODULES = ("Swift", "_Concurrency", "Synchronization")
OPTIONAL_MODULES = ("_StringProcessing", "RegexBuilder", "Observation", "Distributed")

# The Apple platforms an app can ship to. macCatalyst follows iOS (Swift and SwiftPM both derive it).
PLATFORMS = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")
CHECKED_PLATFORMS = PLATFORMS + ("macCatalyst",)

# SwiftPM's `Platform.oldestSupportedVersion` (Sources/PackageDescription/SupportedPlatforms.swift and
# PackageModel/Platform.swift): the deployment target a package gets for a platform it does not declare.
SWIFTPM_DEFAULT_MINIMUMS = {
    "macOS": (10, 13, 0), "iOS": (12, 0, 0), "tvOS": (12, 0, 0), "watchOS": (4, 0, 0),
    "visionOS": (1, 0, 0), "macCatalyst": (13, 0, 0),
}
DESCRIBE_PLATFORM_NAMES = {
    "macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
    "maccatalyst": "macCatalyst",
}
# Spellings of the Apple domains in `@available` / `#available` and in symbol graphs. The
# `...ApplicationExtension` domains only apply to app-extension builds, so they never raise a floor.
DOMAIN_ALIASES = {
    "macOS": "macOS", "OSX": "macOS", "iOS": "iOS", "tvOS": "tvOS", "watchOS": "watchOS",
    "visionOS": "visionOS", "xrOS": "visionOS", "macCatalyst": "macCatalyst",
}

# Bump when the cached availability table's format or derivation changes.
TABLE_FORMAT = 3

Version = tuple[int, int, int]


class CheckError(Exception):
    """The check could not be made; the message says why. Exit status 2."""


# --------------------------------------------------------------------------------------------------
# Versions


def parse_version(text: str) -> Version:
    parts = [int(p) for p in str(text).split(".") if p != ""]
    if not parts or len(parts) > 3:
        raise CheckError(f"cannot read the version {text!r}")
    parts += [0] * (3 - len(parts))
    return (parts[0], parts[1], parts[2])


def version_from_json(obj: dict) -> Version:
    return (int(obj.get("major", 0)), int(obj.get("minor", 0)), int(obj.get("patch", 0)))


def format_version(v: Version, minor: bool) -> str:
    """`15.0` with minor=True (how APIs are shown), `13` or `18.2` otherwise (how minimums are shown)."""
    major, mnr, patch = v
    if patch:
        return f"{major}.{mnr}.{patch}"
    if mnr or minor:
        return f"{major}.{mnr}"
    return f"{major}"


def visionos_from_ios(v: Version) -> Version:
    """The visionOS version an iOS version stands for when visionOS inherits it (Swift's iOS→visionOS
    fallback: iOS 17 was visionOS 1, iOS 18 visionOS 2, and from 26 the numbers are shared).

    Minor versions of 17 and 18 are dropped, so a scope guarantees no more than it really does."""
    major = v[0]
    if major >= 26:
        return v
    if major >= 18:
        return (major - 16, v[1], 0)
    return (1, 0, 0)


@dataclasses.dataclass
class Floors:
    """Apple versions guaranteed at some point of the code, and platforms it never runs on."""

    versions: dict[str, Version] = dataclasses.field(default_factory=dict)
    unavailable: set[str] = dataclasses.field(default_factory=set)

    def with_inherited(self) -> "Floors":
        """visionOS and macCatalyst inherit iOS when they are not named (swift::inheritsAvailabilityFromPlatform)."""
        versions = dict(self.versions)
        unavailable = set(self.unavailable)
        if "iOS" in versions:
            versions.setdefault("macCatalyst", versions["iOS"])
            versions.setdefault("visionOS", visionos_from_ios(versions["iOS"]))
        if "iOS" in unavailable:
            if "macCatalyst" not in versions:
                unavailable.add("macCatalyst")
            if "visionOS" not in versions:
                unavailable.add("visionOS")
        return Floors(versions, unavailable)

    def raise_to(self, other: "Floors") -> None:
        for platform, version in other.versions.items():
            if version > self.versions.get(platform, (0, 0, 0)):
                self.versions[platform] = version
        self.unavailable |= other.unavailable

    def describe(self, declared: "Floors | None" = None) -> str:
        """`macOS 14 / iOS 17`, the platforms named here (with those still at the declared minimum left out)."""
        names = []
        for platform in PLATFORMS:
            if platform in self.unavailable:
                names.append(f"not {platform}")
            elif platform in self.versions:
                if declared is not None and self.versions[platform] <= declared.versions[platform]:
                    continue
                names.append(f"{platform} {format_version(self.versions[platform], minor=False)}")
        return " / ".join(names) if names else "nothing beyond the package's minimums"


# --------------------------------------------------------------------------------------------------
# Processes


def run(cmd: list[str], cwd: Path | None = None, what: str = "") -> str:
    """Runs a tool and returns its standard output; a failure is a CheckError with the tool's output."""
    try:
        proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace")
    except OSError as error:
        raise CheckError(f"cannot run {cmd[0]}: {error}") from None
    if proc.returncode != 0:
        output = (proc.stdout + proc.stderr).strip().splitlines()
        tail = "\n".join("    " + line for line in output[-40:])
        raise CheckError(f"{what or cmd[0]} failed (exit {proc.returncode}):\n    $ {' '.join(cmd)}\n{tail}")
    return proc.stdout


@dataclasses.dataclass
class Toolchain:
    swift: Path
    bin_dir: Path
    version: str
    triple: str

    @property
    def frontend(self) -> Path:
        return self.bin_dir / "swift-frontend"

    @property
    def swiftc(self) -> Path:
        return self.bin_dir / "swiftc"

    @property
    def symbolgraph_extract(self) -> Path:
        return self.bin_dir / "swift-symbolgraph-extract"

    @property
    def index_store_library(self) -> Path:
        return self.bin_dir.parent / "lib" / "libIndexStore.so"

    @staticmethod
    def find(swift: str) -> "Toolchain":
        found = shutil.which(swift)
        if not found:
            raise CheckError(f"no `{swift}` on PATH")
        bin_dir = Path(os.path.realpath(found)).parent
        version = run([found, "--version"], what="swift --version").strip()
        info = json.loads(run([found, "-print-target-info"], what="swift -print-target-info"))
        tool = Toolchain(Path(found), bin_dir, version, info["target"]["triple"])
        for path in (tool.frontend, tool.symbolgraph_extract, tool.index_store_library):
            if not path.exists():
                raise CheckError(f"the toolchain at {bin_dir.parent} has no {path.name} ({path})")
        return tool


# --------------------------------------------------------------------------------------------------
# The package: declared minimums and the targets that ship to apps


@dataclasses.dataclass
class Target:
    name: str
    path: Path  # absolute
    sources: list[Path]  # absolute
    dependencies: list[str]


def describe_package(tool: Toolchain, package: Path, scratch: Path) -> dict:
    # Our own scratch path, so that the manifest is never compiled into (or waits on) the package's .build.
    text = run([str(tool.swift), "package", "--scratch-path", str(scratch), "describe", "--type", "json"],
               cwd=package, what="swift package describe")
    # Older SwiftPM versions print warnings before the JSON.
    return json.loads(text[text.index("{"):])


def declared_minimums(description: dict) -> tuple[Floors, list[str]]:
    """The package's minimums per Apple platform, and the platforms it leaves at SwiftPM's defaults."""
    declared: dict[str, Version] = {}
    for entry in description.get("platforms", []):
        name = DESCRIBE_PLATFORM_NAMES.get(entry["name"].lower())
        if name:
            declared[name] = parse_version(entry["version"])
    versions = {}
    defaulted = []
    for platform in PLATFORMS:
        if platform in declared:
            versions[platform] = declared[platform]
        else:
            versions[platform] = SWIFTPM_DEFAULT_MINIMUMS[platform]
            defaulted.append(platform)
    # SwiftPM derives Mac Catalyst from iOS when only iOS is declared.
    versions["macCatalyst"] = declared.get("macCatalyst") or declared.get("iOS") or SWIFTPM_DEFAULT_MINIMUMS["macCatalyst"]
    return Floors(versions), defaulted


def describe_minimums(minimums: Floors, defaulted: list[str]) -> str:
    parts = []
    for platform in PLATFORMS:
        text = f"{platform} {format_version(minimums.versions[platform], minor=False)}"
        if platform in defaulted:
            text += " (SwiftPM default)"
        parts.append(text)
    return " / ".join(parts)


def app_targets(description: dict, package: Path, only: list[str] | None) -> list[Target]:
    """Library products' targets and their dependencies within the package, Swift library targets only
    (executables, tests, macros, plugins, benchmarks, fuzzers and examples never ship to apps)."""
    by_name = {t["name"]: t for t in description["targets"]}
    if only:
        unknown = [name for name in only if name not in by_name]
        if unknown:
            raise CheckError(f"no target named {', '.join(unknown)} in {package}")
        roots = list(only)
    else:
        roots = []
        for product in description.get("products", []):
            if "library" in product.get("type", {}):
                roots.extend(product["targets"])
    selected: list[str] = []
    pending = list(roots)
    while pending:
        name = pending.pop(0)
        if name in selected or name not in by_name:
            continue
        selected.append(name)
        if not only:
            pending.extend(by_name[name].get("target_dependencies", []))
    targets = []
    for name in sorted(selected):
        entry = by_name[name]
        if entry.get("module_type") != "SwiftTarget" or entry.get("type") != "library":
            continue
        root = (package / entry["path"]).resolve()
        sources = [root / s for s in entry.get("sources", []) if s.endswith(".swift")]
        targets.append(Target(name, root, sorted(sources), list(entry.get("target_dependencies", []))))
    if not targets:
        raise CheckError(f"{package} has no Swift library target to check")
    return targets


# --------------------------------------------------------------------------------------------------
# Symbol graphs: which toolchain declarations have which Apple availability


@dataclasses.dataclass
class Api:
    name: str
    versions: dict[str, Version]
    unavailable: set[str]
    namesakes: list["Api"]  # other declarations with the same name (overloads)

    def failing(self, here: Floors) -> list[str]:
        """The platforms where this API is not available at a point that guarantees `here`."""
        requirement = self.requirement()
        failing = []
        for platform in CHECKED_PLATFORMS:
            if platform in here.unavailable:
                continue
            if platform in requirement.unavailable:
                failing.append(platform)
            elif platform in requirement.versions and requirement.versions[platform] > here.versions[platform]:
                failing.append(platform)
        return failing

    def requirement(self) -> Floors:
        return Floors(dict(self.versions), set(self.unavailable)).with_inherited()

    def describe(self) -> str:
        """`macOS 15.0 / iOS 18.0 / ...` (macCatalyst only when it is not simply iOS's)."""
        parts = []
        for platform in CHECKED_PLATFORMS:
            if platform in self.unavailable:
                parts.append(f"not {platform}")
            elif platform in self.versions:
                parts.append(f"{platform} {format_version(self.versions[platform], minor=True)}")
        return " / ".join(parts)


@dataclasses.dataclass
class AvailabilityTable:
    covered: set[str]  # every public declaration of the covered modules
    apis: dict[str, Api]  # the ones with Apple availability
    modules: list[str]
    missing_modules: list[str]


def availability_from_graph_entries(entries: list[dict]) -> tuple[dict[str, Version], set[str]]:
    versions: dict[str, Version] = {}
    unavailable: set[str] = set()
    for entry in entries:
        platform = DOMAIN_ALIASES.get(entry.get("domain", ""))
        if platform is None:
            continue
        if entry.get("isUnconditionallyUnavailable") or entry.get("obsoleted"):
            unavailable.add(platform)
        if "introduced" in entry:
            versions[platform] = version_from_json(entry["introduced"])
    return versions, unavailable


def build_table(graph_dir: Path, modules: list[str], missing: list[str]) -> dict:
    """Reads every *.symbols.json (extension graphs such as `_Concurrency@Swift` included) into
    {usr: [name, {platform: version}, [unavailable]]}; members inherit their parent's availability."""
    symbols: dict[str, dict] = {}
    parents: dict[str, list[str]] = {}
    for path in sorted(graph_dir.glob("*/*.symbols.json")):
        graph = json.loads(path.read_text())
        for symbol in graph.get("symbols", []):
            usr = symbol["identifier"]["precise"]
            versions, unavailable = availability_from_graph_entries(symbol.get("availability", []))
            previous = symbols.get(usr)
            if previous is not None:  # the same declaration seen from two graphs: keep the stricter one
                for platform, version in versions.items():
                    if version > previous["versions"].get(platform, (0, 0, 0)):
                        previous["versions"][platform] = version
                previous["unavailable"] |= unavailable
                continue
            symbols[usr] = {
                "name": ".".join(symbol.get("pathComponents") or [symbol["names"]["title"]]),
                "versions": versions,
                "unavailable": unavailable,
            }
        for relation in graph.get("relationships", []):
            if relation.get("kind") != "memberOf" or "::SYNTHESIZED::" in relation["source"]:
                continue
            parents.setdefault(relation["source"], []).append(relation["target"])

    resolved: dict[str, tuple[dict, set]] = {}

    def effective(usr: str, depth: int = 0) -> tuple[dict, set]:
        if usr in resolved:
            return resolved[usr]
        own = symbols.get(usr)
        versions = dict(own["versions"]) if own else {}
        unavailable = set(own["unavailable"]) if own else set()
        if depth < 32:
            for parent in parents.get(usr, []):
                parent_versions, parent_unavailable = effective(parent, depth + 1)
                for platform, version in parent_versions.items():
                    if version > versions.get(platform, (0, 0, 0)):
                        versions[platform] = version
                unavailable |= parent_unavailable
        resolved[usr] = (versions, unavailable)
        return resolved[usr]

    apis = {}
    for usr, symbol in symbols.items():
        versions, unavailable = effective(usr)
        if versions or unavailable:
            apis[usr] = [symbol["name"], {p: list(v) for p, v in versions.items()}, sorted(unavailable), []]
    # Same-named declarations (`FixedWidthInteger.&*(_:_:)` is both a requirement new in macOS 15 and an
    # old extension member): on Apple the compiler ranks an overload that is too new below one that is
    # available, so each API keeps the availability of its namesakes.
    by_name: dict[str, list[str]] = {}
    for usr, symbol in symbols.items():
        by_name.setdefault(symbol["name"], []).append(usr)
    for usr, entry in apis.items():
        for other in by_name.get(entry[0], []):
            if other != usr:
                versions, unavailable = effective(other)
                entry[3].append([{p: list(v) for p, v in versions.items()}, sorted(unavailable)])
    return {
        "format": TABLE_FORMAT, "modules": modules, "missing_modules": missing,
        "covered": sorted(symbols), "apis": apis,
    }


def load_availability(tool: Toolchain, cache_root: Path, log) -> AvailabilityTable:
    """The availability table for this toolchain: from the cache, or extracted and cached."""
    key = hashlib.sha256(f"{TABLE_FORMAT}\n{tool.version}\n{tool.triple}\n{REQUIRED_MODULES}{OPTIONAL_MODULES}".encode()).hexdigest()[:16]
    cache = cache_root / key
    table_path = cache / "availability.json"
    if not table_path.exists():
        started = time.monotonic()
        graph_dir = cache / "graphs"
        if graph_dir.exists():
            shutil.rmtree(graph_dir)
        graph_dir.mkdir(parents=True)
        modules, missing = [], []
        for module in REQUIRED_MODULES + OPTIONAL_MODULES:
            # One folder per module: extracting Swift also writes `_Concurrency@Swift.symbols.json`,
            # and extracting _Concurrency writes its own graph under that same name.
            module_dir = graph_dir / module
            module_dir.mkdir()
            cmd = [str(tool.symbolgraph_extract), "-module-name", module, "-target", tool.triple,
                   "-output-dir", str(module_dir), "-minimum-access-level", "public"]
            proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
            written = list(module_dir.glob("*.symbols.json"))
            if proc.returncode != 0 or not written:
                if module in REQUIRED_MODULES:
                    raise CheckError(
                        f"cannot extract the symbol graph of {module} (exit {proc.returncode}):\n"
                        f"    $ {' '.join(cmd)}\n    {(proc.stderr or proc.stdout).strip()[-2000:]}")
                missing.append(module)
                continue
            modules.append(module)
        table = build_table(graph_dir, modules, missing)
        if not table["apis"]:
            raise CheckError(f"the symbol graphs in {graph_dir} hold no Apple availability at all")
        tmp = table_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(table, separators=(",", ":")))
        tmp.replace(table_path)
        (cache / "toolchain.txt").write_text(tool.version + "\n")
        log(f"extracted the symbol graphs of {', '.join(modules)} in {time.monotonic() - started:.1f}s "
            f"(cached in {cache})")
    table = json.loads(table_path.read_text())
    if table.get("format") != TABLE_FORMAT:
        raise CheckError(f"{table_path} has an unknown format; delete {cache_root} and re-run")
    apis = {}
    for usr, (name, versions, unavailable, namesakes) in table["apis"].items():
        apis[usr] = Api(name, {p: tuple(v) for p, v in versions.items()}, set(unavailable),
                        [Api(name, {p: tuple(v) for p, v in nv.items()}, set(nu), []) for nv, nu in namesakes])
    return AvailabilityTable(set(table["covered"]), apis, table["modules"], table["missing_modules"])


# --------------------------------------------------------------------------------------------------
# The build and its index store


def build_targets(tool: Toolchain, package: Path, scratch: Path, targets: list[Target], log) -> Path:
    """Builds the checked targets with an index store in their own scratch path; returns the store."""
    names = {t.name for t in targets}
    depended = {dep for t in targets for dep in t.dependencies}
    # `swift build --target` takes one target (the last one wins), so build each root separately.
    roots = [t.name for t in targets if t.name not in depended] or sorted(names)
    for name in roots:
        started = time.monotonic()
        run([str(tool.swift), "build", "--scratch-path", str(scratch), "--enable-index-store",
             "--target", name], cwd=package, what=f"swift build --target {name}")
        log(f"built {name} with an index store ({time.monotonic() - started:.1f}s)")
    stores = sorted(scratch.glob("*/debug/index/store"))
    if not stores:
        raise CheckError(f"swift build wrote no index store under {scratch} (expected */debug/index/store)")
    return stores[0]


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]


ROLE_DECLARATION = 1 << 0
ROLE_DEFINITION = 1 << 1
ROLE_REFERENCE = 1 << 2
ROLE_IMPLICIT = 1 << 8
DEPENDENCY_RECORD = 2


@dataclasses.dataclass
class Reference:
    path: Path
    line: int
    column: int
    usr: str
    name: str
    implicit: bool


class IndexStore:
    """The few calls of indexstore.h this check needs, through ctypes (the `_f` callback variants)."""

    def __init__(self, library: Path, store: Path):
        try:
            lib = ctypes.CDLL(str(library))
        except OSError as error:
            raise CheckError(f"cannot load {library}: {error}") from None
        P = ctypes.c_void_p

        def fn(name, restype, *argtypes):
            function = getattr(lib, name)
            function.restype = restype
            function.argtypes = list(argtypes)
            return function

        self.UNIT_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_bool, P, StringRef)
        self.ITEM_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_bool, P, P)
        self.error_description = fn("indexstore_error_get_description", ctypes.c_char_p, P)
        self.error_dispose = fn("indexstore_error_dispose", None, P)
        self.store_create = fn("indexstore_store_create", P, ctypes.c_char_p, ctypes.POINTER(P))
        self.units_apply = fn("indexstore_store_units_apply_f", ctypes.c_bool, P, ctypes.c_uint, P, self.UNIT_CALLBACK)
        self.unit_create = fn("indexstore_unit_reader_create", P, P, ctypes.c_char_p, ctypes.POINTER(P))
        self.unit_dispose = fn("indexstore_unit_reader_dispose", None, P)
        self.unit_main_file = fn("indexstore_unit_reader_get_main_file", StringRef, P)
        self.unit_is_module = fn("indexstore_unit_reader_is_module_unit", ctypes.c_bool, P)
        self.unit_time = fn("indexstore_unit_reader_get_modification_time", None, P,
                            ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64))
        self.dependencies_apply = fn("indexstore_unit_reader_dependencies_apply_f", ctypes.c_bool, P, P, self.ITEM_CALLBACK)
        self.dependency_kind = fn("indexstore_unit_dependency_get_kind", ctypes.c_int, P)
        self.dependency_name = fn("indexstore_unit_dependency_get_name", StringRef, P)
        self.dependency_path = fn("indexstore_unit_dependency_get_filepath", StringRef, P)
        self.record_create = fn("indexstore_record_reader_create", P, P, ctypes.c_char_p, ctypes.POINTER(P))
        self.record_dispose = fn("indexstore_record_reader_dispose", None, P)
        self.occurrences_apply = fn("indexstore_record_reader_occurrences_apply_f", ctypes.c_bool, P, P, self.ITEM_CALLBACK)
        self.occurrence_symbol = fn("indexstore_occurrence_get_symbol", P, P)
        self.occurrence_roles = fn("indexstore_occurrence_get_roles", ctypes.c_uint64, P)
        self.occurrence_line_col = fn("indexstore_occurrence_get_line_col", None, P,
                                      ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint))
        self.symbol_usr = fn("indexstore_symbol_get_usr", StringRef, P)
        self.symbol_name = fn("indexstore_symbol_get_name", StringRef, P)
        self.store = self._check(lambda error: self.store_create(str(store).encode(), error), f"open the index store {store}")

    def _check(self, call, what):
        error = ctypes.c_void_p()
        handle = call(ctypes.byref(error))
        if not handle:
            message = self.error_description(error).decode(errors="replace") if error else "unknown error"
            if error:
                self.error_dispose(error)
            raise CheckError(f"cannot {what}: {message}")
        return handle

    @staticmethod
    def text(ref: StringRef) -> str:
        return ctypes.string_at(ref.data, ref.length).decode(errors="replace") if ref.length else ""

    def units(self) -> list[str]:
        names: list[str] = []
        self.units_apply(self.store, 0, None, self.UNIT_CALLBACK(lambda _, name: names.append(self.text(name)) or True))
        return names

    def declarations_under(self, root: Path, excluded: Path) -> set[str]:
        """USRs declared or defined in files under `root` (but not under `excluded`, the build folder):
        the package's own Swift and C declarations, which are never an SDK's."""
        prefix, skip = str(root) + os.sep, str(excluded) + os.sep
        records: set[str] = set()
        for unit in self.units():
            reader = self._check(lambda error: self.unit_create(self.store, unit.encode(), error), f"read the unit {unit}")
            try:
                main = self.text(self.unit_main_file(reader))
                if not main.startswith(prefix) or main.startswith(skip):
                    continue

                def dependency(_, dep):
                    path = self.text(self.dependency_path(dep))
                    if self.dependency_kind(dep) == DEPENDENCY_RECORD and path.startswith(prefix) and not path.startswith(skip):
                        records.add(self.text(self.dependency_name(dep)))
                    return True

                self.dependencies_apply(reader, None, self.ITEM_CALLBACK(dependency))
            finally:
                self.unit_dispose(reader)
        usrs: set[str] = set()
        for name in records:
            reader = self._check(lambda error: self.record_create(self.store, name.encode(), error), f"read the record {name}")
            try:
                def occurrence(_, occ):
                    if self.occurrence_roles(occ) & (ROLE_DECLARATION | ROLE_DEFINITION):
                        usrs.add(self.text(self.symbol_usr(self.occurrence_symbol(occ))))
                    return True

                self.occurrences_apply(reader, None, self.ITEM_CALLBACK(occurrence))
            finally:
                self.record_dispose(reader)
        return usrs

    def references(self, files: set[Path]) -> tuple[list[Reference], dict[Path, float]]:
        """Every reference (not declaration or definition) in the given source files, and the time each
        file's unit was written."""
        wanted = {str(p): p for p in files}
        records: dict[Path, tuple[float, list[str]]] = {}
        for unit in self.units():
            reader = self._check(lambda error: self.unit_create(self.store, unit.encode(), error), f"read the unit {unit}")
            try:
                main = self.text(self.unit_main_file(reader))
                if main not in wanted or self.unit_is_module(reader):
                    continue
                seconds, nanos = ctypes.c_int64(), ctypes.c_int64()
                self.unit_time(reader, ctypes.byref(seconds), ctypes.byref(nanos))
                stamp = seconds.value + nanos.value / 1e9
                names: list[str] = []

                def dependency(_, dep):
                    if self.dependency_kind(dep) == DEPENDENCY_RECORD and self.text(self.dependency_path(dep)) == main:
                        names.append(self.text(self.dependency_name(dep)))
                    return True

                self.dependencies_apply(reader, None, self.ITEM_CALLBACK(dependency))
                path = wanted[main]
                if path not in records or records[path][0] < stamp:
                    records[path] = (stamp, names)
            finally:
                self.unit_dispose(reader)
        references: list[Reference] = []
        for path, (_, names) in records.items():
            for name in names:
                reader = self._check(lambda error: self.record_create(self.store, name.encode(), error), f"read the record {name}")
                try:
                    def occurrence(_, occ):
                        roles = self.occurrence_roles(occ)
                        if roles & ROLE_REFERENCE and not roles & (ROLE_DECLARATION | ROLE_DEFINITION):
                            symbol = self.occurrence_symbol(occ)
                            line, column = ctypes.c_uint(), ctypes.c_uint()
                            self.occurrence_line_col(occ, ctypes.byref(line), ctypes.byref(column))
                            references.append(Reference(path, line.value, column.value, self.text(self.symbol_usr(symbol)),
                                                        self.text(self.symbol_name(symbol)), bool(roles & ROLE_IMPLICIT)))
                        return True

                    self.occurrences_apply(reader, None, self.ITEM_CALLBACK(occurrence))
                finally:
                    self.record_dispose(reader)
        return references, {path: stamp for path, (stamp, _) in records.items()}


# --------------------------------------------------------------------------------------------------
# Swift source text: comments and literals masked, `#if` chains


def mask_swift(text: str) -> str:
    """The text with comments and string/regex literals replaced by spaces (newlines kept), so that
    `#if` and `#available` can be found with plain patterns. Text is decoded as Latin-1, so one
    character is one byte and columns match the compiler's."""
    out = list(text)
    n = len(text)

    def blank(start: int, end: int) -> None:
        for k in range(start, min(end, n)):
            if out[k] != "\n":
                out[k] = " "

    def skip_string(i: int) -> int:
        """i at the first `#` or `"` of a string literal; returns the index after it."""
        hashes = 0
        while i < n and text[i] == "#":
            hashes += 1
            i += 1
        multiline = text.startswith('"""', i)
        i += 3 if multiline else 1
        closing = ('"""' if multiline else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        while i < n:
            if text.startswith(escape, i):
                j = i + len(escape)
                if j < n and text[j] == "(":
                    i = skip_code(j + 1, closing_paren=True)
                    continue
                i = j + 1
                continue
            if text.startswith(closing, i):
                return i + len(closing)
            if text[i] == "\n" and not multiline:
                return i  # unterminated: the compiler has said so already
            i += 1
        return n

    def skip_code(i: int, closing_paren: bool) -> int:
        depth = 0
        while i < n:
            c = text[i]
            if text.startswith("//", i):
                end = text.find("\n", i)
                end = n if end < 0 else end
                blank(i, end)
                i = end
            elif text.startswith("/*", i):
                start, level = i, 0
                while i < n:
                    if text.startswith("/*", i):
                        level += 1
                        i += 2
                    elif text.startswith("*/", i):
                        level -= 1
                        i += 2
                        if level == 0:
                            break
                    else:
                        i += 1
                blank(start, i)
            elif c == '"' or (c == "#" and re.match(r'#+"', text[i:i + 8])):
                start = i
                i = skip_string(i)
                blank(start, i)
            elif c == "#" and re.match(r"#+/", text[i:i + 8]):
                start = i
                hashes = len(re.match(r"#+", text[i:]).group(0))
                end = text.find("/" + "#" * hashes, i + hashes + 1)
                i = n if end < 0 else end + 1 + hashes
                blank(start, i)
            elif c == "(":
                depth += 1
                i += 1
            elif c == ")":
                if closing_paren and depth == 0:
                    return i + 1
                depth -= 1
                i += 1
            else:
                i += 1
        return n

    skip_code(0, closing_paren=False)
    return "".join(out)


DIRECTIVE = re.compile(r"^[ \t]*#(if|elseif|else|endif)\b(.*)$")


@dataclasses.dataclass
class Clause:
    keyword: str  # if, elseif, else
    condition: str  # "" for else
    line: int  # the directive's first line (1-based)
    last_directive_line: int  # a condition may span lines
    end_line: int = 0  # the line before the next directive of the chain


@dataclasses.dataclass
class Chain:
    clauses: list[Clause]
    endif_line: int
    parent: tuple[int, int] | None  # (chain index, clause index) this chain sits in


def if_chains(masked: str, label: str = "") -> list[Chain]:
    """The `#if` chains of a file (in order; nested chains know their parent clause)."""
    lines = masked.split("\n")
    chains: list[Chain] = []
    stack: list[int] = []
    number = 0
    while number < len(lines):
        match = DIRECTIVE.match(lines[number])
        if not match:
            number += 1
            continue
        keyword, rest = match.group(1), match.group(2).strip()
        first = number
        if keyword in ("if", "elseif"):
            # A condition continues while its parentheses are open or a line ends (or the next starts)
            # with a logical operator.
            while (rest.count("(") > rest.count(")") or rest.endswith(("||", "&&"))
                   or (number + 1 < len(lines) and lines[number + 1].lstrip().startswith(("||", "&&")))) \
                    and number + 1 < len(lines):
                number += 1
                rest += " " + lines[number].strip()
            rest = " ".join(rest.split())
        if keyword == "if":
            parent = (stack[-1], len(chains[stack[-1]].clauses) - 1) if stack else None
            chains.append(Chain([Clause("if", rest, first + 1, number + 1)], 0, parent))
            stack.append(len(chains) - 1)
        elif not stack:
            raise CheckError(f"{label}:{first + 1}: #{keyword} without #if")
        elif keyword in ("elseif", "else"):
            chain = chains[stack[-1]]
            chain.clauses[-1].end_line = first
            chain.clauses.append(Clause(keyword, rest if keyword == "elseif" else "", first + 1, number + 1))
        else:
            chain = chains[stack.pop()]
            chain.clauses[-1].end_line = first
            chain.endif_line = first + 1
        number += 1
    if stack:
        raise CheckError(f"{label}:{chains[stack[-1]].clauses[0].line}: #if without #endif")
    return chains


def clause_activity(chains: list[Chain], value: dict[str, bool]) -> list[list[bool]]:
    """Which clause of each chain the compiler keeps, given each condition's value on this build."""
    active: list[list[bool]] = []
    for chain in chains:
        enclosing = True if chain.parent is None else active[chain.parent[0]][chain.parent[1]]
        taken = False
        flags = []
        for clause in chain.clauses:
            holds = True if clause.keyword == "else" else value[clause.condition]
            flags.append(enclosing and not taken and holds)
            taken = taken or holds
        active.append(flags)
    return active


def configured_text(text: str, chains: list[Chain], active: list[list[bool]]) -> str:
    """The text as this build compiles it: directive lines and inactive clauses blanked, every other
    byte where it was (so dump-parse positions are the file's own)."""
    lines = text.split("\n")
    drop = set()
    for chain, flags in zip(chains, active):
        for clause, is_active in zip(chain.clauses, flags):
            drop.update(range(clause.line, clause.last_directive_line + 1))
            if not is_active:
                drop.update(range(clause.last_directive_line + 1, clause.end_line + 1))
        drop.add(chain.endif_line)
    for number in drop:
        lines[number - 1] = re.sub(r"[^\n]", " ", lines[number - 1])
    return "\n".join(lines)


@dataclasses.dataclass
class InactiveRegion:
    path: Path
    first_line: int
    last_line: int
    directive: str


def inactive_regions(path: Path, chains: list[Chain], active: list[list[bool]]) -> list[InactiveRegion]:
    """The outermost clauses this build leaves out (a clause inside one of them is part of it)."""
    regions = []
    for index, (chain, flags) in enumerate(zip(chains, active)):
        enclosing = True if chain.parent is None else active[chain.parent[0]][chain.parent[1]]
        if not enclosing:
            continue
        head = chain.clauses[0].condition
        for clause, is_active in zip(chain.clauses, flags):
            if is_active or clause.end_line < clause.last_directive_line + 1:
                continue
            if clause.keyword == "else":
                directive = f"#else of #if {head}"
            else:
                directive = f"#{clause.keyword} {clause.condition}"
            regions.append(InactiveRegion(path, clause.line, clause.end_line, directive))
    return regions


def target_flags(scratch: Path, target: str) -> tuple[list[str], list[str]]:
    """The flags of the target's compile (from the build's debug.yaml): those `#if` conditions can see
    (-D, -I, -F, -Xcc, -target, -sdk, -swift-version, -module-cache-path, features), and those that
    change how a file parses (-parse-as-library, -swift-version, features, bare-slash regexes, -D)."""
    manifests = sorted(scratch.glob("debug.yaml"))
    if not manifests:
        raise CheckError(f"no debug.yaml in {scratch}: cannot learn the compiler flags of {target}")
    text = manifests[0].read_text()
    match = re.search(r'^  "C\.' + re.escape(target) + r'-[^"]*-debug\.module":\n(?:    .*\n)*?    args: (\[.*\])$',
                      text, re.MULTILINE)
    if not match:
        raise CheckError(f"{manifests[0]} has no compile command for {target}")
    args = json.loads(match.group(1))
    with_value = {"-I", "-F", "-Xcc", "-target", "-sdk", "-swift-version", "-module-cache-path",
                  "-enable-upcoming-feature", "-enable-experimental-feature", "-package-name",
                  "-resource-dir", "-Fsystem", "-Isystem"}
    parse_with_value = {"-swift-version", "-enable-upcoming-feature", "-enable-experimental-feature"}
    parse_alone = {"-parse-as-library", "-enable-bare-slash-regex"}
    probe: list[str] = []
    parse: list[str] = []
    i = 1
    while i < len(args):
        arg = args[i]
        if arg in with_value and i + 1 < len(args):
            probe += [arg, args[i + 1]]
            if arg in parse_with_value:
                parse += [arg, args[i + 1]]
            i += 2
            continue
        if arg.startswith(("-D", "-enable-upcoming-feature=", "-enable-experimental-feature=")):
            probe.append(arg)
            parse.append(arg)
        elif arg in parse_alone and arg not in parse:
            parse.append(arg)
        i += 1
    return probe, parse


def evaluate_conditions(tool: Toolchain, conditions: list[str], flags: list[str], workdir: Path) -> dict[str, bool]:
    """Each `#if` condition's value on this build, as the compiler itself evaluates it: a probe file
    with one `#warning` per condition, type-checked with the target's flags."""
    if not conditions:
        return {}
    probe = workdir / "if-conditions.swift"
    body = []
    for number, condition in enumerate(conditions):
        body += [f"#if {condition}", f'#warning("check-apple-condition-{number}")', "#endif"]
    probe.write_text("\n".join(body) + "\n")
    cmd = [str(tool.swiftc), "-typecheck", str(probe), "-module-name", "CheckAppleProbe"] + flags
    proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
    if proc.returncode != 0:
        raise CheckError("the compiler cannot evaluate these #if conditions:\n    "
                         + "\n    ".join(conditions) + f"\n    $ {' '.join(cmd)}\n    {proc.stderr.strip()[-3000:]}")
    seen = {int(n) for n in re.findall(r"check-apple-condition-(\d+)", proc.stderr)}
    return {condition: number in seen for number, condition in enumerate(conditions)}


# --------------------------------------------------------------------------------------------------
# dump-parse: an S-expression reader and the availability scopes


@dataclasses.dataclass
class Node:
    kind: str
    atoms: list[str]
    children: list["Node"]
    range: tuple[tuple[int, int], tuple[int, int]] | None = None
    path: str = ""


RANGE = re.compile(r"^range=\[(?P<file>.*):(?P<l1>\d+):(?P<c1>\d+) - line:(?P<l2>\d+):(?P<c2>\d+)\]$")


# A node's opening `(kind`, a `)`, or an atom: bare characters, "quoted strings" (with \\ escapes)
# and [bracketed ranges], in any mix (`name="f(x:)"`, `range=[a.swift:2:5 - line:4:5]`).
DUMP_TOKEN = re.compile(r'\((?:[^\s()])*|\)|(?:"(?:\\.|[^"\\])*"?|\[[^\]]*\]?|[^\s()"\[])+')


def read_dump(text: str) -> list[Node]:
    """Reads `-dump-parse` output: `(kind atom atom (child ...) ...)` S-expressions whose atoms may hold
    quoted strings (`name="f(x:)"`) and bracketed ranges (`range=[a.swift:2:5 - line:4:5]`).

    Parentheses, quotes and brackets are honoured within each line, but which node a line's node
    belongs to comes from the dumper's indentation (two spaces a level): this toolchain's dumper
    sometimes leaves a node unclosed (a `type_tuple` inside `type_optional`, for one), and the
    indentation stays right when the parentheses do not. Each file's dump starts a new root, also
    when it begins in the middle of the previous file's last line."""
    roots: list[Node] = []
    for chunk in re.split(r'(?=\(source_file ")', text):
        if not chunk.strip():
            continue
        stack: list[tuple[int, Node]] = []
        for raw in chunk.split("\n"):
            body = raw.lstrip(" ")
            if not body.strip():
                continue
            if body.startswith("("):
                level = (len(raw) - len(body)) // 2
                while stack and stack[-1][0] >= level:
                    stack.pop()
            else:
                level = stack[-1][0] + 1 if stack else 0
            parent = stack[-1][1] if stack else None
            inline: list[Node] = []
            for match in DUMP_TOKEN.finditer(body):
                token = match.group(0)
                if token[0] == "(":
                    node = Node(token[1:], [], [])
                    holder = inline[-1] if inline else parent
                    if holder is None:
                        if roots and node.kind != "source_file":
                            raise CheckError(f"dump-parse output: a node outside any file: {body[:80]!r}")
                        roots.append(node)
                    else:
                        holder.children.append(node)
                    if not inline:
                        stack.append((level, node))
                    inline.append(node)
                elif token == ")":
                    if inline:
                        inline.pop()
                else:
                    node = inline[-1] if inline else parent
                    if node is None:
                        raise CheckError(f"dump-parse output: text outside any node: {body[:80]!r}")
                    node.atoms.append(token)
                    if token.startswith("range=") and node.range is None:
                        found = RANGE.match(token)
                        if not found:
                            raise CheckError(f"dump-parse output: cannot read the range {token!r}")
                        node.path = found.group("file")
                        node.range = ((int(found.group("l1")), int(found.group("c1"))),
                                      (int(found.group("l2")), int(found.group("c2"))))
    return roots


def atom_value(node: Node, key: str) -> str | None:
    prefix = key + "="
    for atom in node.atoms:
        if atom.startswith(prefix):
            return atom[len(prefix):]
    return None


@dataclasses.dataclass
class Scope:
    start: tuple[int, int]
    end: tuple[int, int]
    floors: Floors
    origin: str  # "if #available at 12:5"


def subtree_extent(node: Node) -> tuple[tuple[int, int], tuple[int, int]] | None:
    lo = hi = None
    stack = [node]
    while stack:
        item = stack.pop()
        if item.range:
            if lo is None or item.range[0] < lo:
                lo = item.range[0]
            if hi is None or item.range[1] > hi:
                hi = item.range[1]
        stack.extend(item.children)
    return None if lo is None else (lo, hi)


def spec_floors(available: Node) -> Floors:
    """The platforms and versions of one `#available(...)` condition."""
    floors = Floors()
    for spec in available.children:
        if spec.kind != "availability_spec":
            continue
        platform = DOMAIN_ALIASES.get(atom_value(spec, "domain") or "")
        version = atom_value(spec, "version")
        if platform and version:
            floors.versions[platform] = parse_version(version)
    return floors.with_inherited()


def attr_floors(attrs: list[Node]) -> Floors:
    floors = Floors()
    for attr in attrs:
        domain = atom_value(attr, "domainIdentifier") or ""
        if domain == "*":
            if "unavailable" in attr.atoms:
                floors.unavailable |= set(CHECKED_PLATFORMS)
            continue
        platform = DOMAIN_ALIASES.get(domain)
        if platform is None:
            continue
        introduced = atom_value(attr, "introduced")
        if introduced:
            version = parse_version(introduced)
            if version > floors.versions.get(platform, (0, 0, 0)):
                floors.versions[platform] = version
        if "unavailable" in attr.atoms or atom_value(attr, "obsoleted"):
            floors.unavailable.add(platform)
    return floors.with_inherited()


AVAILABILITY_TOKEN = re.compile(r"#(available|unavailable)\b")


def query_kinds(masked_lines: list[str], start: tuple[int, int], end: tuple[int, int]) -> list[str]:
    """`available` / `unavailable` for each availability query in a statement's condition list, read
    from the source (dump-parse prints both as `#available`): the tokens between the statement's start
    and its body, outside any closure or parentheses."""
    (l1, c1), (l2, c2) = start, end
    if l1 == l2:
        segment = masked_lines[l1 - 1][c1 - 1:c2 - 1]
    else:
        segment = "\n".join([masked_lines[l1 - 1][c1 - 1:]] + masked_lines[l1:l2 - 1] + [masked_lines[l2 - 1][:c2 - 1]])
    kinds, depth, i = [], 0, 0
    while i < len(segment):
        c = segment[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "#" and depth == 0:
            match = AVAILABILITY_TOKEN.match(segment, i)
            if match:
                kinds.append(match.group(1))
                i = match.end()
                continue
        i += 1
    return kinds


def availability_scopes(root: Node, masked: str, label: str, problems: list[str]) -> list[Scope]:
    """Where the code is refined: `if`/`while #available` bodies, the rest of the block after `guard
    #available`, the `else` of `if #unavailable` (and of `guard #unavailable`), and every declaration
    carrying `@available(<platform> <version>)` (with its members, accessors and initial value)."""
    masked_lines = masked.split("\n")
    scopes: list[Scope] = []
    bindings: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.kind == "pattern_binding_decl" and node.range:
            bindings.append(node)

    def visit(node: Node, ancestors: list[Node]) -> None:
        attrs = [child for child in node.children if child.kind == "available_attr"]
        if attrs:
            floors = attr_floors(attrs)
            if floors.versions or floors.unavailable:
                extent = subtree_extent(node)
                if extent:
                    lo, hi = extent
                    if node.kind == "var_decl":
                        # The initial value lives in the pattern binding next to the variable.
                        for binding in bindings:
                            if binding.range[0] <= lo <= binding.range[1]:
                                lo, hi = min(lo, binding.range[0]), max(hi, binding.range[1])
                    where = attrs[0].range[0] if attrs[0].range else lo
                    scopes.append(Scope(lo, hi, floors, f"@available at {where[0]}:{where[1]}"))
        if node.kind in ("if_stmt", "guard_stmt", "while_stmt") and node.range:
            conditions = next((c for c in node.children if c.kind.startswith("conditions=")), None)
            queries = [c for c in conditions.children if c.kind == "#available"] if conditions else []
            bodies = [c for c in node.children if c.kind in ("brace_stmt", "if_stmt") and c is not conditions]
            if queries and bodies and bodies[0].range:
                body = bodies[0]
                kinds = query_kinds(masked_lines, node.range[0], body.range[0])
                at = f"{node.range[0][0]}:{node.range[0][1]}"
                keyword = node.kind.split("_")[0]
                if len(kinds) != len(queries):
                    problems.append(f"{label}:{at}: cannot match the {len(queries)} availability queries of this "
                                    f"{keyword} to its source; its scope is not used")
                else:
                    positive, negative = Floors(), Floors()
                    for query, kind in zip(queries, kinds):
                        (positive if kind == "available" else negative).raise_to(spec_floors(query))
                    if node.kind in ("if_stmt", "while_stmt") and "available" in kinds:
                        scopes.append(Scope(body.range[0], body.range[1], positive, f"{keyword} #available at {at}"))
                    if node.kind == "if_stmt" and kinds == ["unavailable"] and len(bodies) > 1 and bodies[1].range:
                        scopes.append(Scope(bodies[1].range[0], bodies[1].range[1], negative,
                                            f"if #unavailable at {at} (its else)"))
                    if node.kind == "guard_stmt":
                        if kinds == ["unavailable"]:
                            scopes.append(Scope(body.range[0], body.range[1], negative, f"guard #unavailable at {at}"))
                        elif "available" in kinds:
                            block = next((a for a in reversed(ancestors) if a.kind == "brace_stmt" and a.range), None)
                            if block is None:
                                problems.append(f"{label}:{at}: no enclosing block found for this guard; its scope is not used")
                            else:
                                scopes.append(Scope(node.range[1], block.range[1], positive, f"guard #available at {at}"))
        ancestors.append(node)
        for child in node.children:
            visit(child, ancestors)
        ancestors.pop()

    visit(root, [])
    return scopes


def floors_at(scopes: list[Scope], line: int, column: int, minimums: Floors) -> tuple[Floors, list[Scope]]:
    here = Floors(dict(minimums.versions), set(minimums.unavailable))
    inside = [s for s in scopes if s.start <= (line, column) <= s.end]
    for scope in inside:
        here.raise_to(scope.floors)
    return here, inside


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
        not_checked.append(f"{len(regions)} #if branch(es) that this Linux build leaves out, never compiled here:")
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
