"""Drivers written here for corpus packages that ship library code rather
than programs (vmsample/bench/corpus.py copies them next to the package):
each calls the package's functions on fixed inputs and prints the results."""
