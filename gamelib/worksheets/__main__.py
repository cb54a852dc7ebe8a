"""``python -m gamelib.worksheets``: the command line of :mod:`gamelib.worksheets.cli`."""

from gamelib.worksheets.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
