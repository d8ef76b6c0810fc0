"""The README's Binder badges come from one setting, [tool.periodic-edu] repository, and no
README link points at a repository of ours that may not exist."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("binder_badges", REPO / "scripts/binder_badges.py")
badges = importlib.util.module_from_spec(spec)
spec.loader.exec_module(badges)
README = (REPO / "README.md").read_text(encoding="utf-8")
#: Other people's repositories the README cites (data sources), not ours.
CITED = {"lmmentel/mendeleev"}


def test_readme_block_is_what_the_setting_renders():
    assert badges.render(README, badges.repository()) == README
    assert badges.main(["--check"]) == 0


def test_no_binder_or_github_link_to_an_unset_repository():
    slug = badges.repository()
    links = re.findall(r"https?://(?:mybinder\.org/v2/gh|github\.com)/([\w.-]+/[\w.-]+)", README)
    assert {link for link in links if link not in CITED} <= ({slug} if slug else set())
    if not slug:
        assert "repository = \"owner/name\"" in README  # the instruction instead of a link


def test_a_fork_gets_badges_for_its_own_slug(tmp_path):
    text = badges.render(README, "a-school/periodic_edu")
    assert ("https://mybinder.org/v2/gh/a-school/periodic_edu/HEAD?urlpath=voila/render/"
            "lessons/dashboard.ipynb") in text
    assert "https://mybinder.org/v2/gh/a-school/periodic_edu/HEAD?urlpath=lab/tree/lessons" in text
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[tool.periodic-edu]\nrepository = "a-school/periodic_edu"\n')
    assert badges.repository(pyproject) == "a-school/periodic_edu"


@pytest.mark.parametrize("bad", ["periodic_edu", "https://github.com/a/b", "a/b/c", "a b/c"])
def test_a_malformed_slug_is_refused_naming_the_setting(tmp_path, bad):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(f'[tool.periodic-edu]\nrepository = "{bad}"\n')
    with pytest.raises(ValueError, match=r"\[tool.periodic-edu\] repository"):
        badges.repository(pyproject)
