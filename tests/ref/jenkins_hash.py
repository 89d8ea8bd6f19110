#!/usr/bin/env python3
# tests/ref/jenkins_hash.py - Bob Jenkins' 1996 hash ("lookup2", Dr. Dobb's Journal, September 1997) with
# the initial value 0xfeedbeef, as a signed 32-bit Integer: the reference of tests/sim/hash_string.sh.
# Usage: jenkins_hash.py STRING...   prints one value per line.
import sys

M = 0xFFFFFFFF


def mix(a, b, c):
    a = (a - b - c) & M; a ^= c >> 13
    b = (b - c - a) & M; b = (b ^ (a << 8)) & M
    c = (c - a - b) & M; c ^= b >> 13
    a = (a - b - c) & M; a ^= c >> 12
    b = (b - c - a) & M; b = (b ^ (a << 16)) & M
    c = (c - a - b) & M; c ^= b >> 5
    a = (a - b - c) & M; a ^= c >> 3
    b = (b - c - a) & M; b = (b ^ (a << 10)) & M
    c = (c - a - b) & M; c ^= b >> 15
    return a, b, c


def word(k, i):
    return k[i] | k[i + 1] << 8 | k[i + 2] << 16 | k[i + 3] << 24


def lookup2(key, initval=0xFEEDBEEF):
    a = b = 0x9E3779B9
    c = initval
    n, i = len(key), 0
    while n - i >= 12:
        a = (a + word(key, i)) & M
        b = (b + word(key, i + 4)) & M
        c = (c + word(key, i + 8)) & M
        a, b, c = mix(a, b, c)
        i += 12
    c = (c + n) & M
    rest = key[i:]
    # the last bytes: a takes 0..3, b 4..7, c 8..10 shifted by one byte (its low byte holds the length)
    for j, ch in enumerate(rest):
        if j < 4:
            a = (a + (ch << (8 * j))) & M
        elif j < 8:
            b = (b + (ch << (8 * (j - 4)))) & M
        else:
            c = (c + (ch << (8 * (j - 7)))) & M
    a, b, c = mix(a, b, c)
    return c - (1 << 32) if c & 0x80000000 else c


for s in sys.argv[1:]:
    print(lookup2(s.encode()))
