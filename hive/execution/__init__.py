"""Execution: run a plan's steps through their snippets, in worker processes, into a run directory."""
