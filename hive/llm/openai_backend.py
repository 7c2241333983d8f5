"""Any OpenAI-compatible chat endpoint (OpenAI, vLLM, Ollama, llama.cpp's server) through the `openai` client."""

from __future__ import annotations

import time
from typing import Any

from hive.llm.backend import Completion, LLMUnavailable

# Ways to ask for JSON, most precise first; servers differ in which they accept (llama.cpp's server
# takes a schema inside json_object and answers 500 to json_schema).
JSON_MODES = ("json_schema", "json_object_schema", "json_object", "none")
MAX_ANSWER_TOKENS = 512  # every stage's answer is a small JSON object; a model that rambles is cut off


class OpenAICompatible:
    """A chat endpoint at `base_url`; structured output when the server takes it."""

    def __init__(self, base_url: str, model: str, api_key: str | None = None, timeout: float = 60.0, json_mode: str | None = None) -> None:
        import openai

        self.openai = openai
        self.client = openai.OpenAI(base_url=base_url, api_key=api_key or "not-needed", timeout=timeout, max_retries=0)
        self.model, self.base_url = model, base_url
        self.name = f"openai:{model}@{base_url}"
        self.json_mode = json_mode  # None: found by trying, then kept

    def _format(self, mode: str, schema: dict[str, Any] | None) -> dict[str, Any] | None:
        if schema is None or mode == "none":
            return None
        if mode == "json_schema":
            return {"type": "json_schema", "json_schema": {"name": "answer", "schema": schema}}
        if mode == "json_object_schema":
            return {"type": "json_object", "schema": schema}
        return {"type": "json_object"}

    def complete(self, messages: list[dict[str, str]], schema: dict[str, Any] | None = None) -> Completion:
        modes = [self.json_mode] if self.json_mode else list(JSON_MODES)
        last_error: Exception | None = None
        for mode in modes:
            try:
                return self._call(messages, self._format(mode, schema), mode)
            except self.openai.BadRequestError as exc:
                last_error = exc
            except self.openai.InternalServerError as exc:
                last_error = exc
        raise LLMUnavailable(f"{self.base_url} refused every way of asking for JSON: {last_error}")

    def _call(self, messages: list[dict[str, str]], response_format: dict[str, Any] | None, mode: str) -> Completion:
        openai = self.openai
        started = time.perf_counter()
        extra = {"response_format": response_format} if response_format else {}
        try:
            answer = self.client.chat.completions.create(
                model=self.model, messages=messages, temperature=0, max_tokens=MAX_ANSWER_TOKENS, **extra
            )
        except openai.AuthenticationError as exc:
            raise LLMUnavailable(f"{self.base_url} refused the API key (401); set --api-key or HIVE_LLM_API_KEY") from exc
        except openai.APITimeoutError as exc:
            raise LLMUnavailable(f"{self.base_url} did not answer in time; raise --llm-timeout or use a faster model") from exc
        except openai.APIConnectionError as exc:
            raise LLMUnavailable(f"cannot reach the LLM endpoint {self.base_url}; is the server running?") from exc
        except openai.NotFoundError as exc:
            raise LLMUnavailable(f"{self.base_url} has no model '{self.model}' (404); check --model") from exc
        self.json_mode = mode
        usage = answer.usage
        return Completion(
            text=answer.choices[0].message.content or "",
            prompt_tokens=getattr(usage, "prompt_tokens", 0) or 0,
            completion_tokens=getattr(usage, "completion_tokens", 0) or 0,
            seconds=time.perf_counter() - started,
        )
