def run(text: str = '', model: str = 'PaddlePaddle/plato-mini', device: str = "cpu"):
    'conversational with PaddlePaddle/plato-mini.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner([{"role": "user", "content": text}])
