"""Run inputs and results (schema/run-values.schema.json) to and from
Python: dicts as the schema spells them always work; numpy arrays and
numpy scalars work when numpy is importable.

A shaped value is {"type": "memref<2x3xf32>", "shape": [2, 3], "data": [...]}
(row-major); a scalar is {"type": "f32", "value": 1.5}. A bufferized
function takes memrefs, which is what a numpy array becomes by default.
"""
import re

try:
    import numpy
except ImportError:  # numpy is optional
    numpy = None

# numpy dtype name -> MLIR element type.
ELEMENT_TYPES = {"float16": "f16", "float32": "f32", "float64": "f64", "bool": "i1",
                 "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
                 "uint8": "i8", "uint16": "i16", "uint32": "i32", "uint64": "i64"}
DTYPES = {"f16": "float16", "f32": "float32", "f64": "float64", "i1": "bool", "i8": "int8",
          "i16": "int16", "i32": "int32", "i64": "int64", "index": "int64"}


def scalar(value, type):
    """A scalar argument of an MLIR type: scalar(3, "index"), scalar(1.5, "f32")."""
    return {"type": type, "value": value}


def encode(value, kind="memref"):
    """One argument as the schema spells it."""
    if isinstance(value, dict):
        return value
    if numpy is not None and isinstance(value, (numpy.ndarray, numpy.generic)):
        element = ELEMENT_TYPES.get(value.dtype.name)
        if element is None:
            raise TypeError("numpy dtype %s has no MLIR element type" % value.dtype)
        if isinstance(value, numpy.generic) or value.ndim == 0:
            return scalar(value.item(), element)
        shape = list(value.shape)
        return {"type": "%s<%s>" % (kind, "x".join([str(d) for d in shape] + [element])),
                "shape": shape, "data": value.ravel().tolist()}
    raise TypeError("a run input must be a dict of schema/run-values.schema.json%s, not %s "
                    "(use bufferd.scalar(value, type) for scalars)"
                    % (" or a numpy array" if numpy is not None else "", type(value).__name__))


def encode_all(inputs, kind="memref"):
    return [encode(v, kind) for v in inputs or []]


def element_type(type_text):
    """The element type of "memref<2x?xf32>" ("f32"), or of a scalar type."""
    m = re.match(r"^\w+<(?:[0-9?]+x)*([A-Za-z0-9_]+)", type_text)
    return m.group(1) if m else type_text


def decode(value, use_numpy):
    """One result: a numpy array (shaped, with numpy), a Python number
    (scalar), or the schema's dict."""
    if "value" in value:
        return value["value"]
    if use_numpy and numpy is not None and "data" in value:
        dtype = DTYPES.get(element_type(value["type"]))
        array = numpy.array(value["data"], dtype=dtype)
        return array.reshape(value.get("shape", [len(value["data"])]))
    return value


def decode_all(results, use_numpy):
    return [decode(v, use_numpy) for v in results]
