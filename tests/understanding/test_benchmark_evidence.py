"""A benchmark the request names is evidence of its task (hive/understanding/benchmark_evidence.py)."""

from __future__ import annotations


def test_a_benchmark_only_another_reading_of_the_step_reports_decides_its_task(planner):
    """Labels offered read as zero-shot classification, but only fixed-label classifiers report results on beans."""
    query = "my bean plant leaves (./leaf.jpg) look weird, diseased or healthy? use the classifier with best accuracy on the beans dataset"
    step = planner.plan(query).tasks[0]
    assert step.task == "image-classification" and step.model is not None and "beans" in step.why
    assert type(planner)(select_models=False).plan(query).tasks[0].task == "zero-shot-image-classification"  # no graph, no evidence


def test_a_benchmark_only_one_task_reports_decides_a_step_none_of_its_readings_fits(planner):
    """A photo with a question read as a caption: no reading of the clause reports beans, but only image
    classifiers do, so the step is one (its domain added to the plan's)."""
    query = ("Got a photo of one of my bean plants, the leaves have rusty brown spots: ./bean_row7.jpg. What's it got? "
             "Use whichever model scored the best accuracy on the beans dataset.")
    result = planner.plan(query)
    assert [step.task for step in result.tasks] == ["image-classification"]
    assert result.tasks[0].model == "nateraw/vit-base-beans" and "vision" in result.domains
    assert type(planner)(select_models=False).plan(query).tasks[0].task != "image-classification"  # no graph, no evidence


def test_a_steps_benchmark_a_reading_reports_on_what_an_earlier_step_makes_reads_that_step(planner):
    """An emotion asked of a recording read as audio classification: only text classifiers report the 'emotion'
    dataset, and the transcript is there to read."""
    result = planner.plan("Transcribe ./complaint_voicemail.ogg and then tell me which emotion the caller's words express. "
                          "The emotion classifier should have the highest accuracy on the 'emotion' dataset.")
    assert [(t.task, t.dep) for t in result.tasks] == [("automatic-speech-recognition", []), ("text-classification", [0])]
    assert result.tasks[1].model == "bhadresh-savani/distilbert-base-uncased-emotion"


def test_a_loose_benchmark_the_graph_has_results_on_ranks_the_step(planner):
    """'librispeech' in lower case: the graph has ASR results on it, so it ranks the step as 'LibriSpeech' would."""
    loose = planner.plan("transcribe ./a.wav with the best asr model on librispeech")
    named = planner.plan("transcribe ./a.wav with the best asr model on LibriSpeech")
    assert loose.tasks[0].model == named.tasks[0].model and "librispeech_asr" in loose.tasks[0].why
    assert loose.parsed.constraints["per_task"]["automatic-speech-recognition"]["best_on"]["dataset"] == "librispeech"
    assert "loose" not in loose.parsed.constraints["per_task"]["automatic-speech-recognition"]["best_on"]


def test_a_loose_benchmark_the_graph_lacks_is_no_limit(planner):
    """'the best model on the market' names no dataset: the step is selected as if it were not said."""
    result = planner.plan("summarise ./a.txt with the best model on the market")
    assert result.tasks[0].model is not None and not result.tasks[0].unsatisfiable
    assert result.parsed.constraints == {}


def test_without_a_graph_no_loose_benchmark_holds(planner):
    result = type(planner)(select_models=False).plan("transcribe ./a.wav with the best asr model on librispeech")
    assert "best_on" not in str(result.parsed.constraints)


def test_two_benchmarks_each_rank_their_own_step(planner):
    """Only the first benchmark of a request had been read: the translator's BLEU on WMT20 was lost."""
    result = planner.plan("Boil ./notes.txt down to a paragraph and then put that paragraph into Japanese. For the "
                          "summariser, the top ROUGE on CNN/DailyMail; for the Japanese, I want the highest BLEU on WMT20.")
    per_task = result.constraints["per_task"]
    assert per_task["summarization"]["best_on"]["dataset"] == "CNN/DailyMail"
    assert per_task["translation"]["best_on"] == {"dataset": "WMT20", "metric": "bleu"}
