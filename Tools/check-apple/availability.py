"""Symbol graphs: which toolchain declarations have which Apple availability (cached per toolchain)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import shutil
import subprocess
import time
from pathlib import Path

from platforms import CHECKED_PLATFORMS, DOMAIN_ALIASES, Floors, Version, format_version, version_from_json
from toolchain import CheckError, Toolchain


# The toolchain modules whose Apple availability is checked. The first three are required; the others
# are cheap and checked when the toolchain has them (a missing one is reported, never skipped silently).
REQUIRED_MODULES = ("Swift", "_Concurrency", "Synchronization")
OPTIONAL_MODULES = ("_StringProcessing", "RegexBuilder", "Observation", "Distributed")


# Bump when the cached availability table's format or derivation changes.
TABLE_FORMAT = 3


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
