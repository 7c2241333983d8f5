def run(text: str = '', model: str = 'raynardj/wenyanwen-chinese-translate-to-ancient', device: str = "cpu"):
    'translation with raynardj/wenyanwen-chinese-translate-to-ancient.'
    from transformers import pipeline

    runner = pipeline('translation', model=model, device=device)
    return runner(text)
