def run(text: str = '', other: str = '', model: str = 'symanto/sn-xlm-roberta-base-snli-mnli-anli-xnli', device: str = "cpu"):
    'sentence-similarity with symanto/sn-xlm-roberta-base-snli-mnli-anli-xnli.'
    from sentence_transformers import SentenceTransformer, util

    encoder = SentenceTransformer(model, device=device)
    embeddings = encoder.encode([text, other], convert_to_tensor=True)
    return {"score": float(util.cos_sim(embeddings[0], embeddings[1]))}
