"""A minimal OpenAI-compatible chat server for tests, written for HIVE: it answers from a script.

It stands in for a remote LLM service where the test needs exact control over what the "model"
says (garbage, a wrong task, a slow answer, a refused key). Tests of a real model use llama.cpp's
own server instead (see tests/understanding/test_llm.py).
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class ScriptedLLM:
    """`with ScriptedLLM(answers) as llm:` serves `llm.base_url`; answers are returned in order (the last repeats)."""

    def __init__(self, answers: list[str], api_key: str | None = None, delay: float = 0.0, refuse_json_schema: bool = False) -> None:
        self.answers, self.api_key, self.delay, self.refuse_json_schema = list(answers), api_key, delay, refuse_json_schema
        self.requests: list[dict] = []

    def __enter__(self) -> "ScriptedLLM":
        script = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def _json(self, status: int, body: dict) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
                script.requests.append(body)
                if script.api_key and self.headers.get("Authorization") != f"Bearer {script.api_key}":
                    self._json(401, {"error": {"message": "invalid api key", "type": "invalid_request_error"}})
                    return
                if script.refuse_json_schema and (body.get("response_format") or {}).get("type") == "json_schema":
                    self._json(500, {"error": {"message": "json_schema is not supported"}})
                    return
                time.sleep(script.delay)
                answer = script.answers.pop(0) if len(script.answers) > 1 else script.answers[0]
                self._json(200, {
                    "id": "scripted", "object": "chat.completion", "created": 0, "model": body.get("model", "scripted"),
                    "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": answer}}],
                    "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
                })

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
