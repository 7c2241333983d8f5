def run(text: str = '', model: str = 'Gustavosta/MagicPrompt-Stable-Diffusion', device: str = "cpu"):
    'text-generation with Gustavosta/MagicPrompt-Stable-Diffusion.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
