"""The project's own documents: README.md, docs/*.md and the teacher guide.

- every relative link points to a file inside the repository that exists;
- docs/rules.md states every rule decision: D-1..D-13 of the project's rule spec and every R-n
  that the engine documents in ``periodic_edu/engine/rules.py``;
- every ``RULES §n`` the code cites is a section (or a numbered step) of docs/rules.md.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from periodic_edu.engine import rules

REPO = Path(__file__).resolve().parent.parent
RULES_DOC = REPO / "docs" / "rules.md"
DOCUMENTS = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md")),
             REPO / "lessons" / "teacher_guide.md"]

#: The decisions of the rule spec the engine was built from (the spec itself is not shipped:
#: docs/rules.md is the project's own statement of it).
SPEC_DECISIONS = [f"D-{n}" for n in range(1, 14)]


_FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
#: "](target": the end of an inline link or image, also of an image inside a link's text
_INLINE_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)")
_REFERENCE_LINK = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$", re.MULTILINE)
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def _prose(text: str) -> str:
    """The text without fenced code blocks and code spans (brackets there are not links)."""
    return _CODE_SPAN.sub("", _FENCE.sub("", text))


def links(text: str) -> list[str]:
    prose = _prose(text)
    return _INLINE_LINK.findall(prose) + _REFERENCE_LINK.findall(prose)


def test_link_parser_sees_inline_image_and_reference_links():
    text = ("see [rules](docs/rules.md#setup), ![pic](docs/images/a.png \"title\")\n"
            "[![badge](https://x/y.svg)](https://mybinder.org/v2)\n"
            "`[not](a-link.md)`\n```\n[nor](this.md)\n```\n[ref]: other.md\n")
    assert links(text) == ["docs/rules.md#setup", "docs/images/a.png", "https://x/y.svg",
                           "https://mybinder.org/v2", "other.md"]


def _broken_links(path: Path) -> list[tuple[str, str]]:
    """(link, target relative to the repository, or a reason) for every relative link of
    ``path`` that does not lead to an existing file or folder of the repository."""
    broken = []
    for link in links(path.read_text(encoding="utf-8")):
        if _SCHEME.match(link) or link.startswith("#"):
            continue  # a web address, or an anchor in the same page
        target = link.split("#", 1)[0].split("?", 1)[0]
        resolved = (path.parent / target).resolve()
        try:
            inside = resolved.relative_to(REPO).as_posix()
        except ValueError:
            broken.append((link, "outside the repository"))
            continue
        if not resolved.exists():
            broken.append((link, inside))
    return broken


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.relative_to(REPO).as_posix())
def test_relative_links_lead_to_files_of_the_repository(path):
    broken = _broken_links(path)
    assert not broken, f"{path.relative_to(REPO)}: links to nothing: {broken}"


def test_rules_document_exists_and_is_linked_from_the_readme():
    assert RULES_DOC.is_file()
    assert "docs/rules.md" in links((REPO / "README.md").read_text(encoding="utf-8"))
    assert "RULES.md" not in _prose((REPO / "README.md").read_text(encoding="utf-8"))


def _engine_decisions() -> list[str]:
    found = re.findall(r"\*\*(R-\d+)\b", rules.__doc__ or "")
    assert len(found) >= 13, f"rules.py documents only {found}"
    return found


@pytest.mark.parametrize("decision", SPEC_DECISIONS + _engine_decisions())
def test_rules_document_states_every_decision(decision):
    text = RULES_DOC.read_text(encoding="utf-8")
    assert re.search(rf"\b{decision}\b", text), f"docs/rules.md does not mention {decision}"


def _section(text: str, number: str) -> str | None:
    """The text of section ``number`` ("4", "4.5", "4.5.1") of docs/rules.md: a heading
    "## 4." / "### 4.5", or a numbered step "1." inside the section above it."""
    parts = number.split(".")
    level = len(parts) + 1
    heading = re.search(rf"^{'#' * level} {re.escape(number)}\.?\s.*$", text, re.MULTILINE)
    if heading:
        end = re.compile(rf"^#{{1,{level}}} ", re.MULTILINE).search(text, heading.end())
        return text[heading.end():end.start() if end else len(text)]
    if len(parts) == 1:
        return None
    parent = _section(text, ".".join(parts[:-1]))
    if parent is None:
        return None
    step = re.search(rf"^\s{{0,3}}{parts[-1]}\. .*(?:\n(?!\s{{0,3}}\d+\. ).*)*", parent,
                     re.MULTILINE)
    return step.group(0) if step else None


def _cited_sections() -> dict[str, list[str]]:
    cited: dict[str, list[str]] = {}
    sources = [*(REPO / "periodic_edu").rglob("*.py"), *(REPO / "widgets_js").rglob("*.js"),
               REPO / "README.md"]
    for path in sources:
        for number in re.findall(r"RULES §(\d+(?:\.\d+)*)", path.read_text(encoding="utf-8")):
            cited.setdefault(number, []).append(path.relative_to(REPO).as_posix())
    return cited


def test_section_lookup_finds_headings_and_numbered_steps():
    text = RULES_DOC.read_text(encoding="utf-8")
    assert "Take 2 Energy" in _section(text, "4.1")
    assert "Academic Achievement" in _section(text, "3.8")
    assert "Full AA spots" in _section(text, "4.5.3")
    assert _section(text, "4.9") is None and _section(text, "42") is None


def test_every_cited_rules_section_exists():
    text = RULES_DOC.read_text(encoding="utf-8")
    cited = _cited_sections()
    assert cited, "the code cites no RULES §n at all"
    missing = {n: where for n, where in cited.items() if _section(text, n) is None}
    assert not missing, f"cited in the code but not a section of docs/rules.md: {missing}"
