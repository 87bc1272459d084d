"""Running the toolchain's tools: the check's error, a process runner, and where the toolchain's
binaries and libIndexStore are."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
from pathlib import Path


class CheckError(Exception):
    """The check could not be made; the message says why. Exit status 2."""


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
