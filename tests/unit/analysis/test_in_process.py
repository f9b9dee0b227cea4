"""Work in a process of its own (:func:`chutes_tui.analysis.progress.in_process`): its answer,
its error, and a stop that kills it."""

import os
import time
from pathlib import Path

import numpy as np
import pytest

from chutes_tui.analysis.progress import in_process, series_progress


def doubled(values):
    return values * 2


def refused(text):
    raise ValueError(text)


def forever(where):
    # Written whole, then renamed: the report below reads the file as soon as it exists (a
    # plain write_text made it empty for a moment, and under load the kill came in between).
    Path(f"{where}.part").write_text(str(os.getpid()))
    os.replace(f"{where}.part", where)
    time.sleep(120)


class StopError(Exception):
    pass


def test_the_answer_and_the_error_come_back():
    assert in_process(doubled, np.arange(3), name="test").tolist() == [0, 2, 4]
    with pytest.raises(ValueError, match="no such square"):
        in_process(refused, "no such square", name="test")


def test_a_report_that_raises_kills_the_process(tmp_path):
    where = tmp_path / "pid"
    reports = []

    def report(turns, left):
        reports.append((turns, left))
        if where.exists():  # the work has begun, and will never end
            raise StopError

    with pytest.raises(StopError), series_progress(report):
        in_process(forever, str(where), name="test")
    assert set(reports) == {(0, 1.0)}
    with pytest.raises(ProcessLookupError):
        os.kill(int(where.read_text()), 0)
