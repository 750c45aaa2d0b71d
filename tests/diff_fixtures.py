"""Fixture texts for the edition diff tests.

1997 Law 23 became 2017 Law 72C (a section), with a few words changed; 2017 Law 23 is another law
(comparable calls).
"""

OLD_23 = (
    "Sjabloon:1997:23\n"
    "\n"
    "ARTIKEL 23 Besef van mogelijk nadeel\n"
    "Als de wedstrijdleider van oordeel is dat een overtreder op het moment van zijn onregelmatigheid "
    "had kunnen weten dat die de niet-overtredende partij zou kunnen benadelen, laat hij het bieden en "
    "spelen voortgaan en kent hij daarna een arbitrale score toe.\n"
)
NEW_72C = (
    "Artikel 72C\n"
    "\n"
    "C.  Besef van mogelijk nadeel\n"
    "Als de wedstrijdleider van oordeel is dat een overtreder op het moment van zijn onregelmatigheid "
    "had kunnen weten dat die de niet-overtredende partij schade zou kunnen toebrengen, laat hij het bieden "
    "en spelen voortgaan en kent hij na afloop een arbitrale score toe.\n"
)
NEW_23 = (
    "Sjabloon:2017:23\n"
    "\n"
    "ARTIKEL 23 Vergelijkbare bieding\n"
    "Een bieding die een ingetrokken bieding vervangt, is een vergelijkbare bieding als zij dezelfde "
    "betekenis heeft.\n"
)
