"""A LangChain retriever over :class:`itlr.LogicalSearch` (``pip install 'itlr[langchain]'``).

    from itlr.integrations.langchain import LogicalRetriever
    retriever = LogicalRetriever(search=itlr.LogicalSearch(client, "docs"), k=4)
    docs = retriever.invoke("benefits of vitamin D other than bone health")
    docs[0].metadata["itlr"]["truth"]   # {"vitamin D benefits": 0.61, "bone health": 0.12}
"""

from __future__ import annotations

from typing import Any, Optional

try:
    from langchain_core.callbacks import AsyncCallbackManagerForRetrieverRun, CallbackManagerForRetrieverRun
    from langchain_core.documents import Document
    from langchain_core.retrievers import BaseRetriever
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError("the LangChain retriever needs langchain-core: pip install 'itlr[langchain]'") from exc

from pydantic import ConfigDict, field_validator

from ..hits import SearchResult
from . import QueryType, aretrieve, check_search, hit_metadata, hit_text, retrieve

__all__ = ["LogicalRetriever"]


class LogicalRetriever(BaseRetriever):
    """Documents ranked by the composed ITLR score of a logical query or a question.

    ``query_type``: ``auto`` (a text in the query language runs as it is, any other
    text goes through :func:`itlr.to_logic`), ``logic`` or ``question``. ``llm`` is
    passed to ``to_logic`` (None: an LLM when one is configured, else the rules).
    Each ``Document`` has the hit's id, its stored text as ``page_content``, its other
    stored fields and ``metadata["itlr"]`` (id, score, per-term truth, the query).
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    search: Any  # itlr.LogicalSearch, or itlr.AsyncLogicalSearch for ainvoke
    k: int = 4
    query_type: QueryType = "auto"
    filter: Optional[dict[str, Any]] = None
    mode: str = "auto"
    text_field: str = "text"
    llm: Any = None

    @field_validator("search")
    @classmethod
    def _a_logical_search(cls, search: Any) -> Any:
        return check_search(search)

    @field_validator("k")
    @classmethod
    def _positive_k(cls, k: int) -> int:
        if k < 1:
            raise ValueError("k must be at least 1")
        return k

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        return self._documents(retrieve(self.search, query, **self._options()))

    async def _aget_relevant_documents(self, query: str, *, run_manager: AsyncCallbackManagerForRetrieverRun) -> list[Document]:
        return self._documents(await aretrieve(self.search, query, **self._options()))

    def _options(self) -> dict[str, Any]:
        return {"query_type": self.query_type, "k": self.k, "filter": self.filter, "mode": self.mode, "llm": self.llm}

    def _documents(self, result: SearchResult) -> list[Document]:
        return [
            Document(id=hit.id, page_content=hit_text(hit, self.text_field), metadata=hit_metadata(hit, result, self.text_field))
            for hit in result
        ]
