"""``itlr eval`` on a BEIR-layout dataset: dense retrieval vs itlr, on the local
engine or a cluster, with operator ablation and calibration.

Systems
  ``dense``    the whole question embedded as one vector, nearest passages by cosine;
  ``itlr``     itlr on the logical forms given with the dataset (``--logic``);
  ``itlr-nl``  itlr on the forms ``itlr.nl.to_logic`` makes from the questions.

When ``itlr`` is among the systems, every system is scored on the queries that
have a given logical form, so the numbers compare like with like.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from ..embedders import Embedder, cache_dir, get_embedder
from ..engines import connect
from ..semantics import Semantics
from ..translator import Expr, Not, parse
from .datasets import Dataset
from .metrics import average, evaluate_run

__all__ = [
    "ABLATIONS",
    "System",
    "LocalBackend",
    "ClusterBackend",
    "local_index_for",
    "negations",
    "nl_forms",
    "run_eval",
    "format_report",
]

# Operator families of the paper's Table 2 (AND / OR / NOT), first one the default.
ABLATIONS: dict[str, Semantics] = {
    "product/sum/1-x": Semantics("product", "sum", "one_minus"),
    "min/max/1-x": Semantics("min", "max", "one_minus"),
    "product/max/1-x": Semantics("product", "max", "one_minus"),
    "min/sum/1-x": Semantics("min", "sum", "one_minus"),
    "sum/sum/1-x": Semantics("sum", "sum", "one_minus"),
    "product/sum/1/x": Semantics("product", "sum", "reciprocal"),
}
DEFAULT_FAMILY = "product/sum/1-x"


def negations(expr: Expr) -> int:
    """Number of NOT nodes in a logical form."""
    return sum(isinstance(node, Not) for node in expr.walk())


# -- backends ------------------------------------------------------------------


class LocalBackend:
    """The in-process engine (the reference)."""

    name = "local"

    def __init__(self, index, embedder: Embedder) -> None:
        self.index = index
        self.embedder = embedder

    def dense(self, vector: np.ndarray, k: int) -> list[str]:
        return [h.id for h in self.index.knn(vector, k=k)]

    def logical(self, expr: Expr, k: int, semantics: Semantics, mode: str) -> list[str]:
        result = self.index.search(expr, embedder=self.embedder, k=k, mode=mode, semantics=semantics)
        return [h.id for h in result]


class ClusterBackend:
    """Elasticsearch or OpenSearch through :class:`itlr.search.LogicalSearch`."""

    def __init__(self, client, index: str, embedder: Embedder, *, engine: str, field: str = "embedding") -> None:
        from ..search import LogicalSearch  # lazily: the module lands separately

        self.name = engine
        self.client = client
        self.index = index
        self.embedder = embedder
        self.field = field
        self._factory = LogicalSearch
        self._searchers: dict[str | None, Any] = {}

    def _searcher(self, semantics: Semantics | None):
        key = json.dumps(semantics.to_dict(), sort_keys=True) if semantics else None
        if key not in self._searchers:
            kwargs = {"semantics": semantics} if semantics else {}
            self._searchers[key] = self._factory(self.client, self.index, embedder=self.embedder, field=self.field, **kwargs)
        return self._searchers[key]

    def dense(self, vector: np.ndarray, k: int) -> list[str]:
        return [h.id for h in self._searcher(None).knn(vector, k=k)]

    def logical(self, expr: Expr, k: int, semantics: Semantics, mode: str) -> list[str]:
        return [h.id for h in self._searcher(semantics).search(expr, k=k, mode=mode)]


def cluster_backend(engine: str, url: str, index: str, dataset: Dataset, embedder: Embedder, *, progress: bool) -> ClusterBackend:
    """Connects, and creates and fills ``index`` from the dataset's corpus when it is missing."""
    client = connect(url, engine, timeout=120)
    if not client.indices.exists(index=index):
        from ..search import index_documents

        vectors = corpus_vectors(dataset, embedder, progress=progress)
        index_documents(client, index, dataset.corpus, embedder=embedder, vectors=vectors, progress=progress)
        client.indices.refresh(index=index)
    return ClusterBackend(client, index, embedder, engine=engine)


# -- the local index, cached on disk ------------------------------------------


def corpus_texts(dataset: Dataset) -> list[str]:
    from ..documents import prepare_documents

    return [d.text for d in prepare_documents(dataset.corpus)]


def corpus_vectors(dataset: Dataset, embedder: Embedder, *, progress: bool = True) -> np.ndarray:
    """Unit vectors of the corpus passages (through the embedding cache), in batches with a bar."""
    from tqdm.auto import tqdm

    texts = corpus_texts(dataset)
    parts = []
    with tqdm(total=len(texts), desc="embedding corpus", unit="doc", disable=not progress, leave=False) as bar:
        for start in range(0, len(texts), 256):
            batch = texts[start : start + 256]
            parts.append(embedder.embed(batch))
            bar.update(len(batch))
    return np.concatenate(parts) if parts else np.zeros((0, embedder.dim), np.float32)


def local_index_for(dataset: Dataset, embedder: Embedder, *, use_cache: bool = True, progress: bool = True):
    """A :class:`LocalIndex` of the corpus, kept under ``~/.cache/itlr/eval/`` keyed by
    dataset path, corpus contents and model."""
    from ..local import LocalIndex

    key = hashlib.sha256(f"{dataset.path}\x00{dataset.fingerprint()}\x00{embedder.name}".encode()).hexdigest()[:20]
    folder = cache_dir() / "eval" / f"{dataset.name}-{key}"
    if use_cache and (folder / "meta.json").is_file():
        try:
            return LocalIndex.load(folder), folder
        except (OSError, ValueError, LookupError):
            pass  # a broken cache entry is rebuilt
    vectors = corpus_vectors(dataset, embedder, progress=progress)
    index = LocalIndex(model=embedder.name)
    index.add(dataset.corpus, vectors=vectors)
    if use_cache:
        index.save(folder)
    return index, folder


# -- logical forms from itlr nl -------------------------------------------------


def nl_forms(questions: Mapping[str, str], *, llm=None, progress: bool = True) -> tuple[dict[str, Expr], dict[str, str]]:
    """Forms from :func:`itlr.nl.to_logic`; returns ``(forms, failures)``."""
    try:
        from ..nl import to_logic
    except ImportError as exc:
        raise LookupError(f"system itlr-nl needs itlr.nl.to_logic, which is not available ({exc})") from None
    from tqdm.auto import tqdm

    forms: dict[str, Expr] = {}
    failures: dict[str, str] = {}
    methods: dict[str, int] = {}
    for qid, question in tqdm(questions.items(), desc="itlr nl", unit="q", disable=not progress, leave=False):
        try:
            translation = to_logic(question, llm=llm)
            expr = getattr(translation, "expr", None)
            forms[qid] = expr if isinstance(expr, Expr) else parse(str(translation.query))
            method = str(getattr(translation, "method", "?"))
            methods[method] = methods.get(method, 0) + 1
        except Exception as exc:  # a question the translator cannot handle is reported, not fatal
            failures[qid] = f"{type(exc).__name__}: {exc}"
    nl_forms.last_methods = methods  # type: ignore[attr-defined]
    return forms, failures


# -- the evaluation ------------------------------------------------------------


@dataclass
class System:
    name: str
    kind: str  # "dense" or "logic"
    forms: dict[str, Expr] | None = None
    semantics: Semantics | None = None
    family: str | None = None


@dataclass
class EvalConfig:
    k: int = 10
    mode: str = "exact"
    systems: Sequence[str] = ("dense", "itlr")
    ablation: bool = False
    calibrate: str | None = None  # None, "split" or "qrels"
    limit: int | None = None
    progress: bool = True
    negatives_per_query: int = 50
    seed: int = 0
    llm: object = None  # for itlr-nl: None = LLM if configured (ITLR_LLM_*), else rules; False = rules only


def _ranked(backend, system: System, qids: Sequence[str], questions: Mapping[str, str], embedder: Embedder,
            depth: int, mode: str, progress: bool) -> tuple[dict[str, list[str]], float]:
    from tqdm.auto import tqdm

    run: dict[str, list[str]] = {}
    start = time.perf_counter()
    if system.kind == "dense":
        vectors = embedder.embed([questions[q] for q in qids]) if qids else np.zeros((0, 1))
        for q, v in zip(tqdm(qids, desc=system.name, unit="q", disable=not progress, leave=False), vectors):
            run[q] = backend.dense(v, depth)
    else:
        for q in tqdm(qids, desc=system.name, unit="q", disable=not progress, leave=False):
            if q in system.forms:
                run[q] = backend.logical(system.forms[q], depth, system.semantics, mode)
    return run, time.perf_counter() - start


def summarise(per_query: Mapping[str, Mapping[str, float]], qids: Sequence[str], groups: Mapping[str, int] | None) -> dict:
    rows = [per_query[q] for q in qids if q in per_query]
    out: dict[str, Any] = {"n": len(rows), "metrics": average(rows)}
    if groups:
        by: dict[str, Any] = {}
        for n in sorted(set(groups[q] for q in qids if q in groups)):
            members = [per_query[q] for q in qids if groups.get(q) == n and q in per_query]
            by[str(n)] = {"n": len(members), "metrics": average(members)}
        out["by_negations"] = by
    return out


def run_eval(
    dataset: Dataset,
    backend,
    embedder: Embedder,
    config: EvalConfig,
    *,
    log: Callable[[str], None] = lambda s: print(s, file=sys.stderr),
) -> dict[str, Any]:
    """Runs every system; returns the JSON-ready report."""
    from .calibration import fit_calibration, split_queries

    k = config.k
    qids = dataset.judged_queries
    notes: list[str] = []
    if "itlr" in config.systems:
        if not dataset.logic:
            raise ValueError("system itlr needs logical forms: give --logic FILE (JSONL of {\"_id\", \"logic\"})")
        qids = [q for q in qids if q in dataset.logic]
        notes.append(f"all systems scored on the {len(qids)} judged queries that have a given logical form")
    if config.limit:
        qids = qids[: config.limit]
    if not qids:
        raise ValueError("no queries to evaluate (no judged query has a logical form?)")

    systems: list[System] = []
    base_forms: dict[str, dict[str, Expr]] = {}
    nl_failures: dict[str, str] = {}
    for name in config.systems:
        if name == "dense":
            systems.append(System("dense", "dense"))
        elif name == "itlr":
            base_forms["itlr"] = {q: dataset.logic[q] for q in qids}
        elif name == "itlr-nl":
            forms, nl_failures = nl_forms({q: dataset.queries[q] for q in qids}, llm=config.llm, progress=config.progress)
            base_forms["itlr-nl"] = forms
            methods = getattr(nl_forms, "last_methods", {})
            notes.append("itlr-nl forms from itlr.nl.to_logic: " + ", ".join(f"{n} by {m}" for m, n in methods.items()))
            if nl_failures:
                notes.append(f"itlr nl failed on {len(nl_failures)} queries (scored 0 there)")
        else:
            raise ValueError(f"unknown system {name!r} (choose from dense, itlr, itlr-nl)")
    families = ABLATIONS if config.ablation else {DEFAULT_FAMILY: ABLATIONS[DEFAULT_FAMILY]}
    for name, forms in base_forms.items():
        for family, semantics in families.items():
            label = name if family == DEFAULT_FAMILY else f"{name} [{family}]"
            systems.append(System(label, "logic", forms, semantics, family))

    # Breakdown by negations: the given forms where there are some, else itlr nl's.
    reference = base_forms.get("itlr") or base_forms.get("itlr-nl") or dataset.logic
    groups = {q: negations(reference[q]) for q in qids if q in reference} or None

    calibration_report = None
    cal_test: list[str] | None = None
    if config.calibrate:
        from .calibration import CalibrationData

        vectors = backend.index.vectors if isinstance(backend, LocalBackend) else corpus_vectors(dataset, embedder, progress=config.progress)
        data = CalibrationData(dataset, vectors, embedder)
        if config.calibrate == "split":
            train, cal_test = split_queries(qids, seed=config.seed)
            fitted_on = (f"labelled pairs from the {len(train)} training queries of a 50/50 split of the query ids "
                         f"(hash split, seed {config.seed}); numbers below are on the other {len(cal_test)} queries")
        elif config.calibrate == "qrels":
            train, cal_test = list(qids), list(qids)
            fitted_on = (f"labelled pairs from all {len(qids)} evaluated queries (in-sample: qrels positives vs "
                         f"{config.negatives_per_query} sampled negatives per query; optimistic)")
        else:
            raise ValueError(f"--calibrate must be split or qrels; got {config.calibrate!r}")
        calibration_report = {"fitted_on": fitted_on, "test_queries": cal_test, "models": {}}
        for name, forms in base_forms.items():
            model = fit_calibration(data, {q: forms[q] for q in train if q in forms}, seed=config.seed,
                                    negatives_per_query=config.negatives_per_query)
            terms = sorted({t for q in qids if q in forms for t in forms[q].terms()})
            params = model.parameters(data.term_stats(terms))
            semantics = Semantics(calibration=params)
            systems.append(System(f"{name} +calibrated", "logic", forms, semantics, DEFAULT_FAMILY))
            calibration_report["models"][name] = model.to_dict() | {"terms": len(params)}

    depth = max(k, 10)
    report: dict[str, Any] = {
        "k": k,
        "mode": config.mode,
        "queries": len(qids),
        "notes": notes,
        "systems": {},
    }
    for system in systems:
        run, seconds = _ranked(backend, system, qids, dataset.queries, embedder, depth, config.mode, config.progress)
        # A query without a form (itlr nl failed) ranks nothing: it scores 0.
        full_run = {q: run.get(q, []) for q in qids}
        _, per_query = evaluate_run(full_run, dataset.qrels, k=k, violations=dataset.violations)
        entry = summarise(per_query, qids, groups)
        entry.update({"kind": system.kind, "seconds": round(seconds, 3)})
        if system.semantics is not None:
            entry["semantics"] = system.semantics.to_dict() if not system.semantics.calibration else {
                "and": system.semantics.and_op, "or": system.semantics.or_op, "not": system.semantics.not_op,
                "calibration": f"{len(system.semantics.calibration)} terms"}
        if system.family:
            entry["family"] = system.family
        entry["per_query"] = per_query
        entry["rankings"] = {q: r[:k] for q, r in full_run.items()}
        if system.forms is not None:
            entry["forms"] = {q: str(system.forms[q]) for q in qids if q in system.forms}
        report["systems"][system.name] = entry
    if nl_failures:
        report["nl_failures"] = nl_failures
    if calibration_report is not None:
        table = {}
        for name, entry in report["systems"].items():
            if "[" in name:  # ablation variants are not part of the calibration comparison
                continue
            table[name] = summarise(entry["per_query"], cal_test, groups)
        calibration_report["results"] = table
        report["calibration"] = calibration_report
    if config.ablation:
        report["ablation"] = {
            name: {"family": e.get("family"), **{m: v for m, v in e["metrics"].items()}}
            for name, e in report["systems"].items() if e["kind"] == "logic" and "+calibrated" not in name
        }
    return report


# -- printing ------------------------------------------------------------------


def _fmt(value: float | None) -> str:
    return "   -  " if value is None else f"{value:6.3f}"


def format_report(report: Mapping[str, Any]) -> str:
    lines: list[str] = []
    head = report.get("header")
    if head:
        lines.append(head)
    for note in report.get("notes", []):
        lines.append(f"note: {note}")
    systems = report["systems"]
    metric_names: list[str] = []
    for entry in systems.values():
        for m in entry["metrics"]:
            if m not in metric_names:
                metric_names.append(m)
    width = max([len(n) for n in systems] + [6]) + 2
    lines.append("")
    lines.append("system".ljust(width) + "     n  " + "  ".join(m.rjust(9) for m in metric_names))
    for name, entry in systems.items():
        lines.append(name.ljust(width) + f"{entry['n']:6d}  " + "  ".join(_fmt(entry["metrics"].get(m)).rjust(9) for m in metric_names))
    first = next(iter(systems.values()))
    if first.get("by_negations"):
        groups = sorted({g for e in systems.values() for g in e.get("by_negations", {})}, key=int)
        ndcg = f"ndcg@{report['k']}"
        lines.append("")
        lines.append(f"{ndcg} by number of negations in the logical form")
        lines.append("system".ljust(width) + "  ".join(f"{g} NOT (n={first['by_negations'].get(g, {}).get('n', 0)})".rjust(14) for g in groups))
        for name, entry in systems.items():
            cells = []
            for g in groups:
                cell = entry.get("by_negations", {}).get(g)
                cells.append(_fmt(cell["metrics"].get(ndcg) if cell else None).rjust(14))
            lines.append(name.ljust(width) + "  ".join(cells))
    cal = report.get("calibration")
    if cal:
        lines.append("")
        lines.append(f"calibration: fitted on {cal['fitted_on']}")
        for name, model in cal["models"].items():
            lines.append(f"  {name}: {model['description']}")
        lines.append("system".ljust(width) + "     n  " + "  ".join(m.rjust(9) for m in metric_names))
        for name, entry in cal["results"].items():
            lines.append(name.ljust(width) + f"{entry['n']:6d}  " + "  ".join(_fmt(entry["metrics"].get(m)).rjust(9) for m in metric_names))
    return "\n".join(lines)
