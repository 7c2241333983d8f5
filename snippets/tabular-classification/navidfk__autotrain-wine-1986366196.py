def run(table: dict | None = None, model: str = 'navidfk/autotrain-wine-1986366196', device: str = "cpu"):
    'tabular-classification with navidfk/autotrain-wine-1986366196.'
    import pandas
    import skops.io
    from huggingface_hub import HfApi, hf_hub_download

    weights = next(f for f in HfApi().list_repo_files(model) if f.endswith(".skops"))
    estimator = skops.io.load(hf_hub_download(model, weights), trusted=[])
    return {"labels": [str(label) for label in estimator.predict(pandas.DataFrame(table))]}
