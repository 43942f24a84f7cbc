"""The published archive: game folders to Markdown pages and images, rendered by MkDocs.

* :mod:`judge.site.generate` — the generator (incremental, plain Markdown + assets + navigation);
* :mod:`judge.site.gamefiles` — game folders on disk, read through the judge's own model
  (:mod:`judge.store.layout`): the same phase folders, game names, schemas and located errors;
* :mod:`judge.site.build` — runs ``mkdocs build --strict`` on what the generator wrote;
* :mod:`judge.site.charts` — centre and treasury charts as SVG;
* :mod:`judge.site.commands` — ``judge site`` and ``judge post``;
* :mod:`judge.site.mkdocs_plugin` — the MkDocs plugin ``judge``, which reads the generated navigation;
* :mod:`judge.site.search` — the search index page by page, as the incremental build keeps it;
* :mod:`judge.site.synthetic` — random legal games, for tests and benchmarks.

Player text is made harmless by :mod:`judge.escape`, which the results and the orders check use too.
"""
