from diagnostic_cases import negative, positive

CASES = {
    "LP006": [
        positive("`Artikel` alone on a line", 3, a="Artikel 30C\nC. Tekst\nArtikel\nmeer tekst\n"),
        positive("a wiki title without a number", 1, a="Sjabloon:1997:\nB. Tekst\n"),
        negative("`Artikel` followed by a number", a="Artikel 30C\nC. Tekst\n"),
        negative("`Artikel` inside a sentence", a="Artikel 30C\nC. Artikel 12 is van toepassing.\n"),
    ],
}
