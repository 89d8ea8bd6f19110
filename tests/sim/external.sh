#!/usr/bin/env bash
# External C functions (spec 12.9), tests/lib/extpkg/ExtPkg: its C file is built here into the
# package's Resources/Library (the LibraryDirectory default, modelica://ExtPkg/Resources/Library), its
# header found in Resources/Include (the IncludeDirectory default).
#   Use   the default call form (x = exp(-3 t)); arrays with size() arguments, Integer arrays in and
#         out, an Integer output by address (m = 13/3, c = 2, idx = {1, 10, 22}); a matrix output and a
#         constant argument (b = 2.5 transpose({{1,2,3},{4,5,6}})); a String made by
#         ModelicaAllocateString, measured by the MSL's Strings.length (9); y = 2 (1 - t): values by hand
#   UseObject  external objects (12.9.7): two Scalers made by the constructor, y1 = 4 t, y2 = -4 t, each
#         made once and destroyed once, at the end (their destructor prints)
#   LocalObject  an object declared without the parameter prefix (a parameter all the same: y1 = 2 t),
#         and a function's protected object, made and destroyed in each call (y2 = 3 t; the destructor
#         prints how many objects are left: 1, the model's, after each call)
#   Ticks an impure external function in when {initial(), sample(0.25, 0.25)}: called once by the
#         initial system and not again by the initial event, then once per sample (n = 1 + floor(4 t))
#   Fail  ModelicaFormatError ends the run at t = 0.5 with the C function's message, exit 1
#   ExternalMSL (tests/models, needs the MSL): Strings.scanReal, length, substring, Streams.print from
#         the MSL's own C sources, built once into the cache ($XDG_CACHE_HOME/mo2c): x = 32.5 t, y = 10
#   the generated C compiles without warnings (-Wall -Wextra -Wpedantic -Werror)
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/external
rm -rf "$D"; mkdir -p "$D"
status=0
fail() { echo "FAIL: $*"; status=1; }
cp -r tests/lib/extpkg/ExtPkg "$D/"
mkdir -p "$D/ExtPkg/Resources/Library"
cc -c -O1 -Iruntime -I"$D/ExtPkg/Resources/Include" -o "$D/extpkg.o" "$D/ExtPkg/Resources/Src/extpkg.c" &&
    ar rcs "$D/ExtPkg/Resources/Library/libextpkg.a" "$D/extpkg.o" || { echo "FAIL: building libextpkg.a"; exit 1; }
MSL=""
[ -n "${SHARED:-}" ] && [ -d "$SHARED/msl/4.0.0/Modelica" ] && MSL="$SHARED/msl/4.0.0"

# --- Use (Strings.length needs the MSL) ---
if [ -n "$MSL" ]; then
    if "$MO2C" ExtPkg.Use -L "$D" -L "$MSL" -o "$D/use" 2>"$D/use.err"; then
        (cd "$D" && ./use -r=use.csv >use.out 2>&1) || fail "Use: $(cat "$D/use.out")"
        awk -F, 'NR == 1 { h = $0; gsub(/^"|"$/, "", h); k = split(h, hs, /","/); for (i = 1; i <= k; i++) c[hs[i]] = i; next }
            { t = $c["time"]; n++
              chk("x", exp(-3 * t), 1e-5); chk("m", 13 / 3, 1e-12); chk("c", 2, 0); chk("idx[1]", 1, 0)
              chk("idx[2]", 10, 0); chk("idx[3]", 22, 0); chk("glen", 9, 0); chk("ok", 2 * (1 - t), 1e-12)
              chk("b[1,1]", 2.5, 0); chk("b[1,2]", 10, 0); chk("b[2,1]", 5, 0); chk("b[2,2]", 12.5, 0)
              chk("b[3,1]", 7.5, 0); chk("b[3,2]", 15, 0) }
            function chk(v, want, tol,   e) { e = $c[v] - want; if (e < 0) e = -e
                if (!(v in c) || e > tol) { print "Use: " v " = " $c[v] " at t = " t ", expected " want; bad = 1; exit 1 } }
            END { if (!bad && n < 100) { print "Use: only " n " rows"; exit 1 } if (bad) exit 1 }' "$D/use.csv" || status=1
    else
        fail "mo2c ExtPkg.Use: $(cat "$D/use.err")"
    fi
    "$MO2C" ExtPkg.Use -L "$D" -L "$MSL" --emit-c -o "$D/use.c" || fail "--emit-c Use"
    cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Werror -c -Iruntime -I"$D/ExtPkg/Resources/Include" \
        -I"$MSL/Modelica/Resources/C-Sources" -o "$D/use.o" "$D/use.c" || fail "the C of Use has warnings"
fi

# --- UseObject: external objects made once, used, destroyed once at the end ---
if "$MO2C" ExtPkg.UseObject -L "$D" -o "$D/obj" 2>"$D/obj.err"; then
    out=$(cd "$D" && ./obj -r=obj.csv 2>&1) || fail "UseObject: $out"
    [ "$(echo "$out" | sed 's/ ([01] left)$//' | sort)" = "$(printf 'The simulation finished successfully.\nfreed first\nfreed second')" ] &&
        echo "$out" | grep -q ' (0 left)$' ||
        fail "UseObject said: $out"
    awk -F, 'NR > 1 { e = $2 - 4 * $1; f = $3 + 4 * $1; if (e < 0) e = -e; if (f < 0) f = -f
        if (e > 1e-12 || f > 1e-12) { print "UseObject: " $0; exit 1 } }' "$D/obj.csv" || status=1
else
    fail "mo2c ExtPkg.UseObject: $(cat "$D/obj.err")"
fi

# --- LocalObject: scaledBy's object destroyed at the end of each call (1 left: the model's), the
#     model's once at the end ---
if "$MO2C" ExtPkg.LocalObject -L "$D" -o "$D/local" 2>"$D/local.err"; then
    out=$(cd "$D" && ./local -r=local.csv 2>&1) || fail "LocalObject: $out"
    calls=$(echo "$out" | grep -c '^freed local (1 left)$')
    [ "$calls" -ge 100 ] && [ "$(echo "$out" | grep -v '^freed local (1 left)$' | sort)" = \
        "$(printf 'The simulation finished successfully.\nfreed model (0 left)')" ] || fail "LocalObject said: $(echo "$out" | sort | uniq -c)"
    awk -F, 'NR > 1 { e = $2 - 2 * $1; f = $3 - 3 * $1; if (e < 0) e = -e; if (f < 0) f = -f
        if (e > 1e-12 || f > 1e-12) { print "LocalObject: " $0; exit 1 } }' "$D/local.csv" || status=1
else
    fail "mo2c ExtPkg.LocalObject: $(cat "$D/local.err")"
fi

# --- Ticks: the impure tick() once at initialization, once per sample: n = 1 + floor(4 t) ---
if "$MO2C" ExtPkg.Ticks -L "$D" -o "$D/ticks" 2>"$D/ticks.err"; then
    (cd "$D" && ./ticks -r=ticks.csv >/dev/null 2>&1) || fail "Ticks did not run"
    awk -F, 'NR > 1 { t = $1; k = t * 4; if (k - int(k) < 1e-9 || int(k) + 1 - k < 1e-9) next
        if ($2 != 1 + int(k)) { print "Ticks: n = " $2 " at t = " t ", expected " 1 + int(k); exit 1 } }' "$D/ticks.csv" || status=1
else
    fail "mo2c ExtPkg.Ticks: $(cat "$D/ticks.err")"
fi

# --- Fail ---
if "$MO2C" ExtPkg.Fail -L "$D" -o "$D/fail" 2>"$D/fail.err"; then
    out=$(cd "$D" && ./fail 2>&1); rc=$?
    [ $rc = 1 ] || fail "Fail: exit $rc, expected 1"
    echo "$out" | grep -Eq '^error: at time 0\.50[0-9]*: extpkg_checked: negative argument -[0-9.e-]+ \(in external function ExtPkg\.checked\)' \
        || fail "Fail said: $out"
else
    fail "mo2c ExtPkg.Fail: $(cat "$D/fail.err")"
fi

# --- ExternalMSL ---
if [ -n "$MSL" ]; then
    if "$MO2C" tests/models/ExternalMSL.mo -L "$MSL" -o "$D/emsl" 2>"$D/emsl.err"; then
        out=$(cd "$D" && ./emsl -r=emsl.csv 2>&1) || fail "ExternalMSL: $out"
        [ "$(echo "$out" | head -1)" = "half way" ] || fail "ExternalMSL printed: $out"
        awk -F, 'NR > 1 { e = $2 - 32.5 * $1; if (e < 0) e = -e; if (e > 1e-9 || $3 != 10) { print "ExternalMSL: " $0; exit 1 } }' \
            "$D/emsl.csv" || status=1
    else
        fail "mo2c ExternalMSL: $(cat "$D/emsl.err")"
    fi
fi
[ -z "$MSL" ] && [ $status = 0 ] && { echo "no MSL 4.0.0 in ../shared: only Fail was run"; exit 77; }
exit $status
