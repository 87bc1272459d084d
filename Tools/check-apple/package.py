"""The package: its declared minimums and the targets that ship to apps (`swift package describe`)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from platforms import (
    DESCRIBE_PLATFORM_NAMES, PLATFORMS, SWIFTPM_DEFAULT_MINIMUMS, Floors, Version, format_version, parse_version,
)
from toolchain import CheckError, Toolchain, run


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


def dependency_closure(by_name: dict, roots: list[str]) -> list[str]:
    """`roots` and every target they depend on within the package (`by_name`: `swift package describe`'s
    targets by name), in breadth-first order."""
    selected: list[str] = []
    pending = list(roots)
    while pending:
        name = pending.pop(0)
        if name in selected or name not in by_name:
            continue
        selected.append(name)
        pending.extend(by_name[name].get("target_dependencies", []))
    return selected


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
    selected = list(roots) if only else dependency_closure(by_name, roots)
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
