"""The hand-written stub modules of Apple's frameworks (stubs/MODULE/*.swift), one variant per platform.

Every declaration in a stub carries, on the comment lines just above it, the documentation page it was
copied from and that page's platform list:

    // https://developer.apple.com/documentation/corelocation/cllocationmanager/stopupdatingheading()
    // Availability: iOS 3.0, iPadOS 3.0, Mac Catalyst 13.1, watchOS 2.0
    open func stopUpdatingHeading() { fatalError() }

For a platform the list leaves out, the declaration is marked `@available(*, unavailable, message: ...)`
in that platform's copy of the stub (Linux ignores `@available(visionOS, unavailable)`; it enforces `*`).
The copy keeps every line where it was, so a stub's own compile errors point into the stub. A stub that
declares something without its page and platform list is a CheckError: nothing is copied without its
evidence.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from pathlib import Path

from toolchain import CheckError


PLATFORM_NAMES = {
    "iOS": "iOS", "iPadOS": None, "Mac Catalyst": "macCatalyst", "macOS": "macOS", "tvOS": "tvOS",
    "watchOS": "watchOS", "visionOS": "visionOS",
}
# Apple's documentation, or for C names it has no page for, Apple's published open-source headers.
TITLES = {"iOS": "iOS", "macCatalyst": "Mac Catalyst", "macOS": "macOS", "tvOS": "tvOS", "watchOS": "watchOS",
          "visionOS": "visionOS"}
DOC_URL = re.compile(r"^\s*//\s*(https://(?:developer\.apple\.com/documentation/|github\.com/apple-oss-distributions/"
                     r"|github\.com/apple/darwin-)\S+)\s*$")
AVAILABILITY = re.compile(r"^\s*//\s*Availability:\s*(.*)$")
# A declaration a stub must document: types, members, enum cases, typealiases, globals.
DECLARATION = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|open|final|static|class|override|required|convenience|nonisolated|dynamic|mutating|optional)\s+)*"
    r"(class|struct|enum|protocol|func|var|let|init|typealias|case|subscript)\b")
# Lines that are not declarations even though they start with one of those words.
NOT_DECLARATION = re.compile(r"^\s*(case\s+\.|case\s+let|case\s+var|let\s+_|var\s+_)")


@dataclasses.dataclass
class StubDeclaration:
    line: int  # 1-based
    url: str
    platforms: set[str]  # variant names the page lists
    text: str
    requirement: bool  # a requirement of a protocol (Swift cannot mark one unavailable: it is left out)
    parents: list[int]  # the declarations it is nested in (their index in the file's list)


@dataclasses.dataclass
class StubModule:
    name: str
    files: list[Path]
    declarations: dict[Path, list[StubDeclaration]]

    def variant_text(self, path: Path, variant: str, title: str) -> str:
        """The stub file as `variant` sees it: each declaration its page does not list for the variant is
        marked unavailable (on its own line, so the rest keeps its place)."""
        lines = path.read_bytes().decode("latin-1").split("\n")
        declarations = self.declarations[path]
        for declaration in declarations:
            if variant in declaration.platforms:
                continue
            if any(variant not in declarations[p].platforms for p in declaration.parents):
                continue  # inside a type that is unavailable already (Swift refuses to mark a stored member)
            index = declaration.line - 1
            indent = re.match(r"\s*", lines[index]).group(0)
            if declaration.requirement:
                lines[index] = f"{indent}// left out: unavailable in {title} ({declaration.url})"
                continue
            listed = ", ".join(TITLES[p] for p in sorted(declaration.platforms)) or "no platform"
            lines[index] = (f'{indent}@available(*, unavailable, message: "unavailable in {title} (its page lists '
                            f'{listed}: {declaration.url})") ' + lines[index].lstrip())
        return "\n".join(lines)

    def digest(self) -> str:
        h = hashlib.sha256()
        for path in self.files:
            h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        return h.hexdigest()


def parse_platforms(text: str, where: str) -> set[str]:
    platforms: set[str] = set()
    for item in [p.strip() for p in text.split(",") if p.strip()]:
        match = re.fullmatch(r"(iOS|iPadOS|Mac Catalyst|macOS|tvOS|watchOS|visionOS)(?:\s+(\d+(?:\.\d+)*))?"
                             r"(?:\s+deprecated\s+\d+(?:\.\d+)*)?",
                             item)
        if not match:
            raise CheckError(f"{where}: cannot read the platform {item!r} (write e.g. `iOS 3.0, Mac Catalyst 13.1`)")
        name = PLATFORM_NAMES[match.group(1)]
        if name:
            platforms.add(name)
    return platforms


def read_stub_module(folder: Path) -> StubModule:
    files = sorted(folder.glob("*.swift"))
    if not files:
        raise CheckError(f"the stub module {folder} has no .swift file")
    declarations: dict[Path, list[StubDeclaration]] = {}
    for path in files:
        found: list[StubDeclaration] = []
        url: str | None = None
        platforms: set[str] | None = None
        pending_line = 0
        # Open braces: for each, the declaration that opened it (its index) or None, and whether it is a protocol.
        braces: list[tuple[int | None, bool]] = []
        for number, line in enumerate(path.read_text().split("\n"), start=1):
            where = f"{path}:{number}"
            if m := DOC_URL.match(line):
                url, platforms, pending_line = m.group(1), None, number
                continue
            if m := AVAILABILITY.match(line):
                if url is None or number != pending_line + 1:
                    raise CheckError(f"{where}: an Availability line must follow its documentation URL line")
                platforms = parse_platforms(m.group(1), where)
                continue
            stripped = line.strip()
            if not stripped or stripped.startswith("//"):
                continue
            opened: int | None = None
            if DECLARATION.match(line) and not NOT_DECLARATION.match(line):
                if url is None or platforms is None:
                    raise CheckError(f"{where}: `{stripped[:80]}` has no documentation URL and Availability line "
                                     "above it (every stubbed declaration names the page it was copied from)")
                parents = [index for index, _ in braces if index is not None]
                requirement = bool(braces) and braces[-1][1]
                if requirement and stripped.count("(") != stripped.count(")"):
                    raise CheckError(f"{where}: write a protocol requirement on one line (it is left out whole "
                                     "where it is unavailable)")
                found.append(StubDeclaration(number, url, platforms, stripped, requirement, parents))
                opened = len(found) - 1
                url, platforms = None, None
            elif stripped.startswith("@"):
                continue  # an attribute on its own line: the declaration follows
            else:
                url, platforms = None, None
            code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line.split("//")[0])
            is_protocol = opened is not None and re.search(r"\bprotocol\b", code) is not None
            for char in code:
                if char == "{":
                    braces.append((opened, is_protocol))
                    opened, is_protocol = None, False
                elif char == "}":
                    if not braces:
                        raise CheckError(f"{where}: unbalanced braces")
                    braces.pop()
        if braces:
            raise CheckError(f"{path}: unbalanced braces at the end of the file")
        declarations[path] = found
    return StubModule(folder.name, files, declarations)


def read_stub_modules(root: Path) -> dict[str, StubModule]:
    if not root.is_dir():
        raise CheckError(f"no stub modules at {root}")
    return {folder.name: read_stub_module(folder) for folder in sorted(root.iterdir()) if folder.is_dir()}
