"""Where a certified `auto` round's engine time goes (issue 11, docs/BENCHMARKS.md §5j).

On an index that ``itlr bench --keep-index`` left on an OpenSearch node, takes the first
round's request of each of bench's queries (same seed, same term pool) and times, query by
query and interleaved, the request and parts of it: without the list-ends aggregation, the
kNN clauses alone, one term's list alone, and the engine's plain kNN query (k 10, the
bench's baseline). Reports the engine's own ``took`` and the wall time seen here.

    itlr bench --source $NC --chunk-sentences 2 --engines opensearch --url opensearch=$URL \\
        --sizes 100000 --terms 2 --queries 30 --no-overheads --keep-index
    python benchmarks/round_parts.py --url $URL --index itlr-bench-100000 --terms 2,4
"""

from __future__ import annotations

import copy
import json
import statistics
import time
from typing import Any

from itlr.search import LogicalSearch

from kept_bench_index import open_kept_index, parser


def first_round_bodies(client: Any, index: str, items: list[Any]) -> list[dict[str, Any]]:
    """The body of each query's first auto round (the requests are captured, then answered; a
    new search object per query, so that none skips its round on what earlier ones cost)."""
    seen: list[Any] = []
    search = client.search

    def capture(*args: Any, **kwargs: Any) -> Any:
        seen.append(copy.deepcopy(kwargs.get("body")))
        return search(*args, **kwargs)

    client.search = capture
    bodies = []
    try:
        for expr, vectors in items:
            del seen[:]
            LogicalSearch(client, index, embedder=None).search(expr, term_vectors=vectors, k=10, mode="auto")
            body = seen[0]
            bodies.append(json.loads(body) if isinstance(body, (str, bytes)) else body)
    finally:
        client.search = search
    return bodies


def variants(body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    lists = body["query"]["script_score"]["query"]
    one = copy.deepcopy(lists["bool"]["should"][0])
    knn10 = copy.deepcopy(one)
    knn10["knn"][next(iter(knn10["knn"]))].update(k=10)
    knn10["knn"][next(iter(knn10["knn"]))].pop("method_parameters", None)
    no_aggs = {k: v for k, v in body.items() if k != "aggs"}
    return {
        "round (scored page + list ends)": body,
        "without the list-ends aggregation": no_aggs,
        "the kNN clauses alone": {"size": body["size"], "query": lists},
        "one term's list alone": {"size": body["size"], "query": one},
        "plain kNN query, k 10": {"size": 10, "query": knn10},
    }


def main() -> None:
    ap = parser(__doc__ or "", terms="2,4")
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    kept = open_kept_index(args)
    client = kept.client
    for t in [int(x) for x in args.terms.split(",")]:
        bodies = first_round_bodies(client, args.index, kept.workloads[t])
        took: dict[str, list[float]] = {}
        wall: dict[str, list[float]] = {}
        for repeat in range(args.repeats + 1):
            for body in bodies:
                for name, request in variants(body).items():
                    start = time.perf_counter()
                    response = client.search(index=args.index, body=request, request_cache=False)
                    if repeat:  # the first pass warms up
                        wall.setdefault(name, []).append((time.perf_counter() - start) * 1000)
                        took.setdefault(name, []).append(float(response["took"]))
        lists = len(bodies[0]["query"]["script_score"]["query"]["bool"]["should"])
        print(f"{t} terms ({len(bodies)} queries x {args.repeats}, first rounds with {lists} lists of depth "
              f"{bodies[0]['query']['script_score']['query']['bool']['should'][0]['knn'][next(iter(bodies[0]['query']['script_score']['query']['bool']['should'][0]['knn']))]['k']}):")
        for name in took:
            print(f"  {name:36s} took mean {statistics.mean(took[name]):5.2f} ms   wall p50 {statistics.median(wall[name]):6.2f} ms")


if __name__ == "__main__":
    main()
