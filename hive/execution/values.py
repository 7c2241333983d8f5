"""Between steps: turn one step's output into the next step's input, and save outputs as files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

CONFIDENT_SHARE = 0.5  # a scored label is passed on when it scores at least half of the best one
TEXT_KEYS = ("text", "generated_text", "summary_text", "translation_text", "answer", "caption", "label")


def as_text(value: Any) -> str:
    """The text a step produced: an ASR result, generated text, a list of entities or labels, ..."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        for key in TEXT_KEYS:
            if isinstance(value.get(key), str):
                return value[key]
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        if all(isinstance(v.get("label"), str) and isinstance(v.get("score"), (int, float)) for v in value):
            value = confident(value)
        words = [str(v.get("word") or v.get("label") or v.get("generated_text") or v.get("summary_text") or "") for v in value]
        if all(words):
            return ", ".join(words)
    if isinstance(value, list):
        return ", ".join(as_text(v) for v in value)
    return str(value)


def confident(predictions: list[dict]) -> list[dict]:
    """The scored labels worth passing on: the best one and those scoring at least half as much."""
    best = max(p["score"] for p in predictions)
    return [p for p in predictions if p["score"] >= best * CONFIDENT_SHARE]


def as_input(value: Any, modality: str) -> Any:
    """A produced value in the form a snippet's parameter of `modality` takes (files stay paths)."""
    if modality in ("text", "question"):
        return as_text(value)
    return value


def write_wav(path: Path, samples: Any, rate: int) -> float:
    """Float samples in [-1, 1] as 16-bit mono PCM; the duration in seconds."""
    import wave

    import numpy

    pcm = (numpy.clip(numpy.asarray(samples, dtype="float32").squeeze(), -1.0, 1.0) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(pcm.tobytes())
    return len(pcm) / rate


MEDIA_SUFFIXES = (".png", ".wav")


def _is_image(value: Any) -> bool:
    return hasattr(value, "save") and hasattr(value, "size") and hasattr(value, "mode")  # a PIL image


def save_output(value: Any, base: Path) -> tuple[Path, str]:
    """Write a step's output next to `base` (no suffix) as .txt, .json, .png or .wav; (path, short preview).
    A result holding one picture (a depth map beside its raw tensor) is that picture."""
    pictures = [v for v in value.values() if _is_image(v)] if isinstance(value, dict) else []
    if len(pictures) == 1:
        value = pictures[0]
    if _is_image(value):
        path = base.with_suffix(".png")
        value.save(path)
        return path, f"image {value.size[0]}x{value.size[1]}"
    if isinstance(value, dict) and "audio" in value and "sampling_rate" in value:
        path = base.with_suffix(".wav")
        seconds = write_wav(path, value["audio"], int(value["sampling_rate"]))
        return path, f"audio {seconds:.1f} s"
    if isinstance(value, str):
        path = base.with_suffix(".txt")
        path.write_text(value, encoding="utf-8")
        return path, value[:200]
    path = base.with_suffix(".json")
    path.write_text(json.dumps(value, indent=2, ensure_ascii=False, default=str), encoding="utf-8")
    return path, as_text(value)[:200]
