"""The kit's printable pages: the rule books as a page (:mod:`.rules_page`), the lessons'
worksheets (:mod:`.worksheets`), both through one Markdown renderer (:mod:`.markdown`)."""
