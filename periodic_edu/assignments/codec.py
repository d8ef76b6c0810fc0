"""A result code's envelope: bits in, a short typeable text with a checksum out, and back.

The payload is a bit string (fields of any width, written by :class:`Bits`), padded with zero
bits to whole bytes; a CRC-16 (CCITT polynomial ``x^16 + x^12 + x^5 + 1``, start 0, no final
xor: ``binascii.crc_hqx``) follows it, and the whole is written in Crockford's base 32
(``0-9 A-Z`` without ``I L O U``: no letter to take for a digit), padded with at most 4 zero
bits. Why it catches every single changed character: one character is 5 bits of that string,
so a changed character is an error burst of at most 5 bits in a CRC codeword (payload followed
by its CRC, a multiple of the polynomial), and a CRC of degree 16 detects every burst of at
most 16 bits. Two swapped neighbours are a burst of at most 10 bits: caught too. A changed
character in the padding is caught because padding must be zero; a dropped or added character
leaves a length no code has, or a checksum that matches once in 65,536.

Reading forgives what a person types: lower case, ``O`` for ``0``, ``I``/``L`` for ``1``, and
any spaces or dashes (the groups of five the code is shown in).

>>> text = encode(bytes([1, 2, 3]))
>>> text, decode(text.lower()) == bytes([1, 2, 3])
('04106-R9H', True)
"""
from __future__ import annotations

import binascii
import zlib

from .errors import CodeError

__all__ = ["ALPHABET", "Bits", "encode", "decode", "deflate", "inflate", "group"]

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}
_VALUE.update({"O": 0, "I": 1, "L": 1})
_IGNORED = " -\t\r\n"
#: the longest code read (a game of a few hundred moves is ~600 characters)
MAX_CHARS = 24_000
GROUP = 5


class Bits:
    """A bit string written and read most significant bit first."""

    def __init__(self, data: bytes = b"") -> None:
        self.value = int.from_bytes(data, "big")
        self.length = 8 * len(data)
        self.pos = 0

    def write(self, value: int, width: int) -> None:
        if not 0 <= value < 1 << width:
            raise OverflowError(f"{value} does not fit in {width} bits")
        self.value = (self.value << width) | value
        self.length += width

    def write_bytes(self, data: bytes) -> None:
        for byte in data:
            self.write(byte, 8)

    def to_bytes(self) -> bytes:
        pad = -self.length % 8
        return (self.value << pad).to_bytes((self.length + pad) // 8, "big")

    def read(self, width: int) -> int:
        """The next ``width`` bits; reading past the end raises :class:`CodeError`."""
        if self.pos + width > self.length:
            raise CodeError("truncated")
        self.pos += width
        return (self.value >> (self.length - self.pos)) & ((1 << width) - 1)

    def read_bytes(self, count: int) -> bytes:
        return bytes(self.read(8) for _ in range(count))

    def rest_is_zero(self) -> bool:
        """True when what is left (fewer than 8 bits of padding) is all zero."""
        left = self.length - self.pos
        return left < 8 and not self.value & ((1 << left) - 1)


def group(text: str) -> str:
    """``text`` in dash-separated groups of five, as a code is shown."""
    return "-".join(text[i:i + GROUP] for i in range(0, len(text), GROUP))


def encode(payload: bytes) -> str:
    """``payload`` with its CRC-16, in base 32, grouped."""
    crc = binascii.crc_hqx(payload, 0)
    bits = 8 * len(payload) + 16
    pad = -bits % 5
    value = ((int.from_bytes(payload, "big") << 16) | crc) << pad
    count = (bits + pad) // 5
    return group("".join(ALPHABET[(value >> (5 * (count - 1 - i))) & 31] for i in range(count)))


def decode(text: str) -> bytes:
    """The payload of a code, or :class:`CodeError` saying what is wrong with it."""
    if not isinstance(text, str):
        raise CodeError("not_text")
    if len(text) > MAX_CHARS:
        raise CodeError("too_long", limit=MAX_CHARS)
    value = count = 0
    for position, ch in enumerate(text, 1):
        if ch in _IGNORED:
            continue
        digit = _VALUE.get(ch.upper())
        if digit is None:
            raise CodeError("bad_char", position=position, char=ascii(ch)[1:-1][:10])
        value = (value << 5) | digit
        count += 1
    if not count:
        raise CodeError("empty")
    bits = 5 * count
    size = (bits - 16) // 8
    pad = bits - 16 - 8 * size
    if size < 1 or pad > 4:
        raise CodeError("bad_length", count=count)
    if value & ((1 << pad) - 1):
        raise CodeError("checksum")
    value >>= pad
    if binascii.crc_hqx(value.to_bytes(size + 2, "big"), 0) != 0:
        raise CodeError("checksum")
    return (value >> 16).to_bytes(size, "big")


def deflate(data: bytes) -> bytes:
    """Raw deflate (no header: the envelope has its own checksum)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def inflate(data: bytes, limit: int) -> bytes:
    """Raw inflate of at most ``limit`` bytes out: a small code never unpacks into megabytes."""
    unpacker = zlib.decompressobj(-15)
    try:
        out = unpacker.decompress(data, limit)
    except zlib.error:
        raise CodeError("bad_content") from None
    if unpacker.unconsumed_tail or not unpacker.eof:
        raise CodeError("bad_content")
    return out
