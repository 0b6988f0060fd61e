"""The local engine: an in-process index over numpy, the embedded default and
the reference the clusters must match.

Scoring is one matrix product (documents × terms) followed by the same postfix
program the Painless script runs (:func:`itlr.semantics.evaluate`).
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from .documents import batched, prepare_documents
from .embedders import Embedder, normalize, term_vectors
from .filters import compile_filter
from .hits import Hit, SearchResult
from .semantics import Semantics, evaluate, truth_values
from .translator import Expr
from .translator.compiler import SearchOptions
from .translator.plan import plan as make_plan

__all__ = ["LocalIndex"]

FORMAT_VERSION = 1


class LocalIndex:
    """Documents, their stored fields and unit vectors, in memory; saved as a folder.

    >>> index = LocalIndex()
    >>> index.add([{"_id": "1", "text": "Cats chase mice."}], embedder=emb)
    >>> index.search('"cats" AND NOT "mice"', embedder=emb, k=5)
    """

    def __init__(self, *, model: str | None = None) -> None:
        self.model = model  # name of the embedder the vectors came from
        self.ids: list[str] = []
        self.sources: list[dict[str, Any]] = []
        self._vectors = np.zeros((0, 0), dtype=np.float32)
        self._row: dict[str, int] = {}

    # -- contents ---------------------------------------------------------

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def dim(self) -> int | None:
        return self._vectors.shape[1] if len(self.ids) else None

    @property
    def vectors(self) -> np.ndarray:
        """The unit vectors, one row per document (read-only view)."""
        view = self._vectors[: len(self.ids)]
        view.flags.writeable = False
        return view

    def get(self, doc_id: str) -> dict[str, Any]:
        try:
            return self.sources[self._row[str(doc_id)]]
        except KeyError:
            raise LookupError(f"no document with id {doc_id!r}") from None

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
        if len(docs) and self.dim is not None and matrix.shape[1] != self.dim:
            raise ValueError(f"vectors have {matrix.shape[1]} dimensions but the index has {self.dim}")
        self._append(docs, matrix)
        return len(docs)

    def _append(self, docs, matrix: np.ndarray) -> None:
        if not len(docs):
            return
        if not len(self.ids):
            self._vectors = np.zeros((0, matrix.shape[1]), dtype=np.float32)
        new_rows = []
        stored = len(self.ids)  # rows below this already live in self._vectors
        for doc, vector in zip(docs, matrix):
            row = self._row.get(doc.id)
            if row is None:
                self._row[doc.id] = len(self.ids)
                self.ids.append(doc.id)
                self.sources.append(doc.source)
                new_rows.append(vector)
            else:  # same id again: replace, never duplicate
                self.sources[row] = doc.source
                if row < stored:
                    self._vectors[row] = vector
                else:  # repeated within this batch: the last one wins
                    new_rows[row - stored] = vector
        if new_rows:
            self._vectors = np.concatenate([self._vectors[: len(self.ids) - len(new_rows)], np.stack(new_rows)])

    def _check_model(self, embedder: Embedder) -> None:
        if self.model and embedder.name != self.model:
            warnings.warn(
                f"index was built with model {self.model!r} but the query embedder is {embedder.name!r}", stacklevel=3
            )

    # -- persistence ------------------------------------------------------

    def save(self, path: str | Path) -> Path:
        """Writes ``docs.jsonl``, ``vectors.npy`` and ``meta.json`` into the folder ``path``."""
        folder = Path(path)
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / "docs.jsonl.tmp", "w", encoding="utf-8") as fh:
            for doc_id, source in zip(self.ids, self.sources):
                fh.write(json.dumps({"_id": doc_id, "_source": source}, ensure_ascii=False) + "\n")
        np.save(folder / "vectors.tmp.npy", self.vectors)
        meta = {"format": FORMAT_VERSION, "model": self.model, "count": len(self), "dim": self.dim}
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
        index = cls(model=meta.get("model"))
        with open(folder / "docs.jsonl", encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                index._row[row["_id"]] = len(index.ids)
                index.ids.append(row["_id"])
                index.sources.append(row["_source"])
        index._vectors = np.load(folder / "vectors.npy")
        if index._vectors.shape[0] != len(index.ids):
            raise ValueError(f"{folder}: {len(index.ids)} documents but {index._vectors.shape[0]} vectors")
        return index

    # -- search -----------------------------------------------------------

    def _allowed(self, filter: Mapping[str, Any] | None) -> np.ndarray:
        """Rows passing the filter (all rows without one)."""
        if filter is None:
            return np.arange(len(self.ids))
        keep = compile_filter(filter)
        return np.fromiter((i for i, (d, s) in enumerate(zip(self.ids, self.sources)) if keep(d, s)), dtype=np.int64)

    def knn(self, vector: Sequence[float] | np.ndarray, *, k: int = 10, filter: Mapping[str, Any] | None = None) -> list[Hit]:
        """Plain dense retrieval: the ``k`` nearest documents by cosine (the baseline)."""
        q = normalize(np.asarray(vector, dtype=np.float32).reshape(1, -1))[0]
        self._check_dim(q.shape[0])
        rows = self._allowed(filter)
        scores = _cosines(self._vectors, rows, q.reshape(-1, 1))[:, 0]
        order = _top(scores, k)
        return [Hit(self.ids[rows[i]], float(scores[i]), self.sources[rows[i]]) for i in order]

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

        ``exact`` scores every document (passing ``filter``); ``approx`` scores only the
        union of each positive term's ``knn_k`` nearest documents, as a cluster's kNN
        clauses would; ``auto`` picks per SPEC §3.
        """
        semantics = semantics or Semantics()
        the_plan = make_plan(query)
        resolved = the_plan.resolve_mode(mode, semantics)
        if k < 0 or offset < 0:
            raise ValueError("k and offset must be zero or more")
        q = self._term_vectors(the_plan.terms, embedder, term_vectors)
        if not len(self):
            return SearchResult(str(the_plan.expr), [], resolved)
        rows = self._allowed(filter)
        if resolved == "approx" and len(rows):
            # the clusters' default neighbours per kNN clause, so both modes gather alike
            per_term = SearchOptions(k=k, offset=offset, knn_k=knn_k).neighbours()
            sims = _cosines(self._vectors, rows, q[the_plan.positive_terms].T)
            picked = set()
            for column in sims.T:
                picked.update(_top(column, per_term).tolist())
            rows = rows[np.array(sorted(picked), dtype=np.int64)]
        similarities = _cosines(self._vectors, rows, q.T)
        truth = truth_values(similarities, the_plan.terms, semantics)
        scores = evaluate(the_plan.program, truth, semantics)
        order = _top(scores, k + offset)[offset:]
        hits = [
            Hit(
                self.ids[rows[i]],
                float(scores[i]),
                self.sources[rows[i]],
                {t: float(truth[i, j]) for j, t in enumerate(the_plan.terms)} if explain else None,
            )
            for i in order
        ]
        return SearchResult(str(the_plan.expr), hits, resolved)

    def _term_vectors(self, terms: Sequence[str], embedder: Embedder | None, given: Any) -> np.ndarray:
        if given is None and embedder is not None:
            self._check_model(embedder)
        q = term_vectors(terms, embedder=embedder, given=given)
        self._check_dim(q.shape[1])
        return q

    def _check_dim(self, dim: int) -> None:
        if self.dim is not None and dim != self.dim:
            raise ValueError(f"query vectors have {dim} dimensions but the index has {self.dim} (model {self.model!r})")


def _cosines(vectors: np.ndarray, rows: np.ndarray, queries: np.ndarray, chunk: int = 16384) -> np.ndarray:
    """``vectors[rows] @ queries`` in float64, chunk by chunk.

    The engines' scripts multiply the stored float32 values in double precision;
    doing the same keeps the reference exact where NOT (reciprocal) and
    calibration amplify the last bits of a float32 product. ``rows`` is sorted
    and distinct, so when it holds every row the matrix is sliced, not copied.
    """
    q = np.asarray(queries, dtype=np.float64)
    everything = rows.shape[0] == vectors.shape[0]
    out = np.empty((rows.shape[0], q.shape[1]), dtype=np.float64)
    for start in range(0, rows.shape[0], chunk):
        block = vectors[start : start + chunk] if everything else vectors[rows[start : start + chunk]]
        out[start : start + chunk] = block.astype(np.float64) @ q
    return out


def _top(scores: np.ndarray, n: int) -> np.ndarray:
    """Indices of the ``n`` largest scores, best first; ties keep index order."""
    n = min(n, scores.shape[0])
    if n <= 0:
        return np.zeros(0, dtype=np.int64)
    if n < scores.shape[0]:
        candidates = np.argpartition(-scores, n - 1)[:n]
        # argpartition cuts ties at the boundary arbitrarily: take every tie of the n-th score.
        cut = scores[candidates].min()
        candidates = np.flatnonzero(scores >= cut)
    else:
        candidates = np.arange(scores.shape[0])
    order = np.lexsort((candidates, -scores[candidates]))
    return candidates[order][:n]


def _progress(total: int, desc: str, enabled: bool):
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="doc", disable=not enabled or total == 0, leave=False)
