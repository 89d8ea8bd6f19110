#!/usr/bin/env bash
# The C that mo2c writes for MSL examples compiles without warnings under gcc -Wall -Wextra (the brief's
# rule; the walks build with the default flags and would not notice): a few examples that cover the
# kinds of generated code (IF97 media functions and their derivatives, Fluid's pipes and asserts, a
# friction clutch's mixed system, MultiBody's index reduction and its run-time state-choice guard,
# clocked partitions, tables through the library's C). -fsyntax-only: gcc's front-end warnings, no code.
source tests/ref/lib.sh
[ -n "${SHARED:-}" ] && [ -d "$SHARED/msl/4.0.0" ] || { echo "no MSL in ../shared"; exit 77; }
D=$OUT/library_c_warnings
rm -rf "$D"; mkdir -p "$D"
status=0
for m in Modelica.Fluid.Examples.NonCircularPipes Modelica.Media.Examples.WaterIF97 \
         Modelica.Mechanics.Rotational.Examples.CoupledClutches Modelica.Mechanics.MultiBody.Examples.Elementary.Pendulum \
         Modelica.Mechanics.MultiBody.Examples.Elementary.DoublePendulum Modelica.Clocked.Examples.SimpleControlledDrive.ClockedWithDiscreteController \
         Modelica.Blocks.Examples.Filter Modelica.Thermal.HeatTransfer.Examples.Motor Modelica.Magnetic.FundamentalWave.Examples.BasicMachines.InductionMachines.IMC_Conveyor Modelica.Electrical.Digital.Examples.RAM; do
    (cd "$D" && "$MO2C" --emit-c -L "$SHARED/msl/4.0.0" "$m" > "$m.log" 2>&1) ||
        { echo "FAIL: mo2c --emit-c $m: $(grep -m1 error "$D/$m.log")"; status=1; continue; }
    c=$D/${m##*.}.c
    gcc -std=c11 -Wall -Wextra -fsyntax-only -Iruntime "$c" > "$D/$m.cc.log" 2>&1
    if grep -q "warning:" "$D/$m.cc.log"; then
        echo "FAIL: $m: $(grep -c 'warning:' "$D/$m.cc.log") warnings, the first:"; grep -m1 -A2 "warning:" "$D/$m.cc.log"; status=1
    fi
done
exit $status
