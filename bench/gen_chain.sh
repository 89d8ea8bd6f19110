#!/usr/bin/env bash
# gen_chain.sh N [FILE] - write a model of a chain of N inertia-spring-damper units, as plain declarations
# and connects over the ModelicaByExample rotational components: unit i is a spring and a damper in
# parallel from the previous inertia (the ground for i = 1) to inertia i. Default FILE: stdout.
set -eu
n=${1:?usage: gen_chain.sh N [FILE]}
out=${2:-/dev/stdout}
awk -v n="$n" 'BEGIN {
    printf "model Chain%d \"%d inertia-spring-damper units\"\n", n, n
    print "  import ModelicaByExample.Components.Rotational.Components;"
    print "  Components.Ground ground;"
    for (i = 1; i <= n; i++) {
        printf "  Components.Spring spring%d(c = %g);\n", i, 1 + (i % 7)
        printf "  Components.Damper damper%d(d = %g);\n", i, 0.1 + (i % 5) * 0.05
        printf "  Components.Inertia inertia%d(J = %g, phi(fixed = true, start = %g), w(fixed = true, start = 0));\n", i, 1 + (i % 3) * 0.5, (i == n) ? 1 : 0
    }
    print "equation"
    for (i = 1; i <= n; i++) {
        prev = (i == 1) ? "ground.flange_a" : sprintf("inertia%d.flange_b", i - 1)
        printf "  connect(%s, spring%d.flange_a);\n", prev, i
        printf "  connect(%s, damper%d.flange_a);\n", prev, i
        printf "  connect(spring%d.flange_b, inertia%d.flange_a);\n", i, i
        printf "  connect(damper%d.flange_b, inertia%d.flange_a);\n", i, i
    }
    printf "end Chain%d;\n", n
}' > "$out"
