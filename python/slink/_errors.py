"""The exceptions slink raises (besides OSError, TypeError and ValueError)."""

# Annotations stay text (no `typing` import: it would double `import slink`'s time).
from __future__ import annotations


class SlinkError(Exception):
    """The base class of slink's own exceptions."""


class ParseError(SlinkError, ValueError):
    """A puzzle text that is malformed, and where.

    ``file`` is the file's name (``<string>`` for a text given as a
    string, ``<bytes>``, ``<iterable>`` or the name given), ``line`` and
    ``column`` count from 1 (the column in bytes), ``data_set`` is the
    data set's number in its text (``None`` when the text as a whole is
    wrong, e.g. two puzzles where one was expected); ``message`` says what
    is wrong. ``str(e)`` reads ``FILE:LINE:COLUMN: data set K: message``,
    as slink's command line writes it.
    """

    def __init__(
        self,
        message: str,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        data_set: int | None = None,
    ) -> None:
        super().__init__(message, file, line, column, data_set)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.data_set = data_set

    def __str__(self) -> str:
        place = ":".join(str(x) for x in (self.file, self.line, self.column) if x is not None)
        which = f"data set {self.data_set}: " if self.data_set is not None else ""
        return f"{place}: {which}{self.message}" if place else f"{which}{self.message}"


class OutputRefusedError(SlinkError, ValueError):
    """An output ``solve_to`` will not write, left as it was: one of the
    inputs by any name (a link, another spelling), or with
    ``resume=True`` a file whose records are not of this run's inputs and
    options. ``str(e)`` says why in the command line's words.
    """
