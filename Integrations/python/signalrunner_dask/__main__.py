"""``python3 -m signalrunner_dask PLAN --count N --workers W --output-dir DIR [--signals PATH]``."""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import signal
import sys
import time

from .dataset import UPLOADED_NAME, Interrupted, PlanError, ShardError, plan_labels, run_dataset

# The exit status of a run stopped by SIGINT (Ctrl-C), as a shell reports it.
INTERRUPTED_STATUS = 130


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
    parser.add_argument("--shards", type=int, default=None, help="shards (Dask tasks), >= 1; default 4 per worker")
    parser.add_argument("--scheduler", default=None, help="address of a running Dask scheduler (tcp://host:8786) instead of a LocalCluster")
    parser.add_argument("--upload-signals", action="store_true",
                        help="copy the binary to every worker with client.upload_file instead of using the same path on each")
    parser.add_argument("--retries", type=int, default=3, help="retries of a failed shard, >= 0 (default 3)")
    args = parser.parse_args(argv)
    if args.count < 0:
        parser.error(f"--count must be >= 0, got {args.count}")
    if args.workers < 1:
        parser.error(f"--workers must be >= 1, got {args.workers}")
    if args.shards is not None and args.shards < 1:
        parser.error(f"--shards must be >= 1, got {args.shards}")
    if args.retries < 0:
        parser.error(f"--retries must be >= 0, got {args.retries}")
    if not os.path.isfile(args.plan):
        parser.error(f"no plan at {args.plan}")
    if os.path.exists(args.output_dir) and not os.path.isdir(args.output_dir):
        parser.error(f"--output-dir {args.output_dir} exists and is not a directory")
    shards = 4 * args.workers if args.shards is None else args.shards
    signals = os.path.abspath(args.signals) if os.path.exists(args.signals) else args.signals
    # On a LocalCluster (or for --upload-signals) the binary is this machine's; a running cluster's workers
    # may have it where the client does not.
    if (not args.scheduler or args.upload_signals) and shutil.which(signals) is None:
        parser.error(f"--signals {args.signals}: no such executable (build it with `swift build --product signals`, "
                     "or give its path)")
    try:
        plan_labels(args.plan)
    except PlanError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2

    from distributed import Client, LocalCluster

    started = time.monotonic()
    cluster = None
    client = None
    try:
        if args.scheduler:
            client = Client(args.scheduler)
        else:
            # The workers ignore SIGINT (inherited): Ctrl-C reaches the client, which stops the run and closes
            # the cluster, and each shard's signals, which render_shard starts with SIGINT's default action.
            # Their own logs are silenced: a failed shard is reported once, by the client.
            previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
            try:
                cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None,
                                       silence_logs=logging.CRITICAL)
            finally:
                signal.signal(signal.SIGINT, previous)
            client = Client(cluster)
        if args.upload_signals:
            staged = os.path.join(os.path.abspath(args.output_dir), UPLOADED_NAME)
            os.makedirs(args.output_dir, exist_ok=True)
            shutil.copy(signals, staged)
            client.upload_file(staged, load=False)
            signals = "uploaded:"
        table = run_dataset(client, signals, args.plan, args.count, args.output_dir, shards, retries=args.retries)
    except (KeyboardInterrupt, Interrupted):
        print(f"interrupted: the run stopped, no shard is retried; {args.output_dir} holds the recordings made so far, "
              "and the same command resumes it", file=sys.stderr)
        return INTERRUPTED_STATUS
    except (PlanError, ShardError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    finally:
        # A second Ctrl-C while the cluster closes would only leave its processes behind.
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            # A shard's signals started just after Ctrl-C did not receive it: it is found now, while it is
            # still this process's descendant, and stopped once the cluster is closed, so that nothing writes
            # into the output directory after the run has returned.
            shards_left = local_shard_processes(UPLOADED_NAME if signals == "uploaded:" else signals) if cluster is not None else []
            if client is not None:
                client.close()
            if cluster is not None:
                cluster.close()
            stop_processes(shards_left)
        finally:
            signal.signal(signal.SIGINT, previous)
    seconds = time.monotonic() - started
    print(f"{table.num_rows} recordings in {shards} shards, {seconds:.1f} s ({table.num_rows / max(seconds, 1e-9):.1f} recordings/s); "
          f"{os.path.join(args.output_dir, 'data')} and {os.path.join(args.output_dir, 'manifest.parquet')}", file=sys.stderr)
    return 0


def local_shard_processes(signals: str) -> list:
    """The ``signals`` processes this run started on its own machine (a LocalCluster's workers' children)."""
    try:
        import psutil  # a dependency of distributed
    except ImportError:
        return []
    name = os.path.basename(signals)[:15]
    try:
        return [p for p in psutil.Process().children(recursive=True) if p.name() == name]
    except psutil.Error:
        return []


def stop_processes(processes: list) -> None:
    """SIGTERM (signals removes its temporary files and exits), then SIGKILL after 30 s, and waits."""
    if not processes:
        return
    import psutil
    for process in processes:
        try:
            process.terminate()
        except psutil.Error:
            pass
    _, alive = psutil.wait_procs(processes, timeout=30)
    for process in alive:
        try:
            process.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(alive, timeout=10)


if __name__ == "__main__":
    sys.exit(main())
