"""The static site's homework page (homework.html), as a student gets it: an assignment link
opened on a phone, the network cut after the first load, the game played to its end by clicks,
the check answered, the result code made and copied (and shown as a QR code); the teacher's side (read_code, and
teacher.import_codes on a real room store) reads it with the page's score, and refuses a code
with one character changed and a save edited to a better score. No request leaves the site."""
from __future__ import annotations

import random
import re

import pytest

from browser_helpers import play_one_turn, screenshot
from test_static_site import BOOT_TIMEOUT_MS, GAME, assert_axe_clean

from periodic_edu.assignments import AssignedGame, CodeError, new_assignment, read_code, \
    result_code
from periodic_edu.classroom import open_room
from periodic_edu.games import GAMES
from periodic_edu.i18n import gettext
from periodic_edu.locale.widget_texts import DASHBOARD
from periodic_edu.widgets.homework_game import _word, qr_svg

KEY = {"ie-1B": {"choice": "b", "reason": "c"}, "ar-2B": {"choice": "a", "reason": "a"}}
#: the page's words that must show (English: the assignment's language)
NOT_OVER = "Play the game to its end first: the result code holds the whole game."

CACHED = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) {
      out.push(new URL(request.url).pathname.slice(1));
    }
  }
  return out;
}"""


def changed_one_character(code: str) -> str:
    """The code with one character (not a dash) replaced by another of its alphabet."""
    i = next(i for i, ch in enumerate(code) if ch.isalnum() and i > 6)
    return code[:i] + ("X" if code[i] != "X" else "Y") + code[i + 1:]


def python_ready(page) -> None:
    """Wait until the homework page's Python started (or failed: said by the assertion)."""
    page.wait_for_function("['ready', 'failed'].includes(document.body.dataset.state)",
                           timeout=BOOT_TIMEOUT_MS, polling=250)
    assert page.evaluate("document.body.dataset.state") == "ready", \
        page.locator("#hw-python-text").text_content()


def open_as_student(site_browser, link: str, clipboard: bool = True):
    """A 390 px phone opens an assignment's link and waits until Python is ready:
    ``(context, page, requests, errors)``, every request the page made and every uncaught page
    error recorded. The caller closes the context (here only if opening fails)."""
    context = site_browser.new_context(
        viewport={"width": 390, "height": 844},
        permissions=["clipboard-read", "clipboard-write"] if clipboard else [])
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    page = context.new_page()
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"{exc}\n{exc.stack}"))
    try:
        page.goto(link)
        python_ready(page)
    except BaseException:
        context.close()
        raise
    return context, page, requests, errors


def test_a_student_plays_offline_and_the_teacher_reads_the_code(site_browser, site_server,
                                                                tmp_path):
    """The offline reload must start Python from the cache alone: the worker's script has to lie
    inside the page's service-worker scope (homework_worker.js), or it goes to the network."""
    base = site_server.base
    a = new_assignment(game="periodic", seed=4242, players=2, bots=["greedy"], form="B",
                       items=list(KEY), lang="en", site=base + "/", options={"max_rounds": 1})
    context, page, requests, errors = open_as_student(site_browser, a.link)
    try:
        assert page.locator("#hw-about").inner_text() == "Periodic, against: Greedy bot. " \
            "Check: form B."
        # the page and all it loads are in the service worker's cache: then the network is cut
        page.wait_for_function("document.body.dataset.offline", polling=250)
        cached = page.evaluate(CACHED)
        assert {"homework.html", "homework.js", "homework_worker.js",
                "dashboard_worker.js"} <= set(cached), cached
        context.set_offline(True)

        page.get_by_role("textbox", name="Your name").fill("Ada")
        make = page.get_by_role("button", name="Make my result code")
        make.click()  # before the end of the game: refused, saying why
        assert page.get_by_role("alert").filter(has_text=NOT_OVER).inner_text() == NOT_OVER
        game = page.locator(GAME)
        play_one_turn(page, game, turn_timeout=120_000, move_timeout=60_000)
        game.locator('[data-role="final"]').wait_for(timeout=120_000)  # the bot's turn, the end

        first = page.get_by_role("group", name="Question 1 (ie-1B)")
        first.get_by_label("Answer").select_option("b")
        first.get_by_label("Reason").select_option("c")
        make.click()
        code_box = page.get_by_role("textbox", name="Your result code")
        page.wait_for_function("document.getElementById('hw-code').value !== ''")
        code = code_box.input_value()
        status = page.locator("#hw-status[role=status]")
        page.wait_for_function("document.getElementById('hw-status').textContent !== ''")
        shown = int(status.inner_text().rsplit(" ", 1)[1].rstrip(")."))
        assert status.inner_text() == f"Your result code is ready (score: {shown})."
        page.get_by_role("button", name="Copy the code").click()
        page.wait_for_function("document.getElementById('hw-status').textContent === "
                               "'The code is copied.'")
        assert page.evaluate("navigator.clipboard.readText()") == code
        # its QR code: the code's own (segno's modules for exactly this text), named, on screen
        qr = page.get_by_role("img", name="The same code as a QR code")
        drawn = qr.locator("svg path.qrline").get_attribute("d")
        assert qr.locator("svg").evaluate("n => [n.namespaceURI, n.querySelector("
                                          "'path.qrline').getBBox().width > 20]") == [
            "http://www.w3.org/2000/svg", True]  # drawn as SVG, not as unknown XML
        assert drawn == re.search(r'class="qrline"[^>]* d="([^"]+)"', qr_svg(code)).group(1)
        for box in (code_box.bounding_box(), qr.bounding_box()):  # fit the phone's width
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["width"] > 100
        assert_axe_clean(page, "homework page, the code shown (390 px)")
        screenshot(page, "site_homework_code")

        # a reload, still offline: the page comes from the cache and shows the kept code at once
        page.reload()
        page.wait_for_function(f"document.getElementById('hw-code').value === {code!r}")
        assert page.locator("#hw-kept").inner_text() == \
            "Kept in this browser from your last visit."
        # and Python starts again from the cache alone (a file the cache lacks fails it here)
        python_ready(page)
        # the language switch: the assignment's sentence (Python's) follows at once, offline
        english = page.locator("#hw-about").inner_text()
        page.locator("#language").select_option("uk")
        page.wait_for_function("t => document.getElementById('hw-about').textContent !== t",
                               arg=english)
        assert page.locator("#hw-about").inner_text() == " ".join(
            [_word("about_game", "uk", game="Periodic", bots=gettext(
                "widgets", DASHBOARD["bot_greedy"], "uk")), _word("about_form", "uk", form="B")])
        assert errors == []
    finally:
        context.close()
    outside = [u for u in requests if not u.startswith((base + "/", "blob:", "data:"))]
    print(f"\n[site] homework page: {len(requests)} requests, code of {len(code)} characters")
    assert requests and outside == [], outside

    # the teacher's side: the code read (the game replayed) with the page's score
    read = read_code(a, code, key=KEY)
    assert (read["name"], read["score"], read["over"], read["flags"]) == ("Ada", shown, True, [])
    assert read["answers"] == {"ie-1B": {"choice": "b", "reason": "c"}}
    assert read["checked"]["correct"] == 1
    room = open_room(f"sqlite:///{tmp_path / 'room.db'}")
    try:
        info = room.create_class(game="periodic", tables=1, seats=2)
        teacher = room.teacher(info.code, info.teacher_key)
        teacher.assign(a)
        out = teacher.import_codes([changed_one_character(code), code], key=KEY)
        assert [r["index"] for r in out["refused"]] == [0]
        assert out["refused"][0]["error"]["id"] == "checksum", out["refused"]
        assert [(r["index"], r["name"]) for r in out["imported"]] == [(1, "Ada")]
        rows = teacher.homework()["rows"]
        assert [(r["name"], r["score"], r["over"]) for r in rows] == [("Ada", shown, True)]
    finally:
        room.close()

    # a save of this deal edited to a better score (the bot's seat played by a weaker bot)
    honest = AssignedGame(a)
    for seed in range(60):
        edited = a.new_game()
        weak = GAMES["periodic"].make_bot("random", seed, None, False)
        rng = random.Random(seed)
        while not edited.is_over:
            seat = edited.current_player
            edited.play(rng.choice(edited.legal_actions()) if seat == a.seat
                        else weak.choose(edited.observe(seat)).action)
        if edited.scores()[0]["total"] > shown:
            break
    else:
        pytest.fail(f"no seed gave an edited save a better score than {shown}")
    with pytest.raises(CodeError) as caught:
        result_code(a, name="Eve", save=edited.to_json())
    assert caught.value.key == "bot_moved", seed
    assert honest.game.history == AssignedGame(a).game.history  # the deal itself, unchanged


def test_items_of_the_bank_are_real_questions_with_feedback_after_the_code(site_browser,
                                                                          site_server):
    """Issue 34: an assignment's items of the kit's item bank show as the real questions (the
    class-play panel's fields, in the page's language); the feedback (right or not, and why)
    shows only once the result code is made, and the teacher's side scores them by the bank's
    key with no key given. An id not in the bank keeps the answer sheet of letters. The check
    holds every item of the bank: each one is then shown in en, uk and de."""
    from periodic_edu.checks import find_item, item_bank

    item = find_item("en", "ie-compare-B")
    bank = [item.id, *(i.id for i in item_bank("en") if i.id != item.id)]  # every item
    a = new_assignment(game="periodic", seed=4242, players=2, bots=["greedy"], lang="en",
                       items=[*bank, "ie-1B"], site=site_server.base + "/",
                       options={"max_rounds": 1})
    context, page, _requests, errors = open_as_student(site_browser, a.link, clipboard=False)
    try:
        check = page.locator('#hw-bank [data-role="practice-check"]')
        assert check.locator('[data-role="check-text"]').inner_text() == item.text
        assert page.get_by_role("group", name="Question 1 (ie-1B)").is_visible()  # the sheet
        check.locator('[data-role="check-choices"] label',
                      has_text=dict(item.choices)[item.key]).click()
        check.locator('[data-role="check-reasons"] label',
                      has_text=dict(item.reasons)[item.reason_key]).click()
        check.locator('[data-role="check-send"]').click()
        # kept, and on to the next question (answers can change until the code is made)
        check.locator(f'form[data-item="{bank[1]}"] [data-role="check-count"]',
                      has_text="(answered: 1)").wait_for()
        assert check.locator('[data-role="practice-feedback"]').count() == 0  # not before
        assert item.explanation not in page.evaluate("document.body.innerText")
        page.get_by_role("textbox", name="Your name").fill("Ada")
        game = page.locator(GAME)
        play_one_turn(page, game, turn_timeout=120_000, move_timeout=60_000)
        game.locator('[data-role="final"]').wait_for(timeout=120_000)
        page.get_by_role("button", name="Make my result code").click()
        page.wait_for_function("document.getElementById('hw-code').value !== ''")
        code = page.get_by_role("textbox", name="Your result code").input_value()
        # now the feedback (a question not answered says so), and the summary per topic
        verdict = check.locator('[data-role="practice-verdict"]')
        verdict.wait_for()
        assert verdict.inner_text() == "Not answered."  # it stood on the second question
        check.locator('[data-role="check-prev"]').click()
        check.locator(f'form[data-item="{item.id}"]').wait_for()
        assert check.locator('[data-role="practice-verdict"]').inner_text() == "Right."
        assert check.locator('[data-role="practice-explanation"]').inner_text() == \
            item.explanation
        assert check.locator('[data-role="practice-total"]').inner_text() == \
            f"1 of {len(bank)} right."
        assert_axe_clean(page, "homework page, the check's feedback (390 px)")
        every_item_shows(page, check, bank)
        assert errors == []
    finally:
        context.close()
    read = read_code(a, code)  # no key: the bank's
    assert read["answers"][item.id] == {"choice": item.key, "reason": item.reason_key}
    assert (read["checked"]["correct"], read["checked"]["of"]) == (1, len(bank))


#: What the page shows of the check's question: its words and the controls of its kind.
SHOWN = """(root) => {
  const form = root.querySelector('[data-role="check-form"]');
  const label = form.querySelector('label[for] span');
  return {item: form.dataset.item, kind: form.dataset.kind,
    text: form.querySelector('[data-role="check-text"]').textContent,
    choices: [...form.querySelectorAll('[data-role="check-choices"] label')].map(n => n.textContent),
    reasons: [...form.querySelectorAll('[data-role="check-reasons"] label')].map(n => n.textContent),
    number: Boolean(form.querySelector('[data-role="check-number"]')),
    label: label ? label.textContent : "",
    cells: form.querySelectorAll('[data-role="check-grid"] button[data-cell]').length,
    explanation: form.querySelector('[data-role="practice-explanation"]')?.textContent || ""};
}"""


def every_item_shows(page, check, ids) -> None:
    """Walk the check in English (forward), Ukrainian (back) and German (forward): every item
    shows its own words in that language and the controls of its kind (and, the code made,
    its explanation)."""
    from periodic_edu import board
    from periodic_edu.checks import find_item

    order = list(range(len(ids)))
    for lang, walk in (("en", order), ("uk", order[::-1]), ("de", order)):
        if lang != "en":
            page.locator("#language").select_option(lang)
        for step, index in enumerate(walk):
            if step:
                check.locator('[data-role="check-next"]' if walk[0] == 0
                              else '[data-role="check-prev"]').click()
            item = find_item(lang, ids[index])
            check.locator(f'form[data-item="{item.id}"] [data-role="check-text"]',
                          has_text=item.text[:30]).wait_for(timeout=20_000)
            shown = check.evaluate(SHOWN)
            where = (lang, item.id)
            assert (shown["item"], shown["kind"], shown["text"]) == (item.id, item.kind,
                                                                     item.text), where
            assert shown["choices"] == [t for _, t in item.choices], where
            assert shown["reasons"] == [t for _, t in item.reasons], where
            assert shown["number"] == (item.kind == "number"), where
            if item.kind == "number" and item.unit:
                assert item.unit in shown["label"], where
            assert shown["cells"] == (len(board.CELLS) if item.kind == "cell" else 0), where
            assert shown["explanation"] == item.explanation and item.explanation, where
