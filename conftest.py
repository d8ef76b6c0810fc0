"""Checks that ride on the suite's single execution of the lessons (nbval): every output a
Ukrainian or German lesson prints is in its language (tests/lesson_language.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

_TESTS = Path(__file__).resolve().parent / "tests"
_LESSONS = Path(__file__).resolve().parent / "lessons"


def _start_again_on_new_ports(start):
    """nbval's kernel start, tried once more if the kernel dies before it answers. Its five
    TCP ports are chosen at random by binding and closing them; until the kernel binds them,
    any connection of the run (Chromium, a server, another kernel) may take one, and the kernel
    ends with "Address already in use" (seen once in about ten runs). jupyter_client's own
    restarter answers the same death with new random ports (``random_ports_until_alive``); a
    kernel that dies twice fails the lesson, as before."""
    def start_new_kernel(*args, **kwargs):
        try:
            return start(*args, **kwargs)
        except RuntimeError as error:
            if "died before replying to kernel_info" not in str(error):
                raise
            return start(*args, **kwargs)
    return start_new_kernel


def pytest_configure(config):
    try:
        from nbval import kernel
    except ImportError:  # nbval not installed: no lesson runs
        return
    kernel.start_new_kernel = _start_again_on_new_ports(kernel.start_new_kernel)


def _lesson_lang(item) -> str | None:
    """'uk' or 'de' for a cell of lessons/uk/ or lessons/de/ run by nbval, else None."""
    path = Path(str(getattr(item, "path", getattr(item, "fspath", ""))))
    if not hasattr(item, "test_outputs") or path.parent.parent != _LESSONS:
        return None
    return path.parent.name if path.parent.name in ("uk", "de") else None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    outcome = yield
    lang = _lesson_lang(item)
    if lang is None or outcome.excinfo is not None or not item.test_outputs:
        return
    if str(_TESTS) not in sys.path:
        sys.path.insert(0, str(_TESTS))
    from lesson_language import leaks, text_of

    found = [leak for output in item.test_outputs for leak in leaks(text_of(output), lang)]
    if found:
        outcome.force_exception(AssertionError(
            f"{item.name}: this {lang} lesson prints what is not {lang}:\n  " + "\n  ".join(found)))
