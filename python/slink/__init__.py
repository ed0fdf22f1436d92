"""slink: a fast, trustworthy Slink and Slitherlink solver.

>>> import slink
>>> r = slink.solve("https://puzz.link/p?slither/5/5/cbcbcddad")
>>> r.status
'solved'

``solve`` takes one puzzle (judge text, a puzz.link URL, a Loopy game ID
or a pzprv3 file, or a ``Puzzle``) and returns a ``Result``, which draws
its loop as text (``drawing()``) and SVG (``svg()``; notebooks show it).
``solve_many`` streams a corpus (a path, bytes or an iterable of strings)
through slink's batch engine on every core, yielding one record per data
set in input order: dicts with the fields of ``docs/record.schema.json``,
or with ``json=True`` the JSON lines of ``slink solve --format json``.
``solve_to`` writes a run to a file as ``slink solve -o`` does, and with
``resume=True`` goes on with one that stopped (``--resume``).
``check``, ``verify``, ``convert``, ``generate`` and ``read`` are the
command line's other tools. The GIL is released while Rust works.
"""

from ._errors import OutputRefusedError, ParseError, SlinkError
from ._slink import (
    Puzzle,
    Records,
    Result,
    __version__,
    check,
    convert,
    generate,
    read,
    solve,
    solve_many,
    solve_to,
    verify,
)

__all__ = [
    "OutputRefusedError",
    "ParseError",
    "Puzzle",
    "Records",
    "Result",
    "SlinkError",
    "__version__",
    "check",
    "convert",
    "generate",
    "read",
    "solve",
    "solve_many",
    "solve_to",
    "verify",
]
