"""Evaluation data in the BEIR layout, plus itlr's two optional side files.

A dataset folder holds

- ``corpus.jsonl``  — ``{"_id", "text"[, "title"]}`` per line;
- ``queries.jsonl`` — ``{"_id", "text"}`` per line;
- qrels — a TSV with a header line, ``query-id  corpus-id  score``: ``qrels/test.tsv``
  (BEIR) or ``test.tsv`` beside the corpus, or any file given explicitly.

Optional, given by path (or found in the folder under these names):

- logical forms — JSONL ``{"_id": query id, "logic": "<logical query>"}``
  (``logic.jsonl``);
- violation labels — a qrels-like TSV with a header, ``query-id  corpus-id  violates``,
  one line per passage that violates the query's exclusion (``violates`` = 1; lines
  with 0 are allowed and ignored) (``violations.tsv``). A query that appears in the
  file is labelled: its passages not listed do not violate. Queries absent from the
  file have no labels, and LSNC is not computed for them.
"""

from __future__ import annotations

import csv
import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..documents import read_jsonl
from ..translator import Expr, parse

__all__ = ["Dataset", "load_dataset", "read_qrels", "read_logic", "read_violations", "write_qrels"]


@dataclass
class Dataset:
    name: str
    path: Path | None
    corpus: list[dict[str, Any]]
    queries: dict[str, str]
    qrels: dict[str, dict[str, float]]
    logic: dict[str, Expr] = field(default_factory=dict)
    violations: dict[str, set[str]] | None = None
    logic_path: Path | None = None
    violations_path: Path | None = None

    @property
    def judged_queries(self) -> list[str]:
        """Query ids with at least one relevant document, in queries-file order."""
        return [q for q in self.queries if any(g > 0 for g in self.qrels.get(q, {}).values())]

    def fingerprint(self) -> str:
        """Changes whenever the corpus changes (ids or texts)."""
        h = hashlib.sha256()
        for doc in self.corpus:
            h.update(str(doc.get("_id")).encode() + b"\x00" + str(doc.get("title", "")).encode() + b"\x00")
            h.update(str(doc.get("text", "")).encode() + b"\x01")
        return h.hexdigest()[:16]


def read_qrels(path: str | Path) -> dict[str, dict[str, float]]:
    """``query-id corpus-id score`` TSV (header line skipped when present)."""
    out: dict[str, dict[str, float]] = {}
    with open(path, encoding="utf-8", newline="") as fh:
        for number, row in enumerate(csv.reader(fh, delimiter="\t"), 1):
            if not row or not "".join(row).strip():
                continue
            if number == 1 and row[0].strip().lower() in ("query-id", "query_id", "qid", "query"):
                continue
            if len(row) < 3:
                raise ValueError(f"{path}:{number}: expected query-id, corpus-id and score separated by tabs")
            try:
                score = float(row[2])
            except ValueError:
                raise ValueError(f"{path}:{number}: score {row[2]!r} is not a number") from None
            out.setdefault(row[0].strip(), {})[row[1].strip()] = score
    return out


def write_qrels(path: str | Path, qrels: dict[str, dict[str, float]], header: str = "query-id\tcorpus-id\tscore") -> None:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(header + "\n")
        for qid, docs in qrels.items():
            for doc, score in docs.items():
                fh.write(f"{qid}\t{doc}\t{score:g}\n")


def read_violations(path: str | Path) -> dict[str, set[str]]:
    """Violation labels: query id to the set of violating passage ids."""
    out: dict[str, set[str]] = {}
    for qid, docs in read_qrels(path).items():
        out[qid] = {d for d, v in docs.items() if v > 0}
    return out


def read_logic(path: str | Path) -> dict[str, Expr]:
    """Logical forms ``{"_id", "logic"}``; each is parsed (a bad one is an error naming its line)."""
    out: dict[str, Expr] = {}
    for number, row in enumerate(read_jsonl(path), 1):
        qid, text = row.get("_id"), row.get("logic")
        if qid is None or not isinstance(text, str):
            raise ValueError(f"{path}:{number}: expected {{\"_id\", \"logic\"}}")
        try:
            out[str(qid)] = parse(text)
        except ValueError as exc:
            raise ValueError(f"{path}:{number}: query {qid}: {exc}") from None
    return out


def _find_qrels(folder: Path, split: str) -> Path:
    for candidate in (folder / "qrels" / f"{split}.tsv", folder / f"{split}.tsv"):
        if candidate.is_file():
            return candidate
    raise LookupError(f"no qrels for split {split!r} in {folder} (looked for qrels/{split}.tsv and {split}.tsv)")


def load_dataset(
    path: str | Path,
    *,
    split: str = "test",
    qrels: str | Path | None = None,
    logic: str | Path | None = None,
    violations: str | Path | None = None,
) -> Dataset:
    """Loads a BEIR folder; ``logic`` / ``violations`` default to ``logic.jsonl`` /
    ``violations.tsv`` in the folder when those exist."""
    folder = Path(path)
    if not (folder / "corpus.jsonl").is_file():
        raise LookupError(f"{folder}: no corpus.jsonl (expected a BEIR-layout folder)")
    if not (folder / "queries.jsonl").is_file():
        raise LookupError(f"{folder}: no queries.jsonl")
    corpus = list(read_jsonl(folder / "corpus.jsonl"))
    queries = {str(q["_id"]): str(q["text"]) for q in read_jsonl(folder / "queries.jsonl")}
    qrels_path = Path(qrels) if qrels else _find_qrels(folder, split)
    judged = read_qrels(qrels_path)
    logic_path = Path(logic) if logic else (folder / "logic.jsonl" if (folder / "logic.jsonl").is_file() else None)
    viol_path = Path(violations) if violations else (
        folder / "violations.tsv" if (folder / "violations.tsv").is_file() else None
    )
    forms = read_logic(logic_path) if logic_path else {}
    unknown = [q for q in forms if q not in queries]
    if unknown:
        raise ValueError(f"{logic_path}: logical forms for unknown query ids, e.g. {unknown[0]!r}")
    labels = read_violations(viol_path) if viol_path else None
    return Dataset(
        name=folder.resolve().name,
        path=folder.resolve(),
        corpus=corpus,
        queries=queries,
        qrels=judged,
        logic=forms,
        violations=labels,
        logic_path=logic_path.resolve() if logic_path else None,
        violations_path=viol_path.resolve() if viol_path else None,
    )
