def run(audio: str = '', model: str = 'TalTechNLP/voxlingua107-epaca-tdnn', device: str = "cpu"):
    'audio-classification with TalTechNLP/voxlingua107-epaca-tdnn.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
