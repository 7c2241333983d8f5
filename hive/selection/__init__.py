"""Constraint-aware model selection over the Capability Knowledge Graph."""
