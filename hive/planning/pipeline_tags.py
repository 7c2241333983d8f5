"""The Hugging Face pipeline tags HIVE knows, as listed by the hub's task taxonomy (2025)."""

HF_PIPELINE_TAGS = frozenset(
    {
        # natural language
        "text-classification", "token-classification", "table-question-answering", "question-answering",
        "zero-shot-classification", "translation", "summarization", "feature-extraction", "text-generation",
        "text2text-generation", "fill-mask", "sentence-similarity", "conversational", "text-ranking",
        # audio
        "text-to-speech", "text-to-audio", "automatic-speech-recognition", "audio-to-audio", "audio-classification",
        "voice-activity-detection",
        # vision
        "depth-estimation", "image-classification", "object-detection", "image-segmentation", "text-to-image",
        "image-to-text", "image-to-image", "image-to-video", "unconditional-image-generation", "video-classification",
        "zero-shot-image-classification", "mask-generation", "zero-shot-object-detection", "text-to-3d", "image-to-3d",
        "image-feature-extraction", "keypoint-detection", "text-to-video", "video-text-to-text",
        # multimodal
        "visual-question-answering", "document-question-answering", "image-text-to-text", "any-to-any",
        # tabular
        "tabular-classification", "tabular-regression",
    }
)
