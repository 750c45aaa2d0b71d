from diagnostic_cases import negative, positive

CASES = {
    "LP003": [
        positive("a 0-byte file", 1, a=b""),
        positive("only white space and line breaks", 1, a=" \n\n\t\n"),
        negative("one word", a="Artikel 30C\n"),
    ],
}
