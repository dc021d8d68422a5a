"""Reading scx-ab result folders, as kept here or in docs/results (tools/bench/pack-results
stores the raw files there gzipped, so that the tree stays small enough to travel)."""
import gzip
from pathlib import Path


def runs_path(d):
    """The folder's runs.jsonl, or its gzipped copy; None if it has neither."""
    for name in ("runs.jsonl", "runs.jsonl.gz"):
        p = Path(d) / name
        if p.exists():
            return p
    return None


def runs_lines(d):
    """The non-empty lines of the folder's runs.jsonl (plain or gzipped)."""
    p = runs_path(d)
    if p is None:
        raise FileNotFoundError(f"{d}: no runs.jsonl or runs.jsonl.gz")
    opener = gzip.open if p.suffix == ".gz" else open
    with opener(p, "rt") as f:
        return [line for line in f.read().splitlines() if line.strip()]
