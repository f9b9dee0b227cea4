"""Crash logs always hold a traceback, even for an error handed over without being raised."""

from chutes_tui.io.crash import raised, write_crash_log


def test_a_raised_error_logs_its_own_traceback(private_dirs):
    def broken():
        raise ValueError("broken")

    try:
        broken()
    except ValueError as error:
        log = write_crash_log(error).read_text()
    assert "in broken" in log and "ValueError: broken" in log and "never raised" not in log


def test_an_error_never_raised_logs_where_it_was_reported(private_dirs):
    def report():
        return write_crash_log(RuntimeError("made, not raised"))

    log = report().read_text()
    assert not raised(RuntimeError())
    assert "RuntimeError: made, not raised" in log
    assert "The error was never raised; it was reported from here:" in log and "in report" in log


def test_a_wrapper_whose_cause_was_raised_logs_the_cause():
    try:
        raise KeyError(0)
    except KeyError as cause:
        wrapper = RuntimeError("wraps it")
        wrapper.__cause__ = cause
    assert raised(wrapper)
