"""Input resources (hive/understanding/inputs.py): missing files warned of, unnamed inputs planned on."""

from __future__ import annotations

from hive.understanding.inputs import written_file_names


def test_a_task_asked_of_a_picture_not_named_is_planned_on_an_input_to_name_when_running(planner):
    result = planner.plan("detect objects in a picture, small model please")
    assert [t.task for t in result.tasks] == ["object-detection"]
    unnamed = [r for r in result.explanation.inputs if r.kind == "unnamed"]
    assert [r.modalities for r in unnamed] == [["image"]] and unnamed[0].value in result.tasks[0].args.values()
    assert any("does not name: name the file (e.g. ./photo.jpg)" in w for w in result.warnings)
    assert result.tasks[0].model is not None  # selection still picks a model for it


def test_a_dictation_is_a_sound_to_name_when_running(planner):
    result = planner.plan("Dictation -> text for clinic notes")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition"]
    assert [r.modalities for r in result.explanation.inputs if r.kind == "unnamed"] == [["audio"]]


def test_a_missing_file_is_a_warning_not_an_error(planner, tmp_path):
    present = tmp_path / "here.wav"
    present.write_bytes(b"RIFF")
    result = planner.plan(f"Transcribe {present} and ./not-there.wav")
    assert [w for w in result.warnings if "not-there.wav" in w]
    assert not [w for w in result.warnings if "here.wav" in w and "not-there" not in w]
    twice = planner.plan("I have two recordings, morning.wav and evening.wav. Transcribe morning.wav.")
    assert len([w for w in twice.warnings if w.startswith("morning.wav does not exist")]) == 1  # once per path


def test_a_video_is_also_read_for_its_sound_track_and_a_csv_as_text():
    from hive.request import ParsedRequest
    from hive.understanding.inputs import resources_from_request

    parsed = ParsedRequest(query="q", instruction="q", files=["./talk.mp4", "./sales.csv", "./photo.jpg"])
    resources, _warnings = resources_from_request(parsed)
    assert [r.modalities for r in resources[:3]] == [["video", "audio"], ["table", "text"], ["image"]]


def test_a_video_s_speech_is_summarised_through_a_transcript(planner):
    result = planner.plan("Summarise the meeting in ./meeting.mp4")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition", "summarization"]
    result = planner.plan("What sport is being played in ./clip.mp4?")
    assert [t.task for t in result.tasks] == ["video-classification"]


def test_a_file_name_said_aloud_is_written_as_a_name(planner):
    result = planner.plan("summarise my voice memo memo underscore 12 dot m4a then translate the summary into spanish")
    assert "memo_12.m4a" in result.tasks[0].args.values()
    assert "'memo underscore 12 dot m4a' was read as the file memo_12.m4a" in result.warnings
    assert [t.pipeline_tag for t in result.tasks] == ["automatic-speech-recognition", "summarization", "translation"]


def test_only_a_known_extension_after_dot_makes_a_file_name():
    assert written_file_names("back in the dot com days, see kitchen dot jpg") == (
        "back in the dot com days, see kitchen.jpg", ["'kitchen dot jpg' was read as the file kitchen.jpg"])
