"""Apple platforms and versions: the declared minimums' defaults, version text, and the floors
(versions guaranteed at a point of the code) that scopes raise."""

from __future__ import annotations

import dataclasses

from toolchain import CheckError


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


Version = tuple[int, int, int]


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
