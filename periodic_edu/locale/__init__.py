"""The message catalogs (``*.pot`` templates, ``<lang>/LC_MESSAGES/*.po``) and the English
source texts that have no other Python home yet (:mod:`periodic_edu.locale.texts`).
See ``README.md`` beside this file for the translators' workflow."""
