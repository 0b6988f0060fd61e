"""Markdown speed tables from `itlr bench --out` JSON files (used for docs/BENCHMARKS.md).

    python benchmarks/speed_table.py benchmarks/results/bench_local.json
"""

import json
import sys


def table(path: str) -> str:
    r = json.load(open(path))
    rows = r["results"]
    terms = sorted({x["terms"] for x in rows if x["kind"] in ("approx", "exact")})
    out = [f"<!-- {path}: {r['date']}, load average at the end {r.get('load_average')}, warm-up {r.get('warmup', 2)} -->",
           "| engine | size | query | kNN | " + " | ".join(f"{t} term{'s' if t > 1 else ''}" for t in terms) + " |",
           "| --- | --- | --- | --- | " + " | ".join("---" for _ in terms) + " |"]
    for engine, size in sorted({(x["engine"], x["size"]) for x in rows}, key=lambda g: (g[0], g[1])):
        get = {(x["kind"], x["terms"]): x for x in rows if x["engine"] == engine and x["size"] == size}
        knn = get.get(("knn", 1))
        fmt = lambda x: f"{x['p50_ms']:.1f} / {x['p95_ms']:.1f}" if x and x.get("p50_ms") is not None else "–"
        out.append(f"| {engine} | {size:,} | single-vector kNN | {fmt(knn)} | " + " | ".join("" for _ in terms) + " |")
        for kind, label in (("approx", "itlr approx"), ("exact", "itlr exact")):
            out.append(f"| {engine} | {size:,} | {label} | | " + " | ".join(fmt(get.get((kind, t))) for t in terms) + " |")
        rec = [get.get(("recall@10", t)) for t in terms]
        out.append(f"| {engine} | {size:,} | recall@10 approx vs exact | | "
                   + " | ".join(f"{x['recall']:.3f}" if x and x.get("recall") is not None else "–" for x in rec) + " |")
    out.append("")
    for x in r["indexing"]:
        out.append(f"indexing {x['engine']} {x['size']:,}: {x['seconds']:.1f} s, {x['docs_per_s']:,.0f} docs/s")
    for e in r.get("errors", []):
        out.append(f"error: {e}")
    out.append("")
    for name, x in r.get("overhead", {}).items():
        if x.get("p50_ms") is not None:
            out.append(f"| {name} | {x['p50_ms']:.2f} | {x['p95_ms']:.2f} |")
    return "\n".join(out)


if __name__ == "__main__":
    for p in sys.argv[1:]:
        print(table(p))
        print()
