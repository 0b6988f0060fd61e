"""Embedders on real models: the default sentence-transformers model from its
PyPI package, and a real OpenAI-compatible /v1/embeddings server (llama-cpp-python)."""

import numpy as np
import pytest

import itlr
from itlr.embedders import CachedEmbedder, OpenAIEmbedder, PrecomputedEmbedder, SentenceTransformerEmbedder, embed_unique


@pytest.mark.model
def test_default_model_is_unit_normalised_and_offline():
    emb = SentenceTransformerEmbedder()
    vectors = emb.embed(["Vitamin D keeps bones strong.", "Jaguars are big cats."])
    assert emb.name == "all-MiniLM-L6-v2" and emb.dim == 384
    assert vectors.shape == (2, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    close = emb.embed(["bone health", "vitamin D and bones", "sports cars"])
    assert close[0] @ close[1] > close[0] @ close[2]


@pytest.mark.model
def test_terms_embedded_once_in_one_batch(tmp_path):
    calls = []

    class Counting:
        name, dim = "counting", 384
        inner = SentenceTransformerEmbedder()

        def embed(self, texts):
            calls.append(list(texts))
            return self.inner.embed(texts)

    cached = CachedEmbedder(Counting(), tmp_path / "cache.sqlite")
    rows = embed_unique(cached, ["dogs", "cats", "dogs", "mice"])
    assert calls == [["dogs", "cats", "mice"]]  # one call, each distinct term once
    assert np.array_equal(rows[0], rows[2])
    again = embed_unique(cached, ["mice", "dogs"])
    assert calls == [["dogs", "cats", "mice"]]  # from the on-disk cache
    assert np.allclose(again, rows[[3, 0]])


def test_precomputed_embedder_errors():
    emb = PrecomputedEmbedder({"a": [3, 4]})
    assert np.allclose(emb.embed(["a"]), [[0.6, 0.8]])
    with pytest.raises(LookupError, match="no vector given for term 'b'"):
        emb.embed(["b"])


@pytest.mark.llm
def test_openai_compatible_endpoint(embedding_server):
    emb = OpenAIEmbedder("gemma-3-270m-q4_k_m", base_url=embedding_server, batch_size=2, timeout=120)
    texts = ["cats chase mice", "the stock market fell", "cats chase mice", "a recipe for bread", "dogs bark"]
    vectors = emb.embed(texts)  # three requests of at most two texts
    assert vectors.shape == (5, emb.dim) and emb.dim > 0
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert np.allclose(vectors[0], vectors[2], atol=1e-5)  # order kept across batches
    single = emb.embed(["a recipe for bread"])
    assert np.allclose(single[0], vectors[3], atol=1e-4)
    # and it drives a search end to end
    index = itlr.LocalIndex()
    index.add([{"_id": str(i), "text": t} for i, t in enumerate(texts[1:])], embedder=emb)
    result = index.search('"cats chase mice" AND NOT "bread"', embedder=emb, k=4, explain=True)
    assert len(result) == 4 and result[0].id == "1"


def test_openai_endpoint_that_is_down_is_a_clear_error(unused_port):
    emb = OpenAIEmbedder("m", base_url=f"http://127.0.0.1:{unused_port}/v1", timeout=2)
    with pytest.raises(RuntimeError, match=f"embeddings endpoint http://127.0.0.1:{unused_port}/v1/ \\(m\\): Connection error"):
        emb.embed(["x"])


# -- issue 14: cache identity, default_embedder(cache=...), sqlite lifetime, no process-wide side effects


def _model_folder(root, weights: bytes):
    """A folder shaped like a sentence-transformers model (only its files' identity matters here)."""
    root.mkdir(parents=True)
    (root / "config.json").write_text('{"hidden_size": 4}')
    (root / "model.safetensors").write_bytes(weights)
    return str(root)


def test_cache_key_is_the_model_folder_not_its_basename(tmp_path):
    v1 = SentenceTransformerEmbedder(_model_folder(tmp_path / "v1" / "model", b"weights one"))
    v2 = SentenceTransformerEmbedder(_model_folder(tmp_path / "v2" / "model", b"weights two"))
    assert v1.name == v2.name == "model"  # the display name may be the same ...
    c1, c2 = CachedEmbedder(v1, tmp_path / "c.sqlite"), CachedEmbedder(v2, tmp_path / "c.sqlite")
    try:
        assert c1._key("dogs") != c2._key("dogs")  # ... the cache key never is
    finally:
        c1.close(), c2.close()


def test_cache_key_changes_when_the_weights_in_a_folder_change(tmp_path):
    folder = _model_folder(tmp_path / "m", b"weights one")
    before = SentenceTransformerEmbedder(folder).identity
    (tmp_path / "m" / "model.safetensors").write_bytes(b"retrained weights, a different size")
    assert SentenceTransformerEmbedder(folder).identity != before


def test_openai_cache_key_includes_base_url_and_dimensions():
    a = OpenAIEmbedder("text-embedding-3-small", base_url="http://127.0.0.1:1/v1", dimensions=256)
    b = OpenAIEmbedder("text-embedding-3-small", base_url="http://127.0.0.1:1/v1", dimensions=512)
    c = OpenAIEmbedder("text-embedding-3-small", base_url="http://127.0.0.1:2/v1", dimensions=256)
    assert len({a.identity, b.identity, c.identity}) == 3


def test_cached_vectors_are_never_served_for_another_model(tmp_path):
    first = PrecomputedEmbedder({"dogs": [1, 0]}, name="same-name")
    second = PrecomputedEmbedder({"dogs": [0, 1]}, name="same-name")
    with CachedEmbedder(first, tmp_path / "c.sqlite") as cached:
        assert np.allclose(cached.embed(["dogs"]), [[1, 0]])
    with CachedEmbedder(second, tmp_path / "c.sqlite") as cached:
        assert np.allclose(cached.embed(["dogs"]), [[0, 1]])


def test_default_embedder_honours_cache_on_every_call():
    from itlr import embedders

    cached, bare = embedders.default_embedder(cache=True), embedders.default_embedder(cache=False)
    assert isinstance(cached, CachedEmbedder) and isinstance(bare, SentenceTransformerEmbedder)
    assert cached.inner is bare  # one model in memory, with or without the cache
    assert embedders.default_embedder(cache=True) is cached and embedders.default_embedder(cache=False) is bare


def test_default_embedder_is_one_object_across_threads():
    import concurrent.futures

    from itlr import embedders

    embedders._reset_default_for_tests()
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        made = list(pool.map(lambda _: embedders.default_embedder(cache=True), range(32)))
    assert len({id(m) for m in made}) == 1


def test_cached_embedder_closes_its_connection(tmp_path):
    cached = CachedEmbedder(PrecomputedEmbedder({"a": [1, 0]}), tmp_path / "c.sqlite")
    cached.embed(["a"])
    connection = cached._db
    assert connection is not None
    cached.close()
    import sqlite3

    with pytest.raises(sqlite3.ProgrammingError):
        connection.execute("SELECT 1")
    cached.close()  # twice is fine
    with pytest.raises(ValueError, match="closed"):
        cached.embed(["a"])


def test_cached_embedder_is_safe_under_threads(tmp_path):
    import concurrent.futures

    vectors = {f"t{i}": [float(i + 1), 1.0] for i in range(50)}
    with CachedEmbedder(PrecomputedEmbedder(vectors), tmp_path / "c.sqlite") as cached:
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            rows = list(pool.map(lambda i: cached.embed([f"t{i % 50}", f"t{(i * 7) % 50}"]), range(400)))
        direct = PrecomputedEmbedder(vectors)
        for i, got in enumerate(rows):
            assert np.allclose(got, direct.embed([f"t{i % 50}", f"t{(i * 7) % 50}"]))


@pytest.mark.model
def test_loading_the_model_leaves_the_environment_alone():
    import os
    import subprocess
    import sys

    code = (
        "import os, itlr.embedders as e\n"
        "import sentence_transformers, transformers  # their own import-time settings are not ours\n"
        "from transformers.utils import logging as hf_logging\n"
        "before = dict(os.environ)\n"
        "m = e.SentenceTransformerEmbedder(); m.embed(['x'])\n"
        "changed = {k for k in set(before) | set(os.environ) if before.get(k) != os.environ.get(k)}\n"
        "print(sorted(changed), hf_logging.is_progress_bar_enabled())\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")}
    env["HF_ENDPOINT"] = "http://127.0.0.1:9"  # a hub that refuses: any request would fail the load
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "[] True"  # no variable set, and the progress-bar setting put back
