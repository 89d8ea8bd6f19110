package NlFlatColumn
  "A loop whose finite-difference Jacobian has a column of rounding zeros at the start
  (runtime/algebra.c nl_df; tests/sim/nl_flat_column.sh)"
  function pullUp
    "a saturated source, as a PMOS pull-up: 3.75e-4 A below 4 V, then linear down to 0 at 5 V (an
    algorithm: no symbolic Jacobian, the loop's is taken by differences)"
    input Real v;
    output Real i;
  algorithm
    if v < 4 then
      i := 3.75e-4;
    else
      i := 3.75e-4*(5 - v);
    end if;
  end pullUp;

  model PullUp
    "Spice3's Nand at t = 0 in small: the output v1 starts at 0, where the pull-up is saturated and only
    the leakages G = 1e-12 S move the node's current with its voltage: 1.5e-20 A for the difference step
    of 1.5e-8 V, under one ulp of the 3.75e-4 A. v1 drives the node v2 through a leak that conducts half
    as much backwards, and v2 leaks to ground likewise. Forwards, i = G (v1 - v2) = G v2: v2 = v1/2 and
    3.75e-4 (5 - v1) = 1.5 G v1, v1 = 5 * 3.75e-4/(3.75e-4 + 1.5 G)"
    parameter Real G = 1e-12;
    Real v1(start = 0);
    Real v2(start = 0);
    Real i;
  equation
    pullUp(v1) = i + G*v1;
    i = G*noEvent(if v1 > v2 then v1 - v2 else 0.5*(v1 - v2));
    i = noEvent(if v2 > 0 then G*v2 else 2*G*v2);
    annotation(experiment(StopTime = 1, Interval = 0.1));
  end PullUp;
end NlFlatColumn;
