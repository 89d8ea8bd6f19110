// Units of measure (specification chapter 19): UnitsGood is consistent throughout and must check clean;
// UnitsBad holds one mistake in a class with two instances (told once) and a volt plus a metre.
package Units
  type Voltage = Real(unit = "V");
  type Current = Real(unit = "A");
  type Resistance = Real(unit = "Ohm");
  type Capacitance = Real(unit = "F");
  type Length = Real(unit = "m");
  type Velocity = Real(unit = "m/s");
  type Acceleration = Real(unit = "m/s2");
  type Time = Real(unit = "s");
  type Energy = Real(unit = "J");
  type Mass = Real(unit = "kg");
  constant Acceleration g_n = 9.80665;
  constant Real pi = 3.14159265358979;

  connector Pin
    Voltage v;
    flow Current i;
  end Pin;

  model Resistor
    Pin p, n;
    parameter Resistance R = 1;
    Voltage v;
    Current i;
  equation
    v = p.v - n.v;
    0 = p.i + n.i;
    i = p.i;
    v = R*i;
  end Resistor;

  model Capacitor
    Pin p, n;
    parameter Capacitance C = 1e-3;
    Voltage v(start = 1, fixed = true);
    Current i;
  equation
    v = p.v - n.v;
    0 = p.i + n.i;
    i = p.i;
    C*der(v) = i;
  end Capacitor;

  model Ground
    Pin p;
  equation
    p.v = 0;
  end Ground;

  model UnitsGood "an RC circuit and a falling mass: every unit consistent"
    Resistor r(R = 100);
    Capacitor c(C = 1e-3);
    Ground gnd;
    parameter Mass m = 2;
    parameter Length h0 = 10;
    parameter Time T = 0.5;
    Length h(start = h0, fixed = true);
    Velocity vh(start = 0, fixed = true);
    Energy E "potential plus kinetic energy";
    Real tau(unit = "s") = r.R*c.C;
    Velocity vmax = sqrt(2*g_n*h0);
    Real ratio(unit = "1") = exp(-time/tau) + sin(2*pi*time/T);
    Length hc = if h > 0 then h else 0;
    Real p(unit = "kg.m/s") = m*vh;
    Real s2(unit = "m2") = h^2;
  equation
    connect(r.p, c.p);
    connect(r.n, c.n);
    connect(c.n, gnd.p);
    der(h) = vh;
    der(vh) = -g_n;
    E = m*g_n*h + m*vh^2/2;
  end UnitsGood;

  model Spring "a mistake in a class: a force from a length without the stiffness"
    parameter Real c(unit = "N/m") = 10;
    Length s;
    Real f(unit = "N");
  equation
    f = s;
  end Spring;

  model UnitsBad
    Spring s1(s = time), s2(s = 2*time);
    Voltage u = sin(time);
    Length x = time;
    Real w = u + x;
  end UnitsBad;
end Units;
