"""Swift source text (comments and literals masked) and its `#if` chains, each condition evaluated by
the compiler with the target's flags, so that a file is read the way this build compiles it."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

from toolchain import CheckError, Toolchain


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
    for arg, value in compile_arguments(args, with_value):
        if value is not None:
            probe += [arg, value]
            if arg in parse_with_value:
                parse += [arg, value]
        elif arg.startswith(("-D", "-enable-upcoming-feature=", "-enable-experimental-feature=")):
            probe.append(arg)
            parse.append(arg)
        elif arg in parse_alone and arg not in parse:
            parse.append(arg)
    return probe, parse


def compile_arguments(args: list[str], with_value: set[str]) -> Iterator[tuple[str, str | None]]:
    """The arguments of a compile command after the executable (`args[0]`): `(flag, value)` for a flag of
    `with_value` that has a value after it, `(argument, None)` for every other argument."""
    i = 1
    while i < len(args):
        if args[i] in with_value and i + 1 < len(args):
            yield args[i], args[i + 1]
            i += 2
        else:
            yield args[i], None
            i += 1


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
