def run(text: str = '', other: str = '', model: str = 'jhgan/ko-sroberta-multitask', device: str = "cpu"):
    'sentence-similarity with jhgan/ko-sroberta-multitask.'
    from sentence_transformers import SentenceTransformer, util

    encoder = SentenceTransformer(model, device=device)
    embeddings = encoder.encode([text, other], convert_to_tensor=True)
    return {"score": float(util.cos_sim(embeddings[0], embeddings[1]))}
