// A phase-controlled triac (two antiparallel ideal thyristors, written as the MSL's IdealThyristor is:
// s is the voltage while off, the current while on) feeding an RL load from a sine source, the circuit
// of the MSL's PowerConverters Dimmer_RL with its Ron = Goff = 1e-9. The firing angle alpha = 0.3 rad
// is below the load angle atan(2 pi f L / R) = 1.26 rad, so each thyristor is fired while the other
// still carries the current, and takes it over where the current passes zero: there the thyristor
// that is off has the voltage -Ron*i, below the rounding of the node voltages (tests/sim/mixed_triac.sh).
model TriacRL "phase-controlled triac feeding an RL load"
  parameter Real V = 100 "source amplitude";
  parameter Real f = 50 "source frequency";
  parameter Real R = 1;
  parameter Real L = 0.01;
  parameter Real alpha = 0.3 "firing angle (rad)";
  parameter Real Ron = 1e-9;
  parameter Real Goff = 1e-9;
  constant Real pi = 3.14159265358979;
  Real i(start = 0, fixed = true) "load current";
  Real va, vb;
  Real v1, i1, s1(start = 0);
  Real v2, i2, s2(start = 0);
  Boolean off1(start = true, fixed = true), off2(start = true, fixed = true);
  Boolean fire1, fire2;
equation
  va = V*sin(2*pi*f*time);
  // thyristor 1 is fired in the positive half-wave from alpha on, thyristor 2 in the negative one
  fire1 = sin(2*pi*f*time) > 0 and sin(2*pi*f*time - alpha) > 0;
  fire2 = sin(2*pi*f*time) < 0 and sin(2*pi*f*time - alpha) < 0;
  v1 = s1*(if off1 then 1 else Ron);
  i1 = s1*(if off1 then Goff else 1);
  off1 = s1 < 0 or pre(off1) and not fire1;
  v2 = s2*(if off2 then 1 else Ron);
  i2 = s2*(if off2 then Goff else 1);
  off2 = s2 < 0 or pre(off2) and not fire2;
  v1 = va - vb;
  v2 = vb - va;
  i = i1 - i2;
  vb = R*i + L*der(i);
  annotation(experiment(StopTime = 0.4, Interval = 1e-4));
end TriacRL;
