from diagnostic_cases import negative, positive

CASES = {
    "LP101": [
        positive("a paragraph above the first block heading", 1, a="Losse tekst.\nArtikel 30C\nC. Tekst\n"),
        negative("a page title above the first block heading", a="ARTIKEL 31\nArtikel 30C\nC. Tekst\n"),
    ],
}
