#!/usr/bin/env bash
# Cloned components (flatten_clone.c) must flatten exactly as components flattened from their
# declarations: `--flat` prints the same text with and without --no-clone, for the clone fixture
# tests/models/Clones.mo, every flat golden's model, every example of the bundled library and a chain.
# The emitted C of a chain and two library examples is the same both ways as well.
# Then checks that the fixture's clones carry their own values (c2 and c3 are copies of c1; z2, z3 and
# q1..q3 depend on structural parameters and are flattened one by one). Every simulation test runs on
# cloned components too (mo_flat_unshare hands the back end trees of their own).
set -u
cd "${ROOT:-.}"
MO2C=${MO2C:-build/mo2c}
OUT=${OUT:-/tmp}
fail=0
compare() { # label, mo2c arguments...
    local label=$1; shift
    "$MO2C" --flat "$@" > "$OUT/clone_a.flat" 2> "$OUT/clone_a.err"; local ra=$?
    "$MO2C" --no-clone --flat "$@" > "$OUT/clone_b.flat" 2> "$OUT/clone_b.err"; local rb=$?
    if [ $ra -ne $rb ] || ! cmp -s "$OUT/clone_a.flat" "$OUT/clone_b.flat" || ! cmp -s "$OUT/clone_a.err" "$OUT/clone_b.err"; then
        echo "FAIL: $label: output differs with and without --no-clone (exit $ra / $rb)"
        diff "$OUT/clone_a.flat" "$OUT/clone_b.flat" | head -10
        fail=1
    fi
    n=$((n + 1))
}
n=0
compare "Clones.Model" tests/models/Clones.mo Clones.Model
for f in tests/flat/*.mo; do
    model=$(grep -E '^// MODEL:' "$f" | sed -E 's|^// MODEL: ?||')
    args=$(grep -E '^// ARGS:' "$f" | sed -E 's|^// ARGS: ?||')
    case "$args" in
        *--flat*) file=$(echo "$args" | sed -E 's|--flat ||; s|%f|'"$f"'|') ;;
        "") file=$f ;;
        *) file=$f ;;   # --dump cases: their model flattens too
    esac
    # shellcheck disable=SC2086
    compare "$f" $file $model
done
for f in $(find models -path '*Examples*' -name '*.mo' ! -name package.mo | sort); do
    compare "$f" "$f"
done
for f in tests/models/*.mo; do
    compare "$f" "$f"
done
bash bench/gen_chain.sh 200 "$OUT/Chain200.mo"
compare "chain of 200 units" "$OUT/Chain200.mo"

# the back end sees the same model too (mo_flat_unshare): the same C, byte for byte
for f in "$OUT/Chain200.mo" models/ModelicaByExample/Components/Rotational/Examples/SMD.mo \
         models/Modelica/Electrical/Analog/Examples/RLCSeries.mo; do
    # the same C file name in two directories: the header's compile line names it
    mkdir -p "$OUT/clone_a" "$OUT/clone_b"
    (cd "$OUT/clone_a" && "$MO2C" --emit-c "$(cd "$OLDPWD" && realpath "$f")" -o clone.c) &&
        (cd "$OUT/clone_b" && "$MO2C" --no-clone --emit-c "$(cd "$OLDPWD" && realpath "$f")" -o clone.c)
    if ! cmp -s "$OUT/clone_a/clone.c" "$OUT/clone_b/clone.c"; then echo "FAIL: $f: emitted C differs with --no-clone"; fail=1; fi
done

# the fixture's clones are real: the flat text names every instance with its own values
out=$("$MO2C" --flat tests/models/Clones.mo Clones.Model)
for want in "parameter Real c3.s2.c = 2 * c3.k;" "parameter Real c3.k = kk / 2;" \
            "Real free2.phi(start = kk, fixed = true)" "parameter Real arr[3].m = 3;" \
            "der(z3.x[3]) = -3 * z3.x[3];" "parameter Real self2.phi0 = 2 * self2.m;" \
            "parameter String s2.t = \"bx\";" "parameter Boolean s3.b = false;" "parameter Real ahead2.m = ahead3.m2;" "der(q1.y) = -10 * q1.y;" "der(q3.y) = -q3.y;"; do
    if ! grep -qF -- "$want" <<<"$out"; then echo "FAIL: Clones.Model: expected '$want'"; fail=1; fi
done
[ $fail -eq 0 ] && echo "$n models flatten identically with and without cloning"
exit $fail
