"""What a page's Python, restored from one of the site build's Pyodide memory snapshots, does
first (the dashboard's worker through page_kernel.py, the lessons' kernel through
lesson_pyodide.mjs): a snapshot is the same memory for every visitor, random generators'
states included, and holds no file (the packages' files are written after it is restored).

The build writes this file into site-packages and imports it before it takes each snapshot.
"""
from __future__ import annotations

import json
import os
import random
import sys


def generators() -> dict[str, random.Random]:
    """Every random generator a module holds, by ``module.name`` (``random._inst``, which
    ``random.random()`` draws from, and any a package made at import): what a snapshot
    freezes. ``SystemRandom`` (``secrets``) holds no state: it asks the browser at every draw."""
    found: dict[str, random.Random] = {}
    seen: set[int] = set()
    for name, module in sorted(sys.modules.items()):
        try:
            attrs = sorted(vars(module).items())
        except TypeError:  # not a module (a stand-in some package put there)
            continue
        for attr, value in attrs:
            if isinstance(value, random.Random) and not isinstance(value, random.SystemRandom) \
                    and id(value) not in seen:
                seen.add(id(value))
                found[f"{name}.{attr}"] = value
    return found


def restored() -> None:
    """A page's Python, just restored from one of the build's snapshots: every generator
    (:func:`generators`) seeded afresh from ``os.urandom`` (the browser's
    ``crypto.getRandomValues``), and tempfile's name sequence dropped (it keeps its generator
    once made). Without this every visitor's Python would draw the same numbers."""
    for generator in generators().values():
        generator.seed(os.urandom(32))
    import tempfile

    tempfile._name_sequence = None  # made again, from a fresh generator, when next needed


def files_written() -> None:
    """The page has written the packages' files (the dashboard's worker also the homework
    page's wheels) into site-packages: the file system's import finders look again. Only those:
    ``importlib.invalidate_caches()`` would also make the standard library's zip importer read
    its directory again, which the snapshot holds read (0.1-0.3 s of a cold start)."""
    from importlib.machinery import FileFinder

    for finder in list(sys.path_importer_cache.values()):
        if isinstance(finder, FileFinder):
            finder.invalidate_caches()


def random_draws() -> str:
    """One 64-bit draw from each of :func:`generators`, as JSON text (``{"module.name":
    "number"}``): the site's tests compare two visits' (a snapshot restored without
    :func:`restored` draws the same)."""
    return json.dumps({name: str(g.getrandbits(64)) for name, g in generators().items()})
