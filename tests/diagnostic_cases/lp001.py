from diagnostic_cases import negative, positive

CASES = {
    "LP001": [
        positive("NUL bytes: a binary file", 1, a=b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00"),
        positive("mostly control characters", 1, a=b"\x01\x02\x03\x04abc\x05\x06"),
        negative("text with a tab and a form feed", a="Artikel 30C\n\tC. tekst\x0c\n"),
    ],
}
