"""Instruments for the paper benchmark's per-sample cost breakdown.

[MutedWriter] is a ProfileWriter whose C-level record calls all return at
their first check (the writer's sticky-error path, _writer.pyx Design 4).
A VM profiling into it still runs every hook and walks its stack for every
sample, but writes nothing, so that the difference between a run into a
MutedWriter and a run into a real writer is the writer's own cost.
"""

import os

from vmsample.profile._writer cimport ProfileWriter

cdef extern from "<errno.h>":
    int ECANCELED


cdef class MutedWriter(ProfileWriter):
    """``MutedWriter(path, **ProfileWriter options)``: accepts code and type
    declarations and ignores them; every sample or collection record is
    refused.  close() removes both the file and its spool."""

    def __init__(self, path, **options):
        super().__init__(path, **options)
        self.w.error = ECANCELED

    def declare_code(self, code_id, function, first_line, file):
        pass

    def type_name(self, type_id, name):
        pass

    def close(self):
        if self.closed:
            return
        try:
            super().close()
        except OSError:
            pass            # ECANCELED, as arranged
        for path in (self.path, self.spool_path):
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass
