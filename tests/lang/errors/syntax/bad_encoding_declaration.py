# -*- coding: no-such-codec -*-
# Rejected: a coding declaration naming no codec.
print("before")
