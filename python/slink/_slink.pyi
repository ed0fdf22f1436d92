"""Type stubs of the extension module slink._slink (re-exported by slink)."""

import os
from typing import Any, Dict, Iterable, Iterator, List, Literal, Optional, Sequence, Tuple, TypedDict, Union

# A str is a puzzle text when it holds a newline or is one puzz.link URL,
# Loopy game ID or pzprv3 line, else a file's path (in every function);
# an os.PathLike is always a path, bytes always a text.
Source = Union[str, "os.PathLike[str]", bytes, bytearray, Iterable[Union[str, bytes]]]
InputFormat = Literal["judge", "url", "loopy", "pzprv3"]
Status = Literal["solved", "multiple", "none", "invalid", "gave-up", "timed-out"]
Record = Dict[str, Any]
OutputFormat = Literal["judge", "json", "url", "loopy"]

# What a resumed output held (whole records kept, data sets they cover,
# bytes kept and cut, the note saying so), and a solve_to run's counts.
Resumed = TypedDict("Resumed", {"records": int, "covered": int, "kept": int, "cut": int, "note": str})
RunTotals = TypedDict(
    "RunTotals",
    {
        "output": str,
        "data_sets": int,
        "status": Dict[Status, int],
        "files": int,
        "unreadable": int,
        "passed_over": int,
        "seconds": float,
        "resumed": Optional[Resumed],
    },
)

__version__: str

class Puzzle:
    """A puzzle: its size and clues, written in any of slink's formats."""

    def __init__(self, text: Union[str, bytes], fmt: Optional[InputFormat] = None) -> None: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def blanks(self) -> int: ...
    @property
    def clues(self) -> List[List[Optional[int]]]: ...
    @property
    def url(self) -> str: ...
    @property
    def loopy(self) -> str: ...
    def to(self, fmt: InputFormat = "judge") -> str: ...
    def __reduce__(self) -> Any: ...
    def _repr_svg_(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Result:
    """The result of solving one puzzle."""

    @property
    def status(self) -> Status: ...
    @property
    def solved(self) -> bool: ...
    @property
    def puzzle(self) -> Puzzle: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def loop(self) -> Optional[str]: ...
    @property
    def error(self) -> Optional[str]: ...
    @property
    def nodes(self) -> int: ...
    @property
    def probes(self) -> int: ...
    def to_dict(self) -> Record: ...
    def to_json(self) -> str: ...
    def drawing(self) -> str: ...
    def svg(self, title: str = "") -> str: ...
    def _repr_svg_(self) -> str: ...

class Records(Iterator[Any]):
    """The records of a solve_many run, in input order."""

    def __iter__(self) -> "Records": ...
    def __next__(self) -> Any: ...
    def close(self) -> None: ...
    def __enter__(self) -> "Records": ...
    def __exit__(self, kind: Any, value: Any, traceback: Any) -> bool: ...

def solve(
    puzzle: Union[Puzzle, str, bytes],
    *,
    fmt: Optional[InputFormat] = None,
    budget: Optional[int] = None,
    time_limit: Optional[float] = None,
    rules_only: bool = False,
) -> Result: ...
def solve_many(
    source: Source,
    threads: Optional[int] = None,
    fmt: Optional[InputFormat] = None,
    *,
    json: bool = False,
    timing: bool = True,
    input: int = 1,
    name: Optional[str] = None,
    shard: Optional[Tuple[int, int]] = None,
    budget: Optional[int] = None,
    time_limit: Optional[float] = None,
    rules_only: bool = False,
) -> Records: ...
def solve_to(
    source: Union[Source, Sequence["os.PathLike[str]"]],
    output: Union[str, "os.PathLike[str]"],
    *,
    format: OutputFormat = "json",
    resume: bool = False,
    threads: Optional[int] = None,
    fmt: Optional[InputFormat] = None,
    timing: bool = True,
    name: Optional[str] = None,
    shard: Optional[Tuple[int, int]] = None,
    skip: int = 0,
    budget: Optional[int] = None,
    time_limit: Optional[float] = None,
    rules_only: bool = False,
) -> RunTotals: ...
def read(source: Source, fmt: Optional[InputFormat] = None, *, name: Optional[str] = None) -> List[Puzzle]: ...
def check(
    source: Source,
    fmt: Optional[InputFormat] = None,
    *,
    question: Optional[Literal["unique", "promise"]] = None,
    budget: Optional[int] = None,
    time_limit: Optional[float] = None,
    threads: Optional[int] = None,
    name: Optional[str] = None,
) -> List[Record]: ...
def verify(
    puzzles: Source, output: Source, fmt: Optional[InputFormat] = None
) -> List[Record]: ...
def convert(
    source: Source,
    to: InputFormat = "judge",
    fmt: Optional[InputFormat] = None,
    *,
    name: Optional[str] = None,
) -> str: ...
def generate(
    rows: Union[int, str, None] = None,
    cols: Union[int, str, None] = None,
    count: int = 1,
    seed: int = 1,
    *,
    blanks: Optional[float] = None,
    rules_only: bool = False,
    shape: Optional[Literal["blobby", "thin", "winding"]] = None,
    budget: Optional[int] = None,
    attempts: int = 2000,
    threads: Optional[int] = None,
    difficulty: Optional[Literal["easy", "normal", "tricky", "hard"]] = None,
    minimal: bool = False,
    symmetry: Optional[Literal["none", "rot2", "rot4", "mirror"]] = None,
    time_limit: Optional[float] = None,
) -> List[Puzzle]: ...
