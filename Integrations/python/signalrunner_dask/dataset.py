"""Shards of a dataset plan as Dask tasks: ``signals dataset`` per shard, Parquet out."""

from __future__ import annotations

import json
import os
import re
import signal
import stat
import subprocess
import sys
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.dataset as pads
import pyarrow.parquet as pq

UPLOADED_NAME = "signals"

# The columns every row has, beside the channels and the labels.
DATA_COLUMNS = ("index", "row", "t")
# The value Hive partitioning writes for a missing value: a label with it would be read back as null.
HIVE_NULL = "__HIVE_DEFAULT_PARTITION__"
# A Parquet data file of a shard, as render_shard names it.
PART_FILE = re.compile(r"part-\d{5}-\d+\.parquet")


class PlanError(ValueError):
    """A plan whose labels the Parquet dataset cannot hold (a label named like a data column, a value the
    Hive reader would read as null), with the JSON path of the label."""


class ShardError(RuntimeError):
    """A shard that ``signals dataset`` could not render, or rendered into something unreadable."""


def check_label(path: str, key: str, value: Any) -> None:
    """Refuses a label that the Parquet dataset would lose or mix up with the data.

    A label is a partition column, read back beside the data columns: its name may not be one of theirs
    (``index``, ``row``, ``t``, or a channel's as ``signals render`` names them: ``value``, ``x``, ``y``,
    ``z``, ``c0``, ``c1``, ..., and every name with a ``.``, such as ``accelerometer.x``), nor start with
    ``.`` or ``_`` (the reader skips such directories); its value may not be ``__HIVE_DEFAULT_PARTITION__``
    (read back as null).
    Raises ``PlanError`` naming the label's path.
    """
    if key in DATA_COLUMNS:
        raise PlanError(f"{path}: a label may not be named '{key}': that is a data column (index, row, t); rename the label")
    if key in ("value", "x", "y", "z") or re.fullmatch(r"c\d+", key) or "." in key:
        raise PlanError(f"{path}: a label may not be named '{key}': a channel column may have that name "
                        "(value, x, y, z, cN, or a name with a '.'); rename the label")
    if key.startswith((".", "_")):
        raise PlanError(f"{path}: a label's name may not start with '{key[0]}': the Parquet reader skips such partition directories")
    if value == HIVE_NULL:
        raise PlanError(f"{path}: the label value '{HIVE_NULL}' is how Hive partitioning writes a missing value; "
                        "the dataset would read it back as null: choose another value")


def plan_labels(plan_path: str) -> list[str]:
    """Every label key of the plan's templates, in first-seen order (the partition columns), each checked
    by ``check_label`` (``PlanError`` for a label the Parquet dataset cannot hold)."""
    try:
        with open(plan_path, "rb") as f:
            plan = json.load(f)
    except (OSError, ValueError) as error:
        raise PlanError(f"{plan_path}: cannot read the plan: {error}") from None
    templates = plan.get("templates") if isinstance(plan, dict) else None
    if not isinstance(templates, list):
        raise PlanError(f"{plan_path}: not a dataset plan (no 'templates' list); see signals dataset --help")
    keys: list[str] = []
    for i, template in enumerate(templates):
        labels = template.get("labels", {}) if isinstance(template, dict) else {}
        for key, value in (labels.items() if isinstance(labels, dict) else ()):
            check_label(f"{plan_path}: $.templates[{i}].labels.{key}", key, value)
            if key not in keys:
                keys.append(key)
    return keys


def plan_rate(plan_path: str) -> float:
    """The plan's sample rate (Hz)."""
    with open(plan_path, "rb") as f:
        return float(json.load(f)["rate"])


def plan_channel_type(plan_path: str) -> pa.DataType:
    """The Parquet type of every channel column: float64 when any template of the plan is a trajectory
    (``{"trajectory": ...}``, whose recordings are float64 .npy files), float32 otherwise.

    Decided from the plan, not from a shard's recordings, so that every shard's files give a column the
    same type (a shard may hold no trajectory recording); float32 samples widen to float64 exactly.
    """
    with open(plan_path, "rb") as f:
        plan = json.load(f)
    trajectory = any(isinstance(t.get("spec"), dict) and "trajectory" in t["spec"] for t in plan["templates"])
    return pa.float64() if trajectory else pa.float32()


def manifest_name(shard: int, shards: int) -> str:
    """The manifest ``signals dataset`` writes for shard ``shard`` of ``shards``."""
    return "manifest.jsonl" if shards == 1 else f"manifest-{shard}-of-{shards}.jsonl"


def resolve_signals(signals: str) -> str:
    """``signals`` as given, or the copy ``client.upload_file`` put in this worker's directory."""
    if signals != "uploaded:":
        return signals
    from distributed import get_worker

    path = os.path.join(get_worker().local_directory, UPLOADED_NAME)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def shard_rows(output_dir: str, shard: int, shards: int, labels: list[str], rate: float,
               channel_type: pa.DataType = pa.float32()) -> tuple[pa.Table, list[dict]]:
    """One shard's samples as a table (one row per sample) and its manifest lines (dicts), in index order.

    Columns: ``index`` (int64, the recording), ``row`` (int64), ``t`` (float64 s, row / rate), one column per
    channel (named as ``signals render`` names them) of ``channel_type`` (``plan_channel_type``: float32, or
    float64 for a plan with a trajectory template), then one string column per label. A recording's .npy
    must have the type its manifest line's ``dtype`` names (float32 when the line has none), and a float64
    recording needs a float64 ``channel_type``: nothing is narrowed.
    """
    manifest = os.path.join(output_dir, manifest_name(shard, shards))
    if not os.path.isfile(manifest):
        raise ShardError(f"shard {shard}/{shards}: signals dataset wrote no {manifest}")
    with open(manifest, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f if line.strip()]
    numpy_type = np.dtype(channel_type.to_pandas_dtype())
    pieces = []
    for line in lines:
        samples = np.load(os.path.join(output_dir, line["file"]))
        dtype = np.dtype(line.get("dtype", "float32"))
        if samples.dtype != dtype:
            raise ValueError(f"{line['file']}: the manifest says {dtype}, the file holds {samples.dtype}")
        if not np.can_cast(dtype, numpy_type, casting="safe"):
            raise ValueError(f"{line['file']}: {dtype} samples cannot be written as {numpy_type} channel columns "
                             "without rounding; pass the plan's type (plan_channel_type)")
        if samples.ndim == 1:
            samples = samples[:, None]
        rows = samples.shape[0]
        columns: dict[str, Any] = {
            "index": pa.array(np.full(rows, line["index"], dtype=np.int64)),
            "row": pa.array(np.arange(rows, dtype=np.int64)),
            "t": pa.array(np.arange(rows, dtype=np.float64) / rate),
        }
        for c, name in enumerate(line["columns"]):
            columns[name] = pa.array(np.ascontiguousarray(samples[:, c], dtype=numpy_type))
        for key in labels:
            if key in columns:
                raise PlanError(f"the label '{key}' has the name of a data column of {line['file']}; rename the label")
        for key in labels:
            columns[key] = pa.array([line["labels"].get(key)] * rows, type=pa.string())
        pieces.append(pa.table(columns))
    # Templates may render different columns (an IMU's six, a trajectory's 37): missing ones are null.
    table = pa.concat_tables(pieces, promote_options="default") if pieces else pa.table({})
    return table, lines


def default_sigint() -> None:
    """In the child, before ``signals`` starts: SIGINT's default action (the worker may ignore it), and on
    Linux SIGTERM when the worker dies (``prctl(PR_SET_PDEATHSIG)``), so that a shard's ``signals`` never
    outlives the worker that started it (a cluster closed after Ctrl-C kills its workers)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            PR_SET_PDEATHSIG = 1
            libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
        except (OSError, AttributeError):
            pass


# What render_shard returns for a shard whose ``signals`` was interrupted (SIGINT, SIGTERM): a result, not
# an error, so that Dask does not retry it; run_dataset then stops the run.
INTERRUPTED = "interrupted"


def render_shard(signals: str, plan: str, count: int, shard: int, shards: int, output_dir: str) -> list[dict] | str:
    """A Dask task: renders one shard with ``signals dataset`` and writes its Parquet files.

    Rerunning it (a retry after a worker died) resumes the shard (``signals dataset`` keeps every file
    whose checksum its journal records and waits for any other run of the same shard) and overwrites
    the shard's Parquet files, whose names are fixed (``part-SHARD-N.parquet``), with the same bytes.
    Returns the shard's manifest lines, or ``INTERRUPTED`` when ``signals`` was stopped by SIGINT or
    SIGTERM (Ctrl-C in the terminal reaches it too): the run is being stopped, and the shard is not
    retried.
    Raises ``ShardError`` when ``signals`` fails or writes no manifest (a binary that is not ``signals``).
    """
    binary = resolve_signals(signals)
    command = [binary, "dataset", plan, "--count", str(count), "--shard", f"{shard}/{shards}", "--output-dir", output_dir]
    try:
        # SIGINT as the terminal sends it (Ctrl-C) must reach signals, even from a worker that ignores it.
        result = subprocess.run(command, capture_output=True, text=True, preexec_fn=default_sigint if os.name == "posix" else None)
    except OSError as error:
        raise ShardError(f"cannot run {binary}: {error.strerror or error}") from None
    if result.returncode in (-signal.SIGINT, -signal.SIGTERM, 128 + signal.SIGINT, 128 + signal.SIGTERM):
        return INTERRUPTED
    if result.returncode != 0:
        raise ShardError(f"signals dataset --shard {shard}/{shards} exited {result.returncode}: {result.stderr.strip()}")
    if not os.path.isfile(os.path.join(output_dir, manifest_name(shard, shards))):
        raise ShardError(f"{binary} exited 0 but wrote no {manifest_name(shard, shards)} in {output_dir}: "
                         "is it SignalRunner's signals (one with the dataset command)?")
    labels = plan_labels(plan)
    table, lines = shard_rows(output_dir, shard, shards, labels, plan_rate(plan), plan_channel_type(plan))
    if table.num_rows:
        pads.write_dataset(
            table, os.path.join(output_dir, "data"), format="parquet",
            partitioning=pads.partitioning(pa.schema([(key, pa.string()) for key in labels]), flavor="hive") if labels else None,
            basename_template=f"part-{shard:05d}-{{i}}.parquet",
            existing_data_behavior="overwrite_or_ignore",
        )
    return lines


def manifest_table(lines: list[dict], labels: list[str]) -> pa.Table:
    """The manifest as a table: one row per recording, by index; parameters, labels and seeds as JSON
    text (their types vary by template), ``dtype`` (the .npy's samples: ``float32``, or ``float64`` for a
    trajectory), and one string column per label as well."""
    lines = sorted(lines, key=lambda line: line["index"])
    columns: dict[str, Any] = {
        "index": pa.array([line["index"] for line in lines], type=pa.int64()),
        "template": pa.array([line["template"] for line in lines], type=pa.string()),
        "parameters": pa.array([json.dumps(line["parameters"]) for line in lines], type=pa.string()),
        "labels": pa.array([json.dumps(line["labels"]) for line in lines], type=pa.string()),
        "seeds": pa.array([json.dumps(line["seeds"]) for line in lines], type=pa.string()),
        "file": pa.array([line["file"] for line in lines], type=pa.string()),
        "rows": pa.array([line["rows"] for line in lines], type=pa.int64()),
        "dtype": pa.array([line.get("dtype", "float32") for line in lines], type=pa.string()),
        "checksum": pa.array([line["checksum"] for line in lines], type=pa.string()),
    }
    for key in labels:
        columns[f"label.{key}"] = pa.array([line["labels"].get(key) for line in lines], type=pa.string())
    return pa.table(columns)


def remove_earlier_parquet(output_dir: str) -> int:
    """Removes the Parquet files an earlier run wrote into ``output_dir`` (``data/**/part-SHARD-N.parquet``
    and ``manifest.parquet``), and the partition directories (``key=value``) they leave empty: a run with
    a smaller ``count`` or another number of shards writes other files, and the old ones would stay in the
    dataset unlisted. Nothing else is touched. Returns the number of files removed."""
    removed = 0
    data = os.path.join(output_dir, "data")
    for root, directories, files in os.walk(data, topdown=False):
        for name in files:
            if PART_FILE.fullmatch(name):
                os.remove(os.path.join(root, name))
                removed += 1
        if root != data and "=" in os.path.basename(root) and not os.listdir(root):
            os.rmdir(root)
    manifest = os.path.join(output_dir, "manifest.parquet")
    if os.path.isfile(manifest):
        os.remove(manifest)
        removed += 1
    return removed


class Interrupted(Exception):
    """A shard's ``signals`` was stopped by SIGINT or SIGTERM: the run stops, nothing is retried."""


def run_dataset(client, signals: str, plan: str, count: int, output_dir: str, shards: int, retries: int = 3) -> pa.Table:
    """Maps the ``shards`` shards of the plan to Dask tasks on ``client`` and writes ``output_dir/data/``
    and ``output_dir/manifest.parquet``, replacing the Parquet files of an earlier run into the same
    directory (``remove_earlier_parquet``; the recordings stay, so the rerun resumes). Paths must be the
    same on every worker (a shared filesystem). Returns the manifest table.

    Raises ``PlanError`` for labels the dataset cannot hold (before any task runs), ``ValueError`` for
    ``shards`` or ``count`` out of range, ``ShardError`` for a shard that failed after its retries, and
    ``Interrupted`` when a shard's ``signals`` was stopped by SIGINT or SIGTERM (the other shards are
    cancelled)."""
    if not isinstance(shards, int) or shards < 1:
        raise ValueError(f"shards must be a whole number >= 1, got {shards!r}")
    if not isinstance(count, int) or count < 0:
        raise ValueError(f"count must be a whole number >= 0, got {count!r}")
    if not isinstance(retries, int) or retries < 0:
        raise ValueError(f"retries must be a whole number >= 0, got {retries!r}")
    plan = os.path.abspath(plan)
    output_dir = os.path.abspath(output_dir)
    labels = plan_labels(plan)
    os.makedirs(output_dir, exist_ok=True)
    remove_earlier_parquet(output_dir)
    futures = client.map(
        render_shard, [signals] * shards, [plan] * shards, [count] * shards, list(range(shards)), [shards] * shards,
        [output_dir] * shards, retries=retries, pure=False, key=[f"signals-dataset-shard-{i}-of-{shards}" for i in range(shards)],
    )
    from distributed import as_completed

    try:
        done = {}
        for future in as_completed(futures):
            result = future.result()   # raises the shard's error once its retries are spent
            if result == INTERRUPTED:
                raise Interrupted(f"{future.key}: signals was stopped by SIGINT or SIGTERM")
            done[future.key] = result
        lines = [line for future in futures for line in done[future.key]]
    except BaseException:
        # Ctrl-C in the client, an interrupted shard or a failed one: the other shards stop being scheduled.
        client.cancel(futures)
        raise
    table = manifest_table(lines, labels)
    temporary = os.path.join(output_dir, ".manifest.parquet.partial")
    pq.write_table(table, temporary)
    os.replace(temporary, os.path.join(output_dir, "manifest.parquet"))
    return table
