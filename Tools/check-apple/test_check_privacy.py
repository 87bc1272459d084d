#!/usr/bin/env python3
"""The privacy-manifest check fails where it must and passes where it may."""
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import check_privacy  # noqa: E402

MANIFEST = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict><key>NSPrivacyAccessedAPITypes</key><array>{entries}</array></dict></plist>
"""
ENTRY = ("<dict><key>NSPrivacyAccessedAPIType</key><string>{c}</string>"
         "<key>NSPrivacyAccessedAPITypeReasons</key><array><string>{r}</string></array></dict>")


class CheckPrivacyTests(unittest.TestCase):
    def make(self, source: str, categories: list[tuple[str, str]] | None) -> Path:
        root = Path(tempfile.mkdtemp())
        target = root / "Sources" / "T"
        target.mkdir(parents=True)
        (target / "File.swift").write_text(source)
        if categories is not None:
            entries = "".join(ENTRY.format(c=c, r=r) for c, r in categories)
            (target / "PrivacyInfo.xcprivacy").write_text(MANIFEST.format(entries=entries))
        return root

    def test_undeclared_fstat_fails_with_its_line(self):
        root = self.make("import Glibc\n\nfunc size(_ fd: Int32) { var s = stat()\n _ = fstat(fd, &s) }\n", [])
        errors, _ = check_privacy.check(root, ["T"])
        self.assertTrue(any("Sources/T/File.swift:4: fstat is a required-reason API" in e for e in errors), errors)

    def test_missing_manifest_fails(self):
        root = self.make("let t = mach_absolute_time()\n", None)
        errors, _ = check_privacy.check(root, ["T"])
        self.assertEqual(len(errors), 1, errors)
        self.assertIn("NSPrivacyAccessedAPICategorySystemBootTime", errors[0])
        self.assertIn("(missing)", errors[0])

    def test_declared_category_passes(self):
        root = self.make("let t = mach_absolute_time()\n",
                         [("NSPrivacyAccessedAPICategorySystemBootTime", "35F9.1")])
        errors, notes = check_privacy.check(root, ["T"])
        self.assertEqual(errors, [])
        self.assertEqual(notes, [])

    def test_a_category_without_reasons_does_not_count(self):
        root = self.make("let d = UserDefaults.standard\n", [])
        (root / "Sources/T/PrivacyInfo.xcprivacy").write_text(MANIFEST.format(entries=(
            "<dict><key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryUserDefaults</string>"
            "<key>NSPrivacyAccessedAPITypeReasons</key><array/></dict>")))
        errors, _ = check_privacy.check(root, ["T"])
        self.assertEqual(len(errors), 1, errors)

    def test_names_in_comments_and_strings_are_not_calls(self):
        root = self.make('// fstat(fd, &s)\nlet s = "mach_absolute_time()"\n/* UserDefaults */\n', [])
        errors, _ = check_privacy.check(root, ["T"])
        self.assertEqual(errors, [])

    def test_declared_but_unused_is_a_note(self):
        root = self.make("let x = 1\n", [("NSPrivacyAccessedAPICategoryDiskSpace", "E174.1")])
        errors, notes = check_privacy.check(root, ["T"])
        self.assertEqual(errors, [])
        self.assertEqual(len(notes), 1)

    def test_this_package_passes(self):
        root = Path(__file__).resolve().parents[2]
        targets = check_privacy.app_targets(root)
        for expected in ["InternalUtilities", "Playback", "SensorFeeds", "SignalRunner", "Signals", "CSignalKernels"]:
            self.assertIn(expected, targets)
        errors, _ = check_privacy.check(root, targets)
        self.assertEqual(errors, [])


if __name__ == "__main__":
    unittest.main(verbosity=1)
