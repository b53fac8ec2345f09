"""bufferd: compile MLIR tensor programs on a bufferd daemon (or offline,
through buffer-opt) and see where every buffer goes. Standard library only;
numpy is used for run inputs and results when it is importable.

    import bufferd
    result = bufferd.compile(program, emit=["memref", "report"])
    print(result.artifacts["memref"])
    for record in result.report["records"]:
        print(record["loc"]["line"], record["kind"], record["reason"])
"""
from .client import DEFAULT_URL, Client
from .offline import OfflineClient
from .results import (AuthError, BufferdError, CompileResult, Diagnostic, LimitError,
                      ProgramError, RequestError, TimeoutError, UnavailableError)
from .values import scalar

__version__ = "0.1.0"
__all__ = ["Client", "OfflineClient", "CompileResult", "Diagnostic", "BufferdError",
           "ProgramError", "RequestError", "AuthError", "LimitError", "UnavailableError",
           "TimeoutError", "compile", "scalar", "DEFAULT_URL"]


def compile(program, pipeline=None, emit=("memref",), url=DEFAULT_URL, token=None, **kwargs):
    """One compile on the daemon at url: Client(url, token).compile(...)."""
    return Client(url, token).compile(program, pipeline=pipeline, emit=emit, **kwargs)
