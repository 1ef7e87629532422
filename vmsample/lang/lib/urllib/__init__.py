"""urllib for the vmsample VM: the package of urllib.parse (urllib.request
and the other network modules are not provided)."""
