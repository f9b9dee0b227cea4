"""How a command line is read and refused, light enough for ``chutes-tui --help``: the exit
statuses, :class:`UsageError` and its one line, and the parser that finds it.

A verb's arguments are added only when the verb is chosen (:class:`Subcommands`), so the top
parser lists every verb from :data:`chutes_tui.cli.verbs.VERBS` and imports none of them; this
module imports neither rich nor anything that brings numpy.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from rich.text import Text

# The exit statuses (README, cli/__init__.py): a crash in the app says 3 as any other does.
EXIT_BOARD, EXIT_USAGE, EXIT_CRASH, EXIT_MISSED, EXIT_INTERRUPTED = 1, 2, 3, 4, 130


class UsageError(Exception):
    """A wrong command line or input: ``message`` says what, without the command's name
    (:func:`error_line` adds it); ``prog``: the (sub)command it is about, when not the one run."""

    def __init__(self, message: str, prog: str | None = None) -> None:
        super().__init__(f"{prog}: {message}" if prog else message)
        self.message, self.prog = message, prog


def error_line(prog: str, message: str, *, hint: bool = True) -> Text:
    """Every error's one line, on stderr: ``chutes-tui VERB: what went wrong``, and for one the
    user can put right (a command line, an input, a board: statuses 1 and 2) the same ending,
    ``(try 'chutes-tui VERB --help')``. Never markup: the message may quote a file or a user."""
    from rich.text import Text  # rich loads for an error, not for --help

    return Text(f"{prog}: {message}" + (f" (try '{prog} --help')" if hint else ""))


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are :class:`UsageError` about the (sub)command that
    found them, and which leaves in the namespace, as ``command_parser``, the parser of the
    deepest subcommand named (its ``prog`` names the command in every error line).

    ``prepare``: what adds its arguments, called once when they are first needed
    (:meth:`prepared`) rather than when the parser is made."""

    def __init__(self, *args: Any, prepare: Callable[[Parser], None] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.set_defaults(command_parser=self)  # a subcommand's default replaces its parent's
        self._prepare = prepare
        # Flags this parser does not take but knows, each with the one line that refuses it
        # (the analysis verbs' refusal of a decision's flag: cli/common.add_board_arguments).
        self.refused: dict[str, str] = {}

    def prepared(self) -> Parser:
        """This parser with all its arguments (added now if they were waiting)."""
        prepare, self._prepare = self._prepare, None
        if prepare is not None:
            prepare(self)
        return self

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        # A verb's arguments come here from its parent's subcommand action: a value is glued to
        # its flag first, so that one beginning with a dash reaches the flag's validator.
        return super().parse_known_args(None if args is None else self._glued(list(args)), namespace)

    def _glued(self, args: list[str]) -> list[str]:
        """``--miss-turn -1,2`` as ``--miss-turn=-1,2``: argparse takes a word beginning with a
        dash for an option (unless it is a plain negative number), so a list with a negative
        value, or any dash-led value, would be refused as "expected one argument" instead of
        reaching the flag's own one-line refusal. A flag taking one value is glued to the next
        word when that word begins with a dash and names none of this parser's options."""
        taking = {
            flag
            for action in self._actions
            if action.nargs is None and action.option_strings
            for flag in action.option_strings
        }
        glued: list[str] = []
        words = iter(args)
        for word in words:
            if word == "--":  # everything after it is a positional argument
                glued += [word, *words]
                break
            following = next(words, None) if word in taking else None
            if following is not None and following.startswith("-") and not self._an_option(following):
                glued.append(f"{word}={following}")
            else:
                glued += [word] if following is None else [word, following]
        return glued

    def _an_option(self, word: str) -> bool:
        """Whether ``word`` names one of this parser's options (an abbreviation of a long one, a
        ``--flag=value``, or ``--``)."""
        flag = word.split("=", 1)[0]
        if word == "--" or flag in self._option_string_actions:
            return True
        return flag.startswith("--") and any(known.startswith(flag) for known in self._option_string_actions)

    def parse_args(self, args: Any = None, namespace: Any = None) -> Any:
        # argparse leaves a subcommand's unknown options to the top parser, whose message would
        # name "chutes-tui" alone: the subcommand that was given them says so instead.
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            command = getattr(parsed, "command_parser", self)
            for word in extras:
                if word.split("=", 1)[0] in command.refused:
                    raise UsageError(command.refused[word.split("=", 1)[0]], command.prog)
            command.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed

    def error(self, message: str) -> NoReturn:
        from chutes_tui.model.text import elide, printable  # decimal and fractions: not for --help

        # argparse quotes what was typed in full: keep that short and free of escapes, and the
        # list of choices it offers whole (cut, 'repl…te' would read as a verb of its own).
        typed = re.match(r"(.*invalid choice: )(.*)( \(choose from .*\))$", message, re.DOTALL)
        if typed:
            message = typed[1] + elide(printable(typed[2]), 60) + printable(typed[3])
        else:
            message = elide(printable(message), 200)
        raise UsageError(message, self.prog)


class Subcommands(argparse._SubParsersAction):
    """Subcommands whose parsers are prepared (:meth:`Parser.prepared`) when one is chosen: the
    parse goes on in it as argparse's own would, with the same messages and statuses."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        chosen = self._name_parser_map.get(values[0]) if values else None
        if isinstance(chosen, Parser):  # argparse has checked the choice: it names one of them
            chosen.prepared()
        super().__call__(parser, namespace, values, option_string)
