"""The evaluators: hand values from cards, on the rank DAG and the tables derived from it."""
