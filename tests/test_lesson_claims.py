"""Claims in lesson 5 and the teacher guide that do not depend on a seed, checked against the
code that makes them true (the notebook itself is executed by nbval)."""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

from periodic_edu.board import CELLS, TRENDS, reach
from periodic_edu.engine.bots import SearchBot

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
LESSON_5 = LESSONS / "05_strategy.ipynb"
GUIDE = LESSONS / "teacher_guide.md"


def _lesson_prose() -> str:
    nb = json.loads(LESSON_5.read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def _guide_lesson_5() -> str:
    text = GUIDE.read_text(encoding="utf-8")
    return re.search(r"^## Lesson 5\b.*?(?=^## |\Z)", text, re.MULTILINE | re.DOTALL).group(0)


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_q5_names_the_best_connected_cells_the_cell_prints():
    # the same computation as the lesson's first code cell
    total = {c.symbol: sum(len(reach(c.symbol, t)) for t in TRENDS) for c in CELLS}
    ranked = sorted(total, key=total.get)
    printed = ", ".join(reversed(ranked[-5:]))
    for name, text in (("lesson 5", _lesson_prose()), ("teacher guide", _guide_lesson_5())):
        assert printed in _flat(text), f"{name} should name the cells the cell prints: {printed}"
    hardest = ranked[:2]
    assert set(hardest) == {"H", "He"}, hardest
    assert reach("He", "ionization_energy") == {}  # "cannot move at all"


def test_the_search_bot_is_described_by_its_real_budget():
    budget = SearchBot().max_nodes
    for name, text in (("lesson 5", _lesson_prose()), ("teacher guide", _guide_lesson_5())):
        flat = _flat(text)
        assert f"{budget} positions" in flat, f"{name} should give the search budget"
        assert not re.search(r"thinks for a fixed \*?time", flat), f"{name}: it has no clock"


def test_standard_error_example_is_computed_right():
    se = math.sqrt(0.5 * 0.5 / 200)
    guide = _flat(_guide_lesson_5())
    assert f"{100 * se:.1f} percentage points" in guide
    assert f"{(0.55 - 0.5) / se:.1f} standard errors" in guide  # 55 % is 1.4 SE from 50 %
    lesson = _flat(_lesson_prose())
    assert f"*n* = 200 that is {se:.3f}" in lesson


def test_the_german_lesson_5_makes_the_same_claims():
    """The German twin names the same best-connected cells and the same search budget."""
    de = LESSONS / "de" / "05_strategy.ipynb"
    nb = json.loads(de.read_text(encoding="utf-8"))
    prose = _flat("\n".join("".join(c["source"]) for c in nb["cells"]
                            if c["cell_type"] == "markdown"))
    guide = _flat((LESSONS / "de" / "teacher_guide.md").read_text(encoding="utf-8"))
    total = {c.symbol: sum(len(reach(c.symbol, t)) for t in TRENDS) for c in CELLS}
    printed = ", ".join(reversed(sorted(total, key=total.get)[-5:]))
    budget = SearchBot().max_nodes
    for name, text in (("lesson", prose), ("guide", guide)):
        assert printed in text, f"German {name} should name {printed}"
        assert f"{budget} Positionen" in text, f"German {name} should give the search budget"
    se = math.sqrt(0.5 * 0.5 / 200)
    assert f"*n* = 200 sind das {se:.3f}".replace(".", ",") in prose
