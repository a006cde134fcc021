"""The package version, in one place (pyproject.toml reads it from here)."""

__version__ = "0.5.0"
