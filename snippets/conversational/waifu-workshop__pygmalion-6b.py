def run(text: str = '', model: str = 'waifu-workshop/pygmalion-6b', device: str = "cpu"):
    'conversational with waifu-workshop/pygmalion-6b.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner([{"role": "user", "content": text}])
