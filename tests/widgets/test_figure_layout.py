"""plot_trend's layout, measured on the drawn figure: the game's arrow and its label sit between
the axes and the title and run through neither (they once crossed the title)."""
from __future__ import annotations

import pytest

pytest.importorskip("matplotlib")

from periodic_edu.widgets import plot_trend  # noqa: E402

CASES = [
    ("ionization_energy_ev", {"period": 2}, None),
    ("atomic_radius_pm", {"group": 1}, None),
    ("atomic_mass", {"period": 5}, None),
    ("ionization_energy_ev", {"group": 1}, (4, 2.6)),  # a small figure: fractions would shrink
]


def _drawn(prop, where, size):
    if size is None:
        fig = plot_trend(prop, **where)
        ax = fig.axes[0]
    else:
        from matplotlib.figure import Figure

        fig = Figure(figsize=size, layout="constrained")
        ax = fig.add_subplot()
        plot_trend(prop, ax=ax, **where)
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(fig)
    canvas.draw()  # constrained layout runs at draw time
    return fig, ax, canvas.get_renderer()


@pytest.mark.parametrize("prop, where, size", CASES,
                         ids=[f"{c[0]}-{next(iter(c[1]))}-{'small' if c[2] else 'default'}"
                              for c in CASES])
def test_arrow_and_label_sit_between_axes_and_title(prop, where, size):
    fig, ax, renderer = _drawn(prop, where, size)
    title = ax.title.get_window_extent(renderer)
    axes_box = ax.get_window_extent(renderer)
    arrows = [t for t in ax.texts if getattr(t, "arrow_patch", None) is not None]
    assert len(arrows) == 1
    arrow = arrows[0].arrow_patch.get_window_extent(renderer)
    label = next(t for t in ax.texts if "rises this way" in t.get_text())
    label_box = label.get_window_extent(renderer)
    for name, box in (("arrow", arrow), ("arrow label", label_box)):
        assert not box.overlaps(title), f"the {name} {box} runs through the title {title}"
        assert box.y0 >= axes_box.y1 - 1, f"the {name} {box} dips into the axes {axes_box}"
        assert box.y1 <= title.y0 + 1, f"the {name} {box} is not below the title {title}"
    assert arrow.y1 <= label_box.y0 + 2, "the label should sit above the arrow"
    figure_box = fig.bbox
    assert title.y1 <= figure_box.y1 + 1, "the title is pushed off the figure"
