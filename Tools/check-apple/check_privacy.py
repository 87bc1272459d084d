#!/usr/bin/env python3
"""Apple's privacy manifests: every app-facing target that calls a "required reason" API declares it.

Since May 2024 App Store Connect refuses an app whose binary calls one of Apple's required-reason APIs
(file timestamps, system boot time, disk space, active keyboards, user defaults) without a reason in a
privacy manifest. Code of this package is linked into the app, so each target that calls one ships a
`PrivacyInfo.xcprivacy` (a resource in Package.swift) naming the category and its reasons.

This check scans each target's Swift and C sources (comments and string literals removed) for the calls
Apple lists, and fails with `path:line: NAME is a required-reason API (CATEGORY); TARGET's
PrivacyInfo.xcprivacy does not declare it` when the target's manifest is missing or lacks the category.
A category declared but not used is reported as a note (declaring it is harmless, but says more than the
code does). It sees calls by name only: an API reached through another library is that library's to
declare.

Usage: check_privacy.py [--root DIR] [TARGET ...]   (default: the targets an app links, see app_targets)
"""
from __future__ import annotations

import argparse
import json
import os
import plistlib
import subprocess
import re
import sys
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
import package  # noqa: E402  (the availability check's reading of the manifest)

# The product an app adds (README: "add the product SignalRunner"); every target it links is checked.
APP_PRODUCT = "SignalRunner"


def app_targets(root: Path, product: str = APP_PRODUCT) -> list[str]:
    """The targets `product` links, from `swift package describe` (so a new target is never missed):
    its own targets and their dependencies within the package, Swift and C alike."""
    swift = os.environ.get("SWIFT", "swift")
    out = subprocess.run([swift, "package", "--scratch-path", str(root / ".build-apple" / "describe"),
                          "describe", "--type", "json"], cwd=root, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"check-privacy: swift package describe failed: {out.stderr.strip()}")
    description = json.loads(out.stdout[out.stdout.index("{"):])
    by_name = {t["name"]: t for t in description["targets"]}
    roots = [t for p in description.get("products", []) if p["name"] == product for t in p["targets"]]
    if not roots:
        raise SystemExit(f"check-privacy: no product {product} in {root}")
    return sorted(package.dependency_closure(by_name, roots))

# Apple's list ("Describing use of required reason API"), by the names code calls.
CATEGORIES: dict[str, list[str]] = {
    "NSPrivacyAccessedAPICategoryFileTimestamp": [
        r"\bcreationDate\b", r"\bmodificationDate\b", r"\bfileModificationDate\b",
        r"\bcontentModificationDateKey\b", r"\bcreationDateKey\b", r"\bgetattrlist(bulk|at)?\s*\(",
        r"\bfgetattrlist\s*\(", r"\bstat\s*\(", r"\bfstat\s*\(", r"\bfstatat\s*\(", r"\blstat\s*\(",
        r"\battributesOfItem\b",
    ],
    "NSPrivacyAccessedAPICategorySystemBootTime": [r"\bsystemUptime\b", r"\bmach_absolute_time\s*\("],
    "NSPrivacyAccessedAPICategoryDiskSpace": [
        r"\bvolumeAvailableCapacity\w*Key\b", r"\bvolumeTotalCapacityKey\b", r"\bsystemFreeSize\b",
        r"\bsystemSize\b", r"\bstatv?fs\s*\(", r"\bfstatv?fs\s*\(", r"\battributesOfFileSystem\b",
    ],
    "NSPrivacyAccessedAPICategoryActiveKeyboards": [r"\bactiveInputModes\b"],
    "NSPrivacyAccessedAPICategoryUserDefaults": [r"\bUserDefaults\b", r"\bNSUserDefaults\b"],
}

_STRIP = re.compile(r'//[^\n]*|/\*.*?\*/|"""(?:\\.|[^\\])*?"""|"(?:\\.|[^"\\\n])*"', re.S)


def _strip(text: str) -> str:
    """Comments and string literals blanked, newlines kept (so line numbers stay right)."""
    return _STRIP.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def uses(source_dir: Path) -> list[tuple[Path, int, str, str]]:
    """(file, line, API text, category) for every required-reason call in `source_dir`."""
    found = []
    for path in sorted(source_dir.rglob("*")):
        if path.suffix not in {".swift", ".c", ".h", ".m"} or not path.is_file():
            continue
        text = _strip(path.read_text(encoding="utf-8", errors="replace"))
        for category, patterns in CATEGORIES.items():
            for pattern in patterns:
                for m in re.finditer(pattern, text):
                    line = text.count("\n", 0, m.start()) + 1
                    found.append((path, line, m.group(0).rstrip("( ").strip(), category))
    return found


def declared(manifest: Path) -> set[str]:
    """The categories `manifest` declares, each with at least one reason."""
    with manifest.open("rb") as f:
        plist = plistlib.load(f)
    out = set()
    for entry in plist.get("NSPrivacyAccessedAPITypes", []):
        if entry.get("NSPrivacyAccessedAPITypeReasons"):
            out.add(entry.get("NSPrivacyAccessedAPIType"))
    return out


def check(root: Path, targets: list[str]) -> tuple[list[str], list[str]]:
    """(errors, notes) for `targets` under `root/Sources`."""
    errors, notes = [], []
    for target in targets:
        source_dir = root / "Sources" / target
        if not source_dir.is_dir():
            errors.append(f"Sources/{target}: no such target folder")
            continue
        found = uses(source_dir)
        manifest = source_dir / "PrivacyInfo.xcprivacy"
        have: set[str] = set()
        if manifest.exists():
            try:
                have = declared(manifest)
            except Exception as e:  # noqa: BLE001 - any parse failure is the user's to see
                errors.append(f"{manifest.relative_to(root)}: not a property list: {e}")
                continue
        for path, line, api, category in found:
            if category not in have:
                where = manifest.relative_to(root) if manifest.exists() else f"Sources/{target}/PrivacyInfo.xcprivacy (missing)"
                errors.append(f"{path.relative_to(root)}:{line}: {api} is a required-reason API ({category}); "
                              f"{where} does not declare it")
        for category in sorted(have - {c for *_, c in found}):
            notes.append(f"{manifest.relative_to(root)}: declares {category}, which no source of {target} calls")
    return errors, notes


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2])
    parser.add_argument("targets", nargs="*")
    args = parser.parse_args(argv)
    targets = args.targets or app_targets(args.root)
    errors, notes = check(args.root, targets)
    for n in notes:
        print(f"note: {n}")
    for e in errors:
        print(e, file=sys.stderr)
    if errors:
        print(f"check-privacy: {len(errors)} required-reason API use(s) not declared", file=sys.stderr)
        return 1
    print(f"check-privacy: {len(targets)} targets an app links ({', '.join(targets)}), every required-reason API declared")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
