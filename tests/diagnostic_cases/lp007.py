from diagnostic_cases import negative, positive

CASES = {
    "LP007": [
        positive("a U+0001 inside a sentence on line 2", 2, a="Artikel 30C\nC. Als de \x01pas\n"),
        positive("a vertical tab", 2, a="Artikel 30C\nC. Als\x0bde pas\n"),
        negative("tab and NBSP are fine", a="Artikel\u00a030C\nC.\tAls de pas\n"),
    ],
}
