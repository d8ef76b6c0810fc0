"""Imported by every Python the test suite starts (scripts/test puts this folder on PYTHONPATH):
the servers, the kernels, the command-line tools and pytest's own workers.

One job: jsonschema, which every Jupyter and Voila server imports (jupyter_events, nbformat),
imports ``rfc3987_syntax`` for its optional ``iri``/``iri-reference`` format checks, and that
module builds some thirty Earley parsers as it is imported: 1.2 s of CPU in every server start
(python-jsonschema/jsonschema#1428), some 50 s of the suite's. No Jupyter or periodic_edu
schema uses those formats. Marking the module absent makes jsonschema skip the two checks, as
it does wherever the optional module is not installed; nothing else changes. A teacher's own
server is left as pip installed it.
"""
import sys

sys.modules.setdefault("rfc3987_syntax", None)
