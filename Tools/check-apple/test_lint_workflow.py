#!/usr/bin/env python3
"""Tests of lint_workflow.py: the repository's Apple workflow passes, and a broken one fails.

Run: python3 Tools/check-apple/test_lint_workflow.py   (make check-apple runs it)
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORKFLOW = HERE.parent.parent / ".github" / "workflows" / "apple.yml"


def lint(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(HERE / "lint_workflow.py"), str(path)], capture_output=True, text=True)


class LintWorkflow(unittest.TestCase):
    def test_the_apple_workflow_passes(self):
        result = lint(WORKFLOW)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)

    def test_a_job_without_runs_on_fails(self):
        text = WORKFLOW.read_text().replace("    runs-on: macos-15\n", "", 1)
        self.assertNotEqual(text, WORKFLOW.read_text())
        with tempfile.NamedTemporaryFile("w", suffix=".yml") as broken:
            broken.write(text)
            broken.flush()
            result = lint(Path(broken.name))
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)

    def test_a_misspelt_key_fails(self):
        text = WORKFLOW.read_text().replace("timeout-minutes:", "timeout-minute:", 1)
        with tempfile.NamedTemporaryFile("w", suffix=".yml") as broken:
            broken.write(text)
            broken.flush()
            result = lint(Path(broken.name))
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
