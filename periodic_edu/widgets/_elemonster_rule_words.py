"""A bond's rule lines in words, for the Elemonster widget's choices and its workbench: the
shell rule ("Ca gives 2 electrons; each Cl has 1 gap: ×2") and where its points come from
(ELEMONSTER §6), in the "elemonster" catalog's language."""
from __future__ import annotations

from .. import i18n
from ..elemonster.cards import card
from ..elemonster.words import N_, NP_, Reason, nsay, say
from ._elemonster_payload import TEXT

__all__ = ["RULES_TEXT", "shell_rule", "points_breakdown", "counted"]

# The words of the rule lines and the widget's refusals: the "elemonster" catalog.
RULES_TEXT = {
    "ions_one": N_("{g} gives {electrons}; {t} has {gaps}: 1 to 1"),
    "ions_taker": N_("{g} gives {electrons}; each {t} has {gaps}: ×{kt}"),
    "ions_giver": N_("each {g} gives {electrons}; {t} has {gaps}: ×{kg} {g}"),
    "ions_both": N_("{kg}×{g} give {electrons}; {kt}×{t} fill {gaps}"),
    "molecule": N_("{a} has {gaps_a}, {b} has {gaps_b}: they share {ka}×{ga} = {kb}×{gb}"),
    "alloy": NP_("{a} and {b} both have {n} outer electron: matching shells",
                 "{a} and {b} both have {n} outer electrons: matching shells"),
    "noble": N_("{a} and {b} both have full outer shells"),
    "base": N_("{p} for the {category}"),
    "crowns": NP_("{p} for {n} crown", "{p} for {n} crowns"),
    "hearts": NP_("{p} for {n} heart", "{p} for {n} hearts"),
    "materials": N_("1 for two materials"),
    "multipliers": NP_("{p} for {n} multiplier card", "{p} for {n} multiplier cards"),
}


def counted(key: str, n: int, lang: str) -> str:
    """"3 gaps", "3 вільні місця": a TEXT plural with its number."""
    return nsay(TEXT[key], n, lang).format(n=i18n.format_number(n, lang))


def shell_rule(category: str, a: str, ka: int, b: str, kb: int, lang: str = "en") -> str:
    """The shell rule of a bond in words: "Ca gives 2 electrons; each Cl has 1 gap: ×2".

    For ions ``a`` is the giver (as in :class:`periodic_edu.elemonster.Bond`).

    >>> shell_rule("ions", "Ca", 1, "Cl", 2)
    'Ca gives 2 electrons; each Cl has 1 gap: ×2'
    >>> shell_rule("molecule", "H", 2, "O", 1)
    'H has 1 gap, O has 2 gaps: they share 2×1 = 1×2'
    >>> shell_rule("molecule", "H", 2, "O", 1, "uk")
    'H має 1 вільне місце, O має 2 вільні місця: вони спільно використовують 2×1 = 1×2'
    """
    A, B = card(a), card(b)
    if category == "ions":
        key = ("ions_both" if ka > 1 and kb > 1 else "ions_giver" if ka > 1
               else "ions_taker" if kb > 1 else "ions_one")
        both = key == "ions_both"
        return say(RULES_TEXT[key], lang).format(
            g=a, t=b, kg=ka, kt=kb,
            electrons=counted("n_electrons", ka * A.outer if both else A.outer, lang),
            gaps=counted("n_gaps", kb * B.gaps if both else B.gaps, lang))
    if category == "molecule":
        return say(RULES_TEXT["molecule"], lang).format(
            a=a, b=b, gaps_a=counted("n_gaps", A.gaps, lang), gaps_b=counted("n_gaps", B.gaps, lang),
            ka=ka, kb=kb, ga=A.gaps, gb=B.gaps)
    if category == "alloy":
        return Reason(RULES_TEXT["alloy"], a=a, b=b, n=A.outer).render(lang)
    return say(RULES_TEXT["noble"], lang).format(a=a, b=b)


def points_breakdown(category: str, a: str, ka: int, b: str, kb: int,
                     lang: str = "en") -> list[str]:
    """Where a bond's points come from (ELEMONSTER §6), part by part.

    >>> points_breakdown("alloy", "Ag", 1, "Cu", 1)
    ['1 for the alloy', '6 for 3 crowns', '1 for 1 heart', '1 for two materials']
    """
    from ..elemonster.bonds import BASE_POINTS
    A, B = card(a), card(b)
    parts = [Reason(RULES_TEXT["base"], p=BASE_POINTS[category], category=category).render(lang)]
    crowns, hearts = A.crown + B.crown, A.heart + B.heart
    mults = (ka > 1) + (kb > 1)
    if crowns:
        parts.append(Reason(RULES_TEXT["crowns"], p=2 * crowns, n=crowns).render(lang))
    if hearts:
        parts.append(Reason(RULES_TEXT["hearts"], p=hearts, n=hearts).render(lang))
    if A.material and B.material:
        parts.append(say(RULES_TEXT["materials"], lang))
    if mults:
        parts.append(Reason(RULES_TEXT["multipliers"], p=2 * mults, n=mults).render(lang))
    return parts
