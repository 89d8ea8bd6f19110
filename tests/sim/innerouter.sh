#!/usr/bin/env bash
# inner/outer (tests/models/InnerOuter.mo): three balls fall, each in the field of the world that its
# outer element denotes: the model's inner (g = 1.62), a Planet's own inner that shadows it (3.71), and
# an inner outer world whose binding reads the enclosing one (3.24). Against the closed forms
# h = h0 - g t^2 / 2, v = -g t (written by awk here, not by mo2c), within 1e-6 at -tolerance=1e-9.
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/innerouter
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/InnerOuter.mo -o "$D/io" || exit 1
simulate "$D" io -stopTime=2 -stepSize=0.01 -tolerance=1e-9 -r=res.csv || exit 1
awk 'BEGIN {
    print "\"time\",\"b.h\",\"b.v\",\"mars.ball.h\",\"mars.ball.v\",\"moon.ball.h\",\"moon.ball.v\""
    for (i = 0; i <= 200; i++) {
        t = i / 100
        printf "%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", t, 10 - 1.62 * t * t / 2, -1.62 * t,
            20 - 3.71 * t * t / 2, -3.71 * t, 10 - 3.24 * t * t / 2, -3.24 * t
    }
}' > "$D/ref.csv"
"$REFBIN/csvcmp" --abs 1e-6 "$D/ref.csv" "$D/res.csv" b.h b.v mars.ball.h mars.ball.v moon.ball.h moon.ball.v
