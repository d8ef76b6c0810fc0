"""The rules page the How to play panels open (issue 21, part 7): docs/rules.md and
docs/elemonster.md as one HTML page, in the asked language where translated, else English with
a sentence in the asked language that says so."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from periodic_edu import i18n
from periodic_edu.pages.rules_page import GAMES, markdown_to_html, rules_page


class Balance(HTMLParser):
    VOID = {"meta", "hr", "br", "img", "link"}

    def __init__(self):
        super().__init__()
        self.stack, self.errors = [], []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append((tag, list(self.stack[-3:])))
        else:
            self.stack.pop()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_rules_page_is_whole_and_in_its_language(game, lang):
    page = rules_page(game, lang)
    checker = Balance()
    checker.feed(page)
    assert checker.errors == [] and checker.stack == [], checker.errors[:3]
    assert f'<html lang="{lang}">' in page
    assert len(re.findall(r"<h2", page)) >= 5
    assert "<table>" in page and "<li>" in page
    assert "](" not in page and "**" not in page  # no Markdown left unrendered
    if lang == "en":
        assert 'class="note"' not in page
    else:  # no translation of the rule books yet: English, and the page says so in lang
        note = re.search(r'<p class="note" lang="(\w+)">(.*?)</p>', page)
        assert note and note.group(1) == lang
        assert note.group(2) == i18n.gettext(
            "widgets", "These rules are written in English only; there is no translation yet.",
            lang)
        assert '<main lang="en">' in page


def test_markdown_nested_lists_tables_code_and_escaping():
    out = markdown_to_html("# T\n\n1. one\n   - a <b>\n     more\n2. two\n\n| x | y |\n|---|---|\n"
                           "| `c` | **d** |\n\n```\nif a < b:\n```\n[docs](other.md) "
                           "[web](https://example.org)")
    assert out.startswith('<h1 id="t">T</h1>')
    assert "<ol>\n<li>one\n<ul>\n<li>a &lt;b&gt;\n more\n</li>\n</ul>\n</li>\n<li>two" in out
    assert "<td><code>c</code></td><td><strong>d</strong></td>" in out
    assert "<pre><code>if a &lt; b:</code></pre>" in out
    assert "<p>docs <a href=\"https://example.org\" rel=\"noopener\">web</a></p>" in out


def test_an_unknown_game_or_language_says_why():
    with pytest.raises(ValueError, match="no rules for 'chess'"):
        rules_page("chess")
    with pytest.raises(i18n.UnknownLanguageError):
        rules_page("periodic", "fr")
