"""``python -m equity``: the same as the ``equity`` command."""

from equity.cli import main

if __name__ == "__main__":
    main()
