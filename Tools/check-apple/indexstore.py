"""The build and its index store: every reference in the checked targets, read with ctypes over
libIndexStore."""

from __future__ import annotations

import ctypes
import dataclasses
import os
import time
from pathlib import Path

from package import Target
from toolchain import CheckError, Toolchain, run


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
