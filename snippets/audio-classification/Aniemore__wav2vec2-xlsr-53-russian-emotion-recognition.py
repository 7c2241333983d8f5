def run(audio: str = '', model: str = 'Aniemore/wav2vec2-xlsr-53-russian-emotion-recognition', device: str = "cpu"):
    'audio-classification with Aniemore/wav2vec2-xlsr-53-russian-emotion-recognition.'
    from transformers import AutoModel, Wav2Vec2FeatureExtractor, pipeline

    network = AutoModel.from_pretrained(model)
    feature_extractor_1 = Wav2Vec2FeatureExtractor.from_pretrained(model)
    runner = pipeline('audio-classification', model=network, feature_extractor=feature_extractor_1, device=device)
    return runner(audio)
