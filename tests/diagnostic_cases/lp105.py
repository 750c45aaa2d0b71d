from diagnostic_cases import negative, positive

CASES = {
    "LP105": [
        positive(
            "a roman sub-sub-item after a numbered one",
            6,
            a="Sjabloon:1997:25B\nB. Kop\n2. Item\n(b) sub-item\n(1) eerste\n(ii) tweede\n",
        ),
        negative(
            "numbered sub-sub-items only",
            a="Sjabloon:1997:25B\nB. Kop\n2. Item\n(b) sub-item\n(1) eerste\n(2) tweede\n",
        ),
    ],
}
