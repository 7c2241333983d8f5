"""LLM back-ends behind one interface: an OpenAI-compatible HTTP server, or a local GGUF model in-process."""
