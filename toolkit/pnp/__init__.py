"""Print-and-play: every card, board and reference sheet of a game, rendered from its YAML.

Layouts are data (`print/`, kind `print-layout`), validated like all content. Only the
rendering modules import ReportLab, and only when a PDF is made, so loading this package (the
layout models are registered as a content kind) costs validation nothing.
"""
