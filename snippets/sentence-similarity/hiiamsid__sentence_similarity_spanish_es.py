def run(text: str = '', other: str = '', model: str = 'hiiamsid/sentence_similarity_spanish_es', device: str = "cpu"):
    'sentence-similarity with hiiamsid/sentence_similarity_spanish_es.'
    from sentence_transformers import SentenceTransformer, util

    encoder = SentenceTransformer(model, device=device)
    embeddings = encoder.encode([text, other], convert_to_tensor=True)
    return {"score": float(util.cos_sim(embeddings[0], embeddings[1]))}
