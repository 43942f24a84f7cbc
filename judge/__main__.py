"""``python -m judge``: the same command line as ``judge``."""

from .cli import main

main()
