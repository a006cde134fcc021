"""The engines: exact enumeration and Monte Carlo, generic over a game."""
