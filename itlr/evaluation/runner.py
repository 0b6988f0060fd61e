"""``itlr eval`` on a BEIR-layout dataset: dense retrieval vs itlr, on the local
engine or a cluster, with operator ablation and calibration.

Every system runs through :class:`itlr.LogicalSearch`, the same object users call,
whichever engine holds the index:

  ``dense``    the whole question embedded as one vector: ``LogicalSearch.knn``;
  ``itlr``     the logical forms given with the dataset (``--logic``): ``LogicalSearch.search``;
  ``itlr-nl``  the question itself: ``LogicalSearch.ask`` (question → logical query → search).

When ``itlr`` is among the systems, every system is scored on the queries that
have a given logical form, so the numbers compare like with like.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

import numpy as np

from ..embedders import Embedder, cache_dir, embedder_identity
from ..engines import connect
from ..local import LocalIndex
from ..search import LogicalSearch
from ..semantics import Semantics
from ..translator import Expr, Not, parse
from .datasets import Dataset
from .metrics import average, evaluate_run, same_structure

if TYPE_CHECKING:  # itlr.nl loads spaCy: imported where a question is translated
    from ..nl.result import Translation

__all__ = [
    "ABLATIONS",
    "EvalConfig",
    "NLForms",
    "System",
    "cluster_search",
    "local_search",
    "local_index_for",
    "negations",
    "nl_forms",
    "structure_report",
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


# -- where the corpus lives: a LogicalSearch over the local engine or a cluster ---


def local_search(dataset: Dataset, embedder: Embedder, *, use_cache: bool = True, progress: bool = True) -> tuple[LogicalSearch, Path]:
    """A :class:`LogicalSearch` over a local index of the corpus (cached on disk, see :func:`local_index_for`)."""
    index, folder = local_index_for(dataset, embedder, use_cache=use_cache, progress=progress)
    return LogicalSearch(index, embedder=embedder), folder


def cluster_search(engine: str, url: str, index: str, dataset: Dataset, embedder: Embedder, *, progress: bool) -> LogicalSearch:
    """A :class:`LogicalSearch` over ``index`` on the cluster at ``url``. The index is
    created and filled from the dataset's corpus when it is missing, and completed when
    it holds fewer documents (an interrupted earlier run): never evaluated half-filled."""
    search = LogicalSearch(connect(url, engine, timeout=120), index, embedder=embedder)
    assert search.engine is not None  # a cluster client, never a LocalIndex
    held = search.engine.count(index) if search.engine.exists(index) else 0
    if held > len(dataset.corpus):
        raise ValueError(f"index {index!r} holds {held} documents but the corpus has {len(dataset.corpus)}: give another --index")
    if held < len(dataset.corpus):
        search.index_documents(dataset.corpus, vectors=corpus_vectors(dataset, embedder, progress=progress), progress=progress)
    return search


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


def local_index_for(dataset: Dataset, embedder: Embedder, *, use_cache: bool = True, progress: bool = True) -> tuple[LocalIndex, Path]:
    """A :class:`LocalIndex` of the corpus, kept under ``~/.cache/itlr/eval/`` keyed by
    dataset path, corpus contents and model."""
    key = hashlib.sha256(f"{dataset.path}\x00{dataset.fingerprint()}\x00{embedder_identity(embedder)}".encode()).hexdigest()[:20]
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


@dataclass
class NLForms:
    """What :func:`itlr.nl.to_logic` made of the questions."""

    translations: dict[str, Translation] = field(default_factory=dict)  # query id -> what to_logic gave
    methods: dict[str, int] = field(default_factory=dict)  # "rules" / "llm" / "fallback" -> count
    failures: dict[str, str] = field(default_factory=dict)  # query id -> error

    @property
    def forms(self) -> dict[str, Expr]:
        """Each translated question's logical form."""
        return {q: t.expr for q, t in self.translations.items()}


def nl_forms(questions: Mapping[str, str], *, llm: Any = None, progress: bool = True) -> NLForms:
    """The logical form :func:`itlr.nl.to_logic` gives each question (the form ``ask`` starts from)."""
    from tqdm.auto import tqdm

    from ..nl import LLMError, to_logic

    out = NLForms()
    for qid, question in tqdm(questions.items(), desc="itlr nl", unit="q", disable=not progress, leave=False):
        try:
            translation = to_logic(question, llm=llm)
        except (ValueError, LLMError) as exc:  # a question the translator refuses is reported, not fatal
            out.failures[qid] = f"{type(exc).__name__}: {exc}"
            continue
        out.translations[qid] = translation
        out.methods[translation.method] = out.methods.get(translation.method, 0) + 1
    return out


def structure_report(forms: Mapping[str, Expr], reference: Mapping[str, Expr], qids: Sequence[str]) -> dict[str, Any]:
    """How many of the NL forms have the reference form's structure (:func:`same_structure`),
    over the questions that have a reference; a question without an NL form counts as a miss."""
    judged = [q for q in qids if q in reference]
    matches = {q: q in forms and same_structure(forms[q], reference[q]) for q in judged}
    same = sum(matches.values())
    return {
        "questions": len(judged),
        "same_structure": same,
        "share": same / len(judged) if judged else None,
        "nl_forms_with_not": sum(1 for q in judged if q in forms and negations(forms[q]) > 0),
        "reference_forms_with_not": sum(1 for q in judged if negations(reference[q]) > 0),
        "per_query": matches,
    }


# -- the evaluation ------------------------------------------------------------


@dataclass
class System:
    name: str
    kind: str  # "dense" (knn), "logic" (search over forms) or "ask" (the questions through ask)
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


@dataclass
class _Run:
    rankings: dict[str, list[str]]
    seconds: float
    searched: dict[str, Expr] = field(default_factory=dict)  # the query each question was searched with
    failures: dict[str, str] = field(default_factory=dict)


def _ranked(search: LogicalSearch, system: System, qids: Sequence[str], questions: Mapping[str, str],
            depth: int, config: EvalConfig, translated: NLForms | None = None) -> _Run:
    """Each question's ranking. ``ask`` systems search what :meth:`LogicalSearch.ask` would
    (the translation's ``search_expr``), from ``translated`` when the questions were
    already translated: an LLM is asked once per question, not once per pass."""
    from tqdm.auto import tqdm

    run = _Run({}, 0.0)
    bar = tqdm(qids, desc=system.name, unit="q", disable=not config.progress, leave=False)
    start = time.perf_counter()
    if system.kind == "dense":
        vectors = search.embedder.embed([questions[q] for q in qids]) if qids else np.zeros((0, 1))
        for q, v in zip(bar, vectors):
            run.rankings[q] = [h.id for h in search.knn(v, k=depth)]
    elif system.kind == "ask":
        from ..nl import LLMError

        for q in bar:
            if translated is not None and q in translated.failures:
                run.failures[q] = translated.failures[q]
                continue
            try:
                if translated is not None:
                    result = search.search(translated.translations[q].search_expr, k=depth, mode=config.mode,
                                           semantics=system.semantics)
                else:
                    result = search.ask(questions[q], llm=config.llm, k=depth, mode=config.mode, semantics=system.semantics)
            except (ValueError, LLMError) as exc:  # reported with the results; the query scores 0
                run.failures[q] = f"{type(exc).__name__}: {exc}"
                continue
            run.rankings[q] = [h.id for h in result]
            run.searched[q] = parse(result.query)
    else:
        assert system.forms is not None
        for q in bar:
            if q in system.forms:
                result = search.search(system.forms[q], k=depth, mode=config.mode, semantics=system.semantics)
                run.rankings[q] = [h.id for h in result]
    run.seconds = time.perf_counter() - start
    return run


def summarise(per_query: Mapping[str, Mapping[str, float]], qids: Sequence[str], groups: Mapping[str, int] | None) -> dict[str, Any]:
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
    search: LogicalSearch,
    config: EvalConfig,
) -> dict[str, Any]:
    """Runs every system through ``search``; returns the JSON-ready report."""
    from .calibration import fit_calibration, split_queries

    k = config.k
    depth = max(k, 10)
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
    unknown = [name for name in config.systems if name not in ("dense", "itlr", "itlr-nl")]
    if unknown:
        raise ValueError(f"unknown system {unknown[0]!r} (choose from dense, itlr, itlr-nl)")

    systems: list[System] = []
    runs: dict[str, _Run] = {}
    base_forms: dict[str, dict[str, Expr]] = {}
    nl_report: dict[str, Any] | None = None
    translations = NLForms()
    for name in config.systems:
        if name == "dense":
            systems.append(System("dense", "dense"))
        elif name == "itlr":
            base_forms["itlr"] = {q: dataset.logic[q] for q in qids}
        elif name == "itlr-nl":
            questions = {q: dataset.queries[q] for q in qids}
            translations = nl_forms(questions, llm=config.llm, progress=config.progress)
            # The questions go through ask, as a user's would; its variants (ablation,
            # calibration) search the very queries ask searched.
            asked = System("itlr-nl", "ask", semantics=ABLATIONS[DEFAULT_FAMILY], family=DEFAULT_FAMILY)
            runs["itlr-nl"] = _ranked(search, asked, qids, dataset.queries, depth, config, translations)
            asked.forms = base_forms["itlr-nl"] = runs["itlr-nl"].searched
            nl_report = {
                "methods": translations.methods,
                "translations": {q: str(e) for q, e in translations.forms.items()},
                "failures": {**translations.failures, **runs["itlr-nl"].failures},
            }
            notes.append("itlr-nl: each question through LogicalSearch.ask; its logical form from itlr.nl.to_logic: "
                         + ", ".join(f"{n} by {m}" for m, n in translations.methods.items()))
            if nl_report["failures"]:
                notes.append(f"itlr nl failed on {len(nl_report['failures'])} queries (scored 0 there)")
            if dataset.logic:
                nl_report["structure"] = structure_report(translations.forms, dataset.logic, qids)
    families = ABLATIONS if config.ablation else {DEFAULT_FAMILY: ABLATIONS[DEFAULT_FAMILY]}
    for name, forms in base_forms.items():
        for family, semantics in families.items():
            label = name if family == DEFAULT_FAMILY else f"{name} [{family}]"
            kind = "ask" if label in runs else "logic"
            systems.append(System(label, kind, forms, semantics, family))

    # Breakdown by negations: the given forms where there are some, else itlr nl's.
    reference = base_forms.get("itlr") or translations.forms or dataset.logic
    groups = {q: negations(reference[q]) for q in qids if q in reference} or None

    calibration_report: dict[str, Any] | None = None
    cal_test: list[str] = []
    if config.calibrate:
        from .calibration import CalibrationData

        if isinstance(search.client, LocalIndex):
            vectors = search.client.vectors
        else:
            vectors = corpus_vectors(dataset, search.embedder, progress=config.progress)
        data = CalibrationData(dataset, vectors, search.embedder)
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
        models: dict[str, Any] = {}
        calibration_report = {"fitted_on": fitted_on, "test_queries": cal_test, "models": models}
        for name, forms in base_forms.items():
            model = fit_calibration(data, {q: forms[q] for q in train if q in forms}, seed=config.seed,
                                    negatives_per_query=config.negatives_per_query)
            terms = sorted({t for q in qids if q in forms for t in forms[q].terms()})
            params = model.parameters(data.term_stats(terms))
            semantics = Semantics(calibration=params)
            systems.append(System(f"{name} +calibrated", "logic", forms, semantics, DEFAULT_FAMILY))
            models[name] = model.to_dict() | {"terms": len(params)}

    report: dict[str, Any] = {
        "k": k,
        "mode": config.mode,
        "queries": len(qids),
        "notes": notes,
        "systems": {},
    }
    for system in systems:
        run = runs.get(system.name) or _ranked(search, system, qids, dataset.queries, depth, config)
        # A query without a form (itlr nl failed) ranks nothing: it scores 0.
        full_run = {q: run.rankings.get(q, []) for q in qids}
        _, per_query = evaluate_run(full_run, dataset.qrels, k=k, violations=dataset.violations)
        entry = summarise(per_query, qids, groups)
        entry.update({"kind": system.kind, "seconds": round(run.seconds, 3)})
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
    if nl_report is not None:
        report["nl"] = nl_report
        if "structure" in nl_report:
            report["systems"]["itlr-nl"]["structure"] = {k: v for k, v in nl_report["structure"].items() if k != "per_query"}
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
            for name, e in report["systems"].items() if e["kind"] in ("logic", "ask") and "+calibrated" not in name
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
    structure = (report.get("nl") or {}).get("structure")
    if structure and structure["questions"]:
        lines.append(
            f"itlr-nl: {structure['same_structure']} of {structure['questions']} forms ({structure['share']:.0%}) have the "
            f"reference form's structure; {structure['nl_forms_with_not']} have a NOT "
            f"(reference: {structure['reference_forms_with_not']})"
        )
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
