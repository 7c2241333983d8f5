"""Constraint-aware model selection over the shipped C-KG: the paper's scenarios, a property test, errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hive.contracts import Constraints, ConstraintSet
from hive.errors import HiveError
from hive.kg.access import open_graph
from hive.selection.constraints import Benchmark
from hive.selection.phrases import constraint_phrases, read_constraints
from hive.selection.select import Selector

from conftest import SHARED_BENCH

PREFIX = "PREFIX hive: <https://w3id.org/hive/ckg#> PREFIX dcterms: <http://purl.org/dc/terms/> PREFIX schema: <http://schema.org/> "
QUERY = "Transcribe ./a.wav and find entity tokens"


@pytest.fixture(scope="module")
def graph():
    return open_graph()


@pytest.fixture(scope="module")
def selector(graph):
    return Selector(graph, top=50)


def _plan(planner, query, constraints=None):
    return {t.task: t for t in planner.plan(query, constraints=constraints).tasks}


def test_scenario_a_licences_no_model_has_select_nothing_and_say_why(planner):
    steps = _plan(planner, QUERY, ConstraintSet.parse({"licences": ["openrail++", "deepseek"]}, "test"))
    for task in ("automatic-speech-recognition", "token-classification"):
        assert steps[task].model is None
        assert "licence" in steps[task].unsatisfiable
        assert "30 rejected: licence" in steps[task].why


def test_scenario_b_smallest_is_the_smallest_recorded_size(planner, graph):
    steps = _plan(planner, QUERY + " with the smallest models")
    for task, step in steps.items():  # the documented rule: parameters, else bytes / 4 (spaCy's package has bytes only)
        sizes = graph.select(PREFIX + f"SELECT ?id (COALESCE(?params, ?bytes / 4) AS ?p) WHERE {{ ?m hive:task <https://w3id.org/hive/ckg/task/{task}> ; "
                             "dcterms:identifier ?id . OPTIONAL { ?m hive:parameterCount ?params } OPTIONAL { ?m hive:sizeBytes ?bytes } "
                             "FILTER(BOUND(?params) || BOUND(?bytes)) }")
        smallest = min(r["p"] for r in sizes)
        assert {r["p"] for r in sizes if r["id"] == step.model} == {smallest}, task
        assert step.why.startswith("smallest:")


def test_scenario_c_best_wer_on_common_voice_english_not_the_most_downloaded(planner, graph):
    step = _plan(planner, "Transcribe ./a.wav with the best WER on Common Voice English")["automatic-speech-recognition"]
    results = graph.select(PREFIX + """SELECT ?id ?v ?downloads WHERE {
        ?m hive:task <https://w3id.org/hive/ckg/task/automatic-speech-recognition> ; dcterms:identifier ?id ; hive:downloads ?downloads ; hive:result ?r .
        ?r hive:metric <https://w3id.org/hive/ckg/metric/wer> ; hive:value ?v ; hive:datasetConfig "en" ; hive:onDataset ?d .
        FILTER(CONTAINS(STR(?d), "common_voice")) }""")
    best = min(results, key=lambda r: r["v"])
    most_downloaded = max(results, key=lambda r: r["downloads"])
    assert step.model == best["id"] != most_downloaded["id"]
    assert f"{best['v']:g}" in step.why


# -- property test: every selected model satisfies every constraint, and no admissible model beats it ----------

TASKS = ["automatic-speech-recognition", "token-classification", "text-classification", "summarization", "image-classification"]


def _facts(graph, task: str) -> dict[str, dict]:
    """Raw facts of every candidate, fetched without any constraint logic (the test's own oracle)."""
    rows = graph.select(PREFIX + f"""SELECT ?id ?downloads ?likes ?params ?bytes ?family ?spdx ?hub ?lang ?offline WHERE {{
        ?m hive:task <https://w3id.org/hive/ckg/task/{task}> ; dcterms:identifier ?id .
        OPTIONAL {{ ?m hive:availableOffline ?offline }}
        OPTIONAL {{ ?m hive:downloads ?downloads }} OPTIONAL {{ ?m hive:likes ?likes }}
        OPTIONAL {{ ?m hive:parameterCount ?params }} OPTIONAL {{ ?m hive:sizeBytes ?bytes }}
        OPTIONAL {{ ?m dcterms:license ?l . ?l hive:family ?family ; hive:hubId ?hub . OPTIONAL {{ ?l hive:spdxId ?spdx }} }}
        OPTIONAL {{ ?m hive:language ?language . ?language schema:name ?lang }} }}""")
    facts: dict[str, dict] = {}
    for r in rows:
        entry = facts.setdefault(r["id"], {"downloads": r["downloads"] or 0, "likes": r["likes"] or 0, "params": r["params"], "offline": bool(r["offline"]),
                                           "bytes": r["bytes"], "families": set(), "spdx": set(), "languages": set()})
        if r["family"]:
            entry["families"].add(r["family"])
        for name in (r["spdx"], r["hub"]):
            if name:
                entry["spdx"].add(name.lower())
        if r["lang"]:
            entry["languages"].add(r["lang"])
    return facts


def _admissible(fact: dict, c: Constraints) -> bool:
    families = {"permissive": {"permissive", "public-domain"}}

    def matches(names):
        return any(n in fact["spdx"] or fact["families"] & families.get(n, {n}) for n in names)

    return all([
        not c.licences or matches(c.licences),
        not c.deny_licences or not matches(c.deny_licences),
        c.max_parameters is None or (fact["params"] is not None and fact["params"] <= c.max_parameters),
        not c.smallest or fact["params"] is not None or fact["bytes"] is not None,
        not c.languages or bool(fact["languages"] & set(c.languages)),
        c.min_downloads is None or fact["downloads"] >= c.min_downloads,
    ])


def _rank(fact: dict, c: Constraints) -> tuple:
    size = fact["params"] if fact["params"] is not None else (fact["bytes"] or 0) / 4
    return ((size,) if c.smallest else ()) + (not fact["offline"], -fact["downloads"], -fact["likes"])


constraint_sets = st.builds(
    Constraints,
    licences=st.lists(st.sampled_from(["apache-2.0", "mit", "permissive", "non-commercial", "cc-by-4.0"]), max_size=2, unique=True),
    deny_licences=st.lists(st.sampled_from(["non-commercial", "openrail", "gpl-3.0"]), max_size=1),
    max_parameters=st.one_of(st.none(), st.sampled_from([50_000_000, 120_000_000, 400_000_000, 2_000_000_000])),
    smallest=st.booleans(),
    languages=st.lists(st.sampled_from(["en", "de", "fr", "multilingual"]).filter(lambda x: x != "multilingual"), max_size=1),
    min_downloads=st.one_of(st.none(), st.sampled_from([0, 1000, 100_000])),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(task=st.sampled_from(TASKS), constraints=constraint_sets)
def test_selection_respects_every_constraint_and_ranking(selector, graph, task, constraints):
    facts = _facts(graph, task)
    selection = selector.select(task, constraints, explain=True)
    admissible = {i for i, f in facts.items() if _admissible(f, constraints)}
    if not admissible:
        assert selection.model is None and selection.unsatisfiable
        return
    assert selection.model in admissible
    best = min(_rank(facts[i], constraints) for i in admissible)
    assert _rank(facts[selection.model], constraints) == best
    ranked = [selection.model] + [a.id for a in selection.alternatives]
    assert [_rank(facts[i], constraints) for i in ranked] == sorted(_rank(facts[i], constraints) for i in ranked)
    assert set(selection.rejected) == set(facts) - admissible


def test_benchmark_ranking_is_the_best_recorded_value(selector, graph):
    wanted = Constraints(best_on=Benchmark(dataset="librispeech", config="clean", metric="wer"), licences=["permissive"])
    selection = selector.select("automatic-speech-recognition", wanted)
    values = [selection.winner.value] + [a.value for a in selection.alternatives]
    assert values == sorted(values)
    assert all(a.value is not None for a in selection.alternatives)


# -- constraints from words, files and flags ----------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("only Apache-2.0 or MIT models", {"licences": ["apache-2.0", "mit"]}),
    ("no non-commercial licences", {"deny_licences": ["non-commercial"]}),
    ("the smallest model", {"smallest": True}),
    ("best WER on Common Voice English", {"best_on": {"dataset": "Common Voice", "config": "en", "metric": "wer"}}),
    ("under 1B parameters", {"max_parameters": 1_000_000_000}),
    ("English models", {"languages": ["en"]}),
    ("more than 10k downloads", {"min_downloads": 10_000}),
    ("offline models only", {"local_only": True}),
    ("models usable for commercial use", {"deny_licences": ["non-commercial"]}),
    ("Das Essen mit Freunden", {}),
])
def test_constraints_are_read_from_the_request(text, expected):
    assert read_constraints(text)[0] == expected


def test_constraint_words_do_not_become_tasks(planner):
    result = planner.plan("Summarise ./notes.txt using English models with more than 10k downloads")
    assert [t.task for t in result.tasks] == ["summarization"]
    assert result.constraints == {"global": {"languages": ["en"], "min_downloads": 10000}}


def test_unknown_licence_suggests_the_closest(selector):
    with pytest.raises(HiveError, match="unknown licence 'apache2'; did you mean 'apache-2.0'"):
        selector.select("automatic-speech-recognition", Constraints(licences=["apache2"]))


def test_unknown_benchmark_makes_the_step_unsatisfiable_and_lists_the_known_ones(selector):
    selection = selector.select("automatic-speech-recognition", Constraints(best_on=Benchmark(dataset="imagenet", metric="wer")))
    assert selection.model is None and selection.unsatisfiable == "best on imagenet"
    assert re.search(r"known benchmarks for automatic-speech-recognition: .*librispeech_asr \(wer\)", selection.why)


def test_a_task_without_models_is_unsatisfiable(selector):
    selection = selector.select("video-classification", Constraints())
    assert selection.model is None and selection.unsatisfiable == "task"


def _hive(*args, **kwargs):
    return subprocess.run([sys.executable, "-c", "from hive.cli import main; main()", *args], capture_output=True, text=True, **kwargs)


def test_select_cli_ranks_in_json_and_csv():
    done = _hive("select", "automatic-speech-recognition", "permissive models under 500M parameters ranked by LibriSpeech-clean WER",
                 "--format", "json", "--top", "3")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert [r["rank"] for r in answer["ranking"]] == [1, 2, 3]
    assert answer["model"] == answer["ranking"][0]["id"]
    csv_out = _hive("select", "token-classification", "--smallest", "--format", "csv", "--top", "2")
    assert csv_out.stdout.splitlines()[0].startswith("rank,id,value,parameters")
    assert len(csv_out.stdout.splitlines()) == 3
    nothing = _hive("select", "token-classification", "--licence", "openrail++")
    assert nothing.returncode == 1 and "removed the last candidates" in nothing.stdout


def test_select_batch_and_plan_batch_with_line_constraints(tmp_path):
    jobs = tmp_path / "jobs.jsonl"
    jobs.write_text('{"id": "a", "task": "automatic-speech-recognition", "constraints": {"smallest": true}}\n'
                    '{"id": "b", "task": "summarization", "constraints": {"licences": ["apache2"]}}\n')
    done = _hive("select", "--batch", str(jobs))
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert rows[0]["model"] and rows[1]["error"].startswith("unknown licence 'apache2'")
    requests = tmp_path / "requests.jsonl"
    requests.write_text('{"id": "x", "query": "Transcribe ./a.wav", "constraints": {"licences": ["deepseek"]}}\n'
                        '{"id": "y", "query": "Transcribe ./a.wav"}\n')
    out = tmp_path / "plans.jsonl"
    planned = _hive("batch", str(requests), "--plan-only", "--out", str(out), "--smallest")
    assert planned.returncode == 0, planned.stderr
    assert "steps with a model: 1, without: 1" in planned.stderr
    assert "unsatisfiable by: licence in LicenseRef-deepseek" in planned.stderr
    plans = [json.loads(line) for line in out.read_text().splitlines()]
    assert plans[1]["tasks"][0]["model"] == rows[0]["model"]  # --smallest picks what 'smallest' selects alone


# -- constraints as people write them, scoped to their steps ---------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("Apache-2.0 models under 300M parameters, best WER on LibriSpeech",
     {"licences": ["apache-2.0"], "max_parameters": 300_000_000, "best_on": {"dataset": "LibriSpeech", "config": None, "metric": "wer"}}),
    ("the lowest-WER model on LibriSpeech test-clean", {"best_on": {"dataset": "LibriSpeech test-clean", "config": None, "metric": "wer"}}),
    ("based on best performance on speech recognition on common voice english",
     {"best_on": {"dataset": "common voice", "config": "en", "metric": None}}),
    ("the best word error rate on LibriSpeech", {"best_on": {"dataset": "LibriSpeech", "config": None, "metric": "wer"}}),
    ("nothing copyleft please", {"deny_licences": ["copyleft"]}),
    ("Creative Commons licensed models only", {"licences": ["creative-commons"]}),
    ("the most popular one", {"rank_by": "downloads"}),
    ("the best rated model", {"rank_by": "likes"}),
    ("downloaded at least a million times", {"min_downloads": 1_000_000}),
    ("keep it below half a billion parameters", {"max_parameters": 500_000_000}),
    ("300M parameters max", {"max_parameters": 300_000_000}),
    ("an English-capable model", {"languages": ["en"]}),
    ("a chatbot that converses in Chinese", {"languages": ["zh"]}),
    ("use a German-language summariser", {"languages": ["de"]}),
    ("the model with the fewest params", {"smallest": True}),
    ("the most compact one", {"smallest": True}),
    ("the best-performing model on SST-2", {"best_on": {"dataset": "SST-2", "config": None, "metric": None}}),
    ("the model with the best exact match score on SQuAD v2", {"best_on": {"dataset": "SQuAD v2", "config": None, "metric": "exact_match"}}),
    ("sorted by downloads", {"rank_by": "downloads"}),
    ("the most popular by likes", {"rank_by": "likes"}),
    ("no bigger than 200M params", {"max_parameters": 200_000_000}),
    ("pick a recogniser that supports Spanish", {"languages": ["es"]}),
    ("an English voice, please", {"languages": ["en"]}),
    ("summarise this English article", {}),
    ("translate it into English within 5 minutes", {}),
    ("don't use anything under GPL-3.0 or AGPL-3.0", {"deny_licences": ["gpl-3.0", "agpl-3.0"]}),
    ("avoiding non-commercial licences", {"deny_licences": ["non-commercial"]}),
    ("keep copyleft licences out", {"deny_licences": ["copyleft"]}),
    ("the top ROUGE-2 on CNN/DailyMail version 3.0.0 (test)",
     {"best_on": {"dataset": "CNN/DailyMail version 3.0.0 test", "config": None, "metric": "rouge2"}}),
    ("the model that scores best on BookSum (ROUGE, test split), please",
     {"best_on": {"dataset": "BookSum ROUGE  test split", "config": None, "metric": None}}),
    # values first, their role from the words around them
    ("I can only use Apache or MIT stuff", {"licences": ["apache-2.0", "mit"]}),
    ("GPL and AGPL are both out", {"deny_licences": ["gpl-2.0", "gpl-3.0", "agpl-3.0"]}),
    ("we sell the output, so it must be commercially safe", {"deny_licences": ["non-commercial"]}),
    ("a short scene for a coffee commercial", {}),
    ("whichever translator has been downloaded the most", {"rank_by": "downloads"}),
    ("the lowest error rate on LibriSpeech", {"best_on": {"dataset": "LibriSpeech", "config": None, "metric": "wer"}}),
    ("pick the one that does best on SQuAD v2 exact match", {"best_on": {"dataset": "SQuAD v2", "config": None, "metric": "exact_match"}}),
    ("the best LibriSpeech WER", {"best_on": {"dataset": "LibriSpeech", "config": None, "metric": "wer"}}),
    ("which region had the highest revenue in Q2?", {}),
    ("the least heavy model you've got", {"smallest": True}),
    ("with more than 2 million downloads, and keep it below 1.5B", {"min_downloads": 2_000_000, "max_parameters": 1_500_000_000}),
    ("the generator must be under 2GB on disk", {"max_bytes": 2_000_000_000}),
    ("a summariser for German please", {"languages": ["de"]}),
    ("my mum only understands Greek, so say it in Greek", {}),
    ("a recogniser that can handle Dutch", {"languages": ["nl"]}),
    ("Caption 10 images from my trip, top 3 first", {}),
    ("It has to run fully offline, no cloud APIs.", {"local_only": True}),
    ("which recogniser speak Portuguese, the more downloaded please", {"languages": ["pt"], "rank_by": "downloads"}),
    ("Voice model: must speak Italian", {"languages": ["it"]}),
    ("the captioner has to list French on its card", {"languages": ["fr"]}),
    ("the tagger must be Dutch-capable", {"languages": ["nl"]}),
    ("BSD or Apache for all of it", {"licences": ["bsd-3-clause", "apache-2.0"]}),
    ("we install Apache servers for a living", {}),
    ("nothing NC, it must be usable commercially", {"deny_licences": ["non-commercial"]}),
    ("the tagger mustn't exceed 300M parameters", {"max_parameters": 300_000_000}),
    ("half a billion parameters or fewer", {"max_parameters": 500_000_000}),
    ("a quarter of a billion parameters at most", {"max_parameters": 250_000_000}),
    ("pick the best rouge 2 on XSum thanks", {"best_on": {"dataset": "XSum", "config": None, "metric": "rouge2"}}),
    ("the one with more likes", {"rank_by": "likes"}),
    # a bound refused turns around; "cannot" refuses a licence
    ("none of the models may go with fewer than 5k downloads", {"min_downloads": 5000}),
    ("nothing above 300M parameters", {"max_parameters": 300_000_000}),
    ("we don't need more than 1B parameters", {"max_parameters": 1_000_000_000}),
    ("not more than 2B parameters", {"max_parameters": 2_000_000_000}),
    ("it cannot be GPL-3.0", {"deny_licences": ["gpl-3.0"]}),
    # languages with the subject left out or a pronoun as subject; "X only" but not "in X only"
    ("Must understand Greek, and MIT", {"languages": ["el"], "licences": ["mit"]}),
    ("- tagger: should handle Swedish", {"languages": ["sv"]}),
    ("both have to support Turkish", {"languages": ["tr"]}),
    ("small ones, Polish only", {"languages": ["pl"]}),
    ("answer in Polish only", {}),
    ("the lowest perplexity on WikiText-103", {"best_on": {"dataset": "WikiText-103", "config": None, "metric": "perplexity"}}),
    ("nothing GPL", {"deny_licences": ["gpl-2.0", "gpl-3.0"]}),  # a bare family name: every version
    ("It must support Czech.", {"languages": ["cs"]}),
    ("for the voice, the most liked Italian one", {"rank_by": "likes", "languages": ["it"]}),
    ("answer in English, one line", {}),
    ("the top Spearman on STS Benchmark", {"best_on": {"dataset": "STS Benchmark", "config": None, "metric": "cos_sim_spearman"}}),
    # a requirements list's fields; language codes where only a language can stand; licence ids however hyphenated
    ("licence: MIT\nmin downloads: 100k\nlanguage: en", {"licences": ["mit"], "min_downloads": 100_000, "languages": ["en"]}),
    ("requirements:\n- params: <300M\n- downloads: 50k\n- lang=de",
     {"max_parameters": 300_000_000, "min_downloads": 50_000, "languages": ["de"]}),
    ("max size: 1B", {"max_parameters": 1_000_000_000}),
    ("license: Apache-2.0\ndownloads: 50k", {"licences": ["apache-2.0"], "min_downloads": 50_000}),  # no count across lines
    ("a Korean (ko) model", {"languages": ["ko"]}),
    ("- translator must list zh", {"languages": ["zh"]}),
    ("The model must be Spanish.", {"languages": ["es"]}),
    ("The output must be in English.", {}),
    ("the transcript must list it word for word", {}),
    ("creativeml openrail-m is fine", {"licences": ["creativeml-openrail-m"]}),
    ("the upscaler has to be apache.", {"licences": ["apache-2.0"]}),
    ("the summariser runs on the mit cluster", {}),
    ("we ship an open-source app, so anything share-alike (CC-BY-SA) is fine", {"licences": ["copyleft"]}),
    ("open-source models only", {"licences": ["permissive"]}),
])
def test_constraints_in_ordinary_words(text, expected):
    assert read_constraints(text)[0] == expected


def test_a_short_name_run_together_with_its_number_names_the_dataset(selector):
    resolved = selector.vocabulary.benchmark("text-classification", Benchmark(dataset="SST-2"))
    assert [str(d.value).rsplit("/dataset/", 1)[1] for d in resolved.datasets] == ["sst2"]


def test_a_metric_named_among_the_dataset_words_is_the_metric(selector):
    resolved = selector.vocabulary.benchmark("summarization", Benchmark(dataset="BookSum ROUGE  test split"))
    assert [str(d.value).rsplit("/dataset/", 1)[1] for d in resolved.datasets] == ["kmfoda/booksum"]
    assert resolved.label.startswith("ROUGE") and resolved.splits == ("test",)


def _steps(planner, query):
    return {t.pipeline_tag: t for t in planner.plan(query).tasks}


def test_each_constraint_goes_to_the_step_its_clause_names(planner):
    result = planner.plan("Transcribe ./examples/meeting.wav with the lowest-WER model on LibriSpeech, then summarise it with an Apache-2.0 model")
    assert result.constraints == {"per_task": {"automatic-speech-recognition": {"best_on": {"dataset": "LibriSpeech", "metric": "wer"}},
                                               "summarization": {"licences": ["apache-2.0"]}}}
    steps = {t.pipeline_tag: t for t in result.tasks}
    assert steps["automatic-speech-recognition"].model == "nvidia/stt_en_conformer_transducer_xlarge"
    assert steps["summarization"].model is not None and "licence in Apache-2.0" in steps["summarization"].why


def test_a_named_step_takes_the_constraint_whatever_the_clause(planner):
    result = planner.plan("OCR the note ./scans/n.jpg and translate it into French; use the smallest model for the OCR step.")
    assert result.constraints == {"per_task": {"image-to-text": {"smallest": True}}}


def test_a_doer_noun_names_the_step_asked_for_with_its_verb(planner):
    """'the reader' is the step asked for with 'read' (the text on the sign), not the voice that says it aloud."""
    result = planner.plan("Menu photo ./menu.png: read the Korean text, put it into English, then speak it. "
                          "The reader has to know Korean. The voice: most liked.")
    assert result.constraints["per_task"] == {"image-to-text": {"languages": ["ko"]}, "text-to-speech": {"rank_by": "likes"}}


def test_a_policy_for_anything_we_run_binds_every_step_but_anything_beside_a_named_step_binds_that_step(planner):
    result = planner.plan("Write a limerick about tea, then translate it into Dutch. House rule for anything we run: "
                          "MIT and at least 10k downloads.")
    assert result.constraints == {"global": {"licences": ["mit"], "min_downloads": 10000}}
    result = planner.plan("Caption ./a.jpg and then summarise the caption. For the captioning anything MIT-licensed.")
    assert result.constraints == {"per_task": {"image-to-text": {"licences": ["mit"]}}}


def test_acronyms_inside_a_hyphenated_target_name_are_spelt_out(planner):
    result = planner.plan("Tell me which language is spoken in ./v.wav, then transcribe it. Language-ID model: 5k+ downloads.")
    assert result.constraints == {"per_task": {"audio-classification": {"min_downloads": 5000}}}


def test_two_targets_that_both_must_do_something_both_take_it(planner):
    result = planner.plan("Caption ./a.jpg, translate the caption into Italian and read it out. The translator and the "
                          "voice both have to support Italian; for the captioner, the most liked.")
    assert result.constraints == {"per_task": {"translation": {"languages": ["it"]}, "text-to-speech": {"languages": ["it"]},
                                               "image-to-text": {"rank_by": "likes"}}}


def test_a_quoted_dataset_name_is_a_benchmark_not_an_input(planner):
    result = planner.plan("Find the sentiment of ./reviews.txt with the best accuracy on the 'imdb' dataset")
    assert result.parsed.input_texts == [] and result.constraints["global"]["best_on"]["metric"] == "accuracy"
    assert "imdb" in result.constraints["global"]["best_on"]["dataset"]


def test_a_model_seeking_question_asks_for_the_task_its_model_noun_names(planner):
    result = planner.plan("Greek audio clip (news_gr.mp3) — which speech recognition model scores the lowest WER on "
                          "Common Voice Greek? Go with it.")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition"]
    assert result.constraints["global"]["best_on"]["metric"] == "wer"


def test_a_constraint_on_its_own_applies_to_every_step(planner):
    result = planner.plan("Only MIT-licensed models please. Transcribe ./a.wav and find the entities in it.")
    assert result.constraints == {"global": {"licences": ["mit"]}}
    assert all("licence in MIT" in t.why for t in result.tasks if t.model)


def test_a_global_benchmark_ranks_only_the_steps_that_have_it(planner):
    steps = _steps(planner, "Transcribe ./a.wav and find entity tokens, all with the best WER on Common Voice English")
    assert steps["automatic-speech-recognition"].why.startswith("best WER on Common Voice")
    assert steps["token-classification"].model is not None and not steps["token-classification"].unsatisfiable


def test_popularity_ranks_by_downloads_or_likes(selector, graph):
    facts = {str(r["id"]): (int(r["d"]), int(r["l"])) for r in graph.select(
        PREFIX + "SELECT ?id ?d ?l WHERE { ?m hive:task <https://w3id.org/hive/ckg/task/automatic-speech-recognition> ; "
        "dcterms:identifier ?id ; hive:downloads ?d ; hive:likes ?l }")}
    by_downloads = selector.select("automatic-speech-recognition", Constraints(rank_by="downloads"))
    by_likes = selector.select("automatic-speech-recognition", Constraints(rank_by="likes"))
    assert facts[by_downloads.model][0] == max(d for d, _l in facts.values())
    assert facts[by_likes.model][1] == max(likes for _d, likes in facts.values())
    assert by_likes.why.startswith("most liked")


def _licences_of(graph, model_id: str) -> set[str]:
    rows = graph.select(PREFIX + f'SELECT ?spdx WHERE {{ ?m dcterms:identifier "{model_id}" ; dcterms:license ?l . ?l hive:spdxId ?spdx }}')
    return {str(r["spdx"]) for r in rows}


def test_licence_families_read_off_the_spdx_id(selector, graph):
    denied = selector.select("text-generation", Constraints(deny_licences=["copyleft", "non-commercial"]))
    chosen = [denied.model] + [a.id for a in denied.alternatives]
    assert all(not any("-SA" in l or "-NC" in l for l in _licences_of(graph, m)) for m in chosen)
    creative = selector.select("question-answering", Constraints(licences=["creative-commons"]))
    chosen = [creative.model] + [a.id for a in creative.alternatives]
    assert creative.model is not None and all(any(l.startswith("CC") for l in _licences_of(graph, m)) for m in chosen)


def test_dataset_words_may_name_config_and_split(selector):
    resolved = selector.vocabulary.benchmark("automatic-speech-recognition", Benchmark(dataset="LibriSpeech test-clean", metric="wer"))
    assert resolved.configs == ("clean",)
    usual = selector.vocabulary.benchmark("automatic-speech-recognition", Benchmark(dataset="Common Voice", config="en"))
    assert usual.label.startswith("WER")


@pytest.mark.parametrize("name, dataset, configs, splits", [
    ("the PubMed configuration of scientific_papers (test split)", "scientific_papers", ("pubmed",), ("test",)),
    ("Mozilla Common Voice 8.0 English test", "mozilla-foundation/common_voice_8_0", ("en",), ("test",)),
    ("the English test set of Multilingual LibriSpeech", "facebook/multilingual_librispeech", ("english",), ("test",)),
])
def test_a_dataset_is_the_one_its_words_name_best(selector, name, dataset, configs, splits):
    task = "summarization" if "PubMed" in name else "automatic-speech-recognition"
    resolved = selector.vocabulary.benchmark(task, Benchmark(dataset=name, metric="rouge" if task == "summarization" else "wer"))
    assert [str(d.value).rsplit("/dataset/", 1)[1] for d in resolved.datasets] == [dataset]
    assert (resolved.configs, resolved.splits) == (configs, splits)


def test_the_dataset_named_most_exactly_wins_a_tie_and_a_version_not_named_is_any(selector):
    def datasets(name):
        resolved = selector.vocabulary.benchmark("automatic-speech-recognition", Benchmark(dataset=name, metric="wer"))
        return [str(d.value).rsplit("/dataset/", 1)[1] for d in resolved.datasets]

    assert datasets("LibriSpeech") == ["librispeech_asr"]
    assert datasets("Multilingual LibriSpeech") == ["facebook/multilingual_librispeech"]
    assert {"common_voice", "mozilla-foundation/common_voice_7_0", "mozilla-foundation/common_voice_8_0"} <= set(datasets("Common Voice English"))


def test_a_first_version_names_the_dataset_whose_id_has_none(selector):
    resolved = selector.vocabulary.benchmark("question-answering", Benchmark(dataset="SQuAD v1.1 validation", metric="f1"))
    assert [str(d.value).rsplit("/dataset/", 1)[1] for d in resolved.datasets] == ["squad"] and resolved.splits == ("validation",)
    second = selector.vocabulary.benchmark("question-answering", Benchmark(dataset="SQuAD v2", metric="f1"))
    assert [str(d.value).rsplit("/dataset/", 1)[1] for d in second.datasets] == ["squad_v2"]


@pytest.mark.parametrize("name", ["Common Voice 11 English", "LibriSpeech validation", "TED-LIUM 3"])
def test_numbers_languages_and_splits_must_name_something_of_the_dataset(selector, name):
    """Common Voice 11 has Hindi results only, LibriSpeech test splits only, TED-LIUM none: nothing stands in."""
    with pytest.raises(HiveError, match="no automatic-speech-recognition model has a wer result"):
        selector.vocabulary.benchmark("automatic-speech-recognition", Benchmark(dataset=name, metric="wer"))


def test_a_constraint_sentence_binds_the_step_it_names_and_a_semicolon_parts_the_steps(planner):
    result = planner.plan("Transcribe ./talk.wav and answer the questions in ./q.txt from the transcript. The transcriber "
                          "should have the lowest WER on the English test set of Multilingual LibriSpeech; for the question "
                          "answering take the smallest model.")
    assert [s.task for s in result.tasks] == ["automatic-speech-recognition", "question-answering"]
    scoped = result.constraints["per_task"]
    assert set(scoped["automatic-speech-recognition"]) == {"best_on"} and scoped["question-answering"] == {"smallest": True}
    assert "global" not in result.constraints


@pytest.mark.parametrize("query, expected", [
    ("Transcribe ./call.wav and summarise it.\nASR: the smallest one\nSummariser: MIT only",
     {"automatic-speech-recognition": {"smallest": True}, "summarization": {"licences": ["mit"]}}),
    ("Caption ./dog.jpg and read the caption aloud. For captioning pick the most liked model; the voice should be under 100M parameters.",
     {"image-to-text": {"rank_by": "likes"}, "text-to-speech": {"max_parameters": 100000000}}),
    ("Translate ./memo.txt into German and then summarise it. The translator must be Apache-2.0.",
     {"translation": {"licences": ["apache-2.0"]}}),
    ("Summarise ./contract.txt and answer 'Who signs it?' from it. QA model under 200M parameters; the summariser should be the most liked.",
     {"question-answering": {"max_parameters": 200_000_000}, "summarization": {"rank_by": "likes"}}),
])
def test_a_constraint_binds_the_step_a_label_or_a_model_noun_names(planner, query, expected):
    assert planner.plan(query).constraints == {"per_task": expected}


@pytest.mark.parametrize("query, expected", [
    ("Transcribe ./call.wav and tell me its sentiment. The sentiment model needs 500k+ downloads and the speech "
     "recogniser has to be an English model.",
     {"text-classification": {"min_downloads": 500_000}, "automatic-speech-recognition": {"languages": ["en"]}}),
    ("Transcribe ./call.wav and translate it into English. The speech one must be a Spanish model.",
     {"automatic-speech-recognition": {"languages": ["es"]}}),
    ("Caption ./dog.jpg, read the caption aloud and translate the caption into German. The captioner and the voice "
     "must be MIT, and the voice the most liked.",
     {"image-to-text": {"licences": ["mit"]}, "text-to-speech": {"licences": ["mit"], "rank_by": "likes"}}),
])
def test_a_constraint_binds_the_subject_nearest_before_it_or_the_one_step_of_the_kind_named(planner, query, expected):
    assert planner.plan(query).constraints == {"per_task": expected}


def test_a_constraint_set_off_by_dashes_binds_the_step_before_it(planner):
    result = planner.plan("Transcribe ./talk.wav — pick the one with the lowest WER on LibriSpeech — then summarise it with a summariser under 500M parameters.")
    assert result.constraints == {"per_task": {"automatic-speech-recognition": {"best_on": {"dataset": "LibriSpeech", "metric": "wer"}},
                                               "summarization": {"max_parameters": 500_000_000}}}


def test_every_before_a_comma_and_binds_all_steps_and_the_rest_its_own(planner):
    result = planner.plan("Transcribe ./a.wav and summarise it. Everything must be MIT-licensed, and for the summary pick the most downloaded model.")
    assert result.constraints == {"global": {"licences": ["mit"]}, "per_task": {"summarization": {"rank_by": "downloads"}}}


def test_for_the_x_binds_the_step_its_name_reads_as(planner):
    result = planner.plan("Caption ./kitchen.jpg and then turn the caption into a brand-new picture. "
                          "For the picture generation I only accept OpenRAIL-family licences.")
    assert result.constraints == {"per_task": {"text-to-image": {"licences": ["openrail"]}}}


def test_a_benchmark_only_another_reading_of_the_step_reports_decides_its_task(planner):
    """Labels offered read as zero-shot classification, but only fixed-label classifiers report results on beans."""
    query = "my bean plant leaves (./leaf.jpg) look weird, diseased or healthy? use the classifier with best accuracy on the beans dataset"
    step = planner.plan(query).tasks[0]
    assert step.task == "image-classification" and step.model is not None and "beans" in step.why
    assert type(planner)(select_models=False).plan(query).tasks[0].task == "zero-shot-image-classification"  # no graph, no evidence


def test_a_benchmark_no_step_has_makes_the_plan_unsatisfiable_not_silently_dropped(planner):
    result = planner.plan("Read ./note.txt aloud with the model that has the lowest WER on LibriSpeech test-clean.")
    step = result.tasks[0]
    assert step.task == "text-to-speech" and step.model is None and "WER" in step.why.upper()


def test_an_unsatisfiable_step_exits_3_and_keeps_the_other_models():
    done = subprocess.run([sys.executable, "-m", "hive.cli", "plan",
                           "Transcribe ./a.wav with the best WER on LibriSpeech, then summarise it with a GPL-3.0 model"],
                          capture_output=True, text=True)
    assert done.returncode == 3, done.stderr
    assert "no model" in done.stdout and "nvidia/stt_en_conformer_transducer_xlarge" in done.stdout
    assert "applied: licences=['gpl-3.0']" in done.stdout
    as_json = subprocess.run([sys.executable, "-m", "hive.cli", "plan", "--json",
                              "Transcribe ./a.wav with the best WER on LibriSpeech, then summarise it with a GPL-3.0 model"],
                             capture_output=True, text=True)
    summary = next(t for t in json.loads(as_json.stdout)["tasks"] if t["task"] == "summarization")
    assert as_json.returncode == 3 and summary["model"] is None and summary["unsatisfiable"]


def test_rouge_without_a_variant_ranks_on_the_best_of_its_variants(selector):
    resolved = selector.vocabulary.benchmark("summarization", Benchmark(dataset="samsum", metric="rouge"))
    assert len(resolved.metrics) > 1
    winner = selector.select("summarization", Constraints(best_on=Benchmark(dataset="samsum", metric="rouge")))
    single = selector.select("summarization", Constraints(best_on=Benchmark(dataset="samsum", metric="rouge1")))
    assert winner.winner.value >= single.winner.value


# -- property test in words: constraints phrased as people write them, against a brute force over the raw cards ------

DUMP = SHARED_BENCH.parent / "data" / "p0_models.jsonl"
WORD_TASKS = ["automatic-speech-recognition", "token-classification", "text-classification", "summarization", "translation",
              "image-classification", "question-answering", "text-to-speech", "visual-question-answering"]
ALLOW = {"Apache-2.0": "apache-2.0", "MIT": "mit", "permissive": "permissive", "CC-BY-4.0": "cc-by-4.0", "OpenRAIL": "openrail"}
DENY = {"non-commercial": "non-commercial", "copyleft": "copyleft", "GPL-3.0": "gpl-3.0"}
DOWNLOADS = {"1,000": 1000, "100k": 100_000, "a million": 1_000_000}
LANGUAGES = {"English": "en", "German": "de", "French": "fr"}


@pytest.fixture(scope="module")
def raw_models():
    if not DUMP.exists():
        pytest.skip("the card dump (../shared/data) is not beside the repository")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import constraint_truth  # the independent brute force over the raw dump (standard library only)

    return constraint_truth, constraint_truth.load_models(str(DUMP))


@st.composite
def worded_constraints(draw):
    """A request's constraint words, and the same constraints in the truth script's format."""
    words, truth = [], []
    allowed = draw(st.lists(st.sampled_from(sorted(ALLOW)), max_size=2, unique=True))
    if allowed:
        words.append(f"only {' or '.join(allowed)} licensed models")
        truth.append({"kind": "licence_allow", "licences": [ALLOW[a] for a in allowed]})
    denied = draw(st.sampled_from([None, *sorted(DENY)]))
    if denied:
        words.append(draw(st.sampled_from([f"nothing {denied}", f"no {denied} licences", f"avoiding {denied} licences"])))
        truth.append({"kind": "licence_deny", "licences": [DENY[denied]]})
    downloads = draw(st.sampled_from([None, *sorted(DOWNLOADS)]))
    if downloads:
        words.append(f"downloaded at least {downloads} times")
        truth.append({"kind": "min_downloads", "min": DOWNLOADS[downloads]})
    language = draw(st.sampled_from([None, *sorted(LANGUAGES)]))
    if language:
        words.append(draw(st.sampled_from([f"an {language}-capable model", f"{language} models"])))
        truth.append({"kind": "language", "language": LANGUAGES[language]})
    ranking = draw(st.sampled_from([None, "most_downloaded", "most_liked"]))
    if ranking:
        words.append("the most popular one" if ranking == "most_downloaded" else "the best rated one")
        truth.append({"kind": ranking})
    return ", ".join(words) or "any model", truth


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(task=st.sampled_from(WORD_TASKS), worded=worded_constraints())
def test_constraints_in_words_select_what_a_brute_force_over_the_cards_selects(selector, raw_models, task, worded):
    text, truth = worded
    oracle, models = raw_models
    read, _spans = read_constraints(text)
    selection = selector.select(task, Constraints(**read))
    expected = oracle.solve_step(models, task, truth)
    if expected["unsatisfiable"]:
        assert selection.model is None and selection.unsatisfiable, (text, selection.model)
        return
    assert selection.model in (expected["optimal"] or expected["admissible"]), (text, selection.why, expected)


@pytest.mark.parametrize("text, phrase, value", [
    ("Run a chatbot that converses in Chinese for the desk", "that converses in Chinese", ["zh"]),
    ("I want a tagger for German", "for German", ["de"]),
    ("use offline speech recognition models to transcribe it", "offline", True),
    ("a summarisation model running offline", "running offline", True),
])
def test_a_constraint_phrase_leaves_the_words_naming_the_model_to_task_reading(text, phrase, value):
    (found,) = constraint_phrases(text)
    assert (text[found.start:found.end], found.value) == (phrase, value)


@pytest.mark.parametrize("request_text, reads_text", [
    ("Read the text in ./scan.png and summarise it", True),
    ("OCR ./receipt.jpg", True),
    ("What does the sign in street.jpg say?", True),
    ("Describe ./photo.jpg and read the description aloud", False),
    ("Caption ./photo.jpg and read the caption out loud", False),
])
def test_an_image_is_read_by_ocr_only_when_the_request_wants_its_text(planner, request_text, reads_text):
    """Both are image-to-text; the graph marks OCR models (RapidOCR, TrOCR) hive:readsText and the words choose."""
    step = next(t for t in planner.plan(request_text).tasks if t.task == "image-to-text")
    assert ("ocr" in step.model.lower()) == reads_text, step.model
    assert ("reads the text in the image" if reads_text else "describes the picture") in step.why
