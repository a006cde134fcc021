"""Tournament questions: prize equity by the Independent Chip Model
(:mod:`~equity.questions.tournaments.icm`)."""
