"""The synthetic compositional benchmark (the paper's Appendix H), from real text.

Topics are subjects of a real corpus: a passage that opens a Wikipedia-style
article ("Aarhus Aarhus is the second-largest city in Denmark ...") gives the
topic name ("Aarhus") and a snippet of real text about it (its first sentence,
which names it). A document is a shuffled concatenation of the snippets of a set
of topics plus one *filler* topic that no query asks about, so every document has
text and the query topics are all that distinguish documents.

Three-term queries: every template over terms A, B, C used once each, built
from the grammar with AND/OR and a NOT on any of the three terms: the shapes
``A AND B AND C``, ``A OR B OR C``, ``A AND B OR C``, ``A AND (B OR C)``,
``(A OR B) AND C``, ``A OR B AND C``, each with the 8 NOT patterns: 48 templates,
6 / 18 / 18 / 6 with 0 / 1 / 2 / 3 negations. For every topic triple the corpus
holds a document for each of the 8 subsets of {A, B, C} (``copies`` variants
each), so every query has matching documents and hard negatives that differ
from a match in one term. A document is relevant to a query exactly when the
query is true of its topic set (evaluated over the whole corpus, not just the
triple's documents), so labels hold by construction.

Terms experiment (paper Figure 3): for n = 2..max_terms, groups of n topics with
documents for the full set, every (n-1)-subset, every single topic, and two
filler-only documents; one pure-AND and one pure-OR query per group.

Dense retrieval embeds the query written as words (``Aarhus and not Denmark``);
itlr embeds each term and composes exactly (mode exact) on the local engine.
"""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from ..documents import read_jsonl
from ..embedders import Embedder
from ..semantics import Semantics, evaluate, truth_values
from ..translator import And, Expr, Not, Or, Term
from ..translator.plan import plan as make_plan
from . import figures
from .metrics import ndcg_at_k

__all__ = [
    "Topic",
    "topics_from_corpus",
    "select_topics",
    "templates",
    "instantiate",
    "holds",
    "SyntheticDoc",
    "SyntheticQuery",
    "SyntheticSet",
    "build_three_term",
    "build_by_terms",
    "run_synthetic",
    "format_synthetic",
]

MAX_SNIPPET_WORDS = 24


@dataclass(frozen=True)
class Topic:
    name: str
    snippets: tuple[str, ...]  # each names the topic


@dataclass(frozen=True)
class SyntheticDoc:
    id: str
    text: str
    topics: frozenset[str]


@dataclass(frozen=True)
class SyntheticQuery:
    id: str
    expr: Expr
    template: str
    negations: int
    relevant: frozenset[str]
    group: str = ""

    @property
    def text(self) -> str:
        """The query as words, for dense retrieval."""
        return as_words(self.expr)


@dataclass
class SyntheticSet:
    docs: list[SyntheticDoc]
    queries: list[SyntheticQuery]
    topics: list[Topic] = field(default_factory=list)


# -- topics from real text -------------------------------------------------------

_TITLE = re.compile(r"^((?:\S+ ){0,5}\S+) \1 ")
_PAREN = re.compile(r"\s*\([^()]*\)")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def _clean(text: str) -> str:
    text = text.replace('""', '"')
    for _ in range(3):
        text = _PAREN.sub("", text)
    return " ".join(text.split())


def _mentions(name: str, text: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text, re.IGNORECASE) is not None


def _snippet(sentence: str, limit: int = MAX_SNIPPET_WORDS) -> str:
    words = sentence.split()
    if len(words) > limit:
        return " ".join(words[:limit]).rstrip(",;:") + "."
    return sentence


def topics_from_corpus(documents: Iterable[Mapping[str, Any]]) -> list[Topic]:
    """Topics of a corpus: by ``title`` when passages have one, else passages that open
    an article with its title repeated (``"Aarhus Aarhus is ..."``). The snippets are
    the opening sentences that name the topic."""
    found: dict[str, list[str]] = {}
    for doc in documents:
        text = str(doc.get("text", ""))
        title = doc.get("title")
        if isinstance(title, str) and title.strip():
            name, body = title.strip(), text
        else:
            m = _TITLE.match(text)
            if not m:
                continue
            name, body = m.group(1), text[len(m.group(1)) + 1 :]
            rest = body[len(name) :].lstrip()
            # "Kuru Kuru Kururin": the repeat is part of a longer name, not a title.
            if not body.startswith(name) or (rest[:1].isupper() and not rest.startswith(("(", ","))):
                continue
        if "(" in name or '"' in name or len(name) < 3 or not re.search(r"[A-Za-z]", name):
            continue
        sentences = [_clean(s) for s in _SENTENCE.split(body)]
        good = [_snippet(s) for s in sentences[:3] if len(s.split()) >= 5 and _mentions(name, s)]
        good = [s for s in good if _mentions(name, s)]
        if good:
            found.setdefault(name, []).extend(good)
    return [Topic(name, tuple(dict.fromkeys(snips))) for name, snips in found.items()]


def select_topics(topics: Sequence[Topic], count: int, rng: random.Random) -> list[Topic]:
    """Up to ``count`` topics none of which is mentioned in another's snippets."""
    pool = list(topics)
    rng.shuffle(pool)
    chosen: list[Topic] = []
    for t in pool:
        if len(chosen) >= count:
            break
        clash = any(
            _mentions(t.name, s) for c in chosen for s in c.snippets
        ) or any(_mentions(c.name, s) for c in chosen for s in t.snippets)
        # A name inside another name ("Aaron" / "Aaron Burr") would blur the labels too.
        clash = clash or any(_mentions(t.name, c.name) or _mentions(c.name, t.name) for c in chosen)
        if not clash:
            chosen.append(t)
    return chosen


# -- templates -------------------------------------------------------------------

SHAPES: tuple[tuple[str, Callable[[Expr, Expr, Expr], Expr]], ...] = (
    ("A AND B AND C", lambda a, b, c: a & b & c),
    ("A OR B OR C", lambda a, b, c: a | b | c),
    ("A AND B OR C", lambda a, b, c: (a & b) | c),
    ("A AND (B OR C)", lambda a, b, c: a & (b | c)),
    ("(A OR B) AND C", lambda a, b, c: (a | b) & c),
    ("A OR B AND C", lambda a, b, c: a | (b & c)),
)


def templates() -> list[Expr]:
    """The 48 three-term templates over terms "A", "B", "C"."""
    out: list[Expr] = []
    for _, shape in SHAPES:
        for mask in itertools.product((False, True), repeat=3):
            leaves = [Not(Term(n)) if neg else Term(n) for n, neg in zip("ABC", mask)]
            out.append(shape(*leaves))
    return out


def instantiate(template: Expr, names: Mapping[str, str]) -> Expr:
    """Replaces the template's terms by topic names."""
    if isinstance(template, Term):
        return Term(names[template.text])
    if isinstance(template, Not):
        return Not(instantiate(template.child, names))
    assert isinstance(template, (And, Or))
    children = tuple(instantiate(c, names) for c in template.children)
    return And(children) if isinstance(template, And) else Or(children)


def holds(expr: Expr, topics: frozenset[str] | set[str]) -> bool:
    """Boolean truth of ``expr`` when exactly the terms in ``topics`` hold."""
    if isinstance(expr, Term):
        return expr.text in topics
    if isinstance(expr, Not):
        return not holds(expr.child, topics)
    if isinstance(expr, And):
        return all(holds(c, topics) for c in expr.children)
    assert isinstance(expr, Or)
    return any(holds(c, topics) for c in expr.children)


def as_words(expr: Expr) -> str:
    text = str(expr).replace('"', "")
    return re.sub(r"\b(AND|OR|NOT)\b", lambda m: m.group(1).lower(), text)


def _count_nots(expr: Expr) -> int:
    return sum(isinstance(n, Not) for n in expr.walk())


# -- documents --------------------------------------------------------------------


class _Writer:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.docs: list[SyntheticDoc] = []

    def add(self, members: Sequence[Topic], filler: Topic, variant: int) -> SyntheticDoc:
        parts = [t.snippets[variant % len(t.snippets)] for t in members]
        parts.append(filler.snippets[variant % len(filler.snippets)])
        self.rng.shuffle(parts)
        doc = SyntheticDoc(f"s{len(self.docs)}", " ".join(parts), frozenset(t.name for t in members))
        self.docs.append(doc)
        return doc


def _relevant(expr: Expr, docs: Sequence[SyntheticDoc]) -> frozenset[str]:
    return frozenset(d.id for d in docs if holds(expr, d.topics))


def build_three_term(topics: Sequence[Topic], *, triples: int, copies: int = 2, seed: int = 0, fillers: int = 8) -> SyntheticSet:
    """The Table 1 corpus and queries (48 templates x ``triples`` topic triples)."""
    rng = random.Random(seed)
    chosen = select_topics(topics, 3 * triples + fillers, rng)
    if len(chosen) < 3 + fillers:
        raise ValueError(f"the source gives only {len(chosen)} usable topics; need at least {3 + fillers}")
    filler_pool, subjects = chosen[:fillers], chosen[fillers:]
    n_triples = min(triples, len(subjects) // 3)
    writer = _Writer(rng)
    groups = [subjects[3 * i : 3 * i + 3] for i in range(n_triples)]
    for g in groups:
        for r in range(len(g) + 1):
            for subset in itertools.combinations(g, r):
                for v in range(copies):
                    writer.add(subset, rng.choice(filler_pool), v)
    queries: list[SyntheticQuery] = []
    for gi, g in enumerate(groups):
        names = {"A": g[0].name, "B": g[1].name, "C": g[2].name}
        for template in templates():
            expr = instantiate(template, names)
            queries.append(
                SyntheticQuery(f"t{gi}-{len(queries)}", expr, str(template), _count_nots(expr), _relevant(expr, writer.docs), f"triple{gi}")
            )
    return SyntheticSet(writer.docs, queries, chosen)


def build_by_terms(topics: Sequence[Topic], *, n: int, groups: int, seed: int = 0, fillers: int = 8) -> SyntheticSet:
    """The Figure 3 corpus for ``n`` terms: pure AND and pure OR queries."""
    if n < 2:
        raise ValueError("n must be 2 or more")
    rng = random.Random(seed * 1000 + n)
    chosen = select_topics(topics, 10**9, rng)
    if len(chosen) < n + fillers:
        raise ValueError(f"the source gives only {len(chosen)} usable topics; need at least {n + fillers}")
    filler_pool, subjects = chosen[:fillers], chosen[fillers:]
    writer = _Writer(rng)
    sets = []
    for _ in range(groups):
        g = rng.sample(subjects, n)
        sets.append(g)
        subsets = [tuple(g)] + list(itertools.combinations(g, n - 1)) + ([(t,) for t in g] if n > 2 else [])
        for i, subset in enumerate(subsets):
            writer.add(subset, rng.choice(filler_pool), i)
        for i in range(2):
            writer.add((), rng.choice(filler_pool), i)
    queries = []
    for gi, g in enumerate(sets):
        terms = [Term(t.name) for t in g]
        for kind, expr in (("and", And(tuple(terms))), ("or", Or(tuple(terms)))):
            queries.append(SyntheticQuery(f"n{n}-{gi}-{kind}", expr, kind, 0, _relevant(expr, writer.docs), kind))
    return SyntheticSet(writer.docs, queries, chosen)


# -- running --------------------------------------------------------------------


def _load_source(source: str | None) -> list[dict[str, Any]]:
    if source is None:
        raise ValueError("the synthetic benchmark needs --source: a corpus.jsonl (or BEIR folder) with titled passages")
    path = Path(source)
    if path.is_dir():
        path = path / "corpus.jsonl"
    return list(read_jsonl(path))


def _score(dataset: SyntheticSet, embedder: Embedder, *, k: int, families: Mapping[str, Semantics], progress: bool, label: str) -> dict[str, dict[str, float]]:
    """Per query nDCG@k for dense and for itlr under each operator family."""
    from tqdm.auto import tqdm

    doc_vectors = embedder.embed([d.text for d in dataset.docs])
    ids = [d.id for d in dataset.docs]
    names = sorted({t for q in dataset.queries for t in q.expr.terms()})
    term_row = {t: i for i, t in enumerate(names)}
    term_vectors = embedder.embed(names)
    question_vectors = embedder.embed([q.text for q in dataset.queries])
    sims_terms = doc_vectors @ term_vectors.T  # docs x terms
    out: dict[str, dict[str, float]] = {"dense": {}}
    for fam in families:
        out[fam] = {}
    for qi, q in enumerate(tqdm(dataset.queries, desc=label, unit="q", disable=not progress, leave=False)):
        qrels = {d: 1.0 for d in q.relevant}
        dense_scores = doc_vectors @ question_vectors[qi]
        out["dense"][q.id] = ndcg_at_k(_rank(ids, dense_scores, k), qrels, k)
        p = make_plan(q.expr)
        sims = sims_terms[:, [term_row[t] for t in p.terms]]
        for fam, semantics in families.items():
            scores = evaluate(p.program, truth_values(sims, p.terms, semantics), semantics)
            out[fam][q.id] = ndcg_at_k(_rank(ids, scores, k), qrels, k)
    return out


def _rank(ids: Sequence[str], scores: np.ndarray, k: int) -> list[str]:
    order = np.lexsort((np.arange(len(scores)), -np.asarray(scores)))[:k]
    return [ids[i] for i in order]


def _mean(values: Iterable[float]) -> float | None:
    values = list(values)
    return float(np.mean(values)) if values else None


def run_synthetic(
    embedder: Embedder,
    *,
    source: str | None,
    topics: int = 40,
    seed: int = 0,
    k: int = 10,
    ablation: bool = False,
    max_terms: int = 6,
    plot: str | None = None,
    progress: bool = True,
    copies: int = 2,
    groups: int = 20,
) -> dict[str, Any]:
    from .runner import ABLATIONS, DEFAULT_FAMILY

    all_topics = topics_from_corpus(_load_source(source))
    families = dict(ABLATIONS) if ablation else {DEFAULT_FAMILY: ABLATIONS[DEFAULT_FAMILY]}
    three = build_three_term(all_topics, triples=topics, copies=copies, seed=seed)
    scores = _score(three, embedder, k=k, families=families, progress=progress, label="synthetic 3-term")
    systems = {"dense": "dense", "itlr": DEFAULT_FAMILY}
    table1: dict[str, Any] = {}
    for sys_name, key in systems.items():
        row = {}
        for n in range(4):
            row[str(n)] = _mean(scores[key][q.id] for q in three.queries if q.negations == n)
        row["all"] = _mean(scores[key].values())
        table1[sys_name] = row
    counts = {str(n): sum(q.negations == n for q in three.queries) for n in range(4)}
    by_template = {}
    for template in dict.fromkeys(q.template for q in three.queries):
        by_template[template] = {
            s: _mean(scores[key][q.id] for q in three.queries if q.template == template) for s, key in systems.items()
        }
    report: dict[str, Any] = {
        "source": str(Path(source).resolve()) if source else None,
        "k": k,
        "seed": seed,
        "usable_topics": len(all_topics),
        "three_term": {
            "triples": len({q.group for q in three.queries}),
            "templates": len(templates()),
            "documents": len(three.docs),
            "queries": len(three.queries),
            "queries_by_negations": counts,
            "ndcg_by_negations": table1,
            "by_template": by_template,
        },
    }
    if ablation:
        report["ablation"] = {
            fam: {**{str(n): _mean(scores[fam][q.id] for q in three.queries if q.negations == n) for n in range(4)},
                  "all": _mean(scores[fam].values())}
            for fam in families
        }
    by_terms: dict[str, Any] = {"and": {"dense": {}, "itlr": {}}, "or": {"dense": {}, "itlr": {}}, "documents": {}}
    for n in range(2, max_terms + 1):
        data = build_by_terms(all_topics, n=n, groups=groups, seed=seed)
        s = _score(data, embedder, k=k, families={DEFAULT_FAMILY: ABLATIONS[DEFAULT_FAMILY]}, progress=progress, label=f"{n} terms")
        by_terms["documents"][str(n)] = len(data.docs)
        for kind in ("and", "or"):
            qs = [q for q in data.queries if q.template == kind]
            by_terms[kind]["dense"][str(n)] = _mean(s["dense"][q.id] for q in qs)
            by_terms[kind]["itlr"][str(n)] = _mean(s[DEFAULT_FAMILY][q.id] for q in qs)
    by_terms["queries_per_point"] = groups
    report["by_terms"] = by_terms
    if plot:
        report["plot"] = str(plot_by_terms(by_terms, plot, k=k))
    return report


def plot_by_terms(by_terms: Mapping[str, Any], path: str, *, k: int = 10) -> Path:
    plt = figures.pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.6), sharey=True)
    for ax, kind in zip(axes, ("and", "or")):
        for system, style in (("dense", "o--"), ("itlr", "s-")):
            points = by_terms[kind][system]
            xs = [int(n) for n in points]
            ax.plot(xs, [points[str(n)] for n in xs], style, label=system)
        ax.set_title(f"pure {kind.upper()} queries")
        ax.set_xlabel("number of terms")
        ax.set_xticks(xs)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel(f"nDCG@{k}")
    axes[0].set_ylim(0, 1.02)
    axes[0].legend()
    return figures.save(fig, path)


def format_synthetic(report: Mapping[str, Any]) -> str:
    t = report["three_term"]
    k = report["k"]
    lines = [
        f"synthetic benchmark (Appendix H analogue), topics from {report['source']}; model {report.get('model')}; {report.get('date', '')}",
        f"three-term: {t['templates']} templates x {t['triples']} topic triples = {t['queries']} queries over {t['documents']} documents",
        "",
        f"nDCG@{k} by number of negations   " + "  ".join(f"{n} NOT (n={c})".rjust(13) for n, c in t["queries_by_negations"].items()) + "        all",
    ]
    for system, row in t["ndcg_by_negations"].items():
        lines.append(system.ljust(33) + "  ".join(f"{row[n]:13.3f}" for n in t["queries_by_negations"]) + f"  {row['all']:9.3f}")
    if "ablation" in report:
        lines += ["", "operator ablation (AND/OR/NOT), itlr nDCG@%d" % k]
        for fam, row in report["ablation"].items():
            lines.append(fam.ljust(33) + "  ".join(f"{row[n]:13.3f}" for n in t["queries_by_negations"]) + f"  {row['all']:9.3f}")
    bt = report["by_terms"]
    ns = list(bt["and"]["dense"])
    lines += ["", f"nDCG@{k} by number of terms ({bt['queries_per_point']} queries per point)   " + "  ".join(f"{n:>6}" for n in ns)]
    for kind in ("and", "or"):
        for system in ("dense", "itlr"):
            lines.append(f"  pure {kind.upper():3} {system:6}".ljust(44) + "  ".join(f"{bt[kind][system][n]:6.3f}" for n in ns))
    if report.get("plot"):
        lines.append(f"plot: {report['plot']}")
    return "\n".join(lines)
