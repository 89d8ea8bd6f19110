#!/usr/bin/env bash
# Lexer and parser cases whose inputs cannot be committed as text (NUL bytes, invalid UTF-8, a byte
# order mark, binary garbage) or are too big to commit (deep nesting, 10^5 declarations). Each check
# runs mo2c --parse and compares the exit status and the first diagnostic line.
set -u
: "${MO2C:?}" "${OUT:?}"
dir=$OUT/parse_bytes
rm -rf "$dir"; mkdir -p "$dir"
fails=0

# expect NAME STATUS [FIRST-LINE-OF-STDERR]
expect() {
    local f=$dir/$1.mo want_rc=$2 want_line=${3:-}
    # (the timeout only guards against a hang: the DEBUG build parses the 10^5-declaration file in ~8 s of
    # CPU, and on a loaded 2-core machine that took over 20 s of wall time)
    local err rc
    err=$(timeout 120 "$MO2C" --parse "$f" 2>&1 >/dev/null); rc=$?
    if [ "$rc" != "$want_rc" ]; then
        echo "FAIL $1: exit status $rc, expected $want_rc"; echo "$err" | head -5; fails=$((fails+1)); return
    fi
    if [ -n "$want_line" ] && [ "$(head -1 <<<"$err")" != "${want_line//%f/$f}" ]; then
        echo "FAIL $1: got '$(head -1 <<<"$err")'"; echo "      want '${want_line//%f/$f}'"; fails=$((fails+1)); return
    fi
    # one bad input gives one error, never a cascade
    local n; n=$(grep -c ': error: ' <<<"$err")
    if [ "$want_rc" = 1 ] && [ "$n" != 1 ]; then
        echo "FAIL $1: $n errors, expected exactly 1"; echo "$err" | head -10; fails=$((fails+1)); return
    fi
    echo "ok $1"
}

printf 'model A\n  Real x = 1;\0\nend A;\n' > "$dir/nul_byte.mo"
expect nul_byte 1 "%f:2:14: error: NUL byte in file"

printf 'model A\n  String s = "a\0b";\nend A;\n' > "$dir/nul_in_string.mo"
expect nul_in_string 1 "%f:2:16: error: NUL byte in file"

printf 'model A\n  Real x; // caf\xc3\xa9 \xff\nend A;\n' > "$dir/utf8_in_comment.mo"
expect utf8_in_comment 1 "%f:2:20: error: invalid UTF-8"

printf 'model A\n  String s = "\xe2\x82";\nend A;\n' > "$dir/utf8_truncated.mo"
expect utf8_truncated 1 "%f:2:15: error: invalid UTF-8"

printf 'model A\n  Real \xc0\xaf;\nend A;\n' > "$dir/utf8_overlong.mo"
expect utf8_overlong 1 "%f:2:8: error: invalid UTF-8"

printf 'model A "\xed\xa0\x80"\nend A;\n' > "$dir/utf8_surrogate.mo"
expect utf8_surrogate 1 "%f:1:10: error: invalid UTF-8"

printf '\xef\xbb\xbfmodel A "caf\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80"\n  Real x; // \xc3\xa9\nend A;\n' > "$dir/bom_and_utf8.mo"
expect bom_and_utf8 0

printf 'model A\r\n  Real x;\r\nequation\r\n  x = 1 $;\r\nend A;\r\n' > "$dir/crlf.mo"
expect crlf 1 "%f:4:9: error: unexpected character '\$'"

printf 'model A\n  Real x = 1\x01;\nend A;\n' > "$dir/control_char.mo"
expect control_char 1 "%f:2:13: error: unexpected control character (byte 0x01)"

# binary garbage: one clean error at the first bad byte
head -c 4096 "$MO2C" > "$dir/binary.mo"
expect binary 1

# nesting: 1000 levels are fine, 1001 are not; a million do not crash
gen() { python3 -c "import sys; n=int(sys.argv[1]); o,c=sys.argv[2],sys.argv[3]; print('model A\n  Real x = ' + o*n + '1' + c*n + ';\nend A;')" "$@"; }
gen 1000 '(' ')' > "$dir/parens_1000.mo"; expect parens_1000 0
gen 1001 '(' ')' > "$dir/parens_1001.mo"; expect parens_1001 1 "%f:2:1012: error: expression nested too deeply"
gen 5000 '(' ')' > "$dir/parens_5000.mo"; expect parens_5000 1 "%f:2:1012: error: expression nested too deeply"
gen 1000000 '(' ')' > "$dir/parens_million.mo"; expect parens_million 1 "%f:2:1012: error: expression nested too deeply"
gen 5000 '{' '}' > "$dir/braces_5000.mo"; expect braces_5000 1 "%f:2:1012: error: expression nested too deeply"
gen 5000 '-(' ')' > "$dir/negations_5000.mo"; expect negations_5000 1
# long operator chains (as tools write them) are fine up to the tree-height limit of 50000
python3 -c "print('model A\n  Real x = ' + '1+'*5000 + '1;\nend A;')" > "$dir/sum_chain_5000.mo"
expect sum_chain_5000 0
python3 -c "print('model A\n  Real x = ' + '1+'*60000 + '1;\nend A;')" > "$dir/sum_chain_60000.mo"
expect sum_chain_60000 1 "%f:2:12: error: expression nested too deeply"
python3 -c "print('model A\n  Real x = ' + 'if c then 1 else '*3000 + '2;\nend A;')" > "$dir/if_chain_3000.mo"
expect if_chain_3000 0
python3 -c "
n = 3000
print('model A\nequation')
print('  if c then\n' * n + '  x = 1;\n' + '  end if;\n' * n)
print('end A;')" > "$dir/if_equations_3000.mo"
expect if_equations_3000 0
python3 -c "
n = 10000
print('model A\nequation')
print('  if c then\n' * n + '  x = 1;\n' + '  end if;\n' * n)
print('end A;')" > "$dir/if_equations_10000.mo"
expect if_equations_10000 1
python3 -c "print(''.join('model M%d\n' % i for i in range(1100)) + ''.join('end M%d;\n' % i for i in reversed(range(1100))))" > "$dir/classes_1100.mo"
expect classes_1100 1 "%f:1001:7: error: class definitions nested too deeply"

# scale: 10^5 declarations and 3*10^5 connect equations parse quickly (linear time)
python3 -c "
print('model Big')
for i in range(100000): print('  Real x%d(start = %d.0) \"c\";' % (i, i))
print('equation')
for i in range(300000): print('  connect(a%d.p[1], b%d.n);' % (i % 1000, (i + 1) % 1000))
print('end Big;')" > "$dir/big.mo"
expect big 0
# the CPU time is printed for the record, never asserted (timings belong to bench/, not to the suite)
secs=$(python3 -c "
import resource, subprocess, sys
subprocess.run([sys.argv[1], '--parse', sys.argv[2]], check=True)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print('%.2f' % (r.ru_utime + r.ru_stime))" "$MO2C" "$dir/big.mo")
echo "big: $secs s of CPU"

[ $fails = 0 ]
