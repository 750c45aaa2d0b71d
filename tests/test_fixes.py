"""lawparse.fixes: edits in decoded (line, column) terms applied to the original bytes, nothing else touched."""

from __future__ import annotations

import codecs
import doctest
import re

from hypothesis import example, given
from hypothesis import strategies as st

from lawparse import fixes
from lawparse.diagnostics import Diagnostics, Fix, TextEdit
from lawparse.fixes import apply_fixes
from lawparse.reading import decode_bytes, decode_source


def fix(*edits: tuple[int, int, int, int, str], safe: bool = True) -> Fix:
    return Fix("test fix", tuple(TextEdit(*edit) for edit in edits), safe)


def delete_line(line: int) -> Fix:
    return fix((line, 1, line + 1, 1, ""))


def test_doctests():
    assert doctest.testmod(fixes).failed == 0


def test_delete_a_whole_line_lf():
    assert apply_fixes(b"one\ntwo\nthree\n", [delete_line(2)]).data == b"one\nthree\n"


def test_delete_a_whole_line_keeps_crlf():
    assert apply_fixes(b"one\r\ntwo\r\nthree\r\n", [delete_line(2)]).data == b"one\r\nthree\r\n"


def test_lone_cr_line_breaks_count_as_lines():
    assert apply_fixes(b"one\rtwo\rthree", [delete_line(2)]).data == b"one\rthree"


def test_mixed_line_endings_stay_as_they_were():
    data = b"one\r\ntwo\nthree\rfour \r\n"
    assert apply_fixes(data, [fix((4, 5, 4, 6, ""))]).data == b"one\r\ntwo\nthree\rfour\r\n"


def test_replace_inside_a_line_counts_characters_not_bytes():
    # "ē" is two bytes in UTF-8 and one column.
    data = "één beēindigen\n".encode()
    result = apply_fixes(data, [fix((1, 7, 1, 8, "ë"))])
    assert result.data == "één beëindigen\n".encode()
    assert result.applied and not result.skipped


def test_cp1252_file_stays_cp1252():
    data = "café beeindigd\r\n".encode("cp1252")
    result = apply_fixes(data, [fix((1, 8, 1, 9, "ë"))])
    assert result.data == "café beëindigd\r\n".encode("cp1252")


def test_cp1252_undefined_bytes_are_kept():
    data = b"a\x81b\xe9 \n"
    assert apply_fixes(data, [fix((1, 5, 1, 6, ""))]).data == b"a\x81b\xe9\n"


def test_replacement_that_cp1252_cannot_hold_is_skipped():
    data = "café\n".encode("cp1252")
    result = apply_fixes(data, [fix((1, 4, 1, 5, "ē"))])
    assert result.data == data
    assert not result.applied
    assert "cannot be written in cp1252" in result.skipped[0].reason


def test_byte_order_mark_is_kept_and_not_counted():
    data = codecs.BOM_UTF8 + b"  Artikel 30C\n"
    assert apply_fixes(data, [fix((1, 1, 1, 3, ""))]).data == codecs.BOM_UTF8 + b"Artikel 30C\n"


def test_missing_final_newline_stays_missing():
    assert apply_fixes(b"one\ntwo  ", [fix((2, 4, 2, 6, ""))]).data == b"one\ntwo"


def test_deleting_the_last_line_without_final_newline_takes_the_break_before_it():
    assert apply_fixes(b"one\r\ntwo", [delete_line(2)]).data == b"one"
    assert apply_fixes(b"one\ntwo\n", [delete_line(2)]).data == b"one\n"


def test_line_break_in_a_replacement_is_written_as_the_files_own():
    data = b"C. Kop Tekst\r\nmeer\r\n"
    assert apply_fixes(data, [fix((1, 7, 1, 8, "\n"))]).data == b"C. Kop\r\nTekst\r\nmeer\r\n"


def test_edits_are_applied_bottom_up():
    data = b"a \nb \nc \n"
    result = apply_fixes(data, [fix((1, 2, 1, 3, ""), (3, 2, 3, 3, "")), delete_line(2)])
    assert result.data == b"a\nc\n"
    assert len(result.applied) == 2


def test_overlapping_fix_is_skipped_whole_with_a_note():
    data = b"one two three\nfour\n"
    first = fix((1, 5, 1, 8, "2"))
    overlapping = fix((1, 7, 1, 10, "x"), (2, 1, 2, 5, "4"))
    result = apply_fixes(data, [first, overlapping])
    assert result.data == b"one 2 three\nfour\n"
    assert result.applied == (first,)
    assert result.skipped[0].fix is overlapping
    assert "overlaps" in result.skipped[0].reason


def test_two_insertions_at_one_place_conflict():
    result = apply_fixes(b"ab\n", [fix((1, 2, 1, 2, "x")), fix((1, 2, 1, 2, "y"))])
    assert result.data == b"axb\n"
    assert len(result.skipped) == 1


def test_the_same_edit_from_two_diagnostics_is_applied_once():
    result = apply_fixes(b"one\ntwo\nthree\n", [delete_line(2), delete_line(2)])
    assert result.data == b"one\nthree\n"
    assert len(result.applied) == 2 and not result.skipped


def test_positions_outside_the_file_are_skipped():
    data = b"one\ntwo\n"
    for outside in [fix((5, 1, 5, 2, "")), fix((1, 9, 1, 10, "")), fix((2, 2, 1, 1, ""))]:
        result = apply_fixes(data, [outside])
        assert result.data == data and len(result.skipped) == 1


def test_no_fixes_no_change():
    result = apply_fixes(b"one\r\n", [])
    assert (result.data, result.changed) == (b"one\r\n", False)


def test_a_fix_that_writes_what_is_there_changes_nothing():
    result = apply_fixes(b"one\n", [fix((1, 1, 1, 4, "one"))])
    assert (result.data, result.changed, len(result.applied)) == (b"one\n", False, 1)


def lp008_fixes(data: bytes) -> list[Fix]:
    diag = Diagnostics()
    decode_source("corpus/a.txt", data, diag, max_bytes=10**6)
    return [d.fix for d in diag.items if d.code == "LP008" and d.fix is not None]


_LINES = st.lists(
    st.tuples(st.text(alphabet="ab ë\t\u00a0", max_size=8), st.sampled_from(["\n", "\r\n", "\r"])), max_size=8
)


@given(_LINES, st.booleans(), st.sampled_from(["utf-8", "utf-8-sig", "cp1252"]))
# Windows-1252 bytes that are partly valid UTF-8 (b"\xeb\xa0\xa0"): read as UTF-8 with a stray byte.
@example([(" \u00ebb ", "\n"), ("a", "")], False, "cp1252")
@example([("\u00a0\u00eb\u00a0\u00a0", "")], False, "cp1252")
def test_trailing_white_space_fix_drops_exactly_that_and_is_idempotent(lines, final_newline, encoding):
    if lines and not final_newline:
        lines[-1] = (lines[-1][0], "")
    data = "".join(line + ending for line, ending in lines).encode(encoding)
    text, _ = decode_bytes(data)  # what lawparse reads, whatever the bytes were written as
    fixed = apply_fixes(data, lp008_fixes(data)).data
    if text.strip():
        assert decode_bytes(fixed)[0] == re.sub(r"[^\S\r\n]+(?=\r\n|\r|\n|$)", "", text)
    else:  # a file of white space only is reported as empty (LP003) and left alone
        assert fixed == data
    assert lp008_fixes(fixed) == []


def test_fixes_in_a_utf8_file_with_a_stray_byte_land_on_the_right_bytes():
    data = "café ".encode() + b"\xe9 x  \n"  # UTF-8 é, then a stray Windows-1252 é
    fixed = apply_fixes(data, lp008_fixes(data)).data
    assert fixed == "café ".encode() + b"\xe9 x\n"
