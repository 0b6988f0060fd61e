"""The local engine: an in-process index over numpy, the embedded default and
the reference the clusters must match.

Scoring runs the same postfix program as the Painless script
(:func:`itlr.semantics.evaluate`). The clusters compute cosines in double
precision; here every cosine is first a float32 BLAS product, and only the
documents whose score bound can still reach the page are scored again in
float64, so results equal a float64 scan (see :func:`_exact_page`).

Searches read an immutable snapshot of the index, so ``add`` and ``search`` may
run in different threads at once: each search sees the index as it was before
or after each ``add``, never half of one.
"""

from __future__ import annotations

import json
import math
import threading
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from .certify import Certificate, HalfSpace, certify_page, depths, float32_dot_error, lists_can_certify, unseen_bound, upper_scores
from .documents import Document, batched, prepare_documents
from .embedders import Embedder, normalize
from .embedders import term_vectors as unit_term_vectors
from .filters import compile_filter, field_types
from .hits import Hit, SearchResult
from .semantics import Semantics, evaluate, truth_values
from .translator import Expr
from .translator.compiler import SearchOptions, query_composite
from .translator.plan import Plan, plan as make_plan

__all__ = ["LocalIndex", "ANN_MIN_DOCUMENTS", "ANN_LIST_BUDGET"]

FORMAT_VERSION = 1

# auto uses an ANN index only when at least this many documents pass the filter:
# below it a float32 scan is about as fast as the kNN lists and always exact.
ANN_MIN_DOCUMENTS = 20_000

# auto stops deepening the kNN lists once together they would hold more than this share
# of the (filtered) documents, and scans instead. A graph walk for K neighbours computes
# about m * K distances per term (m = 32 by default), so at 1/32 the walks cost about one
# scan; at 100,000 x 384, three positive terms at depth 1,600 (1/21) took 1.3x the scan
# (benchmarks/local_ann.py).
ANN_LIST_BUDGET = 1 / 32

_CHUNK = 16_384  # rows per float64 block: bounds the temporary copy
_BOUND_BLOCK = 1 << 17  # cosines per block of the float32 screen's bound (1 MiB in float64)
_TOP_BLOCK = 64  # rows per block whose maximum _top reads first


@dataclass(frozen=True)
class _Snapshot:
    """What one search reads: the first ``count`` entries of append-only lists and a
    view of the vector buffer. Writers never change what a published snapshot holds."""

    count: int
    ids: list[str]
    sources: list[dict[str, Any]]
    vectors: np.ndarray  # (count, dim) float32
    max_norm: float  # largest row norm, for the float32 error bound


class LocalIndex:
    """Documents, their stored fields and unit vectors, in memory; saved as a folder.

    >>> index = LocalIndex()
    >>> index.add([{"_id": "1", "text": "Cats chase mice."}], embedder=emb)
    >>> index.search('"cats" AND NOT "mice"', embedder=emb, k=5)

    Thread-safe: ``add`` calls are serialised; searches run concurrently with them
    and with each other, each on a consistent snapshot.
    """

    def __init__(self, *, model: str | None = None, metadata: Mapping[str, Any] | None = None, text_field: str = "text") -> None:
        self.model = model  # name of the embedder the vectors came from
        # Declared field types, as for a cluster index (itlr.mappings.index_body): filters
        # then compare values exactly as the engines do.
        self.metadata = dict(metadata or {})
        self.text_field = text_field
        self.field_types = field_types(self.metadata, text_field=text_field)
        self._lock = threading.Lock()  # one writer at a time
        self._rows: dict[str, int] = {}
        self._buffer = np.zeros((0, 0), dtype=np.float32)  # capacity beyond the snapshot's rows
        self._snapshot = _Snapshot(0, [], [], self._buffer, 0.0)
        self._ann: Any = None  # an itlr.ann.HnswIndex once build_ann() ran
        self._ann_min_documents = ANN_MIN_DOCUMENTS
        self._ann_list_budget = ANN_LIST_BUDGET

    # -- contents ---------------------------------------------------------

    def __len__(self) -> int:
        return self._snapshot.count

    @property
    def ids(self) -> list[str]:
        snap = self._snapshot
        return snap.ids[: snap.count]

    @property
    def sources(self) -> list[dict[str, Any]]:
        snap = self._snapshot
        return snap.sources[: snap.count]

    @property
    def dim(self) -> int | None:
        snap = self._snapshot
        return int(snap.vectors.shape[1]) if snap.count else None

    @property
    def vectors(self) -> np.ndarray:
        """The unit vectors, one row per document (read-only view)."""
        view = self._snapshot.vectors.view()
        view.flags.writeable = False
        return view

    def get(self, doc_id: str) -> dict[str, Any]:
        snap = self._snapshot
        row = self._rows.get(str(doc_id))
        if row is None or row >= snap.count:
            raise LookupError(f"no document with id {doc_id!r}")
        return snap.sources[row]

    def add(
        self,
        documents: Iterable[Mapping[str, Any]],
        *,
        embedder: Embedder | None = None,
        vectors: Sequence[Sequence[float]] | np.ndarray | None = None,
        id_field: str = "_id",
        text_field: str = "text",
        batch_size: int = 256,
        progress: bool = False,
    ) -> int:
        """Adds (or replaces, by id) documents; returns how many were written.

        Vectors come from ``vectors`` (one row per document) or from ``embedder``,
        in batches, with a progress bar when ``progress`` is true.
        """
        docs = list(prepare_documents(documents, id_field=id_field, text_field=text_field, start=len(self)))
        if vectors is not None:
            matrix = normalize(np.asarray(vectors, dtype=np.float32))
            if matrix.shape[0] != len(docs):
                raise ValueError(f"{len(docs)} documents but {matrix.shape[0]} vectors")
        elif embedder is not None:
            self._check_model(embedder)
            parts = []
            bar = _progress(len(docs), "embedding", progress)
            for batch in batched([d.text for d in docs], batch_size):
                parts.append(embedder.embed(batch))
                bar.update(len(batch))
            bar.close()
            matrix = normalize(np.concatenate(parts)) if parts else np.zeros((0, embedder.dim), np.float32)
            self.model = self.model or embedder.name
        else:
            raise ValueError("give either an embedder or the documents' vectors")
        with self._lock:
            dim = self.dim
            if len(docs) and dim is not None and matrix.shape[1] != dim:
                raise ValueError(f"vectors have {matrix.shape[1]} dimensions but the index has {dim}")
            self._append(docs, matrix)
        return len(docs)

    def _append(self, docs: Sequence[Document], matrix: np.ndarray) -> None:
        """Publishes a new snapshot holding ``docs``; the caller holds the lock."""
        if not len(docs):
            return
        snap = self._snapshot
        n = snap.count
        replaced: dict[int, int] = {}  # existing row -> position in docs (the last one wins)
        fresh: dict[str, int] = {}  # new id -> position in docs (the last one wins)
        for position, doc in enumerate(docs):
            row = self._rows.get(doc.id)
            if row is not None and row < n:
                replaced[row] = position
            else:
                fresh[doc.id] = position
        ids, sources, buffer = snap.ids, snap.sources, self._buffer
        need = n + len(fresh)
        if replaced or need > buffer.shape[0] or (n == 0 and buffer.shape[1] != matrix.shape[1]):
            # Copy on write: searches holding the old snapshot keep reading the old rows.
            capacity = need if replaced else max(need, 2 * buffer.shape[0])
            grown = np.empty((capacity, matrix.shape[1]), dtype=np.float32)
            if n:
                grown[:n] = snap.vectors
            buffer = grown
            if replaced:
                sources = sources[:n]
        for row, position in replaced.items():
            sources[row] = docs[position].source
            buffer[row] = matrix[position]
        positions = list(fresh.values())
        buffer[n:need] = matrix[positions]
        # Appending to the shared lists is safe: older snapshots read only their first rows.
        del ids[n:], sources[n:]
        ids.extend(fresh)
        sources.extend(docs[p].source for p in positions)
        touched = matrix[[*replaced.values(), *positions]].astype(np.float64)
        max_norm = max(snap.max_norm, float(np.linalg.norm(touched, axis=1).max()))
        if self._ann is not None:
            self._ann.add(np.array([*replaced.keys(), *range(n, need)], dtype=np.int64), buffer[[*replaced.keys(), *range(n, need)]])
        for offset, doc_id in enumerate(fresh):
            self._rows[doc_id] = n + offset
        self._buffer = buffer
        self._snapshot = _Snapshot(need, ids, sources, buffer[:need], max_norm)

    def _check_model(self, embedder: Embedder) -> None:
        if self.model and embedder.name != self.model:
            warnings.warn(
                f"index was built with model {self.model!r} but the query embedder is {embedder.name!r}", stacklevel=3
            )

    # -- approximate nearest neighbours -------------------------------------

    def build_ann(
        self,
        *,
        min_documents: int = ANN_MIN_DOCUMENTS,
        list_budget: float = ANN_LIST_BUDGET,
        target_recall: float = 0.99,
        **options: Any,
    ) -> None:
        """Builds an HNSW index over the vectors (``pip install itlr[ann]``) and keeps it
        up to date on ``add``. Then ``auto`` answers large corpora from per-term kNN lists
        and certifies the page (the threshold algorithm), falling back to a scan;
        ``approx`` reads its candidates from it. ``auto`` uses it only when at least
        ``min_documents`` pass the filter (a scan is as fast below that).
        The search beam is widened until the lists of 100 neighbours of sampled documents
        hold ``target_recall`` of the exact ones (``HnswIndex.recall``): certificates from
        kNN lists are exact up to that recall.
        ``options`` go to :class:`itlr.ann.HnswIndex` (``m``, ``ef_construction``, ``ef_search``)."""
        from .ann import HnswIndex

        with self._lock:
            snap = self._snapshot
            if not snap.count:
                raise ValueError("add documents before building the ANN index")
            ann = HnswIndex(snap.vectors.shape[1], **options)
            ann.add(np.arange(snap.count, dtype=np.int64), snap.vectors)
            ann.calibrate(snap.vectors, target=target_recall)
            self._ann = ann
            self._ann_min_documents = min_documents
            self._ann_list_budget = list_budget

    def drop_ann(self) -> None:
        """Forgets the ANN index: auto scans again, and ``save`` writes none."""
        with self._lock:
            self._ann = None

    @property
    def ann(self) -> Any:
        """The :class:`itlr.ann.HnswIndex` (``recall``, ``ef_search``, ``search``), or None."""
        return self._ann

    @property
    def has_ann(self) -> bool:
        return self._ann is not None

    # -- persistence ------------------------------------------------------

    def save(self, path: str | Path) -> Path:
        """Writes ``docs.jsonl``, ``vectors.npy`` and ``meta.json`` into the folder ``path``,
        and the ANN index (``ann.faiss``, ``ann.npz``) when there is one."""
        snap = self._snapshot
        folder = Path(path)
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / "docs.jsonl.tmp", "w", encoding="utf-8") as fh:
            for doc_id, source in zip(snap.ids[: snap.count], snap.sources[: snap.count]):
                fh.write(json.dumps({"_id": doc_id, "_source": source}, ensure_ascii=False) + "\n")
        np.save(folder / "vectors.tmp.npy", snap.vectors)
        ann = self._ann
        meta: dict[str, Any] = {"format": FORMAT_VERSION, "model": self.model, "count": snap.count,
                "dim": int(snap.vectors.shape[1]) if snap.count else None,
                "metadata": self.metadata, "text_field": self.text_field}
        if ann is not None:
            ann.save(folder)
            meta["ann"] = {"min_documents": self._ann_min_documents, "list_budget": self._ann_list_budget}
        else:
            for name in ("ann.faiss", "ann.npz"):
                (folder / name).unlink(missing_ok=True)
        (folder / "meta.json.tmp").write_text(json.dumps(meta, indent=2))
        # Replace the old files only once the new ones are complete.
        (folder / "docs.jsonl.tmp").replace(folder / "docs.jsonl")
        (folder / "vectors.tmp.npy").replace(folder / "vectors.npy")
        (folder / "meta.json.tmp").replace(folder / "meta.json")
        return folder

    @classmethod
    def load(cls, path: str | Path) -> "LocalIndex":
        folder = Path(path)
        if not (folder / "meta.json").is_file():
            raise LookupError(f"{folder} is not an itlr local index (no meta.json); create one with `itlr index`")
        meta = json.loads((folder / "meta.json").read_text())
        if meta.get("format") != FORMAT_VERSION:
            raise ValueError(f"{folder}: unsupported index format {meta.get('format')!r}")
        index = cls(model=meta.get("model"), metadata=meta.get("metadata"), text_field=meta.get("text_field", "text"))
        ids: list[str] = []
        sources: list[dict[str, Any]] = []
        with open(folder / "docs.jsonl", encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                index._rows[row["_id"]] = len(ids)
                ids.append(row["_id"])
                sources.append(row["_source"])
        vectors = np.ascontiguousarray(np.load(folder / "vectors.npy"), dtype=np.float32)
        if vectors.shape[0] != len(ids):
            raise ValueError(f"{folder}: {len(ids)} documents but {vectors.shape[0]} vectors")
        if vectors.ndim != 2:
            raise ValueError(f"{folder}: vectors.npy must be a matrix, not shape {vectors.shape}")
        max_norm = float(np.linalg.norm(vectors.astype(np.float64), axis=1).max()) if len(ids) else 0.0
        index._buffer = vectors
        index._snapshot = _Snapshot(len(ids), ids, sources, vectors, max_norm)
        if meta.get("ann"):
            from .ann import HnswIndex

            index._ann = HnswIndex.load(folder, len(ids))
            index._ann_min_documents = int(meta["ann"]["min_documents"])
            index._ann_list_budget = float(meta["ann"]["list_budget"])
        return index

    # -- search -----------------------------------------------------------

    def _allowed(self, snap: _Snapshot, filter: Mapping[str, Any] | None) -> np.ndarray:
        """Rows passing the filter (all rows without one), ascending."""
        if filter is None:
            return np.arange(snap.count)
        keep = compile_filter(filter, self.field_types)
        pairs = zip(snap.ids[: snap.count], snap.sources[: snap.count])
        return np.fromiter((i for i, (d, s) in enumerate(pairs) if keep(d, s)), dtype=np.int64)

    def knn(self, vector: Sequence[float] | np.ndarray, *, k: int = 10, filter: Mapping[str, Any] | None = None) -> list[Hit]:
        """Plain dense retrieval: the ``k`` nearest documents by cosine (the baseline)."""
        snap = self._snapshot
        q = normalize(np.asarray(vector, dtype=np.float32).reshape(1, -1))
        self._check_dim(snap, q.shape[1])
        if not snap.count:
            return []
        rows = self._allowed(snap, filter)
        q32 = np.ascontiguousarray(q.T)
        slack = float32_dot_error(q32.shape[0], max(snap.max_norm, 1.0))
        sims = _cosines32(snap.vectors, rows, q32)[:, 0].astype(np.float64)
        # The float32 screen of exact scoring, with the cosine itself as the score.
        order = _top(sims, k)
        near = np.flatnonzero(sims >= sims[order[-1]] - 2 * slack) if len(order) else order
        exact = _cosines64(snap.vectors, rows[near], q32.astype(np.float64))[:, 0]
        best = _top(exact, k)
        return [Hit(snap.ids[rows[near[i]]], float(exact[i]), snap.sources[rows[near[i]]]) for i in best]

    def search(
        self,
        query: str | Expr,
        *,
        embedder: Embedder | None = None,
        term_vectors: Any = None,
        k: int = 10,
        offset: int = 0,
        filter: Mapping[str, Any] | None = None,
        mode: str = "auto",
        explain: bool = False,
        semantics: Semantics | None = None,
        knn_k: int | None = None,
    ) -> SearchResult:
        """Ranks documents by the composed ITLR score of ``query``.

        ``exact`` scores every document (passing ``filter``). ``approx`` scores only the
        union of each positive term's ``knn_k`` nearest (the clusters' default,
        :meth:`itlr.translator.compiler.SearchOptions.neighbours`)
        documents, as a cluster's kNN clauses would; the pool does not depend on
        ``offset``, so pages never overlap, and they end where the pool does.
        ``auto`` returns the exact ranking: a scan, or, with an ANN index (:meth:`build_ann`)
        over a large corpus and an anchored query, kNN candidates whose page is certified
        by the threshold algorithm (``knn_k`` is then its first depth). The result's
        ``certificate`` says whether the page is proven exact, and how.
        """
        semantics = semantics or Semantics()
        the_plan = make_plan(query)
        resolved = the_plan.resolve_mode(mode, semantics)
        if k < 0 or offset < 0:
            raise ValueError("k and offset must be zero or more")
        if knn_k is not None and knn_k < 1:
            raise ValueError("knn_k must be at least 1")
        snap = self._snapshot
        if term_vectors is None and embedder is not None:
            self._check_model(embedder)
        q = unit_term_vectors(the_plan.terms, embedder=embedder, given=term_vectors)
        self._check_dim(snap, q.shape[1])
        expr = str(the_plan.expr)
        if not snap.count:
            return SearchResult(expr, [], resolved, certificate=Certificate(True))
        rows = self._allowed(snap, filter)
        scorer = _Scorer(snap, q, the_plan, semantics)
        top = offset + k
        ann = self._ann  # read once: build_ann/drop_ann may run meanwhile
        if mode == "approx":
            page, certificate = _approx_page(scorer, rows, top, knn_k or SearchOptions(k=k).neighbours(), ann)
        elif (
            mode == "auto"
            and ann is not None
            and len(rows) >= self._ann_min_documents
            and lists_can_certify(the_plan.program, the_plan.terms, semantics, the_plan.positive_terms)
        ):
            page, certificate = _threshold_page(scorer, rows, k, offset, knn_k, ann, self._ann_list_budget)
            resolved = "exact" if certificate.depth is None else "approx"
        else:
            # A scan computes every cosine anyway: kNN candidates would save nothing.
            page, certificate, resolved = _exact_page(scorer, rows, top), Certificate(True), "exact"
        page = page[offset:]
        scores, truth = scorer.score64(page)
        hits = [
            Hit(
                snap.ids[row],
                float(scores[i]),
                snap.sources[row],
                {t: float(truth[i, j]) for j, t in enumerate(the_plan.terms)} if explain else None,
            )
            for i, row in enumerate(page.tolist())
        ]
        return SearchResult(expr, hits, resolved, certificate=certificate)

    def _check_dim(self, snap: _Snapshot, dim: int) -> None:
        if snap.count and dim != snap.vectors.shape[1]:
            raise ValueError(
                f"query vectors have {dim} dimensions but the index has {snap.vectors.shape[1]} (model {self.model!r})"
            )


class _Scorer:
    """One query against one snapshot: float32 cosines for screening, float64 for scores."""

    def __init__(self, snap: _Snapshot, q: np.ndarray, the_plan: Plan, semantics: Semantics) -> None:
        self.snap = snap
        self.plan = the_plan
        self.semantics = semantics
        self.q32 = np.ascontiguousarray(np.asarray(q, dtype=np.float32).T)  # (dim, terms)
        self.q64 = self.q32.astype(np.float64)
        q_norm = float(np.linalg.norm(self.q64, axis=0).max())
        self.slack = float32_dot_error(self.q32.shape[0], max(snap.max_norm, q_norm, 1.0))

    def cosines32(self, rows: np.ndarray, columns: Sequence[int] | None = None) -> np.ndarray:
        q = self.q32 if columns is None else np.ascontiguousarray(self.q32[:, columns])
        return _cosines32(self.snap.vectors, rows, q)

    def cosines64(self, rows: np.ndarray) -> np.ndarray:
        return _cosines64(self.snap.vectors, rows, self.q64)

    def score64(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Exact scores and truth values of ``rows``."""
        truth = truth_values(self.cosines64(rows), self.plan.terms, self.semantics)
        return evaluate(self.plan.program, truth, self.semantics), truth

    def upper32(self, cosines: np.ndarray, *, tight: bool = False) -> np.ndarray:
        """Per row, a score no smaller than the float64 score, from float32 cosines. A
        ``tight`` bound costs more where the score is not monotone, but is 0 wherever the
        score is (:func:`itlr.certify.upper_scores`)."""
        p = self.plan
        out = np.empty(cosines.shape[0], dtype=np.float64)
        # By blocks: the float64 temporaries stay small (cached, and reused by malloc
        # instead of fresh pages the kernel must zero for every query).
        step = max(1, _BOUND_BLOCK // max(1, cosines.shape[1]))  # rows per block
        for start in range(0, cosines.shape[0], step):
            block = slice(start, start + step)
            out[block] = upper_scores(
                p.program, p.terms, self.semantics, cosines[block], self.slack,
                positive=p.positive, negative=p.negative, tight=tight,
            )
        return out


def _cosines32(vectors: np.ndarray, rows: np.ndarray, q: np.ndarray) -> np.ndarray:
    """``vectors[rows] @ q`` in float32 BLAS; with every row, the matrix is read in place."""
    if rows.shape[0] == vectors.shape[0]:
        whole: np.ndarray = vectors @ q
        return whole
    out = np.empty((rows.shape[0], q.shape[1]), dtype=np.float32)
    for start in range(0, rows.shape[0], _CHUNK):
        out[start : start + _CHUNK] = vectors[rows[start : start + _CHUNK]] @ q
    return out


def _cosines64(vectors: np.ndarray, rows: np.ndarray, q: np.ndarray) -> np.ndarray:
    """``vectors[rows] @ q`` in float64, as the clusters' scripts compute it."""
    out = np.empty((rows.shape[0], q.shape[1]), dtype=np.float64)
    for start in range(0, rows.shape[0], _CHUNK):
        out[start : start + _CHUNK] = vectors[rows[start : start + _CHUNK]].astype(np.float64) @ q
    return out


def _exact_page(scorer: _Scorer, rows: np.ndarray, top: int) -> np.ndarray:
    """The first ``top`` rows of the float64 ranking of ``rows`` (ties by row), from one
    float32 pass.

    Every row gets an upper bound of its float64 score from its float32 cosines
    (:func:`itlr.certify.float32_dot_error`). The ``top`` best bounds' rows, scored in
    float64, put a floor under the page: at least ``top`` rows score that much, so a row
    whose bound is below it cannot be on the page. Only rows at or above the floor are
    scored in float64: near-ties and the page itself, not the corpus."""
    if top == 0 or not len(rows):
        return np.zeros(0, dtype=np.int64)
    if len(rows) <= top:
        picked: np.ndarray = rows[_top(scorer.score64(rows)[0], top)]
        return picked
    cosines = scorer.cosines32(rows)
    upper = scorer.upper32(cosines)
    first = _top(upper, top)
    floor = float(scorer.score64(rows[first])[0].min())
    if floor <= 0.0:
        # A row among the best bounds scores 0, so every row reaches the floor. Scores are
        # never negative: where a tight bound is 0 it is the exact score, the rest are rescored.
        upper = scorer.upper32(cosines, tight=True)
        near = np.flatnonzero(upper >= floor)
        scores = upper[near]
        positive = np.flatnonzero(scores > 0.0)
        scores[positive] = scorer.score64(rows[near[positive]])[0]
    else:
        near = np.flatnonzero(upper >= floor)
        scores = scorer.score64(rows[near])[0]
    page: np.ndarray = rows[near[_top(scores, top)]]
    return page


def _lists(
    scorer: _Scorer, rows: np.ndarray, depth: int, ann: Any
) -> tuple[np.ndarray, dict[int, float], list[HalfSpace], bool]:
    """Each positive term's ``depth`` nearest rows among ``rows``, and on a scan as many on
    the query's composite vector (as on the clusters, :mod:`itlr.rounds`): the union, each
    term list's floor (the similarity its deepest neighbour had, plus the float32 error),
    the composite list's half-space, and whether the lists are complete (a list that
    reached every row leaves no document unseen)."""
    positive = scorer.plan.positive_terms
    if depth >= len(rows):
        return rows, {}, [], True
    # Only where the lists are exact (the scan): faiss's HNSW list on a composite, which lies
    # between the corpus's clusters, missed true neighbours, and certified 23% wrong pages of
    # benchmarks/local_ann.py's 3-term queries; the terms' own lists held all 100.
    made = query_composite(scorer.plan, scorer.q32.T) if ann is None else None
    queries = np.ascontiguousarray(scorer.q32[:, positive].T)
    if made is not None:
        queries = np.vstack([queries, made.direction.astype(np.float32)])
    ends: list[float] = []
    picked: list[np.ndarray] = []
    if ann is None:
        cosines = _cosines32(scorer.snap.vectors, rows, np.ascontiguousarray(queries.T))
        for j in range(len(queries)):
            nearest = _top(cosines[:, j].astype(np.float64), depth)
            picked.append(rows[nearest])
            ends.append(float(cosines[nearest[-1], j]) + scorer.slack)
    else:
        allowed = None
        if len(rows) < scorer.snap.count:
            allowed = np.zeros(scorer.snap.count, dtype=bool)
            allowed[rows] = True
        for labels, sims in ann.search(queries, depth, allowed=allowed, limit=scorer.snap.count):
            picked.append(labels)
            # A short list from an ANN index proves nothing about what it did not reach.
            ends.append(float(sims[-1]) + scorer.slack if len(labels) >= depth else 1.0)
    floors = dict(zip(positive, ends))
    cuts = [HalfSpace(made.weights, made.norm * min(1.0, ends[-1]))] if made is not None else []
    return np.unique(np.concatenate(picked)), floors, cuts, False


def _candidates_page(
    scorer: _Scorer, rows: np.ndarray, top: int, depth: int, ann: Any, rounds: int
) -> tuple[np.ndarray, Certificate]:
    pool, floors, cuts, complete = _lists(scorer, rows, depth, ann)
    scores, _ = scorer.score64(pool)
    order = _top(scores, top)
    if complete:
        return pool[order], Certificate(True, depth, None, rounds)
    p = scorer.plan
    last = float(scores[order[-1]]) if len(order) >= top and top else math.inf
    bound = unseen_bound(p.program, p.terms, scorer.semantics, floors, cuts, threshold=last)
    return pool[order], Certificate(certify_page(scores[order], top, bound), depth, bound, rounds)


def _approx_page(scorer: _Scorer, rows: np.ndarray, top: int, depth: int, ann: Any) -> tuple[np.ndarray, Certificate]:
    """One round at a fixed depth; the certificate says whether the page is provably exact."""
    return _candidates_page(scorer, rows, top, depth, ann, 1)


def _threshold_page(
    scorer: _Scorer, rows: np.ndarray, k: int, offset: int, first: int | None, ann: Any, list_budget: float
) -> tuple[np.ndarray, Certificate]:
    """The threshold algorithm: deepen the kNN lists until the page is certified, then
    fall back to a scan. The lists stop growing once together they would hold more than
    ``list_budget`` of the rows."""
    top = offset + k
    tried = 0
    listed = len(scorer.plan.positive_terms)
    for depth in depths(k, offset, first=first):
        if depth >= len(rows) or listed * depth > list_budget * len(rows):
            break
        tried += 1
        page, certificate = _candidates_page(scorer, rows, top, depth, ann, tried)
        if certificate.certified:
            return page, certificate
    return _exact_page(scorer, rows, top), Certificate(True, None, None, tried)


def _top(scores: np.ndarray, n: int) -> np.ndarray:
    """Indices of the ``n`` largest scores, best first; ties keep index order."""
    n = min(n, scores.shape[0])
    if n <= 0:
        return np.zeros(0, dtype=np.int64)
    blocks = scores.shape[0] // _TOP_BLOCK
    if blocks >= 4 * n:
        # Each of the n best block maxima is a score, so the n-th largest score is at least
        # the n-th best maximum: a cheap cut (a select over every score costs ~1 ms at
        # 100,000) that keeps only the scores reaching it.
        maxima = scores[: blocks * _TOP_BLOCK].reshape(blocks, _TOP_BLOCK).max(axis=1)
        candidates = np.flatnonzero(scores >= np.partition(maxima, blocks - n)[blocks - n])
    else:
        candidates = np.arange(scores.shape[0])
    if n < candidates.shape[0]:
        chosen = scores[candidates]
        # argpartition cuts ties at the boundary arbitrarily: take every tie of the n-th score.
        cut = chosen[np.argpartition(-chosen, n - 1)[:n]].min()
        candidates = candidates[chosen >= cut]
    order = np.lexsort((candidates, -scores[candidates]))
    return candidates[order][:n]


def _progress(total: int, desc: str, enabled: bool) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="doc", disable=not enabled or total == 0, leave=False)
