"""judge: a Gamesmaster for play-by-forum Diplomacy.

The rules core lives in :mod:`judge.core` (pure, no files, no git, no rendering); everything else
is an adapter at the edge: :mod:`judge.notation` (text to orders and positions), :mod:`judge.variants`
(variant data from ``variants/``), :mod:`judge.cli` (the command line).
"""

__version__ = "0.3.0"

DISTRIBUTION = "diplomacy-judge"
"""The name the judge is published under on the package index (``pip install diplomacy-judge``);
the import name and the ``judge`` command stay ``judge``."""
