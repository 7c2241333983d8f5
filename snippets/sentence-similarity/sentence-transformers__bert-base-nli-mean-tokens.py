def run(text: str = '', other: str = '', model: str = 'sentence-transformers/bert-base-nli-mean-tokens', device: str = "cpu"):
    'sentence-similarity with sentence-transformers/bert-base-nli-mean-tokens.'
    from sentence_transformers import SentenceTransformer, util

    encoder = SentenceTransformer(model, device=device)
    embeddings = encoder.encode([text, other], convert_to_tensor=True)
    return {"score": float(util.cos_sim(embeddings[0], embeddings[1]))}
