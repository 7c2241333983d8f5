"""Code the tests share: paths, optional packages, servers and models that stand in for remote ones.

tests/conftest.py puts tests/ on the import path, so every test imports it as `support.<module>`.
"""
