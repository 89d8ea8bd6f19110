#!/usr/bin/env bash
# Huge models: one C file compiled in sections (compiler/codegen/codegen_write.c, compiler/codegen/build.c). The testing
# knob MO2C_PART_BYTES lowers the section size (default 32 MB) so that the 120-unit chain of
# bench/gen_chain.sh is parted: its file must say "MO2C_PARTS = K" with K - 1 guarded sections of parts;
# it must compile with -Wall -Wextra -Wpedantic -Werror both whole (MO2C_PART unset: every section) and
# section by section (-DMO2C_PART=k, then linked), and both simulators, and the one mo2c builds itself
# (sections compiled in parallel), must stay inside the csv-compare tube of the independent accurate
# integration of the hand-derived chain (tests/ref/chain_ref.c), with the compact variable table giving
# the same names, units and parameters. Without the knob the same model keeps one plain file (no
# guard). A section the C compiler fails on fails the build with the usual message, leaving no
# objects behind. The sections are made of the scalar code (--no-loops): with loops, the chain's
# functions and its variable table are a few loops each.
source tests/ref/lib.sh
build_ref_tools || exit 1
cc $REF_CFLAGS -o "$REFBIN/chain_ref" tests/ref/chain_ref.c -lgsl -lgslcblas -lm || exit 1
D=$OUT/gen_parts
rm -rf "$D"; mkdir -p "$D/tmp"
N=120
bash bench/gen_chain.sh $N "$D/Chain$N.mo"
status=0
fail() { echo "FAIL: $*"; status=1; }
LIBS="$BUILD/libmo2crt.a -lgsl -lgslcblas -lm"
CFLAGS="-std=c11 -Wall -Wextra -Wpedantic -Werror -O1 -Iruntime"

# without the knob: one plain file
"$MO2C" --no-loops "$D/Chain$N.mo" --emit-c -o "$D/plain.c" || exit 1
grep -q 'MO2C_PART' "$D/plain.c" && fail "the plain file mentions MO2C_PART"
grep -q '^static const mo2c_var_info vars\[\] = {' "$D/plain.c" || fail "the plain file has no struct table"

MO2C_PART_BYTES=100000 "$MO2C" --no-loops "$D/Chain$N.mo" --emit-c -o "$D/chain.c" || exit 1
k=$(sed -n 's/^ \* MO2C_PARTS = \([0-9]*\):.*/\1/p' "$D/chain.c")
[ "${k:-0}" -ge 3 ] || { echo "FAIL: MO2C_PARTS is '$k', expected at least 3"; exit 1; }
guards=$(grep -c '^#if MO2C_PART < 0 || MO2C_PART == [0-9]*$' "$D/chain.c")
[ "$guards" = $((k - 1)) ] || fail "$guards guarded sections of parts, expected $((k - 1))"
grep -q '^#if MO2C_PART <= 0$' "$D/chain.c" || fail "no section 0"
grep -q '^int rhs_part0(' "$D/chain.c" || fail "no prototype of rhs_part0"
grep -q '^static const char var_names\[\] =' "$D/chain.c" || fail "no compact variable table"

# whole: one compilation of the same file
cc $CFLAGS -o "$D/whole" "$D/chain.c" $LIBS || fail "whole compile"
# section by section, then linked; each part function is defined in exactly one object
objs=()
for s in $(seq 0 $((k - 1))); do
    cc $CFLAGS -DMO2C_PART="$s" -c -o "$D/part$s.o" "$D/chain.c" || fail "section $s"
    objs+=("$D/part$s.o")
done
cc -o "$D/parted" "${objs[@]}" $LIBS || fail "link of the sections"
defs=$(nm "${objs[@]}" | grep -c ' T rhs_part0$')
[ "$defs" = 1 ] || fail "rhs_part0 defined $defs times"
[ "$(nm "$D/part0.o" | grep -c ' T rhs_part')" = 0 ] || fail "section 0 defines parts"

# mo2c builds it itself: the sections in parallel, objects in a temporary directory removed after
stats=$(TMPDIR=$D/tmp MO2C_PART_BYTES=100000 "$MO2C" --no-loops --stats "$D/Chain$N.mo" -o "$D/built" 2>&1 >/dev/null) ||
    fail "mo2c build: $stats"
grep -q "^mo2c: stats: cc $k sections, [0-9]* at a time" <<<"$stats" || fail "no sections line in --stats: $stats"
[ "$(grep -c '^mo2c: stats: cc section ' <<<"$stats")" = "$k" ] || fail "not $k section lines in --stats"
[ -z "$(ls -A "$D/tmp")" ] || fail "left in TMPDIR: $(ls -A "$D/tmp")"

"$REFBIN/chain_ref" $N "$D/ref.csv" 5 500 || exit 1
signals=$(head -1 "$D/ref.csv" | tr -d '"' | tr ',' ' ' | cut -d' ' -f2-)
for exe in whole parted built; do
    [ -x "$D/$exe" ] || continue
    simulate "$D" "$exe" -stopTime=5 -stepSize=0.01 -outputFormat=csv -r="$exe.csv" || { status=1; continue; }
    # shellcheck disable=SC2086
    "$REFBIN/csvcmp" --tube 1e-3 "$D/ref.csv" "$D/$exe.csv" $signals || fail "$exe outside the tube"
done
# the compact table names the same variables as the plain one: same CSV header, same MAT names and units
cc -std=c11 -O1 -Iruntime -o "$D/plain" "$D/plain.c" $LIBS || fail "plain compile"
simulate "$D" plain -stopTime=5 -stepSize=0.01 -outputFormat=csv -r=plain.csv || status=1
[ "$(head -1 "$D/plain.csv")" = "$(head -1 "$D/built.csv")" ] || fail "CSV headers differ"
(cd "$D" && ./plain -stopTime=0.1 -r=plain.mat >/dev/null && ./built -stopTime=0.1 -r=built.mat >/dev/null) ||
    fail "MAT runs"
cmp -s <(head -c 2000000 "$D/plain.mat" | strings | grep -v '^[0-9.e+-]*$') \
       <(head -c 2000000 "$D/built.mat" | strings | grep -v '^[0-9.e+-]*$') || fail "MAT names/descriptions differ"
# -override through the compact table: a parameter and a state's start value, as the plain table does
for exe in plain built; do
    (cd "$D" && ./$exe -stopTime=1 -override=spring5.c=3.5,inertia7.w=0.25 -outputFormat=csv -r=ov_$exe.csv \
        >/dev/null) || fail "$exe -override"
done
cmp -s "$D/ov_plain.csv" "$D/ov_built.csv" || fail "-override: results differ"
cmp -s "$D/ov_built.csv" "$D/built.csv" && fail "-override changed nothing"

# a section the C compiler fails on: the usual message, exit 1, nothing left behind
cat > "$D/badcc.sh" <<'EOF'
#!/bin/sh
for a in "$@"; do [ "$a" = "-DMO2C_PART=2" ] && { echo "badcc: refusing section 2" >&2; exit 1; }; done
exec cc "$@"
EOF
chmod +x "$D/badcc.sh"
err=$(TMPDIR=$D/tmp CC="$D/badcc.sh" MO2C_PART_BYTES=100000 "$MO2C" --no-loops "$D/Chain$N.mo" -o "$D/bad" 2>&1); rc=$?
[ $rc = 1 ] || fail "failing section: exit $rc, expected 1"
grep -q "^mo2c: error: the C compiler '$D/badcc.sh' failed on the generated code (exit status 1)$" <<<"$err" ||
    fail "failing section: message: $err"
[ -e "$D/bad" ] && fail "an executable after a failed section"
[ -z "$(ls -A "$D/tmp")" ] || fail "left in TMPDIR after the failure: $(ls -A "$D/tmp")"
exit $status
