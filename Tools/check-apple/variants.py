"""The platforms a Darwin-only branch is compiled for, and `#if` conditions evaluated the way each of them
(and Linux) would evaluate them: `os(...)` true for that platform only, `canImport(...)` true for the
modules that platform ships and the package's own modules, `targetEnvironment(macCatalyst)` for Mac
Catalyst only. A condition this evaluator does not understand is a CheckError, never a guess."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from toolchain import CheckError


# Modules every Apple platform ships (the SDK's Swift and system modules the package may test with
# canImport). Frameworks that only some platforms ship are in FRAMEWORKS, with their platforms read
# from each framework's documentation page (the stubs' README lists the pages).
APPLE_SYSTEM_MODULES = {
    "Swift", "_Concurrency", "Darwin", "Foundation", "Dispatch", "ObjectiveC", "os", "Synchronization",
    "Combine", "Observation", "RegexBuilder", "_StringProcessing", "Distributed", "XCTest", "Testing",
    "Security", "Network", "CoreFoundation", "CryptoKit", "System",
}
# Framework -> the variants that ship it.
FRAMEWORKS = {
    # https://developer.apple.com/documentation/coremotion gives no platform list; its symbols list iOS,
    # Mac Catalyst, macOS (CMPedometer, CMDeviceMotion), visionOS and watchOS, and none lists tvOS.
    "CoreMotion": {"iOS", "macCatalyst", "macOS", "visionOS", "watchOS"},
    # https://developer.apple.com/documentation/corelocation gives no platform list; CLLocationManager
    # lists every Apple platform.
    "CoreLocation": {"iOS", "macCatalyst", "macOS", "tvOS", "visionOS", "watchOS"},
    "UIKit": {"iOS", "macCatalyst", "tvOS", "visionOS"},
    "AppKit": {"macOS", "macCatalyst"},
    "WatchKit": {"watchOS"},
    "SwiftUI": {"iOS", "macCatalyst", "macOS", "tvOS", "visionOS", "watchOS"},
}
# Modules only Linux (or other non-Apple systems) has.
LINUX_ONLY_MODULES = {"Glibc", "Musl", "Android", "Bionic", "WASILibc", "WinSDK", "ucrt", "CRT",
                      "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
                      "FoundationXML"}
LINUX_SYSTEM_MODULES = {"Swift", "_Concurrency", "Glibc", "Foundation", "FoundationEssentials",
                        "FoundationInternationalization", "FoundationNetworking", "FoundationXML", "Dispatch",
                        "Synchronization", "RegexBuilder", "_StringProcessing", "Distributed", "Observation",
                        "XCTest", "Testing"}


@dataclasses.dataclass(frozen=True)
class Variant:
    """One platform the branches are compiled for (or Linux, which CI builds for real)."""

    name: str  # the key in stubs' availability lists: iOS, macCatalyst, macOS, tvOS, watchOS, visionOS
    title: str  # how the report names it
    os: str  # what os(...) matches
    environment: str | None = None  # targetEnvironment(...) that holds (macCatalyst); simulator never
    arch: str = "arm64"  # what arch(...) matches: Apple silicon devices and Macs
    compiler: tuple[int, ...] = (6, 1)  # compiler(>=) and swift(>=): the oldest Xcode the manifest allows (16.3)

    @property
    def is_apple(self) -> bool:
        return self.name != "Linux"

    def can_import(self, module: str, package_modules: set[str]) -> bool:
        if module in package_modules:
            return True
        if not self.is_apple:
            return module in LINUX_SYSTEM_MODULES
        if module in APPLE_SYSTEM_MODULES:
            return True
        if module in FRAMEWORKS:
            return self.name in FRAMEWORKS[module]
        if module in LINUX_ONLY_MODULES:
            return False
        raise CheckError(f"canImport({module}): the check does not know whether {self.title} ships {module}; "
                         "add it to Tools/check-apple/variants.py with the documentation page that says so")


APPLE_VARIANTS = (
    Variant("iOS", "iOS", "iOS"),
    Variant("macCatalyst", "Mac Catalyst", "iOS", "macCatalyst"),
    Variant("macOS", "macOS", "macOS"),
    Variant("tvOS", "tvOS", "tvOS"),
    Variant("watchOS", "watchOS", "watchOS"),
    Variant("visionOS", "visionOS", "visionOS"),
)
LINUX = Variant("Linux", "Linux", "Linux", arch="x86_64", compiler=(6, 3, 1))
VARIANTS_BY_NAME = {v.name: v for v in APPLE_VARIANTS}
KNOWN_OS = {"macOS", "iOS", "tvOS", "watchOS", "visionOS", "Linux", "Windows", "Android", "FreeBSD", "OpenBSD",
            "WASI", "Cygwin", "Haiku", "PS4", "none", "OSX", "xrOS"}
OS_ALIASES = {"OSX": "macOS", "xrOS": "visionOS"}


# --------------------------------------------------------------------------------------------------
# Conditions


TOKEN = re.compile(r"\s*(\|\||&&|!|\(|\)|,|[A-Za-z_][A-Za-z0-9_]*|>=|<|[0-9][0-9.]*)")


def tokenize(condition: str) -> list[str]:
    tokens, i = [], 0
    while i < len(condition):
        if condition[i].isspace():
            i += 1
            continue
        match = TOKEN.match(condition, i)
        if not match:
            raise CheckError(f"#if {condition}: cannot read {condition[i:]!r}")
        tokens.append(match.group(1))
        i = match.end()
    return tokens


def evaluate(condition: str, variant: Variant, package_modules: set[str], flags: set[str]) -> bool:
    """The value of a `#if` condition on `variant`. `flags` are the -D names of the build (DEBUG,
    SWIFT_PACKAGE, ...). Raises CheckError for any form it cannot evaluate exactly."""
    tokens = tokenize(condition)
    position = 0

    def peek() -> str | None:
        return tokens[position] if position < len(tokens) else None

    def take(expected: str | None = None) -> str:
        nonlocal position
        token = peek()
        if token is None or (expected is not None and token != expected):
            raise CheckError(f"#if {condition}: expected {expected or 'more'} at {' '.join(tokens[position:]) or 'the end'}")
        position += 1
        return token

    def argument() -> str:
        take("(")
        parts = []
        while peek() not in (")", None):
            parts.append(take())
        take(")")
        return " ".join(parts)

    def primary() -> bool:
        token = take()
        if token == "!":
            return not primary()
        if token == "(":
            value = disjunction()
            take(")")
            return value
        if token in ("true", "false"):
            return token == "true"
        if peek() == "(":
            arg = argument()
            if token == "os":
                if arg not in KNOWN_OS:
                    raise CheckError(f"#if {condition}: unknown os({arg})")
                return OS_ALIASES.get(arg, arg) == variant.os
            if token == "canImport":
                module = arg.split(",")[0].strip()
                if "," in arg:
                    raise CheckError(f"#if {condition}: canImport with a version cannot be evaluated for {variant.title}")
                return variant.can_import(module, package_modules)
            if token == "arch":
                return arg == variant.arch
            if token in ("compiler", "swift"):
                match = re.fullmatch(r"(>=|<)\s*([0-9][0-9.]*)", arg)
                if not match:
                    raise CheckError(f"#if {condition}: cannot read {token}({arg})")
                wanted = tuple(int(p) for p in match.group(2).split(".") if p)
                at_least = variant.compiler >= wanted
                return at_least if match.group(1) == ">=" else not at_least
            if token == "targetEnvironment":
                if arg not in ("simulator", "macCatalyst"):
                    raise CheckError(f"#if {condition}: unknown targetEnvironment({arg})")
                return arg == variant.environment
            raise CheckError(f"#if {condition}: {token}(...) cannot be evaluated for {variant.title} "
                             "(hasFeature, hasAttribute and the like differ between toolchains)")
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", token):
            return token in flags
        raise CheckError(f"#if {condition}: cannot read {token!r}")

    def chain(operator: str, operand: Callable[[], bool], combine: Callable[[bool, bool], bool]) -> bool:
        """Operands joined by `operator`, left to right; every operand is read (and checked)."""
        value = operand()
        while peek() == operator:
            take()
            rhs = operand()
            value = combine(value, rhs)
        return value

    def conjunction() -> bool:
        return chain("&&", primary, lambda a, b: a and b)

    def disjunction() -> bool:
        return chain("||", conjunction, lambda a, b: a or b)

    result = disjunction()
    if position != len(tokens):
        raise CheckError(f"#if {condition}: unexpected {' '.join(tokens[position:])}")
    return result
