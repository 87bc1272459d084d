"""signals dataset on Dask (Integrations/python/signalrunner_dask): a LocalCluster of 2 workers renders
2,000 recordings of 10 s at 100 Hz; the Parquet data equals a serial `signals dataset --shard 0/1` run value
for value; the labels follow the plan's weights; a worker killed mid-run gives the same dataset. A plan that
mixes an IMU template (float32 recordings) with a trajectory template (float64) gives float64 channel
columns in every Parquet file, equal to the recordings value for value. What the integration refuses (labels
named like a data column, the Hive null value, --shards 0, a --signals that is missing or writes nothing), a
rerun leaving no stale Parquet file, and SIGINT stopping a run with 130 and no retry.

SIGNALS names the `signals` binary (make test-python sets it to the debug build)."""

import json
import math
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import glob
import hashlib

import numpy as np
import psutil
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as pads
import pyarrow.parquet as pq

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIGNALS = os.environ.get("SIGNALS") or os.path.join(ROOT, ".build", "debug", "signals")
COUNT = 2000
PLAN = {
    "seed": 11, "rate": 100, "duration": 10, "templates": [
        {"name": "walk", "labels": {"activity": "walking"},
         "parameters": {"cadence": {"uniform": [1.5, 2.1]}, "device": {"choice": ["bmi160", "android-hifi"]}},
         "spec": {"imu": {"preset": "$device", "motion": {"preset": "walking", "cadence": "$cadence"}}}},
        {"name": "still", "labels": {"activity": "still"},
         "parameters": {"device": {"choice": ["bmi160", "android-hifi"]}},
         "spec": {"imu": {"preset": "$device", "motion": {"attitude": "faceUp"}}}},
    ],
}
# A trajectory template (float64 recordings, 38 columns) beside an IMU template (float32, six columns that the
# trajectory also has): one Parquet type per column, float64.
MIXED_COUNT = 40
ROUTE = {"speed": "$speed", "waypoints": [{"latitude": 51.5, "longitude": -0.12}, {"latitude": 51.5005, "longitude": -0.12}]}
MIXED_PLAN = {
    "seed": 5, "rate": 20, "duration": 5, "templates": [
        {"name": "trip", "labels": {"activity": "trip"},
         "parameters": {"vehicle": {"choice": ["walk", "bike"]}, "speed": {"uniform": [1.2, 1.6]}},
         "spec": {"trajectory": {"route": ROUTE, "vehicle": "$vehicle", "mount": "handheld",
                                 "sensors": {"imu": {"preset": "bmi160"}, "barometer": {"noise_density": 0.03},
                                             "gnss": {"sigma": 2, "correlationTime": 30}}}}},
        {"name": "still", "labels": {"activity": "still"},
         "spec": {"imu": {"preset": "bmi160", "motion": {"attitude": "faceUp"}}}},
    ],
}
CHANNELS = ["accelerometer.x", "accelerometer.y", "accelerometer.z", "gyroscope.x", "gyroscope.y", "gyroscope.z"]


def write_plan_and_run_serial(folder, name, plan, count):
    """Writes `plan` as FOLDER/NAME and renders it serially (`--shard 0/1`) into FOLDER/serial: the plan's path
    and the output directory."""
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        json.dump(plan, f)
    serial = os.path.join(folder, "serial")
    subprocess.run([SIGNALS, "dataset", path, "--count", str(count), "--shard", "0/1", "--output-dir", serial],
                   check=True, capture_output=True)
    return path, serial


def run_dask(plan, output_dir, count=COUNT, extra=()):
    """Starts `python3 -m signalrunner_dask` on a LocalCluster of 2 workers."""
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "Integrations", "python"))
    return subprocess.Popen(
        [sys.executable, "-m", "signalrunner_dask", plan, "--count", str(count), "--workers", "2",
         "--output-dir", output_dir, "--signals", SIGNALS, *extra],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def parquet_samples(output_dir):
    """The Parquet data sorted by (index, row): index, row and channel arrays, and the label per index."""
    table = pads.dataset(os.path.join(output_dir, "data"), format="parquet", partitioning="hive").to_table()
    table = table.sort_by([("index", "ascending"), ("row", "ascending")])
    labels = dict(zip(table.column("index").to_pylist()[::1000], table.column("activity").to_pylist()[::1000]))
    return table, labels


class DatasetTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        # The serial reference: one process, every recording.
        started = time.monotonic()
        cls.plan, cls.serial = write_plan_and_run_serial(cls.tmp.name, "plan.json", PLAN, COUNT)
        cls.serial_seconds = time.monotonic() - started
        cls.dask_dir = os.path.join(cls.tmp.name, "dask")
        started = time.monotonic()
        process = run_dask(cls.plan, cls.dask_dir)
        out, err = process.communicate(timeout=900)
        cls.dask_seconds = time.monotonic() - started
        if process.returncode != 0:
            raise AssertionError(f"signalrunner_dask exited {process.returncode}: {err}")
        print(f"\n{COUNT} recordings: serial signals dataset {cls.serial_seconds:.1f} s, "
              f"Dask on 2 workers (Parquet included) {cls.dask_seconds:.1f} s", file=sys.stderr)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def serial_manifest(self):
        with open(os.path.join(self.serial, "manifest.jsonl")) as f:
            return [json.loads(line) for line in f]

    def test_parquet_equals_serial_run(self):
        table, labels = parquet_samples(self.dask_dir)
        manifest = self.serial_manifest()
        self.assertEqual(len(manifest), COUNT)
        self.assertEqual(table.num_rows, sum(m["rows"] for m in manifest))
        expected = np.concatenate([np.load(os.path.join(self.serial, m["file"])) for m in manifest])
        self.assertEqual(expected.dtype, np.float32)
        for c, name in enumerate(CHANNELS):
            got = table.column(name).to_numpy()
            # Bit for bit: float32 patterns, so that NaN or -0.0 could not hide a difference.
            self.assertTrue(np.array_equal(got.view(np.uint32), expected[:, c].view(np.uint32)), name)
        index = table.column("index").to_numpy()
        self.assertTrue(np.array_equal(index, np.repeat(np.arange(COUNT), 1000)))
        self.assertTrue(np.array_equal(table.column("row").to_numpy(), np.tile(np.arange(1000), COUNT)))
        self.assertEqual(labels, {m["index"]: m["labels"]["activity"] for m in manifest})

    def test_manifest_table_matches_serial_manifest(self):
        table = pq.read_table(os.path.join(self.dask_dir, "manifest.parquet")).to_pylist()
        manifest = self.serial_manifest()
        self.assertEqual([r["index"] for r in table], list(range(COUNT)))
        for row, line in zip(table, manifest):
            self.assertEqual(row["checksum"], line["checksum"])
            self.assertEqual(json.loads(row["parameters"]), line["parameters"])
            self.assertEqual(json.loads(row["seeds"]), line["seeds"])
            self.assertEqual(row["template"], line["template"])

    def test_checksums_are_sha256_of_the_samples(self):
        import hashlib
        for line in self.serial_manifest()[:50]:
            samples = np.load(os.path.join(self.serial, line["file"]))
            self.assertEqual("sha256:" + hashlib.sha256(samples.astype("<f4").tobytes()).hexdigest(), line["checksum"])

    def test_label_counts_follow_the_plan(self):
        counts = {}
        for line in self.serial_manifest():
            counts[line["labels"]["activity"]] = counts.get(line["labels"]["activity"], 0) + 1
        # Two templates drawn evenly: walking ~ Binomial(2000, 1/2), sd = sqrt(500) ~ 22.4; five sd either way.
        bound = 5 * math.sqrt(COUNT * 0.25)
        self.assertLess(abs(counts["walking"] - COUNT / 2), bound, counts)
        self.assertEqual(counts["walking"] + counts["still"], COUNT)

    def test_worker_killed_mid_run_gives_the_same_dataset(self):
        output = os.path.join(self.tmp.name, "killed")
        process = run_dask(self.plan, output)
        killed = None
        deadline = time.monotonic() + 300
        # Kill the worker process running a shard once that shard has written some recordings.
        while killed is None and process.poll() is None and time.monotonic() < deadline:
            for child in psutil.Process(process.pid).children(recursive=True):
                try:
                    if os.path.basename(child.exe()) == os.path.basename(SIGNALS) and "dataset" in child.cmdline():
                        recordings = os.path.join(output, "recordings")
                        if os.path.isdir(recordings) and len(os.listdir(recordings)) >= 20:
                            worker = child.parent()
                            os.kill(worker.pid, signal.SIGKILL)
                            killed = worker.pid
                            break
                except (psutil.NoSuchProcess, psutil.AccessDenied, FileNotFoundError):
                    continue
            time.sleep(0.05)
        out, err = process.communicate(timeout=900)
        self.assertIsNotNone(killed, "no worker was running a shard to kill")
        self.assertEqual(process.returncode, 0, err)
        got, got_labels = parquet_samples(output)
        want, want_labels = parquet_samples(self.dask_dir)
        self.assertTrue(got.equals(want))
        self.assertEqual(got_labels, want_labels)
        self.assertEqual(pq.read_table(os.path.join(output, "manifest.parquet")),
                         pq.read_table(os.path.join(self.dask_dir, "manifest.parquet")))

    def test_rerun_of_a_shard_writes_the_same_bytes(self):
        first = os.path.join(self.serial, "recordings", "000123.npy")
        with open(first, "rb") as f:
            before = f.read()
        again = os.path.join(self.tmp.name, "again")
        subprocess.run([SIGNALS, "dataset", self.plan, "--count", str(COUNT), "--shard", "123/1000", "--output-dir", again],
                       check=True, capture_output=True)
        with open(os.path.join(again, "recordings", "000123.npy"), "rb") as f:
            self.assertEqual(f.read(), before)


def unified_dataset(output_dir):
    """DIR/data/ read with the schema unified over its files (templates write different columns) plus the
    label partition; sorted by (index, row). Unifying fails if two files give a column different types."""
    files = sorted(glob.glob(os.path.join(output_dir, "data", "**", "*.parquet"), recursive=True))
    schema = pa.unify_schemas([pq.read_schema(f) for f in files] + [pa.schema([("activity", pa.string())])])
    table = pads.dataset(os.path.join(output_dir, "data"), schema=schema, format="parquet", partitioning="hive").to_table()
    return files, table.sort_by([("index", "ascending"), ("row", "ascending")])


class MixedDatasetTest(unittest.TestCase):
    """A plan with a trajectory template and an IMU template, on Dask and serially."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.plan, cls.serial = write_plan_and_run_serial(cls.tmp.name, "mixed.json", MIXED_PLAN, MIXED_COUNT)
        with open(os.path.join(cls.serial, "manifest.jsonl")) as f:
            cls.manifest = [json.loads(line) for line in f]
        cls.dask_dir = os.path.join(cls.tmp.name, "dask")
        process = run_dask(cls.plan, cls.dask_dir, count=MIXED_COUNT)
        out, err = process.communicate(timeout=900)
        if process.returncode != 0:
            raise AssertionError(f"signalrunner_dask exited {process.returncode}: {err}")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_plan_channel_type(self):
        sys.path.insert(0, os.path.join(ROOT, "Integrations", "python"))
        from signalrunner_dask import plan_channel_type
        self.assertEqual(plan_channel_type(self.plan), pa.float64())
        # The failing case: a plan without a trajectory keeps float32 columns.
        plain = os.path.join(self.tmp.name, "plain.json")
        with open(plain, "w") as f:
            json.dump(PLAN, f)
        self.assertEqual(plan_channel_type(plain), pa.float32())

    def test_manifest_says_each_recording_dtype(self):
        dtypes = {line["template"]: set() for line in self.manifest}
        for line in self.manifest:
            dtypes[line["template"]].add(line["dtype"])
        self.assertEqual(dtypes, {"trip": {"float64"}, "still": {"float32"}})
        for line in self.manifest:
            self.assertEqual(np.load(os.path.join(self.serial, line["file"])).dtype, np.dtype(line["dtype"]), line["file"])
        table = pq.read_table(os.path.join(self.dask_dir, "manifest.parquet")).to_pylist()
        self.assertEqual([row["dtype"] for row in table], [line["dtype"] for line in self.manifest])

    def test_checksums_are_sha256_of_the_samples_in_their_dtype(self):
        for line in self.manifest:
            samples = np.load(os.path.join(self.serial, line["file"]))
            little = "<f8" if line["dtype"] == "float64" else "<f4"
            self.assertEqual("sha256:" + hashlib.sha256(samples.astype(little).tobytes()).hexdigest(), line["checksum"], line["file"])

    def test_every_file_gives_channel_columns_float64(self):
        files, _ = unified_dataset(self.dask_dir)
        self.assertGreater(len(files), 1)
        channels = set()
        for f in files:
            for field in pq.read_schema(f):
                if field.name not in ("index", "row", "t"):
                    channels.add(field.name)
                    self.assertEqual(field.type, pa.float64(), f"{f}: {field.name}")
        # The six IMU columns both templates have, and the trajectory's own.
        self.assertTrue({"accelerometer.x", "gyroscope.z", "latitude", "pressure", "gnss.latitude"} <= channels, channels)

    def test_parquet_equals_serial_recordings(self):
        _, table = unified_dataset(self.dask_dir)
        rows = 100
        self.assertEqual(table.num_rows, rows * MIXED_COUNT)
        index = table.column("index").to_numpy()
        for line in self.manifest:
            samples = np.load(os.path.join(self.serial, line["file"]))
            selected = table.filter(pc.equal(table.column("index"), line["index"]))
            self.assertEqual(selected.num_rows, rows)
            for c, name in enumerate(line["columns"]):
                got = selected.column(name).to_numpy()
                # Bit for bit in float64: float32 samples widened exactly, float64 samples as written.
                want = samples[:, c].astype(np.float64)
                self.assertTrue(np.array_equal(got.view(np.uint64), want.view(np.uint64)), f"{line['file']}: {name}")
            # Columns of the other template are null in this recording's rows.
            if line["template"] == "still":
                self.assertEqual(selected.column("latitude").null_count, rows)
            self.assertEqual(selected.column("activity").to_pylist(), [line["labels"]["activity"]] * rows)
        self.assertTrue(np.array_equal(index, np.repeat(np.arange(MIXED_COUNT), rows)))


SMALL_PLAN = {
    "seed": 3, "rate": 20, "duration": 1, "templates": [
        {"name": "walk", "labels": {"activity": "walking"},
         "spec": {"imu": {"preset": "bmi160", "motion": {"preset": "walking"}}}},
        {"name": "still", "labels": {"activity": "still"},
         "spec": {"imu": {"preset": "bmi160", "motion": {"attitude": "faceUp"}}}},
    ],
}


def plan_with_label(key, value="walking"):
    """SMALL_PLAN with the first template's label `key: value` instead of `activity`."""
    plan = json.loads(json.dumps(SMALL_PLAN))
    plan["templates"][0]["labels"] = {key: value}
    return plan


def run_cli(args, timeout=600, **popen):
    """`python3 -m signalrunner_dask ARGS`: its exit status, standard output and standard error."""
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "Integrations", "python"))
    process = subprocess.Popen([sys.executable, "-m", "signalrunner_dask", *args], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, **popen)
    out, err = process.communicate(timeout=timeout)
    return process.returncode, out, err


class DaskRefusalsTest(unittest.TestCase):
    """What the Dask integration refuses, and what it does not leave behind."""

    @classmethod
    def setUpClass(cls):
        sys.path.insert(0, os.path.join(ROOT, "Integrations", "python"))

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.output = os.path.join(self.tmp.name, "out")

    def write_plan(self, plan, name="plan.json"):
        path = os.path.join(self.tmp.name, name)
        with open(path, "w") as f:
            json.dump(plan, f)
        return path

    def run_plan(self, plan, status, *extra, count=4, output=None, signals=SIGNALS):
        """`python3 -m signalrunner_dask PLAN --count COUNT --output-dir OUTPUT --signals SIGNALS EXTRA...` (OUTPUT
        is self.output unless given), expected to exit with `status`: its standard error."""
        code, _, err = run_cli([plan, "--count", str(count), "--output-dir", output or self.output, "--signals", signals,
                                *extra])
        self.assertEqual(code, status, err)
        return err

    def test_labels_named_like_a_data_column_are_refused(self):
        from signalrunner_dask import PlanError, run_dataset
        for key in ["index", "row", "t", "value", "x", "z", "c0", "c12", "accelerometer.x", ".hidden", "_private"]:
            with self.subTest(key=key):
                plan = self.write_plan(plan_with_label(key))
                output = os.path.join(self.tmp.name, "out-" + key)
                err = self.run_plan(plan, 2, output=output)
                self.assertIn(f"$.templates[0].labels.{key}", err)
                self.assertNotIn("Traceback", err)
                self.assertFalse(os.path.exists(os.path.join(output, "data")))
                # The library refuses it before any task runs (no client is needed to see it).
                with self.assertRaisesRegex(PlanError, "may not"):
                    run_dataset(None, SIGNALS, plan, 4, output, 1)
        # The failing case: an ordinary label name passes.
        from signalrunner_dask.dataset import plan_labels
        self.assertEqual(plan_labels(self.write_plan(plan_with_label("activity"))), ["activity"])
        self.assertEqual(plan_labels(self.write_plan(plan_with_label("row_count"))), ["row_count", "activity"])

    def test_a_label_clashing_with_a_channel_column_found_in_a_shard_is_refused(self):
        from signalrunner_dask import PlanError, shard_rows
        folder = self.tmp.name
        np.save(os.path.join(folder, "r.npy"), np.zeros((2, 1), dtype=np.float32))
        with open(os.path.join(folder, "manifest.jsonl"), "w") as f:
            f.write(json.dumps({"index": 0, "file": "r.npy", "columns": ["pressure"], "labels": {"pressure": "high"}}) + "\n")
        with self.assertRaisesRegex(PlanError, "'pressure'"):
            shard_rows(folder, 0, 1, ["pressure"], 20.0)
        # The failing case: another label name gives the table.
        table, _ = shard_rows(folder, 0, 1, ["level"], 20.0)
        self.assertEqual(table.column_names, ["index", "row", "t", "pressure", "level"])

    def test_hive_default_partition_value_is_refused(self):
        plan = self.write_plan(plan_with_label("activity", "__HIVE_DEFAULT_PARTITION__"))
        err = self.run_plan(plan, 2)
        self.assertIn("__HIVE_DEFAULT_PARTITION__", err)
        self.assertIn("$.templates[0].labels.activity", err)
        self.assertFalse(os.path.exists(os.path.join(self.output, "data")))

    def test_non_positive_shards_and_negative_retries_are_refused(self):
        from signalrunner_dask import run_dataset
        plan = self.write_plan(SMALL_PLAN)
        for flag, value, message in [("--shards", "0", "--shards must be >= 1, got 0"), ("--shards", "-3", "--shards must be >= 1, got -3"),
                                     ("--retries", "-1", "--retries must be >= 0, got -1")]:
            with self.subTest(flag=flag, value=value):
                self.assertIn(message, self.run_plan(plan, 2, flag, value))
        for shards in [0, -1]:
            with self.assertRaisesRegex(ValueError, f"shards must be a whole number >= 1, got {shards}"):
                run_dataset(None, SIGNALS, plan, 4, self.output, shards)
        self.assertFalse(os.path.exists(self.output))

    def test_a_signals_binary_that_is_missing_or_writes_nothing_gets_a_clear_error(self):
        plan = self.write_plan(SMALL_PLAN)
        self.assertIn("no such executable", self.run_plan(plan, 2, signals=os.path.join(self.tmp.name, "nowhere")))
        # /bin/true exits 0 and writes nothing.
        err = self.run_plan(plan, 1, "--workers", "1", "--shards", "1", "--retries", "0", signals="/bin/true")
        self.assertIn("wrote no manifest.jsonl", err)
        self.assertNotIn("Traceback", err)
        self.assertFalse(os.path.exists(os.path.join(self.output, "manifest.parquet")))

    def test_a_rerun_with_fewer_recordings_or_shards_leaves_no_stale_parquet(self):
        plan = self.write_plan(SMALL_PLAN)
        output = self.output
        self.run_plan(plan, 0, "--shards", "4", count=40)
        self.assertEqual(parquet_samples_small(output).num_rows, 40 * 20)
        self.run_plan(plan, 0, "--shards", "2", count=6)
        table = parquet_samples_small(output)
        manifest = pq.read_table(os.path.join(output, "manifest.parquet"))
        self.assertEqual(manifest.column("index").to_pylist(), list(range(6)))
        self.assertEqual(sorted(set(table.column("index").to_pylist())), list(range(6)))
        self.assertEqual(table.num_rows, sum(manifest.column("rows").to_pylist()))
        files = glob.glob(os.path.join(output, "data", "**", "*.parquet"), recursive=True)
        self.assertTrue(all(os.path.basename(f).startswith(("part-00000-", "part-00001-")) for f in files), files)

    def interrupted_run(self, whom):
        """Starts a long run in its own process group, waits until a shard's signals has written recordings,
        sends SIGINT to `whom` ("group": every process, as Ctrl-C in a terminal; "signals": only the shards'
        signals processes), and checks that the run stops: exit 130, no manifest.parquet (the run did not go
        on to the end, retrying), no signals process left."""
        plan = self.write_plan(dict(SMALL_PLAN, duration=60, rate=100))
        output = self.output
        env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "Integrations", "python"))
        process = subprocess.Popen([sys.executable, "-m", "signalrunner_dask", plan, "--count", "2000", "--workers", "2",
                                    "--output-dir", output, "--signals", SIGNALS], env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, start_new_session=True)
        seen = set()
        running = []
        deadline = time.monotonic() + 300
        # The event: a shard's signals process has written recordings.
        while process.poll() is None and time.monotonic() < deadline:
            running = [p for p in psutil.Process(process.pid).children(recursive=True)
                       if p.is_running() and p.name() == os.path.basename(SIGNALS)[:15]]
            seen.update(running)
            recordings = os.path.join(output, "recordings")
            if running and os.path.isdir(recordings) and len(os.listdir(recordings)) >= 4:
                break
            time.sleep(0.05)
        self.assertIsNone(process.poll(), "the run ended before a shard was under way")
        if whom == "group":
            os.killpg(process.pid, signal.SIGINT)
        else:
            for p in running:
                p.send_signal(signal.SIGINT)
        try:
            _, err = process.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            self.fail("SIGINT did not stop the run within 120 s")
        self.assertEqual(process.returncode, 130, err)
        self.assertIn("interrupted", err)
        self.assertNotIn("Traceback", err)
        self.assertFalse(os.path.exists(os.path.join(output, "manifest.parquet")), "the run went on to the end")
        # Once the run has returned, nothing writes into its output directory: no signals process (started
        # before or just after the interrupt, whoever its parent now is) still names it.
        strays = []
        for p in psutil.process_iter(["pid", "cmdline"]):
            cmdline = p.info.get("cmdline") or []
            if any(output in part for part in cmdline):
                strays.append((p.info["pid"], " ".join(cmdline)[:200]))
        self.assertEqual(strays, [], "processes still working on the output directory after the run stopped")
        self.assertTrue(seen, "no shard's signals was seen running")

    def test_ctrl_c_stops_the_run_with_130_and_no_retry(self):
        self.interrupted_run("group")

    def test_sigint_to_the_shards_signals_stops_the_run_with_130_and_no_retry(self):
        self.interrupted_run("signals")


def parquet_samples_small(output_dir):
    """SMALL_PLAN's Parquet data (the `activity` partition)."""
    return pads.dataset(os.path.join(output_dir, "data"), format="parquet", partitioning="hive").to_table()


if __name__ == "__main__":
    unittest.main()
