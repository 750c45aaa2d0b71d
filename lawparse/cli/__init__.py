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

from lawparse import emit

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
    "rules",
    "say",
]
