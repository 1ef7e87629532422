# Checks: xml.parsers.expat and what imports it (plistlib, xml.sax's expat reader, xmlrpc) load on the VM: pyexpat's submodules errors and model come with the delegated module.
import plistlib
import xml.parsers.expat
from xml.parsers.expat import errors, model

print(model.XML_CTYPE_MIXED, errors.XML_ERROR_SYNTAX, errors.codes[errors.XML_ERROR_SYNTAX], errors.messages[2])
print(plistlib.dumps({"a": [1, 2.5, "x"], "b": True}).count(b"<"))
parser = xml.parsers.expat.ParserCreate()
seen = []
parser.StartElementHandler = lambda name, attrs: seen.append((name, attrs))
parser.Parse("<root><item k='v'/></root>", True)
print(seen)
try:
    xml.parsers.expat.ParserCreate().Parse("<a><b></a>", True)
except xml.parsers.expat.ExpatError as e:
    print("ExpatError:", e, e.code == errors.codes[errors.XML_ERROR_TAG_MISMATCH])
