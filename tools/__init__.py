"""Offline generators of the tables the package ships (run from the repository root)."""
