"""Exact-mode Painless before and after the per-segment unboxing, in one run on one node.

    python benchmarks/painless_speed.py --url http://127.0.0.1:9200 [--docs 10000] [--out FILE.json]

Scores every document of one index (``script_score`` over all vectors, k = 10) with:
the script as it was at commit c8eecfb (query numbers unboxed per document, one
accumulator), today's script with the document norm (``unit`` false), today's
script skipping it (``unit`` true, itlr's own indices), and the k-NN plugin's own exact
single-vector scoring (``knn_score``). Interleaved round-robin, so load drifts hit
every variant alike; ratios are to ``knn_score`` of 1 term in the same run.
With ``ITLR_TRY_TRUTH=FILE`` a candidate replacement of ``truth.painless`` runs beside
them ("try, unit"), so a change to the script is measured against today's in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import time
import uuid
from pathlib import Path

import numpy as np

import itlr
from itlr import painless
from itlr.engines import engine_for
from itlr.indexing import index_documents
from itlr.translator.plan import plan as make_plan

OLD_COMMIT = "c8eecfb"


def old_source() -> str:
    root = Path(__file__).resolve().parent.parent
    read = lambda name: subprocess.run(["git", "show", f"{OLD_COMMIT}:itlr/painless/{name}"], cwd=root, check=True,
                                       capture_output=True, text=True).stdout
    return "\n".join(read(n) for n in ("vector.opensearch.painless", "truth.painless", "compose.painless"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--docs", type=int, default=10_000)
    parser.add_argument("--dims", type=int, default=384)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--out")
    args = parser.parse_args()
    client = itlr.connect(args.url, "opensearch", timeout=120)
    engine = engine_for(client)
    rng = np.random.default_rng(0)
    name = f"h2-painless-{uuid.uuid4().hex[:6]}"
    vectors = rng.normal(size=(args.docs, args.dims)).astype(np.float32)
    index_documents(client, name, [{"_id": str(i), "text": f"passage {i}"} for i in range(args.docs)], vectors=vectors)
    client.indices.forcemerge(index=name, max_num_segments=1)
    sources = {"before": old_source(), "after": painless.source("opensearch", "score")}
    if os.environ.get("ITLR_TRY_TRUTH"):
        from itlr.painless import _read, constants
        alt = open(os.environ["ITLR_TRY_TRUTH"]).read()
        sources["try"] = "\n".join([constants(), _read("vector.opensearch.painless"), alt, _read("compose.painless")])
    try:
        bodies: dict[str, dict] = {}
        for terms in (1, 2, 4, 8):
            expr = " AND ".join(f'"t{i}"' for i in range(terms))
            p = make_plan(expr)
            q = rng.normal(size=(terms, args.dims))
            q /= np.linalg.norm(q, axis=1, keepdims=True)
            base = itlr.compile(expr, dialect="opensearch", term_vectors=q.tolist(), k=10, mode="exact")
            assert len(p.terms) == terms
            for variant, source, unit in (("before", sources["before"], False), ("after, norm", sources["after"], False),
                                          ("after, unit", sources["after"], True),
                                          *((("try, unit", sources["try"], True),) if "try" in sources else ())):
                body = json.loads(json.dumps(base))
                script = body["query"]["script_score"]["script"]
                script["source"] = source
                script["params"]["unit"] = unit
                bodies[f"{variant} | {terms}"] = body
            if terms == 1:
                bodies["knn_score | 1"] = {"size": 10, "_source": False, "query": {"script_score": {
                    "query": {"match_all": {}},
                    "script": {"lang": "knn", "source": "knn_score",
                               "params": {"field": "embedding", "query_value": q[0].tolist(), "space_type": "cosinesimil"}}}}}
        # the variants agree on the top 10 (before and after are the same arithmetic)
        for terms in (1, 2, 4, 8):
            ids = {v: [h["_id"] for h in engine.search(name, bodies[f"{v} | {terms}"])["hits"]["hits"]]
                   for v in ("before", "after, norm", "after, unit", *(("try, unit",) if "try" in sources else ()))}
            assert all(i == ids["before"] for i in ids.values()), ids
        times: dict[str, list[float]] = {key: [] for key in bodies}
        for key, body in bodies.items():  # warm-up: compile, JIT
            for _ in range(3):
                engine.search(name, body)
        for _ in range(args.rounds):
            for key, body in bodies.items():
                start = time.perf_counter()
                engine.search(name, body)
                times[key].append(time.perf_counter() - start)
        floor = statistics.median(times["knn_score | 1"])
        report = {"docs": args.docs, "dims": args.dims, "rounds": args.rounds, "p50_ms": {}, "ratio_to_knn_score": {}}
        for key, samples in times.items():
            p50 = statistics.median(samples)
            report["p50_ms"][key] = round(p50 * 1000, 2)
            report["ratio_to_knn_score"][key] = round(p50 / floor, 2)
            print(f"{key:20} p50 {p50 * 1000:8.2f} ms   {p50 / floor:5.2f} x knn_score")
        if args.out:
            Path(args.out).write_text(json.dumps(report, indent=1) + "\n")
    finally:
        engine.delete_index(name)


if __name__ == "__main__":
    main()
