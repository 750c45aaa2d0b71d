from diagnostic_cases import negative, positive

CASES = {
    "LP103": [
        positive("`Artikel 30C` followed by `D.`", 2, a="Artikel 30C\nD.  Als de pas kunstmatig is\nTekst.\n"),
        positive("`Artikel 16C2` followed by `C3.`", 2, a="Artikel 16C2\nC3. Kop\nTekst.\n"),
        negative("label and heading agree", a="Artikel 30C\nC.  Als de pas kunstmatig is\nTekst.\n"),
    ],
}
