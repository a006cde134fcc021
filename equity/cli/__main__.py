"""``python -m equity.cli``: the same as the ``equity`` command."""

from . import main

if __name__ == "__main__":  # pragma: no cover
    main()
