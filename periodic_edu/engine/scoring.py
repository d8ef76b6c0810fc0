"""Final scoring (RULES §7.1), tiebreaks, and the agenda optimizer (RULES §6).

The optimizer gives each completed goal card to at most ONE objective of the agenda card and
finds the assignment with the highest total. Every objective's value depends only on how many
cards of each difficulty it receives and grows with them, so the search runs over splits of the
per-difficulty counts between the (at most two) objectives: exact, and tiny.

>>> best_agenda(("cards", "pair:2+3"), [("a", 2), ("b", 3)], aa_index=0).points
5
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import Any, Sequence

from .state import State
from .tables import AA_VALUES, LAB_POINTS

__all__ = ["objective_value", "best_agenda", "AgendaResult", "score_breakdown", "winners",
           "OBJECTIVE_TEXT"]

OBJECTIVE_TEXT = {
    "track_levels": "+1 per Academic Achievement level",
    "cards": "+1 per completed goal card",
    "difficulty:2": "+2 per completed blue (oo) card",
    "difficulty:3": "+2 per completed purple (ooo) card",
    "difficulty:4": "+2 per completed pink (oooo) card",
    "pair:2+3": "+5 per pair of oo + ooo cards",
    "pair:2+4": "+5 per pair of oo + oooo cards",
    "pair:3+4": "+5 per pair of ooo + oooo cards",
    "set4": "+11 per set of one card of each colour",
    "set3": "+9 per set of 3 cards of 3 different difficulties",
    "min_x3": "3 x the lower of completed cards and AA levels",
}


def _set3(c: Sequence[int]) -> int:
    """Most sets of 3 cards with 3 different difficulties: the largest k with
    sum(min(c_d, k)) >= 3k (each set takes at most one card of a difficulty)."""
    k = sum(c) // 3
    while k > 0 and sum(min(x, k) for x in c) < 3 * k:
        k -= 1
    return k


def objective_value(objective: str, counts: Sequence[int], aa_index: int) -> int:
    """Points of one objective given ``counts[d-1]`` = cards of difficulty d it receives."""
    if objective == "track_levels":  # RULES D-10
        return aa_index
    if objective == "cards":
        return sum(counts)
    kind, _, arg = objective.partition(":")
    if kind == "difficulty":
        return 2 * counts[int(arg) - 1]
    if kind == "pair":
        a, b = (int(x) for x in arg.split("+"))
        return 5 * min(counts[a - 1], counts[b - 1])
    if objective == "set4":
        return 11 * min(counts)
    if objective == "set3":
        return 9 * _set3(counts)
    if objective == "min_x3":
        return 3 * min(sum(counts), aa_index)
    raise ValueError(f"unknown objective {objective!r}")


def _counted(objective: str, cards: list[tuple[str, int]], aa_index: int) -> list[str]:
    """Which of the cards given to an objective it actually counts (for the explanation)."""
    by_d: dict[int, list[str]] = {1: [], 2: [], 3: [], 4: []}
    for cid, d in cards:
        by_d[d].append(cid)
    if objective == "track_levels":
        return []
    if objective == "cards":
        return [c for c, _ in cards]
    kind, _, arg = objective.partition(":")
    if kind == "difficulty":
        return list(by_d[int(arg)])
    if kind == "pair":
        a, b = (int(x) for x in arg.split("+"))
        k = min(len(by_d[a]), len(by_d[b]))
        return by_d[a][:k] + by_d[b][:k]
    if objective == "set4":
        k = min(len(v) for v in by_d.values())
        return [c for d in (1, 2, 3, 4) for c in by_d[d][:k]]
    if objective == "set3":
        used: list[str] = []
        pools = {d: list(v) for d, v in by_d.items()}
        for _ in range(_set3([len(by_d[d]) for d in (1, 2, 3, 4)])):
            for d in sorted(pools, key=lambda d: (-len(pools[d]), d))[:3]:
                used.append(pools[d].pop(0))
        return used
    if objective == "min_x3":
        return [c for c, _ in cards][:min(len(cards), aa_index)]
    return []


@dataclass
class AgendaResult:
    points: int
    objectives: list[dict[str, Any]] = field(default_factory=list)
    unused: list[str] = field(default_factory=list)

    def explain(self) -> str:
        parts = []
        for o in self.objectives:
            cards = ", ".join(o["cards"]) if o["cards"] else "no cards"
            parts.append(f"{o['objective']} = {o['points']} ({cards})")
        text = "; ".join(parts) if parts else "no agenda"
        if self.unused:
            text += f"; not counted: {', '.join(self.unused)}"
        return f"{text}; total {self.points}"

    def to_json(self) -> dict[str, Any]:
        return {"points": self.points, "objectives": self.objectives, "unused": self.unused,
                "explanation": self.explain()}


def best_agenda(objectives: Sequence[str], cards: Sequence[tuple[str, int]],
                aa_index: int) -> AgendaResult:
    """The highest-scoring assignment of completed ``cards`` (id, difficulty) to ``objectives``.

    Exhaustive over the per-difficulty splits between objectives (RULES §6): each card counts
    toward one objective only; ``track_levels`` uses none; ``min_x3`` uses what it counts.
    """
    objectives = tuple(objectives)
    if not objectives:
        return AgendaResult(0, [], [c for c, _ in cards])
    by_d: dict[int, list[str]] = {d: [c for c, dd in cards if dd == d] for d in (1, 2, 3, 4)}
    n_d = [len(by_d[d]) for d in (1, 2, 3, 4)]
    best: tuple[int, tuple[int, ...]] | None = None
    if len(objectives) == 1:
        splits: Any = [tuple(n_d)]
    else:
        splits = product(*(range(k + 1) for k in n_d))  # cards of difficulty d to objective 0
    for first in splits:
        rest = [n - k for n, k in zip(n_d, first)]
        total = objective_value(objectives[0], first, aa_index)
        if len(objectives) > 1:
            total += objective_value(objectives[1], rest, aa_index)
        if best is None or total > best[0]:
            best = (total, tuple(first))
    assert best is not None
    total, first = best
    given: list[list[tuple[str, int]]] = [[], []]
    for d, k in zip((1, 2, 3, 4), first):
        given[0] += [(c, d) for c in by_d[d][:k]]
        given[1] += [(c, d) for c in by_d[d][k:]]
    result = AgendaResult(total)
    used: set[str] = set()
    for i, objective in enumerate(objectives):
        counts = [sum(1 for _, d in given[i] if d == dd) for dd in (1, 2, 3, 4)]
        counted = _counted(objective, given[i], aa_index)
        used.update(counted)
        result.objectives.append({"objective": objective, "text": OBJECTIVE_TEXT.get(objective, objective),
                                  "points": objective_value(objective, counts, aa_index),
                                  "cards": counted})
    result.unused = [c for c, _ in cards if c not in used]
    return result


def score_breakdown(st: State) -> list[dict[str, Any]]:
    """RULES §7.1 for every player (provisional before the end)."""
    ctx = st.ctx
    out = []
    for p in range(st.n):
        cards = [ctx.goal_deck.by_id[c] for c in st.won[p]]
        printed = sum(c.points for c in cards)
        on_cards = sum(LAB_POINTS.get(m[p].bit_count(), 5) for m in st.marks)
        agenda_id = st.agenda[p]
        objectives = ctx.agenda_deck.by_id[agenda_id].objectives if agenda_id else ()
        agenda = best_agenda(objectives, [(c.id, c.difficulty) for c in cards], st.aa[p])
        aa_value = AA_VALUES[st.aa[p]]
        total = printed + st.lab[p] + aa_value + on_cards + agenda.points
        out.append({
            "player": p, "name": st.names[p],
            "printed_points": printed, "cards": [c.id for c in cards],
            "lab_points": st.lab[p],
            "aa_index": st.aa[p], "aa_value": aa_value,
            "cubes_on_incomplete": on_cards,
            "agenda_id": agenda_id, "agenda": agenda.points,
            "agenda_assignment": agenda.to_json(),
            "energy": st.energy[p],
            "total": total,
        })
    return out


def winners(st: State, breakdown: list[dict[str, Any]] | None = None) -> list[int]:
    """Most points; ties: higher AA index, then more energy, then a shared win (RULES §7.1)."""
    rows = breakdown if breakdown is not None else score_breakdown(st)
    key = [(r["total"], st.aa[r["player"]], st.energy[r["player"]]) for r in rows]
    top = max(key)
    return [r["player"] for r, k in zip(rows, key) if k == top]
