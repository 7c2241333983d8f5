def run(audio: str = '', model: str = 'juliensimon/wav2vec2-conformer-rel-pos-large-finetuned-speech-commands', device: str = "cpu"):
    'audio-classification with juliensimon/wav2vec2-conformer-rel-pos-large-finetuned-speech-commands.'
    from transformers import pipeline

    runner = pipeline('audio-classification', model=model, device=device)
    return runner(audio)
