"""`lawparse rules`: the diagnostic codes, and what one of them means."""

from __future__ import annotations

import textwrap

import click

from lawparse.cli import main, usage_error
from lawparse.diagnostics import RULES, Rule


def explain(rule: Rule) -> str:
    """The documentation of one code, as `lawparse rules CODE` prints it."""

    def paragraph(title: str, text: str) -> str:
        return f"{title}\n{textwrap.fill(text, 100, initial_indent='  ', subsequent_indent='  ')}\n"

    return "\n".join(
        [
            f"{rule.code} {rule.name} ({rule.severity.value})\n",
            paragraph("What it finds", rule.summary),
            paragraph("Why it matters", rule.why),
            paragraph("Example", rule.example),
            paragraph("Fix", rule.fix),
        ]
    )


@main.command()
@click.argument("code", required=False)
def rules(code: str | None) -> None:
    """List every diagnostic code, or explain CODE (e.g. LP008)."""
    if code is None:
        width = max(len(rule.name) for rule in RULES.values())
        for rule in sorted(RULES.values(), key=lambda r: r.code):
            click.echo(f"{rule.code}  {rule.name:<{width}}  {rule.severity.value:<7}  {rule.summary}")
        return
    rule = RULES.get(code.strip().upper())
    if rule is None:
        usage_error(f"unknown code {code} (`lawparse rules` lists them)")
    click.echo(explain(rule), nl=False)
