def run(text: str = '', model: str = 'espnet/kan-bayashi_ljspeech_joint_finetune_conformer_fastspeech2_hifigan', device: str = "cpu"):
    'text-to-speech with espnet/kan-bayashi_ljspeech_joint_finetune_conformer_fastspeech2_hifigan.'
    from transformers import pipeline

    runner = pipeline('text-to-speech', model=model, device=device)
    return runner(text)
