"""Compares hnswlib, usearch and faiss-cpu HNSW indexes: build time, query p50 and
recall at depths 100 and 400, and filtered search (how itlr's ANN library was chosen).

    pip install hnswlib usearch faiss-cpu
    python benchmarks/ann_libraries.py 100000 hnswlib   # or usearch, faiss
"""
import sys, time, os
import numpy as np
N, D, Q = int(sys.argv[1]), 384, 50
rng = np.random.default_rng(0)
centers = rng.standard_normal((2000, D)).astype(np.float32)
X = centers[rng.integers(0, 2000, N)] + 0.9 * rng.standard_normal((N, D)).astype(np.float32)
X /= np.linalg.norm(X, axis=1, keepdims=True)
qs = X[rng.integers(0, N, Q)] + 0.5 * rng.standard_normal((Q, D)).astype(np.float32)
qs /= np.linalg.norm(qs, axis=1, keepdims=True)
truth = {K: np.argsort(-(X @ qs.T), axis=0)[:K].T for K in (100, 400)}
def rec(found, K):
    return np.mean([len(set(f[:K]) & set(t)) / K for f, t in zip(found, truth[K])])
def timeit(f):
    ts = []
    for q in qs:
        t = time.perf_counter(); f(q); ts.append(time.perf_counter() - t)
    return np.median(ts) * 1e3
which = sys.argv[2]
M, EFC = 16, 100
if which == "hnswlib":
    import hnswlib
    t = time.perf_counter(); idx = hnswlib.Index(space="ip", dim=D); idx.init_index(N, M=M, ef_construction=EFC); idx.set_num_threads(2); idx.add_items(X, np.arange(N)); b = time.perf_counter() - t
    idx.set_num_threads(1)
    for K in (100, 400):
        idx.set_ef(max(2 * K, 200))
        found = [idx.knn_query(q, k=K)[0][0] for q in qs]
        print(which, "build_s", round(b, 1), "K", K, "p50_ms", round(timeit(lambda q: idx.knn_query(q, k=K)), 2), "recall", round(rec(found, K), 4), flush=True)
    allow = rng.random(N) < 0.3
    idx.set_ef(200)
    print(which, "filtered30% p50_ms", round(timeit(lambda q: idx.knn_query(q, k=100, filter=lambda i: allow[i])), 2))
elif which == "usearch":
    from usearch.index import Index
    t = time.perf_counter(); idx = Index(ndim=D, metric="ip", dtype="f32", connectivity=M, expansion_add=EFC); idx.add(np.arange(N), X, threads=2); b = time.perf_counter() - t
    for K in (100, 400):
        idx.expansion_search = max(2 * K, 200)
        found = [idx.search(q, K, threads=1).keys for q in qs]
        print(which, "build_s", round(b, 1), "K", K, "p50_ms", round(timeit(lambda q: idx.search(q, K, threads=1)), 2), "recall", round(rec(found, K), 4), flush=True)
elif which == "faiss":
    import faiss
    faiss.omp_set_num_threads(2)
    t = time.perf_counter(); idx = faiss.IndexHNSWFlat(D, M, faiss.METRIC_INNER_PRODUCT); idx.hnsw.efConstruction = EFC; idx.add(X); b = time.perf_counter() - t
    faiss.omp_set_num_threads(1)
    for K in (100, 400):
        p = faiss.SearchParametersHNSW(efSearch=max(2 * K, 200))
        found = [idx.search(q[None], K, params=p)[1][0] for q in qs]
        print(which, "build_s", round(b, 1), "K", K, "p50_ms", round(timeit(lambda q: idx.search(q[None], K, params=p)), 2), "recall", round(rec(found, K), 4), flush=True)
    allow = rng.random(N) < 0.3
    sel = faiss.IDSelectorBatch(np.flatnonzero(allow).astype(np.int64))
    p = faiss.SearchParametersHNSW(efSearch=200, sel=sel)
    print(which, "filtered30% p50_ms", round(timeit(lambda q: idx.search(q[None], 100, params=p)), 2))
t = time.perf_counter(); [X @ q for q in qs[:10]]; print(which, "scan 1 term ms", round((time.perf_counter() - t) / 10 * 1e3, 2))
