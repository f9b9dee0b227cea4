"""Textual's stylesheet, its parsed rules kept for the process.

Textual parses every stylesheet an app uses (its own, each widget class's default CSS) once per
app: its cache is the app's stylesheet's own. The rules a source parses to depend only on the
source's text, where it was read from, its place (default or not, tie breaker, scope) and the
CSS variables (the theme's colours) substituted into it, so apps made one after another (the
tests make hundreds, a served app one a visitor) can share them: a fifth of an app's start was
parsing the same two dozen sources again. The parsed rules are read, never changed, by the
stylesheets that hold them.
"""

from __future__ import annotations

from pathlib import PurePath

from textual.cache import LRUCache
from textual.css.model import RuleSet
from textual.css.stylesheet import CSSLocation, Stylesheet

# (source, where, default, tie breaker, scope, variables) -> rules: a few dozen sources a theme.
PARSED: LRUCache[tuple[object, ...], list[RuleSet]] = LRUCache(1024)


class SharedStylesheet(Stylesheet):
    """A stylesheet that parses a source once a process for each set of variables."""

    def __init__(self, *, variables: dict[str, str] | None = None) -> None:
        super().__init__(variables=variables)
        self._variables_seen: tuple[dict[str, str], tuple[tuple[str, str], ...]] | None = None

    def _variables_key(self) -> tuple[tuple[str, str], ...]:
        """The variables as a key (made again only when they are replaced: a theme change)."""
        variables = self._variables
        if self._variables_seen is None or self._variables_seen[0] is not variables:
            self._variables_seen = (variables, tuple(sorted(variables.items())))
        return self._variables_seen[1]

    def _parse_rules(
        self,
        css: str,
        read_from: CSSLocation,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        key = (css, read_from, is_default_rules, tie_breaker, scope, self._variables_key())
        rules = PARSED.get(key)
        if rules is None:
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            PARSED[key] = rules
        return rules

    def read(self, filename: str | PurePath) -> None:
        # Textual 8.2.8's read() asks for a parse but keeps the selector map of the rules before
        # it, and apply() picks a node's candidate rules from that map: until the next parse, a
        # node styled missed the file's rules (a first dialog over a game: screens.tcss' align).
        super().read(filename)
        self._rules_map = None

    def copy(self) -> Stylesheet:
        """A copy sharing the same parsed rules (Textual copies it to change the theme)."""
        stylesheet = SharedStylesheet(variables=self._variables.copy())
        stylesheet.source = self.source.copy()
        return stylesheet
