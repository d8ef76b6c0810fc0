"""Static figures: they draw what they claim, gaps stay gaps, axes carry units."""
from __future__ import annotations

import math
import subprocess
import sys

import pytest

from periodic_edu import board
from periodic_edu.chemistry import ELEMENTS, column_info
from periodic_edu.widgets import plot_board, plot_trend

pytest.importorskip("matplotlib")


def _texts(ax) -> dict[str, object]:
    return {t.get_text(): t for t in ax.texts}


def test_widgets_package_imports_matplotlib_lazily():
    code = "import sys, periodic_edu.widgets; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_plot_board_marks_the_reachable_cells_with_their_distance():
    from matplotlib.figure import Figure
    fig = plot_board(trend="ionization_energy", start="Na")
    assert isinstance(fig, Figure)
    ax = fig.axes[0]
    assert ax.get_title() == "Increase Ionization Energy from Na (up to 5 steps)"
    reach = board.reach("Na", "ionization_energy")
    numbers = [t.get_text() for t in ax.texts if t.get_text().isdigit() and t.get_fontsize() == 6]
    assert sorted(map(int, numbers)) == sorted(reach.values())
    symbols = {t.get_text() for t in ax.texts if t.get_fontsize() == 9}
    assert len(symbols) == 118  # 88 cells + the f-block drawn apart
    assert any("not on the game board" in t.get_text() for t in ax.texts)


def test_plot_board_hatches_missing_data_and_labels_the_unit():
    fig = plot_board(property="melting_point_k")
    ax = fig.axes[0]
    hatched = [p for p in ax.patches if p.get_hatch()]
    missing = [e for e in ELEMENTS if e.melting_point_k is None]
    assert missing and len(hatched) == len(missing)
    bar_label = fig.axes[1].get_xlabel()
    assert column_info("melting_point_k")["unit"] in bar_label and "no data" in bar_label


def test_plot_trend_against_z_leaves_gaps_and_labels_units():
    fig = plot_trend("ionization_energy_ev")
    ax = fig.axes[0]
    line = ax.lines[0]
    ys = list(line.get_ydata())
    assert len(ys) == 118
    for e, y in zip(ELEMENTS, ys):
        assert (e.ionization_energy_ev is None) == math.isnan(y)
    assert column_info("ionization_energy_ev")["unit"] in ax.get_ylabel()
    assert ax.get_xlabel() == "Atomic number Z"


def test_plot_trend_across_a_period_draws_the_games_arrow():
    fig = plot_trend("ionization_energy_ev", period=2)
    ax = fig.axes[0]
    assert list(ax.lines[0].get_xdata()) == [1, 2, 13, 14, 15, 16, 17, 18]
    texts = " ".join(t.get_text() for t in ax.texts)
    assert "Increase Ionization Energy" in texts
    assert "Be→B" in texts and "N→O" in texts  # where the data goes against the arrow
    arrows = [c for c in ax.texts if getattr(c, "arrow_patch", None) is not None]
    assert arrows


def test_plot_trend_down_a_group():
    fig = plot_trend("atomic_radius_pm", group=1)
    ax = fig.axes[0]
    assert list(ax.lines[0].get_xdata()) == [1, 2, 3, 4, 5, 6, 7]
    assert "Increase Atomic Radii" in " ".join(t.get_text() for t in ax.texts)


def test_figures_refuse_bad_arguments():
    with pytest.raises(ValueError):
        plot_trend("colour")
    with pytest.raises(ValueError):
        plot_trend("atomic_mass", period=2, group=3)
    with pytest.raises(ValueError):
        plot_board(trend="ionization_energy")  # no start
    with pytest.raises(ValueError):
        plot_board(trend="ionization_energy", start="La")


def test_figures_save_as_png(tmp_path):
    fig = plot_board(trend="atomic_radius", start="S", property="atomic_radius_pm")
    out = tmp_path / "board.png"
    fig.savefig(out, dpi=60)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_figures_display_themselves_in_a_notebook():
    """IPython shows an object through _repr_png_; without it a pyplot-free Figure would
    print as '<Figure ...>' unless the inline backend happened to be on."""
    png = plot_trend("ionization_energy_ev", period=2)._repr_png_()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 5_000


def _words(fig) -> str:
    texts = []
    for ax in fig.axes:
        texts += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel(), *(t.get_text() for t in ax.texts)]
        legend = ax.get_legend()
        if legend:
            texts += [t.get_text() for t in legend.get_texts()]
    return "\n".join(texts)


@pytest.mark.parametrize("lang", ["uk", "de"])
def test_figures_speak_the_language(lang):
    import re

    from periodic_edu import i18n
    from periodic_edu.locale.widget_texts import PAGE

    english = set()
    for key, message in PAGE.items():
        if key.startswith(("fig_", "chart_", "dir_")):
            for text in (message if isinstance(message, tuple) else [message]):
                english |= {w.lower() for w in re.findall(r"[A-Za-z]{4,}", re.sub(r"\{\w+\}", "", text))}
    english -= {"trend", "block"} if lang == "de" else set()  # German words too
    figures = [plot_board(trend="ionization_energy", start="Na", lang=lang),
               plot_board(property="density_g_cm3", lang=lang), plot_board(lang=lang),
               plot_trend("ionization_energy_ev", lang=lang),
               plot_trend("atomic_radius_pm", period=3, lang=lang),
               plot_trend("electron_affinity_ev", group=18, lang=lang)]
    text = "\n".join(_words(f) for f in figures)
    for f in figures:
        f.canvas.draw()  # the layout holds with the longer words
    assert {w for w in re.findall(r"[A-Za-z]{4,}", text) if w.lower() in english} == set(), text
    assert i18n.gettext("board", board.TREND_NAMES["ionization_energy"], lang) in text
    assert ("88" in text) and ("Z" in text)
