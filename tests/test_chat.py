"""`hive chat`: later requests refer to what earlier turns produced."""

from __future__ import annotations

import json
import subprocess
import sys

from hive.chat import ChatSession
from hive.session import Session


def test_that_image_and_the_caption_refer_to_earlier_turns(planner):
    session = ChatSession(Session(planner))
    first = session.ask("Draw a red fox in the snow")
    second = session.ask("now caption that image")
    third = session.ask("and read the caption aloud")
    assert [t.task for t in first.tasks] == ["text-to-image"]
    assert [(t.task, t.args) for t in second.tasks] == [("image-to-text", {"image": "<turn-1:resource-0>"})]
    assert [(t.task, t.args) for t in third.tasks] == [("text-to-speech", {"text": "<turn-2:resource-0>"})]
    session.reset()
    assert session.context == []


def test_the_newest_image_wins():
    from hive.pipeline import Planner

    session = ChatSession(Session(Planner(select_models=False)))
    session.ask("Draw a cat")
    session.ask("Draw a dog")
    assert session.ask("describe that image").tasks[0].args == {"image": "<turn-2:resource-0>"}


def test_chat_command_reads_turns_from_stdin():
    done = subprocess.run([sys.executable, "-c", "from hive.cli import main; main()", "chat", "--json"],
                          input="Draw a lighthouse\nhello\nnow describe that picture\n:quit\nDraw more\n", capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == 3
    assert lines[1]["error"].startswith("nothing to plan")
    assert lines[2]["tasks"][0]["args"] == {"image": "<turn-1:resource-0>"}
