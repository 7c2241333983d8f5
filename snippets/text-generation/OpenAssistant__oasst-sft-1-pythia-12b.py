def run(text: str = '', model: str = 'OpenAssistant/oasst-sft-1-pythia-12b', device: str = "cpu"):
    'text-generation with OpenAssistant/oasst-sft-1-pythia-12b.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner(text)
