"""Keyword violation labels for NegConstraint (LSNC needs them; the dataset has none).

    python benchmarks/make_violations.py /work/shared/data/negconstraint \
        benchmarks/negconstraint_exclusions.json benchmarks/negconstraint_violations.tsv

A passage violates query q when it mentions one of q's exclusion keywords (from the
question text, see the JSON) at a word start, case-insensitively, and is not one of
q's relevant passages. A heuristic: a passage can name the excluded thing in passing.
"""

import json
import re
import sys
from pathlib import Path

from itlr.evaluation.datasets import load_dataset


def main(folder: str, keywords_path: str, out: str) -> None:
    ds = load_dataset(folder)
    keywords = {q: ks for q, ks in json.loads(Path(keywords_path).read_text()).items() if not q.startswith("_")}
    lines = ["query-id\tcorpus-id\tviolates"]
    for qid, ks in keywords.items():
        pattern = re.compile("|".join(r"\b" + re.escape(k) for k in ks), re.IGNORECASE)
        relevant = {d for d, g in ds.qrels.get(qid, {}).items() if g > 0}
        hits = [str(d["_id"]) for d in ds.corpus if str(d["_id"]) not in relevant and pattern.search(d["text"])]
        lines += [f"{qid}\t{d}\t1" for d in hits]
        print(f"query {qid}: {len(hits)} violating passages", file=sys.stderr)
    Path(out).write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:4])
