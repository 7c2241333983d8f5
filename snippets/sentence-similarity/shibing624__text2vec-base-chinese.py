def run(text: str = '', other: str = '', model: str = 'shibing624/text2vec-base-chinese', device: str = "cpu"):
    'sentence-similarity with shibing624/text2vec-base-chinese.'
    from sentence_transformers import SentenceTransformer, util

    encoder = SentenceTransformer(model, device=device)
    embeddings = encoder.encode([text, other], convert_to_tensor=True)
    return {"score": float(util.cos_sim(embeddings[0], embeddings[1]))}
