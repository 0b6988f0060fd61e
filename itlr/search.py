"""``LogicalSearch``: one ``search`` over Elasticsearch, OpenSearch or the local engine."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from . import painless
from .embedders import Embedder, default_embedder, normalize, term_vectors
from .engines import Engine, engine_for
from .hits import Hit, SearchResult
from .indexing import IndexReport, index_documents
from .local import LocalIndex
from .mappings import VectorField, vector_field
from .rounds import ClusterQuery, RoundCosts, drive, search_rounds
from .semantics import Semantics
from .translator import Expr
from .translator.compiler import SearchOptions
from .translator.dialects import get_dialect
from .translator.plan import Plan, plan as make_plan

__all__ = ["LogicalSearch", "SearchSettings", "compile", "DEFAULT_RESULT_WINDOW", "check_page", "result_window"]

DEFAULT_RESULT_WINDOW = 10_000  # index.max_result_window of both engines when the index sets none


def _term_vectors(the_plan: Plan, embedder: Embedder | None, given: Any) -> np.ndarray:
    return term_vectors(the_plan.terms, embedder=None if given is not None else embedder or default_embedder(), given=given)


def result_window(info: Mapping[str, Any]) -> int:
    """The smallest ``index.max_result_window`` among the indices of a ``GET <index>`` answer
    (an alias or a pattern can name several): the deepest page a search may reach."""
    windows = [int(((i.get("settings") or {}).get("index") or {}).get("max_result_window", DEFAULT_RESULT_WINDOW)) for i in info.values()]
    return min(windows, default=DEFAULT_RESULT_WINDOW)


def check_page(k: int, offset: int, window: int, index: str | None = None) -> None:
    """Refuses a page past ``window`` before anything is sent.

    Every mode cuts its page with ``from``/``size`` (``exact``; ``auto``'s certified and
    exhaustive requests; ``approx`` over its candidates), and the engines refuse
    ``from + size`` above the index's ``index.max_result_window``. That is the one limit:
    ``MAX_KNN`` caps only auto's kNN lists, past which it scores exactly with from/size,
    and approx pages past the candidate pool come back short or empty, not refused."""
    if offset + k > window:
        where, remedy = (
            (f"index {index!r}", "raise index.max_result_window on the index")
            if index
            else ("the engines' default", "pass max_result_window= for an index that sets a larger one")
        )
        raise ValueError(f"offset + k = {offset + k:,} is past index.max_result_window = {window:,} ({where}): "
                         f"narrow the search with filter= or {remedy}")


def compile(
    query: str | Expr,
    *,
    dialect: str = "opensearch",
    embedder: Embedder | None = None,
    term_vectors: Mapping[str, Sequence[float]] | Sequence[Sequence[float]] | None = None,
    field: str = "embedding",
    k: int = 10,
    max_result_window: int = DEFAULT_RESULT_WINDOW,
    **options: Any,
) -> dict[str, Any]:
    """The search request body for ``query`` in ``dialect`` (SPEC §4).

    Options: ``offset``, ``mode`` (auto/approx/exact), ``filter`` (query DSL),
    ``explain``, ``semantics``, ``knn_k``, ``num_candidates``, ``source``,
    ``stored_script``. ``offset + k`` may not pass ``max_result_window``, the target
    index's ``index.max_result_window`` (the engines' default unless given).
    """
    the_plan = make_plan(query)
    opts = SearchOptions(field=field, k=k, **options)
    check_page(opts.k, opts.offset, max_result_window)
    return get_dialect(dialect).compile(the_plan, _term_vectors(the_plan, embedder, term_vectors), opts)


class SearchSettings:
    """What a sync and an async search share: the index, the field, the embedder, the
    semantics, and the sans-IO step from a query to a :class:`~itlr.rounds.ClusterQuery`."""

    dialect: str
    index: str | None

    def __init__(
        self,
        index: str | None,
        *,
        embedder: Embedder | None = None,
        field: str = "embedding",
        semantics: Semantics | None = None,
        stored_scripts: bool = False,
    ) -> None:
        self.index = index
        self._embedder = embedder
        self.field = field
        self.semantics = semantics or Semantics()
        self.stored_scripts = stored_scripts
        self._field: VectorField | None = None
        self._window = DEFAULT_RESULT_WINDOW  # the index's index.max_result_window, read with the mapping
        self._documents: int | None = None  # the index's document count, read with the mapping
        self._costs = RoundCosts()  # what certified auto's rounds and exact scoring cost on the index

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = default_embedder()
        return self._embedder

    def _options(self, **kwargs: Any) -> SearchOptions:
        return SearchOptions(field=self.field, semantics=kwargs.pop("semantics", None) or self.semantics, stored_script=self.stored_scripts, **kwargs)

    def _inspect(self, info: dict[str, Any], documents: int) -> VectorField:
        """Reads what a search needs from the index's ``GET <index>`` answer, once: the vector
        field (dims, similarity, unit length) and the result window; and keeps the
        document count, which tells certified ``auto`` when exact scoring is cheaper than
        deeper lists (a guess: the index may grow, never at the cost of a result)."""
        self._field = vector_field(info, self.field, self.index or "")
        self._window = result_window(info)
        self._documents = documents
        return self._field

    def _check_dims(self, vectors: np.ndarray, field: VectorField) -> None:
        """A query vector of the wrong size would be cut short by the script, silently: refuse it."""
        if vectors.shape[1] != field.dims:
            raise ValueError(
                f"query vectors have {vectors.shape[1]} dimensions but {self.field!r} in index {self.index!r} has {field.dims}"
            )

    def _cluster_query(self, query: str | Expr, term_vectors: Any, field: VectorField, **kwargs: Any) -> ClusterQuery:
        """The sans-IO description of one search (shared with :class:`itlr.AsyncLogicalSearch`)."""
        check_page(kwargs.get("k", 10), kwargs.get("offset", 0), self._window, self.index)
        the_plan = make_plan(query)
        q = _term_vectors(the_plan, self._embedder, term_vectors)
        self._check_dims(q, field)
        options = self._options(unit_vectors=field.unit, **kwargs)
        return ClusterQuery(the_plan, q, options, get_dialect(self.dialect), field, self.index or "", self._documents, self._costs)


class LogicalSearch(SearchSettings):
    """Logical queries against one index.

    ``client`` is an ``elasticsearch.Elasticsearch``, an ``opensearchpy.OpenSearch``
    or an :class:`itlr.LocalIndex`. ``embedder`` defaults to all-MiniLM-L6-v2.
    """

    def __init__(
        self,
        client: Any,
        index: str | None = None,
        *,
        embedder: Embedder | None = None,
        field: str = "embedding",
        semantics: Semantics | None = None,
        dialect: str | None = None,
        stored_scripts: bool = False,
    ) -> None:
        super().__init__(index, embedder=embedder, field=field, semantics=semantics, stored_scripts=stored_scripts)
        self.client = client
        self.engine: Engine | None
        if isinstance(client, LocalIndex):
            self.engine = None
            self.dialect = "local"
        else:
            if not index:
                raise ValueError("an index name is needed for Elasticsearch and OpenSearch")
            self.engine = engine_for(client, dialect)
            self.dialect = self.engine.dialect
            if stored_scripts:
                self.register_scripts()

    def register_scripts(self) -> list[str]:
        """Stores the score and explain scripts on the cluster (``PUT _scripts/<id>``); returns their ids."""
        if self.engine is None:
            return []
        ids = []
        for purpose in painless.PURPOSES:
            script_id = painless.script_id(self.dialect, purpose)
            self.engine.put_script(script_id, painless.source(self.dialect, purpose))
            ids.append(script_id)
        return ids

    def compile(self, query: str | Expr, *, term_vectors: Any = None, **kwargs: Any) -> dict[str, Any]:
        """The request body ``search`` would send (the cluster dialect's)."""
        if self.engine is None:
            raise ValueError("the local engine runs no request; use dialect elasticsearch or opensearch")
        the_plan = make_plan(query)
        return get_dialect(self.dialect).compile(the_plan, _term_vectors(the_plan, self._embedder, term_vectors), self._options(**kwargs))

    def _vector_field(self) -> VectorField:
        """The index's vector field, read with its result window once (dims, similarity, unit length)."""
        if self._field is None:
            return self._inspect(self.engine.index_info(self.index), self.engine.document_count(self.index))  # type: ignore[union-attr,arg-type]
        return self._field

    def search(
        self,
        query: str | Expr,
        *,
        k: int = 10,
        offset: int = 0,
        filter: Mapping[str, Any] | None = None,
        mode: str = "auto",
        explain: bool = False,
        semantics: Semantics | None = None,
        knn_k: int | None = None,
        num_candidates: int | None = None,
        source: bool | Sequence[str] | None = None,
        term_vectors: Any = None,
    ) -> SearchResult:
        """Hits ranked by the composed ITLR score of ``query`` (text or :class:`Expr`).

        ``mode``: ``auto`` (default) returns the exact ranking's page, certified from kNN
        candidates where the threshold algorithm proves it, else scored exhaustively;
        ``approx`` scores the kNN candidates only (``knn_k`` per term, default
        ``max(100, 4k)``, the same for every page: paging ends with the candidates);
        ``exact`` scores every (filtered) document. ``result.certificate`` says which.
        On a cluster ``offset + k`` may not pass the index's ``index.max_result_window``
        (10,000 unless set): a deeper page is a ``ValueError`` before anything is sent."""
        semantics = semantics or self.semantics
        if self.engine is None:
            # No result window here: index.max_result_window is each cluster index's own setting
            # (users raise it), so there is no one value to mirror, and a deep local page costs
            # only a partial sort. Approx pages end with the candidate pool, as on the clusters.
            the_plan = make_plan(query)
            q = _term_vectors(the_plan, self._embedder, term_vectors)
            return self.client.search(  # type: ignore[no-any-return]
                the_plan.expr, term_vectors=q, k=k, offset=offset, filter=filter, mode=mode,
                explain=explain, semantics=semantics, knn_k=knn_k,
            )
        cluster_query = self._cluster_query(
            query, term_vectors, self._vector_field(), k=k, offset=offset, filter=filter, mode=mode,
            explain=explain, semantics=semantics, knn_k=knn_k, num_candidates=num_candidates, source=source,
        )
        engine, index = self.engine, cluster_query.index
        return drive(search_rounds(cluster_query), lambda body: engine.run(index, body))

    def knn(
        self,
        query: str | Sequence[float] | np.ndarray,
        *,
        k: int = 10,
        filter: Mapping[str, Any] | None = None,
        num_candidates: int | None = None,
    ) -> list[Hit]:
        """Plain single-vector dense retrieval (the baseline): a text is embedded whole.

        Scores are cosine similarities on every backend (the engines' ``(1 + cos) / 2``
        is mapped back)."""
        vector = self.embedder.embed([query])[0] if isinstance(query, str) else normalize(np.asarray(query, np.float32).reshape(1, -1))[0]
        if self.engine is None:
            return self.client.knn(vector, k=k, filter=filter)  # type: ignore[no-any-return]
        field = self._vector_field()
        check_page(k, 0, self._window, self.index)
        self._check_dims(vector.reshape(1, -1), field)
        dialect = get_dialect(self.dialect)
        options = SearchOptions(field=self.field, k=k, filter=filter, knn_k=max(k, 1), num_candidates=num_candidates)
        body = {"size": k, "query": dialect.knn_clause(self.field, [float(x) for x in vector], options), "_source": {"excludes": [self.field]}}
        response = self.engine.search(self.index, body)  # type: ignore[arg-type]
        return [
            Hit(str(raw["_id"]), field.cosine(float(raw.get("_score") or 0.0)), raw.get("_source") or {})
            for raw in response.get("hits", {}).get("hits", [])
        ]

    def index_documents(self, documents: Iterable[Mapping[str, Any]], **kwargs: Any) -> IndexReport:
        """Embeds and indexes documents into this search's index (see :func:`itlr.index_documents`)."""
        kwargs.setdefault("embedder", None if "vectors" in kwargs else self.embedder)
        return index_documents(self.client, self.index, documents, field=self.field, **kwargs)

    def ask(self, question: str, *, llm: Any = None, **kwargs: Any) -> SearchResult:
        """Question → logical query (LLM if configured, else rules) → search for the query with
        the question read with and without its exclusions (:func:`itlr.nl.with_question`); the result's ``query`` shows it."""
        from .nl import to_logic

        translation = to_logic(question, llm=llm)
        result = self.search(translation.search_expr, **kwargs)
        return replace(result, question=question, method=translation.method)
