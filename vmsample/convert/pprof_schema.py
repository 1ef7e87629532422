"""pprof's message classes, built at import from a description of its schema.

The schema is ``perftools.profiles`` from google/pprof's ``proto/profile.proto``
(Apache-2.0): the fields below are its field numbers and types, so the
`protobuf` runtime encodes and decodes real pprof files without generated
code in the repository.  Every string in a profile is an index into
[Profile.string_table], whose entry 0 is "".
"""

from __future__ import annotations

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_F = descriptor_pb2.FieldDescriptorProto
_INT64, _UINT64, _BOOL, _STRING, _MESSAGE = _F.TYPE_INT64, _F.TYPE_UINT64, _F.TYPE_BOOL, _F.TYPE_STRING, _F.TYPE_MESSAGE
_REPEATED = object()

# message -> [(field, number, type, repeated?)]; a message-typed field names its message.
_MESSAGES = {
    "Profile": [
        ("sample_type", 1, "ValueType", _REPEATED),
        ("sample", 2, "Sample", _REPEATED),
        ("mapping", 3, "Mapping", _REPEATED),
        ("location", 4, "Location", _REPEATED),
        ("function", 5, "Function", _REPEATED),
        ("string_table", 6, _STRING, _REPEATED),
        ("drop_frames", 7, _INT64, None),
        ("keep_frames", 8, _INT64, None),
        ("time_nanos", 9, _INT64, None),
        ("duration_nanos", 10, _INT64, None),
        ("period_type", 11, "ValueType", None),
        ("period", 12, _INT64, None),
        ("comment", 13, _INT64, _REPEATED),
        ("default_sample_type", 14, _INT64, None),
    ],
    "ValueType": [("type", 1, _INT64, None), ("unit", 2, _INT64, None)],
    "Sample": [
        ("location_id", 1, _UINT64, _REPEATED),     # leaf first
        ("value", 2, _INT64, _REPEATED),            # one per sample_type
        ("label", 3, "Label", _REPEATED),
    ],
    "Label": [("key", 1, _INT64, None), ("str", 2, _INT64, None), ("num", 3, _INT64, None),
              ("num_unit", 4, _INT64, None)],
    "Mapping": [
        ("id", 1, _UINT64, None), ("memory_start", 2, _UINT64, None), ("memory_limit", 3, _UINT64, None),
        ("file_offset", 4, _UINT64, None), ("filename", 5, _INT64, None), ("build_id", 6, _INT64, None),
        ("has_functions", 7, _BOOL, None), ("has_filenames", 8, _BOOL, None),
        ("has_line_numbers", 9, _BOOL, None), ("has_inline_frames", 10, _BOOL, None),
    ],
    "Location": [
        ("id", 1, _UINT64, None), ("mapping_id", 2, _UINT64, None), ("address", 3, _UINT64, None),
        ("line", 4, "Line", _REPEATED), ("is_folded", 5, _BOOL, None),
    ],
    "Line": [("function_id", 1, _UINT64, None), ("line", 2, _INT64, None)],
    "Function": [
        ("id", 1, _UINT64, None), ("name", 2, _INT64, None), ("system_name", 3, _INT64, None),
        ("filename", 4, _INT64, None), ("start_line", 5, _INT64, None),
    ],
}

PACKAGE = "perftools.profiles"


def _file_descriptor() -> descriptor_pb2.FileDescriptorProto:
    fd = descriptor_pb2.FileDescriptorProto(name="vmsample/pprof/profile.proto", package=PACKAGE, syntax="proto3")
    for name, fields in _MESSAGES.items():
        msg = fd.message_type.add(name=name)
        for field, number, kind, repeated in fields:
            f = msg.field.add(name=field, number=number,
                              label=_F.LABEL_REPEATED if repeated is _REPEATED else _F.LABEL_OPTIONAL)
            if isinstance(kind, str):
                f.type, f.type_name = _MESSAGE, f".{PACKAGE}.{kind}"
            else:
                f.type = kind
    return fd


# A private pool: another copy of profile.proto loaded in the same process
# (e.g. a generated module) cannot clash with this one.
_pool = descriptor_pool.DescriptorPool()
_pool.Add(_file_descriptor())

Profile = message_factory.GetMessageClass(_pool.FindMessageTypeByName(f"{PACKAGE}.Profile"))
