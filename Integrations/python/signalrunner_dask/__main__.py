"""``python3 -m signalrunner_dask PLAN --count N --workers W --output-dir DIR [--signals PATH]``."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time

from .dataset import UPLOADED_NAME, run_dataset


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m signalrunner_dask",
        description="Render a SignalRunner dataset plan on Dask and write DIR/data/ (Parquet, partitioned by label) "
                    "and DIR/manifest.parquet.",
    )
    parser.add_argument("plan", help="the dataset plan (JSON)")
    parser.add_argument("--count", type=int, required=True, help="recordings (indices 0 ..< count)")
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster workers (one thread each); ignored with --scheduler")
    parser.add_argument("--output-dir", required=True, help="output directory (on a filesystem every worker shares)")
    parser.add_argument("--signals", default=shutil.which("signals") or "signals", help="the signals binary (default: on PATH)")
    parser.add_argument("--shards", type=int, default=None, help="shards (Dask tasks); default 4 per worker")
    parser.add_argument("--scheduler", default=None, help="address of a running Dask scheduler (tcp://host:8786) instead of a LocalCluster")
    parser.add_argument("--upload-signals", action="store_true",
                        help="copy the binary to every worker with client.upload_file instead of using the same path on each")
    parser.add_argument("--retries", type=int, default=3, help="retries of a failed shard (default 3)")
    args = parser.parse_args(argv)
    if args.count < 0:
        parser.error("--count must be >= 0")
    if args.workers < 1:
        parser.error("--workers must be >= 1")
    if not os.path.isfile(args.plan):
        parser.error(f"no plan at {args.plan}")
    if os.path.exists(args.output_dir) and not os.path.isdir(args.output_dir):
        parser.error(f"--output-dir {args.output_dir} exists and is not a directory")
    shards = args.shards or 4 * args.workers
    if shards < 1:
        parser.error("--shards must be >= 1")
    signals = os.path.abspath(args.signals) if os.path.exists(args.signals) else args.signals

    from distributed import Client, LocalCluster

    started = time.monotonic()
    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    try:
        if args.upload_signals:
            staged = os.path.join(os.path.abspath(args.output_dir), UPLOADED_NAME)
            os.makedirs(args.output_dir, exist_ok=True)
            shutil.copy(signals, staged)
            client.upload_file(staged, load=False)
            signals = "uploaded:"
        table = run_dataset(client, signals, args.plan, args.count, args.output_dir, shards, retries=args.retries)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    seconds = time.monotonic() - started
    print(f"{table.num_rows} recordings in {shards} shards, {seconds:.1f} s ({table.num_rows / max(seconds, 1e-9):.1f} recordings/s); "
          f"{os.path.join(args.output_dir, 'data')} and {os.path.join(args.output_dir, 'manifest.parquet')}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
