"""dump-parse: an S-expression reader of `swift-frontend -dump-parse`, and the `#available` /
`#unavailable` / `@available` scopes read from it."""

from __future__ import annotations

import dataclasses
import re

from platforms import CHECKED_PLATFORMS, DOMAIN_ALIASES, Floors, parse_version
from toolchain import CheckError


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
