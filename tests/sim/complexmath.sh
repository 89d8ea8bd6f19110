#!/usr/bin/env bash
# Modelica.ComplexMath of the MSL 4.0.0 (tests/models/ComplexMathFns.mo): sin, cos, tan, asin, acos, atan,
# sinh, tanh, asinh, acosh, atanh, exp, log, sqrt, sum, product, max, Vectors.norm, length, normalize,
# reverse, whose bodies compute with Complex's operators, arrays of Complex and comprehensions of records,
# and v .* w (element by element) against v * w (Complex's scalarProduct), against Python's cmath
# (tests/ref/complexmath_ref.py), within 1e-12.
source tests/ref/lib.sh
build_ref_tools || exit 1
[ -n "${SHARED:-}" ] && [ -d "$SHARED/msl/4.0.0" ] || { echo "no MSL in ../shared"; exit 77; }
D=$OUT/complexmath
rm -rf "$D"; mkdir -p "$D"
"$MO2C" -L "$SHARED/msl/4.0.0" tests/models/ComplexMathFns.mo -o "$D/ComplexMathFns" || { echo "mo2c failed"; exit 1; }
simulate "$D" ComplexMathFns -outputFormat=csv -r=res.csv || exit 1
python3 tests/ref/complexmath_ref.py > "$D/ref.csv" || exit 1
cols=$(head -1 "$D/ref.csv" | tr -d '"' | tr ',' ' ' | cut -d' ' -f2-)
# shellcheck disable=SC2086
"$REFBIN/csvcmp" --abs 1e-12 "$D/ref.csv" "$D/res.csv" $cols || exit 1
# The MSL's own test of Complex and ComplexMath (ModelicaTest.ComplexMath.ComplexFunctions: every operator and
# function against reference values, 1e-14, as asserts in a function body): runs, and returns true.
"$MO2C" -L "$SHARED/msl/4.0.0" ModelicaTest.ComplexMath.TestComplexFunctions -o "$D/TestComplexFunctions" ||
    { echo "mo2c failed on ModelicaTest.ComplexMath.TestComplexFunctions"; exit 1; }
simulate "$D" TestComplexFunctions -outputFormat=csv -r=test.csv || exit 1
tail -1 "$D/test.csv" | grep -qx '0,1' || { echo "ModelicaTest.ComplexMath.ComplexFunctions returned false"; exit 1; }
