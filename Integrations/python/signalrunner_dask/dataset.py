"""Shards of a dataset plan as Dask tasks: ``signals dataset`` per shard, Parquet out."""

from __future__ import annotations

import json
import os
import stat
import subprocess
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.dataset as pads
import pyarrow.parquet as pq

UPLOADED_NAME = "signals"


def plan_labels(plan_path: str) -> list[str]:
    """Every label key of the plan's templates, in first-seen order (the partition columns)."""
    with open(plan_path, "rb") as f:
        plan = json.load(f)
    keys: list[str] = []
    for template in plan["templates"]:
        for key in template.get("labels", {}):
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
    with open(os.path.join(output_dir, manifest_name(shard, shards)), encoding="utf-8") as f:
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
            columns[key] = pa.array([line["labels"].get(key)] * rows, type=pa.string())
        pieces.append(pa.table(columns))
    # Templates may render different columns (an IMU's six, a trajectory's 37): missing ones are null.
    table = pa.concat_tables(pieces, promote_options="default") if pieces else pa.table({})
    return table, lines


def render_shard(signals: str, plan: str, count: int, shard: int, shards: int, output_dir: str) -> list[dict]:
    """A Dask task: renders one shard with ``signals dataset`` and writes its Parquet files.

    Rerunning it (a retry after a worker died) resumes the shard (``signals dataset`` keeps every file
    whose checksum its journal records and waits for any other run of the same shard) and overwrites
    the shard's Parquet files, whose names are fixed (``part-SHARD-N.parquet``), with the same bytes.
    Returns the shard's manifest lines.
    """
    binary = resolve_signals(signals)
    result = subprocess.run(
        [binary, "dataset", plan, "--count", str(count), "--shard", f"{shard}/{shards}", "--output-dir", output_dir],
        capture_output=True, text=True,
    )
    if result.returncode != 0:
        raise RuntimeError(f"signals dataset --shard {shard}/{shards} exited {result.returncode}: {result.stderr.strip()}")
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


def run_dataset(client, signals: str, plan: str, count: int, output_dir: str, shards: int, retries: int = 3) -> pa.Table:
    """Maps the ``shards`` shards of the plan to Dask tasks on ``client`` and writes ``output_dir/data/``
    and ``output_dir/manifest.parquet``. Paths must be the same on every worker (a shared filesystem).
    Returns the manifest table."""
    plan = os.path.abspath(plan)
    output_dir = os.path.abspath(output_dir)
    os.makedirs(output_dir, exist_ok=True)
    futures = client.map(
        render_shard, [signals] * shards, [plan] * shards, [count] * shards, list(range(shards)), [shards] * shards,
        [output_dir] * shards, retries=retries, pure=False, key=[f"signals-dataset-shard-{i}-of-{shards}" for i in range(shards)],
    )
    lines = [line for shard_lines in client.gather(futures) for line in shard_lines]
    table = manifest_table(lines, plan_labels(plan))
    temporary = os.path.join(output_dir, ".manifest.parquet.partial")
    pq.write_table(table, temporary)
    os.replace(temporary, os.path.join(output_dir, "manifest.parquet"))
    return table
