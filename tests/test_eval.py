"""``itlr eval`` end to end on a ten-passage fixture (tests/data/evaltiny)."""

import json
from pathlib import Path

import pytest

from itlr.cli import main
from itlr.evaluation.calibration import fit_logistic, split_queries
from itlr.evaluation.datasets import load_dataset
from itlr.evaluation.runner import negations
from itlr import parse

TINY = Path(__file__).parent / "data" / "evaltiny"

@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ITLR_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_loader_reads_beir_layout_logic_and_violations():
    ds = load_dataset(TINY)
    assert len(ds.corpus) == 10 and len(ds.queries) == 4
    assert ds.qrels["q1"] == {"d2": 2.0, "d3": 1.0}
    assert ds.judged_queries == ["q1", "q2", "q3"]  # q4 has no judgements
    assert str(ds.logic["q1"]) == '"vitamin D benefits" AND NOT "bone health"'
    assert ds.violations == {"q1": {"d1"}, "q2": {"d5"}, "q3": set()}


@pytest.mark.model
def test_eval_end_to_end(tmp_path, cache, capsys):
    out = tmp_path / "results.json"
    argv = ["eval", str(TINY), "--quiet", "--ablation", "--calibrate", "qrels", "--negatives", "5", "--out", str(out)]
    assert main(argv) == 0
    table = capsys.readouterr().out
    assert "dense" in table and "itlr [min/max/1-x]" in table and "by number of negations" in table
    report = json.loads(out.read_text())
    systems = report["systems"]
    assert {"dense", "itlr", "itlr [min/max/1-x]", "itlr +calibrated"} <= set(systems)
    assert report["queries"] == 3
    for entry in systems.values():
        assert entry["n"] == 3
        assert set(entry["per_query"]) == {"q1", "q2", "q3"}
        for name in ("ndcg@10", "recall@10", "mrr@10", "lsnc@10"):
            assert 0.0 <= entry["metrics"][name] <= 1.0
        assert entry["by_negations"]["0"]["n"] == 1 and entry["by_negations"]["1"]["n"] == 2
    itlr, dense = systems["itlr"], systems["dense"]
    # The cats query: itlr puts the cat passage without mice first, the mice one below it.
    ranking = itlr["rankings"]["q2"]
    assert ranking[0] == "d7" and ranking.index("d5") > ranking.index("d7")
    assert itlr["metrics"]["ndcg@10"] >= dense["metrics"]["ndcg@10"]
    assert itlr["forms"]["q3"] == '"dogs" OR "snakes"'
    # Per-query numbers and the mean agree.
    mean = sum(q["ndcg@10"] for q in itlr["per_query"].values()) / 3
    assert itlr["metrics"]["ndcg@10"] == pytest.approx(mean)
    cal = report["calibration"]
    assert "in-sample" in cal["fitted_on"] and cal["models"]["itlr"]["a"] > 0
    assert set(report["ablation"]) >= {"itlr", "itlr [min/max/1-x]"}
    # The local index was cached under the eval cache folder and is reused.
    cached = list((cache / "eval").glob("evaltiny-*/meta.json"))
    assert len(cached) == 1
    assert main(["eval", str(TINY), "--quiet", "--systems", "dense"]) == 0


@pytest.mark.model
def test_eval_bad_input_is_a_one_line_error(tmp_path, cache, capsys):
    bad = tmp_path / "logic.jsonl"
    bad.write_text('{"_id": "q1", "logic": "cats AND"}\n')
    assert main(["eval", str(TINY), "--logic", str(bad), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("itlr: error:") and "q1" in err and len(err.strip().splitlines()) == 1
    assert main(["eval", str(tmp_path), "--quiet"]) == 2  # not a BEIR folder
    assert main(["eval", str(TINY), "--systems", "bm25", "--quiet"]) == 2


def test_helpers():
    assert negations(parse('"a" AND NOT ("b" OR NOT "c")')) == 2
    train, test = split_queries([str(i) for i in range(200)])
    assert set(train).isdisjoint(test) and len(train) + len(test) == 200 and 60 < len(train) < 140
    assert split_queries(["1", "2", "3"]) == split_queries(["1", "2", "3"])
    import numpy as np

    rng = np.random.default_rng(0)
    x = np.concatenate([rng.normal(2, 1, 200), rng.normal(0, 1, 2000)])
    y = np.concatenate([np.ones(200), np.zeros(2000)])
    a, b = fit_logistic(x, y)
    # Equal-variance Gaussians, balanced classes: slope 2 (difference of means / variance), boundary at 1.
    assert a == pytest.approx(2.0, rel=0.25) and -b / a == pytest.approx(1.0, abs=0.2)


@pytest.mark.model
def test_eval_synthetic_end_to_end(tmp_path, cache, capsys):
    out, png = tmp_path / "synthetic.json", tmp_path / "terms.png"
    argv = ["eval", "synthetic", "--source", str(Path(__file__).parent / "data" / "synthetic_source.jsonl"),
            "--topics", "2", "--max-terms", "3", "--groups", "3", "--plot", str(png), "--out", str(out), "--quiet", "--ablation"]
    assert main(argv) == 0
    assert "by number of negations" in capsys.readouterr().out
    report = json.loads(out.read_text())
    t = report["three_term"]
    assert t["templates"] == 48 and t["triples"] == 2 and t["queries"] == 96
    assert t["queries_by_negations"] == {"0": 12, "1": 36, "2": 36, "3": 12}
    for system in ("dense", "itlr"):
        for n in ("0", "1", "2", "3", "all"):
            assert 0.0 <= t["ndcg_by_negations"][system][n] <= 1.0
    assert set(report["ablation"]) >= {"product/sum/1-x", "min/max/1-x"}
    assert report["ablation"]["product/sum/1-x"]["all"] == pytest.approx(t["ndcg_by_negations"]["itlr"]["all"])
    assert set(report["by_terms"]["and"]["itlr"]) == {"2", "3"}
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.model
@pytest.mark.opensearch
def test_eval_on_opensearch_ranks_like_the_local_engine(tmp_path, opensearch_url, capsys):
    import uuid

    from opensearchpy import OpenSearch

    index = f"itlr-test-eval-{uuid.uuid4().hex[:8]}"
    local_out, cluster_out = tmp_path / "local.json", tmp_path / "cluster.json"
    try:
        assert main(["eval", str(TINY), "--quiet", "--no-cache", "--out", str(local_out)]) == 0
        # An index left half-filled (an interrupted run) is completed before anything is scored.
        from itlr import LogicalSearch

        LogicalSearch(OpenSearch(opensearch_url), index).index_documents(load_dataset(TINY).corpus[:3])
        argv = ["eval", str(TINY), "--quiet", "--engine", "opensearch", "--url", opensearch_url, "--index", index,
                "--out", str(cluster_out)]
        assert main(argv) == 0, capsys.readouterr().err
    finally:
        client = OpenSearch(opensearch_url)
        if client.indices.exists(index=index):
            client.indices.delete(index=index)
    local, cluster = json.loads(local_out.read_text()), json.loads(cluster_out.read_text())
    assert "opensearch" in cluster["backend"]
    for system in ("dense", "itlr"):
        assert cluster["systems"][system]["rankings"] == local["systems"][system]["rankings"]
        assert cluster["systems"][system]["metrics"] == pytest.approx(local["systems"][system]["metrics"])


@pytest.mark.model
def test_eval_itlr_nl_reports_structure_match_with_the_reference_forms(tmp_path, cache, capsys):
    from itlr.evaluation.metrics import same_structure

    out = tmp_path / "nl.json"
    argv = ["eval", str(TINY), "--quiet", "--systems", "dense,itlr-nl", "--nl", "rules", "--ablation",
            "--calibrate", "qrels", "--negatives", "5", "--out", str(out)]
    assert main(argv) == 0
    table = capsys.readouterr().out
    report = json.loads(out.read_text())
    nl = report["nl"]
    structure = nl["structure"]
    assert structure["questions"] == 3 and set(structure["per_query"]) == {"q1", "q2", "q3"}
    reference = load_dataset(TINY).logic
    for q, matched in structure["per_query"].items():
        assert matched == same_structure(parse(nl["translations"][q]), reference[q])
    assert structure["per_query"]["q1"]  # "... other than bone health?": X AND NOT Y, as the reference
    assert structure["same_structure"] == sum(structure["per_query"].values())
    assert structure["share"] == pytest.approx(structure["same_structure"] / 3)
    assert structure["reference_forms_with_not"] == 2
    assert structure["nl_forms_with_not"] == sum(negations(parse(f)) > 0 for f in nl["translations"].values())
    # Beside nDCG: in the itlr-nl entry and the printed table.
    entry = report["systems"]["itlr-nl"]
    assert entry["kind"] == "ask" and entry["structure"]["share"] == structure["share"] and "ndcg@10" in entry["metrics"]
    assert f"{structure['same_structure']} of 3 forms" in table and "reference form's structure" in table
    assert nl["methods"] == {"rules": 3} and not nl["failures"]
    # The variants search exactly the queries ask searched.
    assert {"itlr-nl [min/max/1-x]", "itlr-nl +calibrated"} <= set(report["systems"])
    assert report["systems"]["itlr-nl +calibrated"]["forms"] == entry["forms"] and set(entry["forms"]) == {"q1", "q2", "q3"}


@pytest.mark.model
def test_eval_bad_k_is_a_one_line_error(cache, capsys):
    assert main(["eval", str(TINY), "-k", "0", "--quiet"]) == 2
    assert "positive" in capsys.readouterr().err
    assert main(["eval", str(TINY), "--engine", "opensearch", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "--url" in err and len(err.strip().splitlines()) == 1
