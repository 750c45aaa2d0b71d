from diagnostic_cases import negative, positive

CASES = {
    "LP002": [
        positive("Windows-1252 letter on line 2", 2, a=b"Artikel 30C\nC. Als de pas beschr\xeff\n"),
        negative("the same letter in UTF-8", a="Artikel 30C\nC. Als de pas beschrëf\n"),
        negative("UTF-8 with a byte order mark", a=b"\xef\xbb\xbfArtikel 30C\nC. \xc3\xab\n"),
    ],
}
