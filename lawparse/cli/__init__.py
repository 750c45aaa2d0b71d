"""The command line: the only place that prints (with lawparse.files, the only one touching files).

One module per command; this one holds the group and what the commands share.

Exit codes, as sqlfluff and ruff use them: 0 clean, 1 findings (error diagnostics), 2 usage or
internal error. Results go to stdout; progress and the summary to stderr.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

import click

from lawparse import diffing, emit, model

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2

F = TypeVar("F", bound=Callable[..., Any])


def stderr_is_terminal() -> bool:
    return sys.stderr.isatty() and "NO_COLOR" not in os.environ


def say(message: str, **style: Any) -> None:
    click.echo(click.style(message, **style) if stderr_is_terminal() else message, err=True)


def internal_errors_exit_2(command: F) -> F:
    """Report an unexpected exception in one line and exit 2, instead of a traceback."""

    @wraps(command)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except emit.OutputInvalid as error:
            say(f"lawparse: internal error (LP901): {error}", fg="red")
            sys.exit(EXIT_ERROR)
        except Exception as error:
            say(f"lawparse: internal error: {type(error).__name__}: {error}", fg="red")
            if os.environ.get("LAWPARSE_DEBUG"):
                raise
            sys.exit(EXIT_ERROR)

    return guarded  # type: ignore[return-value]


def usage_error(message: str) -> None:
    """Say a usage error in one line, prefixed with the command's name, and exit 2."""
    say(f"lawparse {click.get_current_context().info_name}: {message}", fg="red")
    sys.exit(EXIT_ERROR)


def _edition_pair(value: str) -> tuple[str, str]:
    old, colon, new = value.partition(":")
    if not (colon and old.strip() and new.strip()) or ":" in new:
        usage_error(f"--compare: `{value}` is not a pair of editions OLD:NEW (1997:2017)")
    return old.strip(), new.strip()


def settings_options(command: F) -> F:
    """The options that make a build's ``model.Settings``, for every command that builds the corpus.

    The command is called with ``settings`` in their place, so that `build` and `check` read a corpus
    the same way. ``--compare`` pairs are checked for form here; whether the corpus holds them only
    after the build, with :func:`require_compared_pairs`.
    """

    @click.option(
        "--default-edition",
        default=model.DEFAULT_EDITION,
        show_default=True,
        help="Edition of pages that carry no edition marker.",
    )
    @click.option(
        "--max-file-size",
        default=model.MAX_FILE_BYTES,
        show_default=True,
        type=click.IntRange(min=1),
        help="Refuse corpus files larger than this many bytes (LP004).",
    )
    @click.option(
        "--compare",
        "compare",
        multiple=True,
        metavar="OLD:NEW",
        help="Compare edition OLD with the newer NEW (repeatable) instead of every consecutive pair.",
    )
    @wraps(command)
    def with_settings(
        *args: Any, default_edition: str, max_file_size: int, compare: tuple[str, ...], **kwargs: Any
    ) -> Any:
        pairs = tuple(dict.fromkeys(_edition_pair(value) for value in compare))
        settings = model.Settings(default_edition=default_edition, max_file_bytes=max_file_size, diff_pairs=pairs)
        return command(*args, settings=settings, **kwargs)

    return with_settings  # type: ignore[return-value]


def require_compared_pairs(corpus: model.Corpus) -> None:
    """Exit 2 with a usage error when a ``--compare`` pair names editions the built corpus cannot compare."""
    for old, new in corpus.settings.diff_pairs:
        if problem := diffing.pair_problem(corpus, old, new):
            usage_error(f"--compare {old}:{new}: {problem}")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="lawparse")
def main() -> None:
    """Turn a scraped corpus of the Laws of Duplicate Bridge into validated XML and JSON."""


# The commands register themselves on `main` when imported.
from lawparse.cli import build, check, diff, rules  # noqa: E402

__all__ = [
    "EXIT_CLEAN",
    "EXIT_ERROR",
    "EXIT_FINDINGS",
    "build",
    "check",
    "diff",
    "internal_errors_exit_2",
    "main",
    "require_compared_pairs",
    "rules",
    "say",
    "settings_options",
    "usage_error",
]
