"""``python -m equity``: the same as the ``equity`` command."""

from .cli import main

if __name__ == "__main__":
    main()
