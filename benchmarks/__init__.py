"""Development tooling, not installed with the kit: the boards benchmark
(``python -m kit bench boards`` runs ``python -m benchmarks.boards``) and the Voilà +
Chromium helpers it shares with the browser tests (``benchmarks.browser``)."""
