"""reading.py: bytes to text, with positions that stay those of the original file."""

from __future__ import annotations

from lawparse.diagnostics import Diagnostics
from lawparse.reading import decode_source

LIMIT = 1_000_000


def decode(data: bytes, max_bytes: int = LIMIT):
    diag = Diagnostics()
    return decode_source("corpus/x.txt", data, diag, max_bytes=max_bytes), diag


def test_utf8_plain():
    source, diag = decode("Artikel 25\nbeëindigd".encode())
    assert source.text == "Artikel 25\nbeëindigd\n"
    assert (source.encoding, source.line_count, diag.items) == ("utf-8", 2, [])


def test_bom_dropped_and_crlf_normalised_keep_line_numbers():
    source, diag = decode(b"\xef\xbb\xbfA\r\nB\rC\r\n")
    assert source.text == "A\nB\nC\n"
    assert source.encoding == "utf-8-sig"
    assert diag.items == []


def test_cp1252_fallback_with_position_of_the_first_bad_byte():
    source, diag = decode("regel een\nbeëindigd\n".encode("cp1252"))
    assert source.text == "regel een\nbeëindigd\n"
    assert source.encoding == "cp1252"
    ((code, line, column),) = [(d.code, d.line, d.column) for d in diag.items]
    assert (code, line, column) == ("LP002", 2, 3)  # b, e, then the byte of ë


def test_cp1252_undefined_bytes_are_kept_not_dropped():
    source, _ = decode(b"caf\xe9 \x81")
    assert source.text.startswith("café ")
    assert len(source.text) == len("café ") + 2  # the undefined byte became a character, then a newline


def test_binary_content_is_skipped_with_an_error():
    source, diag = decode(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    assert source is None
    assert [d.code for d in diag.items] == ["LP001"]


def test_empty_and_whitespace_only_files_are_reported():
    for data in (b"", b"  \n\n"):
        source, diag = decode(data)
        assert source is not None
        assert [d.code for d in diag.items] == ["LP003"]


def test_file_over_the_limit_is_refused():
    source, diag = decode(b"x" * 101, max_bytes=100)
    assert source is None
    assert [d.code for d in diag.items] == ["LP004"]
    source, diag = decode(b"x" * 100, max_bytes=100)
    assert source is not None and diag.items == []


def test_control_characters_xml_cannot_carry_are_replaced_and_reported():
    source, diag = decode(b"een\x01twee\x0cdrie\n")
    assert source.text == "een\ufffdtwee drie\n"
    ((code, line, column),) = [(d.code, d.line, d.column) for d in diag.items]
    assert (code, line, column) == ("LP007", 1, 4)


def test_a_missing_final_newline_is_added():
    source, _ = decode(b"laatste regel")
    assert source.text == "laatste regel\n"
    assert source.line_count == 1
