def run(text: str = '', model: str = 'BlinkDL/rwkv-4-pile-7b', device: str = "cpu"):
    'text-generation with BlinkDL/rwkv-4-pile-7b.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
