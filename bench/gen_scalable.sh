#!/usr/bin/env bash
# gen_scalable.sh FAMILY FORM N [FILE] - models in the style of the ScalableTestSuite library (F. Casella,
# "Simulation of Large-Scale Models in Modelica: State of the Art and Future Perspectives", Modelica
# Conference 2015), written from the families' published equations, each in two forms:
#   FORM array: one model over arrays and for-equations (or arrays of components connected in a for-loop);
#               the model text does not grow with N;
#   FORM comp:  the same system declared component by component (one declaration and its connects per
#               element), over the bundled library (models/) or a small class of the file itself.
# Families (N is the size parameter; the model is named <Family>_<form>_<N>):
#   cascaded    CascadedFirstOrder: N first-order lags in series, tau = T/N (T = 1), x(0) = 0, input 1:
#               tau*der(x[1]) = 1 - x[1], tau*der(x[i]) = x[i-1] - x[i]. N states. Closed form: x[k](t) is
#               the Erlang distribution function, 1 - exp(-t/tau) * sum_{j<k} (t/tau)^j / j!.
#   oscillator  HarmonicOscillator: N masses m = 1 in a line joined by N-1 springs k = 10, free ends; the
#               first mass starts at x = N, the others at 0, all at rest. 2N states. Closed form: the
#               free-free chain's modes (a discrete cosine basis, tests/ref/scalable_ref.py).
#   heat        1-D heat conduction in a rod (finite volumes; L = 0.2 m, A = 0.05 m^2, aluminium: cp = 910,
#               lambda = 237, rho = 2712), N nodes: node N held at TN = 330 K, node 1 insulated, nodes
#               1..N-1 start at T0 = 273.15 K. N-1 states, stiff (the fastest mode decays at about
#               4 lambda/(rho cp dx^2)). comp: HeatCapacitor, ThermalConductor, FixedTemperature.
#   network     DC distribution network: a source (600 V ramped over 1 s) feeds a primary line of N
#               resistors R_d1 = R_l/(M^2 N^2 alpha); after each primary segment i a secondary line of M = N
#               resistors R_d2 = R_l/(M^2 alpha), and after each secondary segment j a load R_l = 1 to
#               ground (alpha = 2). N^2 loads, no state: one linear system of about 4 N^2 unknowns.
#               comp: Resistor, Ground, SignalVoltage.
# Default FILE: stdout. Only awk and the shell.
set -eu
fam=${1:?usage: gen_scalable.sh cascaded|oscillator|heat|network array|comp N [FILE]}
form=${2:?usage: gen_scalable.sh FAMILY array|comp N [FILE]}
n=${3:?usage: gen_scalable.sh FAMILY FORM N [FILE]}
out=${4:-/dev/stdout}
case $form in array|comp) ;; *) echo "gen_scalable.sh: FORM must be array or comp" >&2; exit 2 ;; esac
case $fam in
    cascaded) name=CascadedFirstOrder; min=1 ;;
    oscillator) name=HarmonicOscillator; min=2 ;;
    heat) name=HeatConduction; min=3 ;;
    network) name=DistributionSystem; min=2 ;;
    *) echo "gen_scalable.sh: unknown family '$fam'" >&2; exit 2 ;;
esac
[ "$n" -ge "$min" ] 2>/dev/null || { echo "gen_scalable.sh: N must be an integer >= $min for $fam" >&2; exit 2; }
model=${name}_${form}_$n

awk -v fam="$fam" -v form="$form" -v n="$n" -v model="$model" '
function p(s) { print s }
BEGIN {
    printf "model %s \"%s, %s form, N = %d (bench/gen_scalable.sh)\"\n", model, fam, form, n
    if (fam == "cascaded") cascaded(); else if (fam == "oscillator") oscillator();
    else if (fam == "heat") heat(); else network()
    printf "end %s;\n", model
}
function cascaded(   i) {
    p("  parameter Integer N = " n ";")
    p("  parameter Real T = 1 \"delay of the whole cascade\";")
    p("  final parameter Real tau = T/N \"time constant of each stage\";")
    if (form == "array") {
        p("  Real x[N](each start = 0, each fixed = true);")
        p("equation")
        p("  tau*der(x[1]) = 1 - x[1];")
        p("  for i in 2:N loop")
        p("    tau*der(x[i]) = x[i - 1] - x[i];")
        p("  end for;")
    } else {
        p("  block Lag \"a first-order lag\"")
        p("    parameter Real tau;")
        p("    Modelica.Blocks.Interfaces.RealInput u;")
        p("    Modelica.Blocks.Interfaces.RealOutput y(start = 0, fixed = true);")
        p("  equation")
        p("    tau*der(y) = u - y;")
        p("  end Lag;")
        for (i = 1; i <= n; i++) printf "  Lag x%d(tau = tau);\n", i
        p("equation")
        p("  x1.u = 1;")
        for (i = 2; i <= n; i++) printf "  connect(x%d.y, x%d.u);\n", i - 1, i
    }
    p("  annotation(experiment(StopTime = 2, Tolerance = 1e-6));")
}
function oscillator(   i) {
    p("  parameter Integer N = " n ";")
    p("  parameter Real m = 1 \"mass of each body\";")
    p("  parameter Real k = 10 \"stiffness of each spring\";")
    if (form == "array") {
        p("  Real x[N] \"positions\";")
        p("  Real v[N] \"velocities\";")
        p("equation")
        p("  for i in 1:N loop")
        p("    der(x[i]) = v[i];")
        p("  end for;")
        p("  m*der(v[1]) = k*(x[2] - x[1]);")
        p("  for i in 2:N - 1 loop")
        p("    m*der(v[i]) = k*(x[i - 1] - x[i]) + k*(x[i + 1] - x[i]);")
        p("  end for;")
        p("  m*der(v[N]) = k*(x[N - 1] - x[N]);")
        p("initial equation")
        p("  x[1] = N;")
        p("  for i in 2:N loop")
        p("    x[i] = 0;")
        p("  end for;")
        p("  for i in 1:N loop")
        p("    v[i] = 0;")
        p("  end for;")
    } else {
        p("  import Modelica.Mechanics.Translational.Components;")
        for (i = 1; i <= n; i++)
            printf "  Components.Mass x%d(m = m, s(start = %d, fixed = true), v(start = 0, fixed = true));\n", i, i == 1 ? n : 0
        for (i = 1; i < n; i++) printf "  Components.Spring k%d(c = k);\n", i
        p("equation")
        for (i = 1; i < n; i++) {
            printf "  connect(x%d.flange_b, k%d.flange_a);\n", i, i
            printf "  connect(k%d.flange_b, x%d.flange_a);\n", i, i + 1
        }
    }
    p("  annotation(experiment(StopTime = 10, Tolerance = 1e-6));")
}
function heat(   i) {
    p("  parameter Integer N = " n " \"nodes\";")
    p("  parameter Real L = 0.2 \"length of the rod\";")
    p("  parameter Real A = 0.05 \"cross section\";")
    p("  parameter Real cp = 910, lambda = 237, rho = 2712;")
    p("  parameter Real T0 = 273.15 \"initial temperature\";")
    p("  parameter Real TN = 330 \"temperature held at node N\";")
    p("  final parameter Real dx = L/(N - 1);")
    if (form == "array") {
        p("  Real T[N](each start = T0);")
        p("initial equation")
        p("  for i in 1:N - 1 loop")
        p("    T[i] = T0;")
        p("  end for;")
        p("equation")
        p("  T[N] = TN;")
        p("  der(T[1]) = lambda*(T[2] - T[1])/dx/(cp*rho*dx);")
        p("  for i in 2:N - 1 loop")
        p("    der(T[i]) = lambda*((T[i - 1] - T[i])/dx + (T[i + 1] - T[i])/dx)/(cp*rho*dx);")
        p("  end for;")
    } else {
        p("  import Modelica.Thermal.HeatTransfer.Components;")
        p("  Modelica.Thermal.HeatTransfer.Sources.FixedTemperature held(T = TN);")
        for (i = 1; i < n; i++) {
            printf "  Components.HeatCapacitor c%d(C = cp*rho*A*dx, T(start = T0, fixed = true));\n", i
            printf "  Components.ThermalConductor g%d(G = lambda*A/dx);\n", i
        }
        p("equation")
        for (i = 1; i < n; i++) {
            printf "  connect(c%d.port, g%d.port_a);\n", i, i
            if (i < n - 1) printf "  connect(g%d.port_b, c%d.port);\n", i, i + 1
            else printf "  connect(g%d.port_b, held.port);\n", i
        }
    }
    p("  annotation(experiment(StopTime = 100, Tolerance = 1e-6));")
}
function network(   i, j) {
    p("  parameter Integer N = " n " \"segments of the primary line\";")
    p("  parameter Integer M = N \"segments of each secondary line\";")
    p("  parameter Real alpha = 2 \"oversizing of the lines\";")
    p("  parameter Real R_l = 1 \"each load\";")
    p("  parameter Real R_d2 = R_l/(M^2*alpha) \"each secondary segment\";")
    p("  parameter Real R_d1 = R_l/(M^2*N^2*alpha) \"each primary segment\";")
    p("  parameter Real V_ref = 600;")
    p("  import Modelica.Electrical.Analog.Basic;")
    p("  Modelica.Electrical.Analog.Sources.SignalVoltage source;")
    p("  Basic.Ground sourceGround;")
    if (form == "array") {
        p("  Basic.Resistor primary[N](each R = R_d1);")
        p("  Basic.Resistor secondary[N, M](each R = R_d2);")
        p("  Basic.Resistor load[N, M](each R = R_l);")
        p("  Basic.Ground ground[N, M];")
        p("equation")
        p("  source.v = V_ref*time;")
        p("  connect(source.p, primary[1].p);")
        p("  connect(source.n, sourceGround.p);")
        p("  for i in 1:N - 1 loop")
        p("    connect(primary[i].n, primary[i + 1].p);")
        p("  end for;")
        p("  for i in 1:N loop")
        p("    connect(primary[i].n, secondary[i, 1].p);")
        p("    for j in 1:M - 1 loop")
        p("      connect(secondary[i, j].n, secondary[i, j + 1].p);")
        p("    end for;")
        p("    for j in 1:M loop")
        p("      connect(secondary[i, j].n, load[i, j].p);")
        p("      connect(load[i, j].n, ground[i, j].p);")
        p("    end for;")
        p("  end for;")
    } else {
        for (i = 1; i <= n; i++) {
            printf "  Basic.Resistor primary_%d(R = R_d1);\n", i
            for (j = 1; j <= n; j++)
                printf "  Basic.Resistor secondary_%d_%d(R = R_d2);\n  Basic.Resistor load_%d_%d(R = R_l);\n  Basic.Ground ground_%d_%d;\n", i, j, i, j, i, j
        }
        p("equation")
        p("  source.v = V_ref*time;")
        p("  connect(source.p, primary_1.p);")
        p("  connect(source.n, sourceGround.p);")
        for (i = 1; i <= n; i++) {
            if (i < n) printf "  connect(primary_%d.n, primary_%d.p);\n", i, i + 1
            printf "  connect(primary_%d.n, secondary_%d_1.p);\n", i, i
            for (j = 1; j <= n; j++) {
                if (j < n) printf "  connect(secondary_%d_%d.n, secondary_%d_%d.p);\n", i, j, i, j + 1
                printf "  connect(secondary_%d_%d.n, load_%d_%d.p);\n", i, j, i, j
                printf "  connect(load_%d_%d.n, ground_%d_%d.p);\n", i, j, i, j
            }
        }
    }
    p("  annotation(experiment(StopTime = 1, Tolerance = 1e-6));")
}' > "$out"
