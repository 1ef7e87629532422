"""Benchmarks: ``python -m vmsample.bench NAME [options]``.

Each benchmark is a module ``vmsample/bench/NAME.py`` with ``main(argv) -> int``
(and a one-line module docstring for the list).  Every benchmark measures the
configurations it compares side by side in one run, alternating them, and
reports medians of several repetitions; results are recorded in
``bench/RESULTS.md`` with the command that produced them.
"""
