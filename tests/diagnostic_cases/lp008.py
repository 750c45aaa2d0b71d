from diagnostic_cases import negative, positive

CASES = {
    "LP008": [
        positive("spaces after a section heading", 2, a="Artikel 30C\nC.  Als de pas kunstmatig is   \nTekst.\n"),
        positive("a line holding only spaces", 3, a="Artikel 30C\nC. Als de pas\n   \nTekst.\n"),
        positive("a trailing NBSP and tab, CRLF line ends", 1, a="Artikel 30C\u00a0\t\r\nC. Tekst\r\n"),
        positive("trailing white space on a last line without newline", 2, a="Artikel 30C\nC. Tekst \t"),
        negative("NBSP and indentation inside lines", a="Artikel\u00a030C\nC.\u00a0 Als\n   1. Tekst\n"),
        negative("CRLF line ends are not white space", a="Artikel 30C\r\nC. Tekst\r\n"),
        negative("a file of white space only is empty (LP003)", a="  \n\t\n"),
    ],
}
