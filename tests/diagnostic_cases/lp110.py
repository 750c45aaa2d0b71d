from diagnostic_cases import negative, positive

_ARTICLE = (
    "Artikel 25\nHet wijzigen van biedingen\n{a}Niet bedoelde bieding\n1. Als een speler iets doet, gebeurt dit.\n"
)

CASES = {
    "LP110": [
        positive("`1.` heading a whole-article block", 3, a=_ARTICLE.format(a="1. ")),
        negative("the letter written", a=_ARTICLE.format(a="A. ")),
    ],
}
