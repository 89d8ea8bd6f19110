#!/usr/bin/env bash
# The lexer thread of the first parse of a big file (compiler/parse/lexthread.c) must change nothing: a
# 3000-unit chain (bench/gen_chain.sh, 1.2 MB) gives byte-identical --flat output with the thread forced
# on (MO2C_LEX_THREAD_MIN=0), forced off (a threshold above any file) and by default (1 MB: on); the same
# chain with a bad line deep inside gives the same exit status and messages either way, each message the
# one expected. Then the parser, error and flat cases of the suite run again with the thread forced on.
set -u
: "${MO2C:?}" "${OUT:?}" "${ROOT:?}"
dir=$OUT/parse_lexthread
rm -rf "$dir"; mkdir -p "$dir"
fails=0
ON=0; OFF=999999999999

bash "$ROOT/bench/gen_chain.sh" 3000 "$dir/chain.mo"
n_eq=$(grep -n '^equation$' "$dir/chain.mo" | cut -d: -f1)

# variant NAME TEXT: the chain with TEXT (printf format) inserted before its equation section
variant() {
    { head -n $((n_eq - 1)) "$dir/chain.mo"; printf "$2"; tail -n +"$n_eq" "$dir/chain.mo"; } > "$dir/$1.mo"
}

# same NAME ARGS...: exit status, stdout and stderr equal with the thread on, off and by default
same() {
    local name=$1; shift
    local mode rc
    for mode in on off default; do
        case $mode in
            on) MO2C_LEX_THREAD_MIN=$ON timeout 60 "$MO2C" "$@" > "$dir/$name.$mode.out" 2> "$dir/$name.$mode.err" ;;
            off) MO2C_LEX_THREAD_MIN=$OFF timeout 60 "$MO2C" "$@" > "$dir/$name.$mode.out" 2> "$dir/$name.$mode.err" ;;
            default) env -u MO2C_LEX_THREAD_MIN timeout 60 "$MO2C" "$@" > "$dir/$name.$mode.out" 2> "$dir/$name.$mode.err" ;;
        esac
        echo $? > "$dir/$name.$mode.rc"
    done
    for mode in on default; do
        for part in rc out err; do
            if ! cmp -s "$dir/$name.off.$part" "$dir/$name.$mode.$part"; then
                echo "FAIL $name: $part differs with the thread $mode"
                diff "$dir/$name.off.$part" "$dir/$name.$mode.$part" | head -10
                fails=$((fails+1)); return 1
            fi
        done
    done
    return 0
}

# good NAME: --flat succeeds, the same output either way
good() {
    same "$1" --flat "$dir/$1.mo" || return
    if [ "$(cat "$dir/$1.off.rc")" != 0 ] || [ -s "$dir/$1.off.err" ]; then
        echo "FAIL $1: exit status $(cat "$dir/$1.off.rc")"; head -5 "$dir/$1.off.err"; fails=$((fails+1)); return
    fi
    echo "ok $1"
}

# bad NAME FIRST-LINE: --parse fails with FIRST-LINE first ("%f" is the file), the same either way
bad() {
    local f=$dir/$1.mo want=${2//%f/$dir/$1.mo}
    same "$1" --parse "$f" || return
    if [ "$(cat "$dir/$1.off.rc")" != 1 ] || [ "$(head -1 "$dir/$1.off.err")" != "$want" ]; then
        echo "FAIL $1: exit status $(cat "$dir/$1.off.rc"), got '$(head -1 "$dir/$1.off.err")'"
        echo "      want '$want'"; fails=$((fails+1)); return
    fi
    echo "ok $1"
}

cp "$dir/chain.mo" "$dir/chain_plain.mo"
good chain_plain
# what the thread hands over in other ways than a plain token: strings with escapes and newlines,
# quoted names (normalised escapes; a long one goes back to the sequential parse), long numbers
long=$(printf 'n%.0s' $(seq 300))
variant extras "  parameter Real 'p\\\\?q' = 2 \"a \\\\\"quoted\\\\\" string\\\\twith escapes\";\n  parameter Real '$long\\\\?' = 3 \"two\nlines\" + \"more\";\n  parameter Integer big = 123456789012345678;\n  parameter Real r = 0.12345678901234567890123e-3;\n  parameter Real s = 1.7976931348623157e308;\n"
good extras

L=$((n_eq))   # the line of the inserted text
variant malformed_number "  Real x = 3abc;\n"
bad malformed_number "%f:$L:12: error: malformed number '3abc'"
variant leading_dot "  Real x = .5;\n"
bad leading_dot "%f:$L:12: error: malformed number '.5': Modelica needs a digit before the '.' (0.5)"
variant unterminated_string "  String s = \"open;\n"
bad unterminated_string "%f:$L:14: error: unterminated string"
variant unterminated_comment "  /* open\n"
bad unterminated_comment "%f:$L:3: error: unterminated comment"
variant nul_byte "  Real x = 1;\0\n"
bad nul_byte "%f:$L:14: error: NUL byte in file"
variant bad_utf8 "  Real x; // \xff\n"
bad bad_utf8 "%f:$L:14: error: invalid UTF-8"
variant bad_quoted "  Real 'a\\\\qb';\n"
bad bad_quoted "%f:$L:10: error: invalid escape sequence in quoted identifier"
variant real_range "  parameter Real x = 1e999;\n"
bad real_range "%f:$L:22: error: real literal '1e999' is out of range"
variant int_range "  parameter Integer x = 99999999999999999999;\n"
bad int_range "%f:$L:25: error: integer literal '99999999999999999999' is too large"
variant unexpected_char "  Real x = 1 \$ 2;\n"
bad unexpected_char "%f:$L:14: error: unexpected character '\$'"
open=$(printf '(%.0s' $(seq 1001)); close=$(printf ')%.0s' $(seq 1001))
variant too_deep "  Real x = ${open}1${close};\n"
bad too_deep "%f:$L:1012: error: expression nested too deeply"
variant missing_semi "  Real a\n  Real b;\n"
bad missing_semi "%f:$L:9: error: syntax error, expecting ';' (before identifier 'Real' on line $((L + 1)))"
head -n -1 "$dir/chain.mo" > "$dir/no_end.mo"
bad no_end "%f:$(($(wc -l < "$dir/no_end.mo") + 1)):1: error: syntax error, unexpected end of file, expecting 'end Chain3000;'"

# the suite's parser, error and flat cases, every file through the lexer thread
for part in tests/parse/ tests/errors/ tests/flat/ tests/sim/parse_bytes.sh; do
    log=$(cd "$ROOT" && MO2C_LEX_THREAD_MIN=0 bash tests/run.sh "$part" 2>&1)
    if ! grep -qE '^[0-9]+ passed, 0 failed(, [0-9]+ skipped)?$' <<<"$log"; then
        echo "FAIL $part with the thread forced on:"; grep -E '^FAIL|passed' <<<"$log" | head -20
        fails=$((fails+1))
    else
        echo "ok $part with the thread: $(tail -1 <<<"$log")"
    fi
done

[ $fails = 0 ]
