"""Data shipped with HIVE: the C-KG snapshot (`ckg.nt.gz`) and its build report."""
