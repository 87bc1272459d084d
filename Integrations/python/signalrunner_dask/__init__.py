"""Render a SignalRunner dataset plan across a Dask cluster and write it as a Parquet dataset.

Each Dask task runs the ``signals`` binary on one shard (``signals dataset PLAN --count N --shard I/K
--output-dir DIR``), then turns that shard's ``.npy`` recordings into Parquet files under ``DIR/data/``,
partitioned by label (hive style, ``activity=walking/``), one row per sample. The client gathers the
shards' manifests into ``DIR/manifest.parquet``. See ``Integrations/python/README.md``.
"""

from .dataset import Interrupted, PlanError, ShardError, plan_channel_type, render_shard, run_dataset, shard_rows

__all__ = ["Interrupted", "PlanError", "ShardError", "plan_channel_type", "render_shard", "run_dataset", "shard_rows"]
