"""Constraint names resolved in the graph (hive/selection/vocabulary.py): licences, datasets, configs, splits
and metrics."""

from __future__ import annotations

import pytest

from hive.contracts import Constraints
from hive.errors import HiveError
from hive.selection.constraints import Benchmark


def test_unknown_licence_suggests_the_closest(selector):
    with pytest.raises(HiveError, match="unknown licence 'apache2'; did you mean 'apache-2.0'"):
        selector.select("automatic-speech-recognition", Constraints(licences=["apache2"]))


def test_a_short_name_run_together_with_its_number_names_the_dataset(selector):
    resolved = selector.vocabulary.benchmark("text-classification", Benchmark(dataset="SST-2"))
    assert [str(d.value).rsplit("/dataset/", 1)[1] for d in resolved.datasets] == ["sst2"]


@pytest.mark.parametrize("name, dataset", [("squad2", "squad_v2"), ("conll03", "conll2003"), ("sst2", "sst2")])
def test_a_name_run_together_with_its_version_no_id_writes_so_is_the_name_and_the_version(selector, name, dataset):
    task = {"squad2": "question-answering", "conll03": "token-classification", "sst2": "text-classification"}[name]
    resolved = selector.vocabulary.benchmark(task, Benchmark(dataset=name))
    assert [str(d.value).rsplit("/dataset/", 1)[1] for d in resolved.datasets] == [dataset]


def test_two_words_a_dataset_id_writes_as_one_name_it(selector):
    """'STS Benchmark' had dropped 'benchmark' as a word naming nothing, and 'STS' named STS12 to STS16."""
    resolved = selector.vocabulary.benchmark("sentence-similarity", Benchmark(dataset="STS benchmark", metric="cos_sim_spearman"))
    assert [str(d.value).rsplit("/dataset/", 1)[1] for d in resolved.datasets] == ["mteb/stsbenchmark-sts"]


def test_a_metric_with_its_tool_in_brackets_is_that_metric(selector):
    """'F1 (Seqeval)' is F1: 'the best F1 on Inspec' had found no result."""
    resolved = selector.vocabulary.benchmark("token-classification", Benchmark(dataset="Inspec", metric="f1"))
    assert [str(d.value).rsplit("/dataset/", 1)[1] for d in resolved.datasets] == ["midas/inspec"]


def test_a_metric_named_among_the_dataset_words_is_the_metric(selector):
    resolved = selector.vocabulary.benchmark("summarization", Benchmark(dataset="BookSum ROUGE  test split"))
    assert [str(d.value).rsplit("/dataset/", 1)[1] for d in resolved.datasets] == ["kmfoda/booksum"]
    assert resolved.label.startswith("ROUGE") and resolved.splits == ("test",)


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


def test_a_dev_set_is_the_validation_split(selector):
    """'the SQuAD 2.0 dev set' had named no split: the cards call it validation."""
    resolved = selector.vocabulary.benchmark("question-answering", Benchmark(dataset="SQuAD 2.0 dev set", metric="f1"))
    assert [str(d.value).rsplit("/dataset/", 1)[1] for d in resolved.datasets] == ["squad_v2"] and resolved.splits == ("validation",)


@pytest.mark.parametrize("name", ["Common Voice 11 English", "LibriSpeech validation", "TED-LIUM 3"])
def test_numbers_languages_and_splits_must_name_something_of_the_dataset(selector, name):
    """Common Voice 11 has Hindi results only, LibriSpeech test splits only, TED-LIUM none: nothing stands in."""
    with pytest.raises(HiveError, match="no automatic-speech-recognition model has a wer result"):
        selector.vocabulary.benchmark("automatic-speech-recognition", Benchmark(dataset=name, metric="wer"))


def test_rouge_without_a_variant_ranks_on_the_best_of_its_variants(selector):
    resolved = selector.vocabulary.benchmark("summarization", Benchmark(dataset="samsum", metric="rouge"))
    assert len(resolved.metrics) > 1
    winner = selector.select("summarization", Constraints(best_on=Benchmark(dataset="samsum", metric="rouge")))
    single = selector.select("summarization", Constraints(best_on=Benchmark(dataset="samsum", metric="rouge1")))
    assert winner.winner.value >= single.winner.value


@pytest.mark.parametrize("name", ["CNN/DailyMail", "BillSum", "BookSum", "scientific_papers"])
def test_a_dataset_named_without_a_metric_ranks_by_a_quality_metric(selector, name):
    """Their cards report gen_len and loss as often as each ROUGE variant: 'the top model on CNN/DailyMail' had
    ranked by generation length and chosen the worst ROUGE model (a new user)."""
    resolved = selector.vocabulary.benchmark("summarization", Benchmark(dataset=name))
    assert resolved.label.startswith("ROUGE-1"), resolved.label


def test_the_top_model_on_cnn_dailymail_is_the_best_by_rouge(selector):
    best = selector.select("summarization", Constraints(best_on=Benchmark(dataset="CNN/DailyMail")))
    assert best.model == "facebook/bart-large-cnn", best.why


@pytest.mark.parametrize("name, config", [("PubMed", "pubmed"), ("arXiv", "arxiv"), ("the arXiv test split", "arxiv")])
def test_a_config_named_alone_stands_for_its_dataset(selector, name, config):
    """'the best model on PubMed' had found no summarization result: PubMed and arXiv are configs of scientific_papers
    (a new user)."""
    resolved = selector.vocabulary.benchmark("summarization", Benchmark(dataset=name))
    assert resolved.configs == (config,) and f"(= scientific_papers config {config}" in resolved.label, resolved.label
    best = selector.select("summarization", Constraints(best_on=Benchmark(dataset=name)))
    assert best.model == f"google/bigbird-pegasus-large-{config}", best.why


@pytest.mark.parametrize("task, name", [("automatic-speech-recognition", "English"), ("automatic-speech-recognition", "other"),
                                        ("question-answering", "plain text"), ("text-classification", "SQuAD 2")])
def test_a_config_that_names_nothing_alone_stands_for_no_dataset(selector, task, name):
    """A language, a generic word, a default config's name or a number (SQuAD's '2' is no 'sst2' of glue)."""
    with pytest.raises(HiveError, match="has a .*result on"):
        selector.vocabulary.benchmark(task, Benchmark(dataset=name))


def test_a_summary_ranked_on_a_config_stays_a_summary(planner):
    """'Summarise ... with the best model on arXiv summarisation' had become a sentence-similarity step (MTEB's arXiv
    clustering is the only dataset named arXiv)."""
    step = planner.plan("Summarise ./papers/arxiv_2291.txt with the best model on arXiv summarisation, translate the "
                        "summary into German, and read it aloud.").tasks[0]
    assert (step.task, step.model) == ("summarization", "google/bigbird-pegasus-large-arxiv"), step.why
