"""Carthago benchmarks (`make bench`): the engine and the server, each figure beside its floor.

See bench/README.md. Sections: :mod:`bench.engine_bench` (figure 1), :mod:`bench.logs_bench`
(figures 2-3), :mod:`bench.server_bench` (figures 4-7); :mod:`bench.stats` holds the figure format.
"""
