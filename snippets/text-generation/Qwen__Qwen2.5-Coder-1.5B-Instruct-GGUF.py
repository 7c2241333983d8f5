def run(text: str = '', model: str = 'Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF', device: str = "cpu"):
    'text-generation with Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
