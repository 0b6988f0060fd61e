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
