"""How often an OpenSearch kNN list misses a document it should hold (issue 11).

    itlr bench ... --sizes 100000 --keep-index        # leaves itlr-bench-100000 on the node
    python benchmarks/knn_list_recall.py --url $OPENSEARCH --index itlr-bench-100000 [--size 100000]

A certificate treats a term's kNN list of depth K as the true K nearest neighbours: every
document outside it must have a cosine at most the list's K-th. For random terms of
bench's pool, this asks the node for each term's list (as certified ``auto`` does, at
several HNSW beams ``ef``) and counts the documents whose exact cosine (numpy, the same
vectors bench indexed) lies above the list's end although the list did not return them.
Also times each list beside a plain k = 10 kNN query, interleaved.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

from itlr.embedders import default_embedder
from itlr.engines import connect
from itlr.evaluation.bench import _workload, scaled_vectors
from itlr.translator.compiler import SearchOptions
from itlr.translator.dialects import get_dialect


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--index", required=True)
    parser.add_argument("--source", default="/work/shared/data/negconstraint")
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--terms", type=int, default=150)
    parser.add_argument("--depth", type=int, default=100)
    parser.add_argument("--widths", default="2,3,4", help="ef as multiples of the depth")
    args = parser.parse_args()
    _, base, pool, term_vectors, _ = _workload(args.source, default_embedder(), progress=False, chunk_sentences=2)
    docs = scaled_vectors(base, args.size).astype(np.float32)
    client = connect(args.url, "opensearch", timeout=300)
    dialect = get_dialect("opensearch")
    terms = random.Random(5).sample(pool, args.terms)
    widths = [int(w) for w in args.widths.split(",")]
    missed = {w: [0, 0] for w in widths}  # documents, lists
    times: dict[object, list[float]] = {w: [] for w in widths}
    times["kNN k=10"] = []
    for term in terms:
        v = np.asarray(term_vectors[term], dtype=np.float32)
        sims = docs @ v
        plain = {"size": 10, "_source": False, "query": dialect.knn_clause("embedding", [float(x) for x in v], SearchOptions(k=10))}
        start = time.perf_counter()
        client.search(index=args.index, body=plain)
        times["kNN k=10"].append(time.perf_counter() - start)
        for w in widths:
            body = dialect.knn_list(v, args.depth, SearchOptions(knn_k=args.depth, num_candidates=w * args.depth), start=1)
            body.pop("stored_fields")  # the ids, to compare
            start = time.perf_counter()
            hits = client.search(index=args.index, body=body)["hits"]["hits"]
            times[w].append(time.perf_counter() - start)
            end = 2.0 * float(hits[-1]["_score"]) - 1.0  # cosinesimil scores are (1 + cos) / 2
            returned = {int(h["_id"]) for h in hits}
            above = [int(i) for i in np.flatnonzero(sims > end + 1e-6) if int(i) not in returned]
            missed[w][0] += len(above)
            missed[w][1] += bool(above)
    knn = statistics.median(times["kNN k=10"])
    print(f"{args.terms} term lists of depth {args.depth} on {args.index} ({args.size:,} passages)")
    print("| ef | documents missed | lists missing one or more | list p50 ms (× kNN k=10) |")
    print("| --- | ---: | ---: | ---: |")
    for w in widths:
        p50 = statistics.median(times[w])
        print(f"| {w} × depth | {missed[w][0]} | {missed[w][1]} | {p50 * 1000:.2f} ({p50 / knn:.2f}×) |")


if __name__ == "__main__":
    main()
