def run(table: dict | None = None, model: str = 'Alexei1/imdb', device: str = "cpu"):
    'tabular-classification with Alexei1/imdb.'
    import pandas
    import skops.io
    from huggingface_hub import HfApi, hf_hub_download

    weights = next(f for f in HfApi().list_repo_files(model) if f.endswith(".skops"))
    estimator = skops.io.load(hf_hub_download(model, weights), trusted=[])
    return {"labels": [str(label) for label in estimator.predict(pandas.DataFrame(table))]}
