from diagnostic_cases import negative, positive

CASES = {
    "LP102": [
        positive("an edition that is not a year", 1, a="Sjabloon:19x7:25B\nB. Voorgenomen bieding\n"),
        negative("a four-digit year", a="Sjabloon:1997:25B\nB. Voorgenomen bieding\n"),
    ],
}
