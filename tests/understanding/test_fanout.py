"""One step per input (hive/understanding/fanout.py), through the real planner."""

from hive.pipeline import Planner


def _steps(query: str) -> list[tuple[str, dict]]:
    result = Planner(select_models=False).plan_or_error(query)
    assert result.error is None, result.error
    return [(t.task, t.args) for t in result.tasks]


def test_a_task_asked_of_listed_inputs_runs_once_for_each():
    assert _steps("Label the activity in ./cam1.mp4 and in ./cam2.mp4.") == [
        ("video-classification", {"video": "./cam1.mp4"}), ("video-classification", {"video": "./cam2.mp4"})]


def test_a_comparison_reads_both_inputs_or_both_results():
    assert _steps("How similar are ./a.txt and ./b.txt?") == [("sentence-similarity", {"text": "./a.txt", "other": "./b.txt"})]
    steps = _steps("Transcribe both ./a.wav and ./b.wav and tell me how similar the two answers are.")
    assert [task for task, _ in steps] == ["automatic-speech-recognition"] * 2 + ["sentence-similarity"]
    assert {steps[0][1]["audio"], steps[1][1]["audio"]} == {"./a.wav", "./b.wav"}
    assert steps[2][1] == {"text": "<resource-0>", "other": "<resource-1>"}  # not one transcript with itself


def test_a_later_step_repeats_only_when_asked_of_each():
    each = _steps("Transcribe ./a.wav and ./b.wav and summarise each one separately.")
    assert [task for task, _ in each].count("summarization") == 2
    assert {args["text"] for task, args in each if task == "summarization"} == {"<resource-0>", "<resource-1>"}
    one = _steps("Transcribe ./a.wav and ./b.wav, then summarise it.")
    assert [task for task, _ in one].count("summarization") == 1


def test_inputs_not_listed_together_are_not_copied():
    assert [t for t, _ in _steps("Summarise ./a.txt and read ./b.txt aloud")] == ["summarization", "text-to-speech"]
    caption, sound = _steps("Caption ./a.jpg. Separately, describe the sound in ./b.wav")  # one step each, no copies
    assert caption == ("image-to-text", {"image": "./a.jpg"}) and list(sound[1].values()) == ["./b.wav"]


def test_a_translation_knows_its_target_language_and_repeats_for_each():
    steps = Planner(select_models=False).plan("Translate 'hello' into French, German and Polish, then read the French one aloud").tasks
    assert [(t.task, t.language) for t in steps] == [
        ("translation", "French"), ("translation", "German"), ("translation", "Polish"), ("text-to-speech", None)]
    assert Planner(select_models=False).plan("Translate ./a.txt from German into English").tasks[0].language == "English"
    edit = Planner(select_models=False).plan("Write a short email, then translate it to polish").tasks
    assert [t.language for t in edit if t.task == "translation"] == [None]  # "polish" in lower case is a verb
