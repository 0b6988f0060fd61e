"""Certified `auto` on OpenSearch, page by page against exact mode (issue 11, docs/BENCHMARKS.md
§5j); the cluster counterpart of ``local_certified_pages.py``.

Indexes bench's scaled corpus with each passage in one of ten groups (index
``itlr-filter-check``, deleted first and after), then runs 40 random queries per row:

- ``--check filter``: 1 and 2 terms under filters passing 100%, 50%, 20% and 10% of the passages;
- ``--check offset``: 1, 2 and 3 terms, pages at offsets 0, 10, 40 and 90.

    python benchmarks/opensearch_certified_pages.py --url $URL --check filter --shards 3
"""

from __future__ import annotations

import argparse
import random

from itlr.engines import connect
from itlr.indexing import index_documents
from itlr.search import LogicalSearch

from page_checks import compare_pages, offset_check, random_queries, scaled_corpus

INDEX = "itlr-filter-check"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--url", required=True)
    ap.add_argument("--source", default="../shared/data/negconstraint")
    ap.add_argument("--size", type=int, default=50000)
    ap.add_argument("--shards", type=int, default=1)
    ap.add_argument("--check", choices=("filter", "offset"), default="filter")
    ap.add_argument("--queries", type=int, default=40)
    args = ap.parse_args()
    pool, term_vectors, vectors = scaled_corpus(args.source, args.size)
    client = connect(args.url, "opensearch", timeout=120)
    if client.indices.exists(index=INDEX):
        client.indices.delete(index=INDEX)
    docs = [{"_id": str(i), "text": "passage", "group": i % 10} for i in range(args.size)]
    index_documents(client, INDEX, docs, vectors=vectors, shards=args.shards, progress=False)
    client.indices.refresh(index=INDEX)
    search = LogicalSearch(client, INDEX, embedder=None)
    if args.check == "offset":
        offset_check(search.search, pool, term_vectors, args.queries, f"{args.shards} shard(s), ")
        client.indices.delete(index=INDEX)
        return
    rng = random.Random(1)
    for groups in (10, 5, 2, 1):
        where = {"terms": {"group": list(range(groups))}} if groups < 10 else None
        for terms in (1, 2):
            queries = random_queries(pool, terms, args.queries, rng)
            same, listed = compare_pages(search.search, queries, term_vectors, filter=where)
            print(f"{args.shards} shard(s), filter passing {10 * groups}%, {terms} term(s): page equals exact mode's {same}/{len(queries)}, "
                  f"certified from lists {listed}/{len(queries)}")
    client.indices.delete(index=INDEX)


if __name__ == "__main__":
    main()
