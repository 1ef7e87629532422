# vmsample/core/knobs.pxi -- the debug knobs, read once at import
# (included by _nursery.pyx).
#
# Owns: the module globals ENV_NURSERY, ENV_STRESS, ENV_DEBUG, ENV_INCREMENTAL and _ENV_ERROR
# (read by Nursery.__cinit__).

from vmsample.sizes import parse_size     # the one size grammar (re-exported)


def _read_env():
    env = _os.environ
    nursery = stress = None
    debug = False
    if env.get("VMSAMPLE_NURSERY", "").strip():
        try:
            nursery = parse_size(env["VMSAMPLE_NURSERY"])
        except ValueError as e:
            raise ValueError(f"VMSAMPLE_NURSERY: {e}") from None
    if env.get("VMSAMPLE_GC_STRESS", "").strip():
        text = env["VMSAMPLE_GC_STRESS"].strip()
        if not text.isdigit():
            raise ValueError(f"VMSAMPLE_GC_STRESS={text!r}: expected an integer N >= 1 "
                             "(collect at every N-th allocation) or 0 (off)")
        stress = int(text) or None
    if env.get("VMSAMPLE_GC_DEBUG", "").strip() not in ("", "0"):
        debug = True
    incremental = env.get("VMSAMPLE_GC_INCREMENTAL", "").strip()
    if incremental not in ("", "0", "1"):
        raise ValueError(f"VMSAMPLE_GC_INCREMENTAL={incremental!r}: expected 1 (incremental "
                         "major collections, the default) or 0 (stop-the-world)")
    return nursery, stress, debug, incremental != "0"


try:
    ENV_NURSERY, ENV_STRESS, ENV_DEBUG, ENV_INCREMENTAL = _read_env()
    _ENV_ERROR = None
except ValueError as _e:
    ENV_NURSERY, ENV_STRESS, ENV_DEBUG, ENV_INCREMENTAL = None, None, False, True
    _ENV_ERROR = str(_e)    # raised by every Nursery(), so a typo is never ignored silently
