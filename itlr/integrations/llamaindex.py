"""A LlamaIndex retriever over :class:`itlr.LogicalSearch` (``pip install 'itlr[llamaindex]'``).

    from itlr.integrations.llamaindex import LogicalRetriever
    retriever = LogicalRetriever(itlr.LogicalSearch(client, "docs"), k=4)
    nodes = retriever.retrieve("benefits of vitamin D other than bone health")
    nodes[0].score, nodes[0].node.metadata["itlr"]["truth"]

It uses no LLM or embedding model of LlamaIndex's ``Settings`` and downloads nothing.
"""

from __future__ import annotations

from typing import Any, Mapping

try:
    from llama_index.core.callbacks import CallbackManager
    from llama_index.core.retrievers import BaseRetriever
    from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError("the LlamaIndex retriever needs llama-index-core: pip install 'itlr[llamaindex]'") from exc

from ..hits import SearchResult
from . import METADATA_KEY, QUERY_TYPES, QueryType, aretrieve, check_search, hit_metadata, hit_text, retrieve

__all__ = ["LogicalRetriever"]


class LogicalRetriever(BaseRetriever):
    """Nodes ranked by the composed ITLR score of a logical query or a question.

    ``search`` is an :class:`itlr.LogicalSearch`, or an ``itlr.AsyncLogicalSearch``
    for ``aretrieve``. Same options as the LangChain retriever (``k``,
    ``query_type``, ``filter``, ``mode``, ``text_field``, ``llm``). Each ``NodeWithScore`` holds a ``TextNode``
    whose ``id_`` is the hit's id and whose metadata carry the hit's other stored
    fields and ``"itlr"`` (id, score, per-term truth, the query); the ``"itlr"``
    entry is kept out of the text LlamaIndex shows an LLM or embeds.
    """

    def __init__(
        self,
        search: Any,
        *,
        k: int = 4,
        query_type: QueryType = "auto",
        filter: Mapping[str, Any] | None = None,
        mode: str = "auto",
        text_field: str = "text",
        llm: Any = None,
        callback_manager: CallbackManager | None = None,
    ) -> None:
        if k < 1:
            raise ValueError("k must be at least 1")
        if query_type not in QUERY_TYPES:
            raise ValueError(f"query_type must be one of {', '.join(QUERY_TYPES)}; got {query_type!r}")
        self.search, self.k, self.query_type, self.filter = check_search(search), k, query_type, filter
        self.mode, self.text_field, self.llm = mode, text_field, llm
        super().__init__(callback_manager=callback_manager)

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        return self._nodes(retrieve(self.search, query_bundle.query_str, **self._options()))

    async def _aretrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        return self._nodes(await aretrieve(self.search, query_bundle.query_str, **self._options()))

    def _options(self) -> dict[str, Any]:
        return {"query_type": self.query_type, "k": self.k, "filter": self.filter, "mode": self.mode, "llm": self.llm}

    def _nodes(self, result: SearchResult) -> list[NodeWithScore]:
        return [
            NodeWithScore(
                node=TextNode(
                    id_=hit.id,
                    text=hit_text(hit, self.text_field),
                    metadata=hit_metadata(hit, result, self.text_field),
                    excluded_llm_metadata_keys=[METADATA_KEY],
                    excluded_embed_metadata_keys=[METADATA_KEY],
                ),
                score=hit.score,
            )
            for hit in result
        ]
