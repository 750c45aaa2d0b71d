from diagnostic_cases import negative, positive

CASES = {
    "LP104": [
        positive(
            "a sub-item in a section without items",
            3,
            a="Artikel 30C\nC. Als de pas kunstmatig is\n(a) de eerste mogelijkheid;\n",
        ),
        positive(
            "an item straight under a law with sections",
            5,
            a="Artikel 25\nA. Niet bedoelde bieding\nTekst.\nArtikel 25\n1. Als een speler iets doet, gebeurt dit.\n",
        ),
        negative(
            "a sub-item under its item",
            a="Artikel 30C\nC. Als de pas kunstmatig is\n1. Een item.\n(a) de eerste mogelijkheid;\n",
        ),
    ],
}
