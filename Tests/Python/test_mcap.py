"""`signals render --format mcap` read back with the PyPI packages `mcap` and `mcap-ros2-support` (and `rosbags`
when installed), every message compared with the CSV render of the same spec (`--output-dir`).

Run by `make test-python` (SIGNALS names the debug `signals`); needs the pinned PY_TEST_PACKAGES of the Makefile.
"""
import csv
import json
import math
import os
import subprocess
import tempfile
import unittest
from datetime import datetime, timezone
from pathlib import Path

from mcap.reader import make_reader
from mcap_ros2.decoder import DecoderFactory

ROOT = Path(__file__).resolve().parents[2]
SIGNALS = os.environ.get("SIGNALS", str(ROOT / ".build" / "debug" / "signals"))
RATE = "50"
TOPICS = {
    "/truth/odometry": ("nav_msgs/msg/Odometry", "truth"),
    "/imu/data": ("sensor_msgs/msg/Imu", "imu"),
    "/imu/mag": ("sensor_msgs/msg/MagneticField", "magnetometer"),
    "/pressure": ("sensor_msgs/msg/FluidPressure", "barometer"),
    "/gnss/fix": ("sensor_msgs/msg/NavSatFix", "gnss"),
}


def run(*args):
    done = subprocess.run([SIGNALS, *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise AssertionError(f"signals {' '.join(args)} exited {done.returncode}: {done.stderr}")
    return done


def read_csv(path):
    with open(path, newline="") as f:
        return [{k: float(v) for k, v in row.items()} for row in csv.DictReader(f)]


def ecef(lat, lon, h):
    a, f = 6378137.0, 1 / 298.257223563
    e2 = f * (2 - f)
    p, l = math.radians(lat), math.radians(lon)
    n = a / math.sqrt(1 - e2 * math.sin(p) ** 2)
    return ((n + h) * math.cos(p) * math.cos(l), (n + h) * math.cos(p) * math.sin(l), (n * (1 - e2) + h) * math.sin(p))


def enu(origin, lat, lon, h):
    lat0, lon0 = origin
    o = ecef(lat0, lon0, 0)
    d = [a - b for a, b in zip(ecef(lat, lon, h), o)]
    p, l = math.radians(lat0), math.radians(lon0)
    e = (-math.sin(l), math.cos(l), 0)
    n = (-math.sin(p) * math.cos(l), -math.sin(p) * math.sin(l), math.cos(p))
    u = (math.cos(p) * math.cos(l), math.cos(p) * math.sin(l), math.sin(p))
    return tuple(sum(x * y for x, y in zip(d, axis)) for axis in (e, n, u))


def rotate_back(v, w, x, y, z):
    """R(q)^T v: an east-north-up vector in the device frame."""
    r = ((1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)),
         (2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)),
         (2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)))
    return tuple(sum(r[i][j] * v[i] for i in range(3)) for j in range(3))


def close(testcase, got, want, what, rel=0.0, abs_tol=0.0):
    """Exact unless a tolerance is given (only where units were converted)."""
    if rel == 0 and abs_tol == 0:
        testcase.assertEqual(got, want, what)
    else:
        testcase.assertTrue(math.isclose(got, want, rel_tol=rel, abs_tol=abs_tol), f"{what}: {got} != {want}")


class RenderedMCAP(unittest.TestCase):
    spec = ROOT / "Examples" / "trajectories" / "car.json"

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        tmp = Path(cls.tmp.name)
        cls.mcap = tmp / "run.mcap"
        cls.by_extension = tmp / "by-extension.mcap"
        cls.csv_dir = tmp / "csv"
        run("render", str(cls.spec), "--rate", RATE, "--format", "mcap", "-o", str(cls.mcap))
        run("render", str(cls.spec), "--rate", RATE, "-o", str(cls.by_extension))
        run("render", str(cls.spec), "--rate", RATE, "--output-dir", str(cls.csv_dir))
        cls.csv = {kind: read_csv(cls.csv_dir / f"{kind}.csv")
                   for _, kind in TOPICS.values() if (cls.csv_dir / f"{kind}.csv").exists()}
        cls.sensors = json.loads((cls.csv_dir / "sensors.json").read_text())
        epoch = datetime.strptime(cls.sensors["epoch"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
        cls.epoch_ns = int(epoch.timestamp()) * 10**9
        cls.messages = {}
        cls.log_times = []
        with open(cls.mcap, "rb") as f:
            reader = make_reader(f, decoder_factories=[DecoderFactory()])
            cls.summary = reader.get_summary()
            cls.header = reader.get_header()
            for schema, channel, message, decoded in reader.iter_decoded_messages(log_time_order=False):
                cls.messages.setdefault(channel.topic, []).append((schema.name, message, decoded))
                cls.log_times.append(message.log_time)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def stamp(self, t):
        return self.epoch_ns + round(t * 1e9)

    def test_header_and_profile(self):
        self.assertEqual(self.header.profile, "ros2")
        self.assertEqual(self.mcap.read_bytes()[:8], b"\x89MCAP0\r\n")
        self.assertEqual(self.mcap.read_bytes()[-8:], b"\x89MCAP0\r\n")

    def test_extension_picks_mcap(self):
        self.assertEqual(self.by_extension.read_bytes(), self.mcap.read_bytes())

    def test_summary_indexes_and_statistics(self):
        s = self.summary
        self.assertIsNotNone(s)
        self.assertGreater(len(s.chunk_indexes), 0)
        self.assertIsNotNone(s.statistics)
        self.assertEqual(s.statistics.chunk_count, len(s.chunk_indexes))
        counts = {s.channels[c].topic: n for c, n in s.statistics.channel_message_counts.items()}
        self.assertEqual(counts, {topic: len(self.csv[kind]) for topic, (_, kind) in TOPICS.items() if kind in self.csv})
        self.assertEqual(s.statistics.message_count, sum(len(rows) for rows in self.csv.values()))
        for channel in s.channels.values():
            self.assertEqual(channel.message_encoding, "cdr")
            schema = s.schemas[channel.schema_id]
            self.assertEqual(schema.encoding, "ros2msg")
            self.assertEqual(schema.name, TOPICS[channel.topic][0])
        for index in s.chunk_indexes:
            self.assertEqual(index.compression, "")
            self.assertGreater(len(index.message_index_offsets), 0)

    def test_crcs_validate(self):
        from mcap.stream_reader import StreamReader
        with open(self.mcap, "rb") as f:
            records = list(StreamReader(f, skip_magic=False, validate_crcs=True).records)
        self.assertGreater(len(records), 10)

    def test_timestamps_increase(self):
        self.assertEqual(self.log_times, sorted(self.log_times))
        for topic, items in self.messages.items():
            times = [m.log_time for _, m, _ in items]
            self.assertTrue(all(a < b for a, b in zip(times, times[1:])), topic)

    def check_stamps(self, topic, kind, frame="device"):
        rows, items = self.csv[kind], self.messages[topic]
        self.assertEqual(len(items), len(rows), topic)
        for row, (name, message, msg) in zip(rows, items):
            self.assertEqual(name, TOPICS[topic][0])
            want = self.stamp(row["t"])
            self.assertEqual(msg.header.stamp.sec * 10**9 + msg.header.stamp.nanosec, want, topic)
            self.assertEqual(message.log_time, want)
            self.assertEqual(message.publish_time, want)
            self.assertEqual(msg.header.frame_id, frame)
        return zip(rows, (msg for _, _, msg in items))

    def test_truth_odometry(self):
        channel = next(c for c in self.summary.channels.values() if c.topic == "/truth/odometry")
        origin = (float(channel.metadata["origin_latitude"]), float(channel.metadata["origin_longitude"]))
        self.assertEqual(origin, (self.csv["truth"][0]["latitude"], self.csv["truth"][0]["longitude"]))
        for row, msg in self.check_stamps("/truth/odometry", "truth", frame="enu"):
            self.assertEqual(msg.child_frame_id, "device")
            e, n, u = enu(origin, row["latitude"], row["longitude"], row["altitude"])
            p = msg.pose.pose.position
            for got, want, axis in ((p.x, e, "east"), (p.y, n, "north"), (p.z, u, "up")):
                close(self, got, want, f"position.{axis}", abs_tol=1e-6)      # metres from degrees
            q = msg.pose.pose.orientation
            self.assertEqual((q.w, q.x, q.y, q.z), (row["attitude.w"], row["attitude.x"], row["attitude.y"], row["attitude.z"]))
            v = rotate_back((row["velocity.east"], row["velocity.north"], row["velocity.up"]),
                            row["attitude.w"], row["attitude.x"], row["attitude.y"], row["attitude.z"])
            lin = msg.twist.twist.linear
            for got, want, axis in zip((lin.x, lin.y, lin.z), v, "xyz"):
                close(self, got, want, f"twist.linear.{axis}", abs_tol=1e-9)  # rotated into the device frame
            ang = msg.twist.twist.angular
            self.assertEqual((ang.x, ang.y, ang.z), (row["rotationRate.x"], row["rotationRate.y"], row["rotationRate.z"]))

    def test_imu(self):
        truth = self.csv["truth"]
        self.assertEqual(self.sensors["accelerometerUnit"], "m/s^2")
        for i, (row, msg) in enumerate(self.check_stamps("/imu/data", "imu")):
            a, g = msg.linear_acceleration, msg.angular_velocity
            self.assertEqual((a.x, a.y, a.z), (row["accelerometer.x"], row["accelerometer.y"], row["accelerometer.z"]))
            self.assertEqual((g.x, g.y, g.z), (row["gyroscope.x"], row["gyroscope.y"], row["gyroscope.z"]))
            q = msg.orientation    # the truth's attitude (the IMU runs at the render rate here)
            self.assertEqual(truth[i]["t"], row["t"])
            self.assertEqual((q.w, q.x, q.y, q.z), (truth[i]["attitude.w"], truth[i]["attitude.x"], truth[i]["attitude.y"], truth[i]["attitude.z"]))
            self.assertEqual(list(msg.orientation_covariance), [0.0] * 9)
            # bmi160 at 50 Hz: noise density² × rate on the diagonal, > 0.
            for cov in (msg.angular_velocity_covariance, msg.linear_acceleration_covariance):
                self.assertGreater(cov[0], 0)
                self.assertEqual([cov[k] for k in (1, 2, 3, 5, 6, 7)], [0.0] * 6)

    def compare_magnetic_field(self, convert):
        for row, msg in self.check_stamps("/imu/mag", "magnetometer"):
            f = msg.magnetic_field
            for got, axis in ((f.x, "x"), (f.y, "y"), (f.z, "z")):
                close(self, convert(got), row[f"magnetometer.{axis}"], f"magnetic_field.{axis}", rel=1e-12)

    def test_magnetometer_in_tesla(self):
        self.compare_magnetic_field(lambda tesla: tesla * 1e6)
        for _, msg in self.check_stamps("/imu/mag", "magnetometer"):
            norm = math.sqrt(msg.magnetic_field.x ** 2 + msg.magnetic_field.y ** 2 + msg.magnetic_field.z ** 2)
            self.assertTrue(20e-6 < norm < 70e-6, f"|B| = {norm} T is not the Earth's field")

    def test_check_catches_unconverted_microtesla(self):
        # The comparison must fail on a value in the wrong unit (the file read as if it held µT).
        with self.assertRaises(AssertionError):
            self.compare_magnetic_field(lambda tesla: tesla)

    def test_pressure(self):
        for row, msg in self.check_stamps("/pressure", "barometer"):
            self.assertEqual(msg.fluid_pressure, row["pressure"])
            self.assertGreaterEqual(msg.variance, 0)

    def test_gnss(self):
        for row, msg in self.check_stamps("/gnss/fix", "gnss"):
            self.assertEqual((msg.latitude, msg.longitude, msg.altitude), (row["latitude"], row["longitude"], row["altitude"]))
            h, v = row["horizontalAccuracy"], row["verticalAccuracy"]
            self.assertEqual(list(msg.position_covariance), [h * h, 0, 0, 0, h * h, 0, 0, 0, v * v])
            self.assertEqual(msg.position_covariance_type, 1)
            self.assertEqual((msg.status.status, msg.status.service), (0, 1))

    def test_rosbags_reads_it_too(self):
        try:
            from rosbags.highlevel import AnyReader
        except ImportError:
            self.skipTest("rosbags is not installed")
        with AnyReader([self.mcap]) as reader:
            counts = {}
            for connection, timestamp, raw in reader.messages():
                msg = reader.deserialize(raw, connection.msgtype)
                counts[connection.topic] = counts.get(connection.topic, 0) + 1
                if connection.topic == "/pressure" and counts[connection.topic] == 1:
                    self.assertEqual(msg.fluid_pressure, self.csv["barometer"][0]["pressure"])
        self.assertEqual(counts, {topic: len(items) for topic, items in self.messages.items()})


class TunnelMCAP(unittest.TestCase):
    """A GNSS outage: no fixes in the file where gnss.csv has none; the IMU in m/s², no magnetometer topic."""

    def test_outage_and_topics(self):
        with tempfile.TemporaryDirectory() as tmp:
            spec = ROOT / "Examples" / "trajectories" / "bike-tunnel.json"
            out = Path(tmp) / "tunnel.mcap"
            run("render", str(spec), "--rate", "20", "-o", str(out))
            run("render", str(spec), "--rate", "20", "--output-dir", str(Path(tmp) / "csv"))
            gnss = read_csv(Path(tmp) / "csv" / "gnss.csv")
            with open(out, "rb") as f:
                reader = make_reader(f, decoder_factories=[DecoderFactory()])
                topics = {c.topic for c in reader.get_summary().channels.values()}
                fixes = [msg.latitude for _, c, _, msg in reader.iter_decoded_messages(topics=["/gnss/fix"])]
            self.assertEqual(topics, {"/truth/odometry", "/imu/data", "/gnss/fix"})
            self.assertEqual(fixes, [row["latitude"] for row in gnss])
            self.assertFalse(any(60 <= row["t"] < 90 for row in gnss))


class ImuSpecMCAP(unittest.TestCase):
    """An {"imu": ...} spec: /imu/data only, the accelerometer's g (CoreMotion's sign) as m/s² (physical sign)."""

    def test_imu_spec(self):
        with tempfile.TemporaryDirectory() as tmp:
            spec = ROOT / "Examples" / "specs" / "imu" / "bmi160-walking.json"
            out, table = Path(tmp) / "imu.mcap", Path(tmp) / "imu.csv"
            run("render", str(spec), "--rate", "100", "--duration", "3", "-o", str(out))
            run("render", str(spec), "--rate", "100", "--duration", "3", "-o", str(table))
            rows = read_csv(table)
            with open(out, "rb") as f:
                reader = make_reader(f, decoder_factories=[DecoderFactory()])
                topics = [c.topic for c in reader.get_summary().channels.values()]
                items = [(m, msg) for _, _, m, msg in reader.iter_decoded_messages()]
            self.assertEqual(topics, ["/imu/data"])
            self.assertEqual(len(items), len(rows))
            for row, (message, msg) in zip(rows, items):
                self.assertEqual(message.log_time, round(row["t"] * 1e9))    # no epoch: from 1970
                self.assertEqual(msg.orientation_covariance[0], -1.0)        # no orientation given
                a, g = msg.linear_acceleration, msg.angular_velocity
                for got, axis in ((a.x, "x"), (a.y, "y"), (a.z, "z")):      # float32 in the CSV, × −9.80665
                    close(self, got, -9.80665 * row[f"accelerometer.{axis}"], f"linear_acceleration.{axis}", rel=1e-6, abs_tol=1e-6)
                for got, axis in ((g.x, "x"), (g.y, "y"), (g.z, "z")):
                    close(self, got, row[f"gyroscope.{axis}"], f"angular_velocity.{axis}", rel=1e-6, abs_tol=1e-9)


class Refusals(unittest.TestCase):
    def refused(self, *args, says):
        done = subprocess.run([SIGNALS, *args], capture_output=True, text=True)
        self.assertNotEqual(done.returncode, 0)
        self.assertIn(says, done.stderr)

    def test_signal_spec_is_refused_naming_the_kinds(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.refused("render", str(ROOT / "Examples" / "specs" / "wave.json"), "--rate", "100", "--duration", "1",
                         "-o", str(Path(tmp) / "w.mcap"), says="trajectory specs")

    def test_output_dir_is_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.refused("render", str(ROOT / "Examples" / "trajectories" / "car.json"), "--rate", "10", "--format", "mcap",
                         "--output-dir", tmp, says="-o FILE.mcap")

    def test_output_onto_the_spec_is_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            spec = Path(tmp) / "car.mcap"
            spec.write_text((ROOT / "Examples" / "trajectories" / "car.json").read_text())
            self.refused("render", str(spec), "--rate", "10", "--format", "mcap", "-o", str(spec), says="it is the input")
            self.assertTrue(spec.read_text().startswith('{"trajectory"'))


if __name__ == "__main__":
    unittest.main()
