def run(text: str = '', model: str = 'BlackSamorez/rudialogpt3_medium_based_on_gpt2_2ch', device: str = "cpu"):
    'conversational with BlackSamorez/rudialogpt3_medium_based_on_gpt2_2ch.'
    from transformers import pipeline

    runner = pipeline('text-generation', model=model, device=device)
    return runner([{"role": "user", "content": text}])
