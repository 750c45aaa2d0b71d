from diagnostic_cases import negative, positive

_ITEM = "Sjabloon:1997:25B\nB. Kop\n2. Item\n{subs}"

CASES = {
    "LP111": [
        positive("`(i)` after `(h)` is the letter i", 5, a=_ITEM.format(subs="(h) acht\n(i) negen\n")),
        negative("`(i)` after `(a)` is the roman one, no guess", a=_ITEM.format(subs="(a) een\n(i) eerste\n")),
    ],
}
