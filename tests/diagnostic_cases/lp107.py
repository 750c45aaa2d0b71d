from diagnostic_cases import negative, positive

CASES = {
    "LP107": [
        positive("a page title inside a block", 4, a="Artikel 30C\nC. Kop\nTekst.\nARTIKEL 31\nMeer tekst.\n"),
        negative("the page title on the first line", a="ARTIKEL 31\nArtikel 30C\nC. Kop\nTekst.\n"),
    ],
}
