#!/usr/bin/env bash
# Operator records end to end: the MSL's Complex (constructors, '+', '-', '*', '/', conversions of Real
# operands, arrays of Complex, Modelica.ComplexMath.j, abs, arg, conj, real of an expression, named
# constructor arguments, abs and conj applied element by element, fill) in tests/models/ComplexSim.mo,
# against the closed forms of the phasor computation (Z = 2 + 1.5j, v = exp(j t), i = v / Z,
# p = v conj(i) = 0.4 exp(j phi) with phi = atan2(1.5, 2)), computed here with awk, within 1e-9.
source tests/ref/lib.sh
build_ref_tools || exit 1
[ -n "${SHARED:-}" ] && [ -d "$SHARED/msl/4.0.0" ] || { echo "no MSL in ../shared"; exit 77; }
D=$OUT/complex
rm -rf "$D"; mkdir -p "$D"
"$MO2C" -L "$SHARED/msl/4.0.0" tests/models/ComplexSim.mo -o "$D/ComplexSim" || { echo "mo2c failed"; exit 1; }
simulate "$D" ComplexSim -outputFormat=csv -r=res.csv || exit 1
awk 'BEGIN {
    print "\"time\",\"Z.re\",\"Z.im\",\"i.re\",\"i.im\",\"mag\",\"ph\",\"p.re\",\"p.im\",\"s[2].re\",\"s[2].im\",\"pr\",\"q.re\",\"q.im\",\"av[1]\",\"av[2]\",\"cv[1].im\",\"cv[2].im\",\"f3[3].re\""
    phi = atan2(1.5, 2)
    for (k = 0; k <= 500; k++) {
        t = k * 0.002
        ir = 0.4 * cos(t - phi); ii = 0.4 * sin(t - phi)
        printf "%.10g,2,1.5,%.15g,%.15g,0.4,%.15g,%.15g,%.15g,%.15g,%.15g,%.15g,%.10g,2,2,2.5,%.15g,-1.5,2\n",
            t, ir, ii, t - phi, 0.4 * cos(phi), 0.4 * sin(phi), -cos(t) - ir, -sin(t) - ii, 0.4 * cos(phi), t,
            -2 * sin(t)
    }
}' > "$D/ref.csv"
"$REFBIN/csvcmp" --abs 1e-9 "$D/ref.csv" "$D/res.csv" Z.re Z.im i.re i.im mag ph p.re p.im 's[2].re' 's[2].im' pr \
    q.re q.im 'av[1]' 'av[2]' 'cv[1].im' 'cv[2].im' 'f3[3].re'
