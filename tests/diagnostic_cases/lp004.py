from dataclasses import replace

from diagnostic_cases import negative, positive
from lawparse import model

_LIMIT = model.Settings(max_file_bytes=21)

CASES = {
    "LP004": [
        replace(positive("22 bytes over a 21-byte limit", 1, a="Artikel 30C\nC. Tekst\n" + "x"), settings=_LIMIT),
        replace(negative("exactly at the limit", a="Artikel 30C\nC. Tekst\n"), settings=_LIMIT),
    ],
}
