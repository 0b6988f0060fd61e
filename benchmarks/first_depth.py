"""Certified `auto` with a shallower first round (``knn_k``) against the default (issue 11,
docs/BENCHMARKS.md §5j).

On an index that ``itlr bench --keep-index`` left on an OpenSearch node, runs bench's queries
(same seed, same term pool) in ``auto`` with the first list depth at 100 (the default), 50 and
25, in ``exact``, and the plain kNN query as the baseline; each configuration has its own search
object, the queries run twice (the first pass warms up and teaches each object its round costs)
and the configurations take turns in a shuffled order per query. Reports p50 against the kNN
query, how many pages certified in the first round, the mean round trips, and how many pages
equal exact mode's; every page that does not is printed with its certificate.

    python benchmarks/first_depth.py --url $URL --index itlr-bench-100000 --terms 1,2,4
"""

from __future__ import annotations

import random
import statistics
import time

from itlr.search import LogicalSearch

from kept_bench_index import open_kept_index, parser

FIRST_DEPTHS = {"auto (100)": None, "auto, knn_k 50": 50, "auto, knn_k 25": 25}


def main() -> None:
    args = parser(__doc__ or "", terms="1,2,4").parse_args()
    kept = open_kept_index(args)
    single = kept.single
    names = ["kNN", *FIRST_DEPTHS, "exact"]
    searches = {name: LogicalSearch(kept.client, args.index, embedder=None) for name in names}
    for t in [int(x) for x in args.terms.split(",")]:
        items = kept.workloads[t]
        times: dict[str, list[float]] = {n: [] for n in names}
        first = dict.fromkeys(names, 0)
        rounds: dict[str, list[int]] = {n: [] for n in names}
        same = dict.fromkeys(names, 0)
        for timed in (False, True):
            for i, (expr, vectors) in enumerate(items):
                order = names[:]
                random.Random(i).shuffle(order)
                pages = {}
                for name in order:
                    start = time.perf_counter()
                    if name == "kNN":
                        searches[name].knn(single[i], k=10)
                    else:
                        mode = "exact" if name == "exact" else "auto"
                        pages[name] = searches[name].search(expr, term_vectors=vectors, k=10, mode=mode, knn_k=FIRST_DEPTHS.get(name))
                    if timed:
                        times[name].append((time.perf_counter() - start) * 1000)
                if not timed:
                    continue
                exact = [h.id for h in pages["exact"].hits]
                for name, page in pages.items():
                    rounds[name].append(page.certificate.rounds if page.certificate else 0)
                    first[name] += int(page.mode == "approx" and page.certificate is not None and page.certificate.rounds == 1)
                    if [h.id for h in page.hits] == exact:
                        same[name] += 1
                    else:
                        print(f"  differs from exact: {name}, {t} terms, query {i}: {page.certificate}; scores "
                              f"{[round(h.score, 6) for h in page.hits]} against exact's {[round(h.score, 6) for h in pages['exact'].hits]}")
        base = statistics.median(times["kNN"])
        print(f"{t} terms ({len(items)} queries):")
        for name in names:
            p50 = statistics.median(times[name])
            extra = "" if name == "kNN" else (f"  first round certified {first[name]:2d}/{len(items)}  rounds {statistics.mean(rounds[name]):.2f}"
                                               f"  same page as exact {same[name]}/{len(items)}")
            print(f"  {name:16s} p50 {p50:7.2f} ms ({p50 / base:4.1f}x kNN){extra}")


if __name__ == "__main__":
    main()
