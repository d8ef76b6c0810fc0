"""Serving the dashboard to a workshop room: Voila sized by one setting, with a cap.

``python -m periodic_edu.workshop lessons/dashboard.ipynb`` (what ``scripts/run`` does) is
Voila plus the room's rules: :mod:`.app` (light or room mode, ``class_size`` as the cap, IPC
kernels, the visitor kernels' profile), :mod:`.kernels` (seats, cap, healthy pool kernels
only, each kernel's page, bounded kernel lives), :mod:`.handlers` (the page refuses overrides,
sets the cookie that is the page's secret, sends "the room is full"; the close-tab request, the
kernel REST API and websocket answer only the owning page), :mod:`.kernel_guard` (inside each
visitor kernel: page-made widgets refused, a memory cap), :mod:`.template` (the page without a
CDN, with the lost-connection notice), :mod:`.ready` (the ready block), :mod:`.pages` (the
words of the small pages), :mod:`.nginx` (the reverse proxy's configuration). Server-side
only: nothing in the engine or the widgets imports it, and importing it needs the ``app``
extra (Voila).
"""
