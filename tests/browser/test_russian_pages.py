"""What screenshots of the Russian pages showed and was fixed (issue 38): the setup form's
words whole in a phone's width, Pug Party's special cards holding their names, the result
panel's buttons with their whole labels and no column of dashes, and the «Лист ожидания»
board's combination and fact years said in the page's language; then what a walk-through
of the pages in ru, uk and en found: the claim window's first card and the reason a seat can
only pass, and links that look like links."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_playtest_apps import WAIT_TURN, board_moves

import kit
from kit import i18n

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}

#: the form's controls whose words are cut: a label ending in "…" (its text wider than its
#: box), a dropdown whose chosen words are wider than the box (its arrow: 24 px), and any
#: control reaching past the window's right side or lower than a 24 px target
CUT_FORM = """() => {
  const width = document.documentElement.clientWidth;
  const ctx = document.createElement('canvas').getContext('2d');
  const out = [];
  for (const el of document.querySelectorAll('.kit-setup .widget-label-basic')) {
    if (el.offsetParent && el.scrollWidth > el.clientWidth + 1)
      out.push('label: ' + el.textContent);
  }
  for (const s of document.querySelectorAll('.kit-setup select')) {
    if (!s.offsetParent) continue;
    const r = s.getBoundingClientRect();
    ctx.font = getComputedStyle(s).font;
    const text = s.options[s.selectedIndex]?.text || '';
    if (s.closest('.kit-mode') && ctx.measureText(text).width + 24 > s.clientWidth)
      out.push('dropdown: ' + text);
    if (r.right > width + 0.5) out.push('past the window: ' + text);
    if (r.height < 24) out.push(`low (${r.height}px): ` + text);
  }
  return out; }"""


@pytest.mark.parametrize("game", ["hanabi", "domino_metro"])
def test_a_russian_setup_form_on_a_phone_keeps_its_words_whole(page: Any, voila_url: str,
                                                                 game: str):
    """The mode's choice and every checkbox's label (the teacher-link one too) read whole
    at 390 px, no dropdown reaches past the window and each is a target to tap; the 0:0
    rule (DM-R4) is chosen by its words, not typed as an id."""
    page.set_viewport_size(PHONE)
    page.goto(f"{voila_url}/voila/render/{game}_app.ipynb?lang=ru&record=0")
    page.wait_for_selector(".kit-start", timeout=90_000)
    page.wait_for_selector(".kit-table-teacher")
    assert page.evaluate(CUT_FORM) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert "lone_10" not in page.inner_text(".kit-setup")
    assert not page.errors, page.errors


def test_pug_party_special_cards_hold_their_russian_names(page: Any, voila_url: str):
    """PP-7..PP-9: «Брейкдансер», «Мегамопс», «Какаха» stay inside their cards (every hand
    open: teacher mode) in a phone's width as on a projector, and so does the empty
    pile's «пусто»."""
    for size in (PHONE, {"width": 1280, "height": 900}):
        page.set_viewport_size(size)
        page.goto(f"{voila_url}/voila/render/pug_party_app.ipynb?lang=ru&mode=teacher&start=1"
                  "&record=0&seed=3&players=5&seats=human,human,human,human,human")
        page.wait_for_selector(".kit-board .pp-special", timeout=90_000)
        names = page.evaluate("""() => [...document.querySelectorAll('.pp-special')].map((c) => {
            const s = c.querySelector('.pp-sname').getBoundingClientRect();
            const r = c.getBoundingClientRect();
            return [c.textContent, s.left >= r.left - 0.5 && s.right <= r.right + 0.5]; })""")
        assert any("Брейкдансер" in text for text, _inside in names), names
        assert [text for text, inside in names if not inside] == []
        # (no card played yet: the empty pile says so inside its card)
        assert page.evaluate("""() => { const c = document.querySelector('.pp-empty');
            const w = c.querySelector('.pp-empty-word').getBoundingClientRect();
            const r = c.getBoundingClientRect();
            return w.left > r.left && w.right < r.right; }""")
    assert not page.errors, page.errors


def test_the_result_panel_shows_whole_labels_and_no_column_of_dashes(page: Any,
                                                                      voila_url: str):
    """A Pug Party game played to its end in Russian (PP-12: places, no scores): the
    panel's buttons show their whole labels and its table has no "Очки" column; the
    form's "choose who plays, then start" is gone with the form."""
    page.goto(f"{voila_url}/voila/render/pug_party_app.ipynb?lang=ru&start=1&record=0"
              "&pause=0&seed=3&players=2&seats=human,bot:rule")
    page.wait_for_selector(".kit-board", timeout=90_000)
    # (what the form is for goes with the form: above a board it would say "start")
    assert page.locator(".kit-app-intro").count() == 1
    assert not page.locator(".kit-app-intro").is_visible()
    for _ in range(400):
        page.wait_for_function(WAIT_TURN, timeout=30_000)
        if page.get_attribute(".kit-board", "data-over") == "1":
            break
        before = board_moves(page)
        page.locator(".kit-board button.kit-act:visible").first.click()
        page.wait_for_function(
            f"() => Number(document.querySelector('.kit-board').dataset.moves) > {before}")
    else:
        pytest.fail("the game did not end within 400 clicks")
    page.wait_for_selector(".kit-app-result")
    cut = page.evaluate("""() => [...document.querySelectorAll('.kit-app-result-box button')]
        .filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent)""")
    buttons = page.locator(".kit-app-result-box button").all_inner_texts()
    assert i18n.words("ru")("Replay the game") in buttons and cut == []
    assert i18n.words("ru")("Score") not in page.inner_text(".kit-app-result")
    assert "—" not in page.inner_text(".kit-board .kit-result-table")
    assert not page.errors, page.errors


#: Preact's h stands in: a virtual node as plain data, to read back
PREACT_STUB = ("globalThis.preact = { h: (tag, props, ...children) =>"
               " ({ tag, props, children }) };\n")


@pytest.fixture(scope="module")
def wl_code(board_code: Any) -> Any:
    """A blank page with the shared base's and the «Лист ожидания» board's functions."""
    return board_code("waiting_list.js",
                      "pageWords, wlNeed, wlYear, wlCharacterTag, wlPrompt",
                      prelude=PREACT_STUB)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_combination_names_every_part_and_a_facts_year_is_in_the_pages_language(
        wl_code: Any, lang: str):
    """WL-R4 rounds 4 and 5 need "a positive circumstance": the board names that part (it
    is a card type, no card of the catalogue) instead of leaving an empty "+ "; a fact's
    year the deck gives as "about 2020" or "undated" (WL-R2) reads in the page's language."""
    from widgets import BOARDS

    board = BOARDS["waiting_list"]()(players=3, seed=1, lang=lang)
    words = board.page_words()
    catalogue = kit.new_game("waiting_list", players=3, seed=1).view(0)["catalogue"]
    t = i18n.words(lang)
    got = wl_code.evaluate("""([words, cat]) => { const T = kit.pageWords(words);
        return [["kidney", "surgeon", "surgeon", "clinic", "positive"]
                  .map((c) => kit.wlNeed(cat, c, T)),
                kit.wlYear("about 2020", T), kit.wlYear("undated", T), kit.wlYear("2014", T)];
        }""", [words, json.loads(json.dumps(catalogue))])
    needs, about, undated, year = got
    assert all(needs) and needs[-1] == t("Positive").lower()
    assert needs[:2] == [catalogue["kidney"][lang], catalogue["surgeon"][lang]]
    assert about == t("about {year}", year="2020") and "about" not in about
    assert undated == t("undated") and undated != "undated"
    assert year == "2014"


def test_the_russian_index_on_a_phone_offers_every_link_as_a_target(page: Any,
                                                                      voila_url: str):
    """Every game's links and the way to a table are targets of 24 px at least (WCAG
    2.5.8) in a 390 px window, with nothing to scroll sideways."""
    page.set_viewport_size(PHONE)
    page.goto(f"{voila_url}/voila/render/index.ipynb?lang=ru")
    page.wait_for_selector(".kit-index", timeout=90_000)
    small = page.evaluate("""() => [...document.querySelectorAll(
        '.kit-index a, a.kit-link-table')].filter((a) => { const r = a.getBoundingClientRect();
        return r.height < 24 || r.width < 24; }).map((a) => a.textContent)""")
    assert small == []
    assert page.locator("a.kit-link-table").count() == 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_boards_disclosures_are_targets_on_a_phone(page: Any, voila_url: str):
    """On the Russian classroom page's board at 390 px, the event log's "Последние
    события" and a fact card's ℹ (its text and source open with a tap, WL-R2) are targets
    of 24 px at least."""
    page.set_viewport_size(PHONE)
    page.goto(f"{voila_url}/voila/render/waiting_list_classroom.ipynb?lang=ru",
              wait_until="domcontentloaded")
    page.locator(".kit-board").first.wait_for(state="visible", timeout=120_000)
    page.wait_for_load_state("networkidle", timeout=120_000)
    sizes = page.evaluate("""() => [...document.querySelectorAll(
        '.kit-board .kit-log summary, .kit-board .wl-fact > summary')].filter((s) =>
        s.offsetParent).map((s) => { const r = s.getBoundingClientRect();
        return [s.textContent, Math.round(r.width), Math.round(r.height)]; })""")
    assert any(text == "ℹ" for text, _w, _h in sizes), sizes
    assert [s for s in sizes if s[1] < 24 or s[2] < 24] == []


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_seats_character_tag_says_who_waits_for_what_once(wl_code: Any, lang: str):
    """WL-R1: from round 3 a seat's tag shows its character's own line ("Нина ждёт
    сердце"), not the printed title before it nor a second "ждёт:"; the whole card name
    stays on hover."""
    from kit.waiting_list.deck import load_deck

    for character in load_deck().characters.values():
        name = getattr(character, lang)
        tag = wl_code.evaluate("(name) => kit.wlCharacterTag(name)", name)
        title, line = name.split(": ", 1)
        assert tag["props"]["title"] == name
        assert tag["children"] == ["☺\u00a0" + line] and title not in tag["children"][0]


def test_a_west_ends_number_stands_clear_of_its_tile(board_code: Any):
    """DM-3: a live end's number (its place among the live ends, "2", not the engine's
    end id 21) is drawn on the side away from the tile it belongs to: left of a west end
    (whose tile lies east of it, where the number covered the tile's corner), right of
    the others."""
    page = board_code("domino_metro.js", "dmEndSvg, DM_U")
    sides = page.evaluate("""() => [180, 0, 90, 270].map((dir) => {
        const g = kit.dmEndSvg((k) => k, { state: "live", id: 21, value: 7 },
                               { cell: [0, 0], dir }, false, 2);
        const label = g.querySelector("text.dm-endid");
        return [label.textContent, Number(label.getAttribute("x")) - kit.DM_U / 2]; })""")
    assert [text for text, _ in sides] == ["2"] * 4
    assert sides[0][1] < 0 and all(x > 0 for _, x in sides[1:]), sides


def test_a_russian_lessons_step_buttons_read_whole_on_a_phone(page: Any, voila_url: str):
    """A guided lesson at 390 px: «◀ Предыдущий шаг», «Начать шаг заново», «Следующий шаг
    ▶» wrap onto lines rather than shrink into "Следующи…"."""
    page.set_viewport_size(PHONE)
    page.goto(f"{voila_url}/voila/render/lessons/domino_metro.ipynb?lang=ru&pause=0.05",
              wait_until="domcontentloaded")
    page.wait_for_selector(".kit-lesson-next", timeout=120_000)
    cut = page.evaluate("""() => [...document.querySelectorAll(
        '.kit-lesson-back, .kit-lesson-reset, .kit-lesson-next')].filter((b) =>
        b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > 390.5)
        .map((b) => b.textContent)""")
    assert cut == []
    assert page.locator(".kit-lesson-next").inner_text().strip() == i18n.words("ru")(
        "Next step ▶")


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_claim_window_says_who_discarded_or_that_the_pile_starts_and_why_only_pass(
        wl_code: Any, lang: str):
    """WL-3, WL-6, WL-R3: the first card of a round is turned up, not discarded, so its
    claim window names nobody (it said "Spectator discarded"); a seat that cannot claim
    the card (it fills nothing its combination lacks, claim_needs_fit) is told so
    instead of being asked whether to take it."""
    from widgets import BOARDS

    words = BOARDS["waiting_list"]()(players=3, seed=1, lang=lang).page_words()
    got = wl_code.evaluate("""(words) => { const T = kit.pageWords(words);
        // the claim window's box, as wlPrompt draws it for a seat that may claim or not
        const said = (who, can) => {
          const legal = (can ? ["claim", "pass"] : ["pass"]).map((type) => ({ action: { type } }));
          const ctx = { view: { to_act: 0, discarder: who, phase: "claims" }, mode: "playtest",
            t: T, waiting: false, legal, btn: () => null, who: () => "Anna",
            find: (f) => legal.flatMap((m, i) => (f(m.action) ? [i] : [])),
            after: () => {}, ref: () => ({}) };
          return kit.wlPrompt(ctx, "X").children[0].children[0];
        };
        return [[null, true], [null, false], [1, true], [1, false]]
          .map(([who, can]) => said(who, can)); }""", words)
    t = i18n.words(lang)
    first_can, first_cannot, anna_can, anna_cannot = got
    assert first_can == t("The discard pile starts with {card}. Take it out of turn? (your "
                          "hand grows, you discard nothing)", card="X")
    assert first_cannot == t("The discard pile starts with {card}. It fills nothing your "
                             "combination still lacks, so you can only pass.", card="X")
    assert anna_can.startswith("Anna") and anna_cannot.startswith("Anna")
    assert anna_cannot == t("{who} discarded {card}. It fills nothing your combination still "
                            "lacks, so you can only pass.", who="Anna", card="X")
    assert t("Spectator") not in " ".join(got)


@pytest.mark.parametrize("path, root", [
    ("index.ipynb", ".kit-index-page"), ("waiting_list_classroom.ipynb", ".kit-classroom"),
    ("waiting_list_fact_cards.ipynb", ".kit-cards-page")])
def test_every_link_of_the_index_and_the_classroom_pages_looks_like_one(
        page: Any, voila_url: str, path: str, root: str):
    """The page's theme draws a link as plain black text: the classroom page's play links,
    «← Все игры» and the index's «Сесть за стол» did not look like links on a projector.
    Each is underlined in a link's colour, or a button (a coloured box)."""
    page.goto(f"{voila_url}/voila/render/{path}?lang=ru", wait_until="domcontentloaded")
    page.wait_for_selector(root, timeout=120_000)
    looks = page.evaluate("""(root) => [...document.querySelectorAll(root + ' a')]
        .filter((a) => a.offsetParent).map((a) => { const s = getComputedStyle(a);
          const button = s.backgroundColor !== 'rgba(0, 0, 0, 0)';
          const link = s.textDecorationLine.includes('underline')
            && s.color === 'rgb(11, 87, 208)';
          return [a.textContent.trim(), button || link]; })""", root)
    assert len(looks) >= 3, looks
    assert [text for text, ok in looks if not ok] == []


def test_dm4_the_open_ends_line_counts_both_ends_of_a_face_up_double(board_code: Any):
    """DM-4: a face-up 5:5 on the 5 of 3:5 leaves three open ends, 3, 5 and 5, as the
    lesson says; the board's «Открытые концы» listed the values, «3, 5»."""
    from kit import lessons

    step = next(s for s in lessons.load("domino_metro").steps if s.id == "open_double")
    state = step.state()
    state.apply(next(a for a in state.legal_actions()
                     if a.to_json().get("tile") == [5, 5] and a.to_json()["face"] == "open"))
    code = board_code("domino_metro.js", "dmOpenEnds", prelude=PREACT_STUB)
    layout = json.loads(json.dumps(state.view(0)["layout"]))
    assert sorted(code.evaluate("(layout) => kit.dmOpenEnds(layout)", layout)) == [3, 5, 5]
