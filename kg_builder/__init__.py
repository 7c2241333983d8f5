"""Offline builder of the Capability Knowledge Graph (model cards + benchmark scores -> RDF)."""
