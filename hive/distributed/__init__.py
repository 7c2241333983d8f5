"""Batch work spread over many processes or machines (Ray)."""
