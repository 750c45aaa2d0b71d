from diagnostic_cases import negative, positive

CASES = {
    "LP106": [
        positive(
            "a footnote body without a marker",
            5,
            a="Sjabloon:1997:25B\nB. Kop\nTekst zonder voetnoot.\n---\n1) De voetnoot.\n",
        ),
        positive("a marker without a footnote body", 3, a="Sjabloon:1997:25B\nB. Kop\nTekst met voetnoot¹⁾.\n"),
        negative(
            "marker and body match",
            a="Sjabloon:1997:25B\nB. Kop\nTekst met voetnoot¹⁾.\n---\n1) De voetnoot.\n",
        ),
    ],
}
