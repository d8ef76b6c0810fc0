"""Serving the dashboard to a workshop room: Voila sized by one setting, with a cap.

``python -m periodic_edu.workshop lessons/dashboard.ipynb`` (what ``scripts/run`` does) is
Voila plus the room's rules: :mod:`.app` (one ``class_size`` sizes the pool and the cap),
:mod:`.kernels` (seats, cap, bounded kernel lives), :mod:`.handlers` (the page refuses
overrides, sets the xsrf cookie the close-tab shutdown needs, sends "the room is full"),
:mod:`.pages` (the words of those pages). Server-side only: nothing in the engine or the
widgets imports it, and importing it needs the ``app`` extra (Voila).
"""
