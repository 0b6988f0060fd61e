"""Approximate nearest neighbours for the local engine: faiss's HNSW over inner
products (``pip install itlr[ann]``).

faiss was chosen by measurement at 100,000 x 384 (docs/BENCHMARKS.md, "Local ANN"):
build and query times on a par with hnswlib and usearch, and a filter that runs in
C++ (an ``IDSelector``), where hnswlib calls back into Python for every visited node
(8x slower at a 30% filter) and usearch's Python API takes no filter.

HNSW cannot change a stored vector. Re-adding a row stores the new vector under a
new internal id and hides the old one from every search, so lists always reflect the
current vectors.
"""

from __future__ import annotations

import math
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import numpy as np

__all__ = ["HnswIndex"]


class _ReadWriteLock:
    """Many searches at once, or one add. A waiting add goes first: searches that
    arrive after it wait, so a steady stream of searches cannot starve it."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._readers = 0
        self._writing = False
        self._waiting_writers = 0

    @contextmanager
    def read(self) -> Iterator[None]:
        with self._cond:
            self._cond.wait_for(lambda: not self._writing and not self._waiting_writers)
            self._readers += 1
        try:
            yield
        finally:
            with self._cond:
                self._readers -= 1
                self._cond.notify_all()

    @contextmanager
    def write(self) -> Iterator[None]:
        with self._cond:
            self._waiting_writers += 1
            self._cond.wait_for(lambda: not self._writing and self._readers == 0)
            self._waiting_writers -= 1
            self._writing = True
        try:
            yield
        finally:
            with self._cond:
                self._writing = False
                self._cond.notify_all()


class HnswIndex:
    """Rows of a :class:`itlr.LocalIndex` in a faiss HNSW graph (inner product on unit vectors).

    ``m`` is the graph degree, ``ef_construction`` the build-time beam (200: at 80, bench's
    corpus of near-copies, 50,000 passages, gave certified pages unlike exact mode's for 8 of
    480 queries at offsets 0-90, at 200 for 1, for 2.7 times the build time; docs/BENCHMARKS.md
    §5j) and
    ``ef_search`` the search beam for 100 neighbours (deeper searches widen it in
    proportion, and never below ``2k``); :meth:`calibrate` raises it until the lists
    reach a target recall. Thread-safe: searches run concurrently; ``add`` waits for them.

    ``threads`` sets faiss's OpenMP thread count, which is process-wide: 1 suits a
    server that runs many searches in threads of its own (an OpenMP team per query of a
    few terms costs more than it saves on a busy machine). None leaves faiss's setting."""

    def __init__(
        self, dim: int, *, m: int = 32, ef_construction: int = 200, ef_search: int = 256, threads: int | None = None
    ) -> None:
        try:
            import faiss
        except ImportError:
            raise ImportError("the ANN index needs faiss: pip install 'itlr[ann]' (or faiss-cpu)") from None
        if m < 2 or ef_construction < 1 or ef_search < 1:
            raise ValueError("m must be at least 2, ef_construction and ef_search at least 1")
        self._faiss = faiss
        if threads is not None:
            if threads < 1:
                raise ValueError("threads must be at least 1")
            faiss.omp_set_num_threads(threads)
        self.dim = dim
        self.m = m
        self.ef_search = ef_search
        self.recall: float | None = None  # measured by calibrate(), at depth 100
        self._index = faiss.IndexHNSWFlat(dim, m, faiss.METRIC_INNER_PRODUCT)
        self._index.hnsw.efConstruction = ef_construction
        self._row_of = np.zeros(0, dtype=np.int64)  # internal id -> row
        self._current = np.zeros(0, dtype=bool)  # internal id holds its row's current vector
        self._latest: dict[int, int] = {}  # row -> its current internal id
        self._lock = _ReadWriteLock()

    def __len__(self) -> int:
        return len(self._latest)

    def save(self, folder: Path) -> None:
        """Writes ``ann.faiss`` (the graph) and ``ann.npz`` (which row each entry holds)."""
        with self._lock.read():
            self._faiss.write_index(self._index, str(folder / "ann.tmp.faiss"))
            np.savez(folder / "ann.tmp.npz", row_of=self._row_of, current=self._current,
                     settings=np.array([self.m, self.ef_search], dtype=np.int64),
                     recall=np.array(np.nan if self.recall is None else self.recall))
        (folder / "ann.tmp.faiss").replace(folder / "ann.faiss")
        (folder / "ann.tmp.npz").replace(folder / "ann.npz")

    @classmethod
    def load(cls, folder: Path, rows: int) -> "HnswIndex":
        """The index ``save`` wrote; entries for rows at or past ``rows`` are dropped."""
        with np.load(folder / "ann.npz") as arrays:
            row_of, current, settings = arrays["row_of"], arrays["current"], arrays["settings"]
            recall = float(arrays["recall"])
        m, ef_search = (int(x) for x in settings)
        loaded = cls(1, m=m, ef_search=ef_search)
        loaded._index = loaded._faiss.read_index(str(folder / "ann.faiss"))
        loaded.recall = None if np.isnan(recall) else recall
        if loaded._index.ntotal != len(row_of):
            raise ValueError(f"{folder}: ann.faiss holds {loaded._index.ntotal} vectors but ann.npz {len(row_of)}")
        loaded.dim = loaded._index.d
        loaded._row_of = row_of.astype(np.int64)
        loaded._current = current.astype(bool) & (loaded._row_of < rows)
        loaded._latest = {int(row): int(i) for i, row in zip(np.flatnonzero(loaded._current), loaded._row_of[loaded._current])}
        return loaded

    def add(self, rows: np.ndarray, vectors: np.ndarray) -> None:
        """Stores ``vectors`` for ``rows``; a row stored before gets the new vector."""
        rows = np.asarray(rows, dtype=np.int64)
        if not len(rows):
            return
        with self._lock.write():
            first = self._index.ntotal
            self._index.add(np.ascontiguousarray(vectors, dtype=np.float32))
            self._row_of = np.concatenate([self._row_of, rows])
            self._current = np.concatenate([self._current, np.ones(len(rows), dtype=bool)])
            for internal, row in enumerate(rows.tolist(), start=first):
                old = self._latest.get(row)
                if old is not None:
                    self._current[old] = False
                self._latest[row] = internal

    def calibrate(
        self, vectors: np.ndarray, *, target: float = 0.99, sample: int = 64, max_ef: int = 4096, seed: int = 0
    ) -> float:
        """Widens ``ef_search`` until the lists of 100 neighbours of ``sample`` stored
        vectors (``vectors`` holds every row) hold ``target`` of the exact ones, or the beam
        reaches ``max_ef``; returns the recall reached. A certificate from kNN lists is only
        as good as their recall: this measures it instead of assuming it."""
        n = len(vectors)
        depth = min(100, n)
        if depth == 0:
            return 1.0
        rng = np.random.default_rng(seed)
        queries = np.ascontiguousarray(vectors[rng.choice(n, size=min(sample, n), replace=False)], dtype=np.float32)
        sims = vectors @ queries.T
        exact = np.argpartition(-sims, depth - 1, axis=0)[:depth].T
        while True:
            found = self.search(queries, depth)
            recall = float(np.mean([len(set(f.tolist()) & set(e.tolist())) / depth for (f, _), e in zip(found, exact)]))
            if recall >= target or self.ef_search >= max_ef:
                self.recall = recall
                return recall
            self.ef_search = min(max_ef, 2 * self.ef_search)

    def beam(self, k: int, share: float = 1.0) -> int:
        """The HNSW beam for a list of ``k`` neighbours among the ``share`` of rows a filter passes.

        ``ef_search`` is the beam for 100 neighbours (what calibrate() measures); deeper lists
        get a proportionally wider one, shallower ones the same (a narrower beam has a recall
        nobody measured: at knn_k 25, 5 of 60 one-term pages certified on 50,000 passages
        differed from exact mode's, docs/BENCHMARKS.md §5j), and never less than twice the
        depth: query terms are not corpus points, and at ef 128 faiss missed 3-8 of a term's
        true 100 neighbours on NegConstraint, enough to certify 3 of 198 wrong pages (§5f).
        The clusters' kNN lists are searched as wide.

        A filter leaves fewer of the rows the beam meets to collect, so the beam widens by as
        much: at a filter passing 40-50% of 50,000 rows, 2 of 40 one-term pages were certified
        unlike exact mode's at the unfiltered beam (§5j)."""
        beam = max(2 * k, self.ef_search * max(k, 100) // 100)
        return beam if share >= 1.0 or share <= 0.0 else math.ceil(beam / share)

    def search(
        self, queries: np.ndarray, k: int, *, allowed: np.ndarray | None = None, limit: int | None = None
    ) -> list[tuple[np.ndarray, np.ndarray]]:
        """Per query (unit vectors, one per row), up to ``k`` rows by descending inner
        product: ``(rows, similarities)``. ``allowed`` (a boolean mask over rows) is applied
        inside the graph search; rows at or past ``limit`` are never returned."""
        faiss = self._faiss
        with self._lock.read():
            keep = self._current
            if allowed is not None or limit is not None:
                keep = keep.copy()
                rows = self._row_of
                if limit is not None:
                    keep &= rows < limit
                if allowed is not None:
                    inside = rows < len(allowed)
                    keep &= inside
                    keep[inside] &= allowed[rows[inside]]
            params = faiss.SearchParametersHNSW()
            # (unfiltered, every current row passes: no counting on the common path)
            share = 1.0 if keep is self._current else int(keep.sum()) / max(1, int(self._current.sum()))
            params.efSearch = self.beam(k, share)
            if not keep.all():
                bitmap = np.packbits(keep, bitorder="little")
                selector = faiss.IDSelectorBitmap(len(keep), faiss.swig_ptr(bitmap))
                params.sel = selector
            sims, ids = self._index.search(np.ascontiguousarray(queries, dtype=np.float32), k, params=params)
        out = []
        for row_sims, row_ids in zip(sims, ids):
            found = row_ids >= 0
            out.append((self._row_of[row_ids[found]], row_sims[found].astype(np.float64)))
        return out
