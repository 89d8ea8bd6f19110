within;
package ByExample "Models in the spirit of Michael Tiller's book Modelica by Example, written against the MSL 3.2.3 (Modelica.SIunits); tests/sim/by_example.sh checks them against closed forms"
  model NewtonCooling "Newton's law of cooling with SI units (the book's first example)"
    parameter Modelica.SIunits.Temperature T_inf = Modelica.SIunits.Conversions.from_degC(25) "Ambient temperature";
    parameter Modelica.SIunits.Temperature T0 = Modelica.SIunits.Conversions.from_degC(90) "Initial temperature";
    parameter Modelica.SIunits.CoefficientOfHeatTransfer h = 0.7 "Convective cooling coefficient";
    parameter Modelica.SIunits.Area A = 1.0 "Surface area";
    parameter Modelica.SIunits.Mass m = 0.1 "Mass of thermal capacitance";
    parameter Modelica.SIunits.SpecificHeatCapacity c_p = 1.2 "Specific heat";
    Modelica.SIunits.Temperature T "Temperature";
  initial equation
    T = T0;
  equation
    m*c_p*der(T) = h*A*(T_inf - T);
    annotation (experiment(StopTime = 1));
  end NewtonCooling;

  model NewtonCoolingDynamic "Newton's law of cooling with an ambient temperature that steps up at t = 0.5 (an event)"
    parameter Modelica.SIunits.Temperature T0 = Modelica.SIunits.Conversions.from_degC(90) "Initial temperature";
    parameter Modelica.SIunits.CoefficientOfHeatTransfer h = 0.7 "Convective cooling coefficient";
    parameter Modelica.SIunits.Area A = 1.0 "Surface area";
    parameter Modelica.SIunits.Mass m = 0.1 "Mass of thermal capacitance";
    parameter Modelica.SIunits.SpecificHeatCapacity c_p = 1.2 "Specific heat";
    Modelica.SIunits.Temperature T_inf "Ambient temperature";
    Modelica.SIunits.Temperature T(start = T0, fixed = true) "Temperature";
  equation
    T_inf = Modelica.SIunits.Conversions.from_degC(if time < 0.5 then 25 else 60);
    m*c_p*der(T) = h*A*(T_inf - T);
    annotation (experiment(StopTime = 1));
  end NewtonCoolingDynamic;

  model CoolingComponents "The same cooling built from Modelica.Thermal.HeatTransfer components"
    parameter Modelica.SIunits.CoefficientOfHeatTransfer h = 0.7 "Convective cooling coefficient";
    parameter Modelica.SIunits.Area A = 1.0 "Surface area";
    Modelica.Thermal.HeatTransfer.Components.HeatCapacitor capacitor(C = 0.1*1.2,
      T(start = Modelica.SIunits.Conversions.from_degC(90), fixed = true));
    Modelica.Thermal.HeatTransfer.Components.ThermalConductor convection(G = h*A);
    Modelica.Thermal.HeatTransfer.Sources.FixedTemperature ambient(T = Modelica.SIunits.Conversions.from_degC(25));
  equation
    connect(capacitor.port, convection.port_a);
    connect(convection.port_b, ambient.port);
    annotation (experiment(StopTime = 1));
  end CoolingComponents;

  model CoolingBlocks "The same cooling as a block diagram: T = T0 + integral of k*(T_inf - T), and a first-order lag's step response"
    parameter Real k = 0.7*1.0/(0.1*1.2) "h*A/(m*c_p)";
    Modelica.Blocks.Sources.Constant ambient(k = Modelica.SIunits.Conversions.from_degC(25));
    Modelica.Blocks.Math.Feedback difference;
    Modelica.Blocks.Math.Gain gain(k = k);
    Modelica.Blocks.Continuous.Integrator temperature(y_start = Modelica.SIunits.Conversions.from_degC(90));
    Modelica.Blocks.Sources.Step step(height = 2, offset = 0, startTime = 0.2);
    Modelica.Blocks.Continuous.FirstOrder lag(k = 3, T = 0.25, initType = Modelica.Blocks.Types.Init.InitialOutput, y_start = 0);
  equation
    connect(ambient.y, difference.u1);
    connect(temperature.y, difference.u2);
    connect(difference.y, gain.u);
    connect(gain.y, temperature.u);
    connect(step.y, lag.u);
    annotation (experiment(StopTime = 1));
  end CoolingBlocks;

  model RLC "A series RLC circuit driven by a voltage step, from Modelica.Electrical.Analog components"
    Modelica.Electrical.Analog.Sources.StepVoltage source(V = 10, startTime = 0);
    Modelica.Electrical.Analog.Basic.Resistor resistor(R = 2);
    Modelica.Electrical.Analog.Basic.Inductor inductor(L = 1, i(start = 0, fixed = true));
    Modelica.Electrical.Analog.Basic.Capacitor capacitor(C = 0.01, v(start = 0, fixed = true));
    Modelica.Electrical.Analog.Basic.Ground ground;
  equation
    connect(source.p, resistor.p);
    connect(resistor.n, inductor.p);
    connect(inductor.n, capacitor.p);
    connect(capacitor.n, source.n);
    connect(source.n, ground.p);
    annotation (experiment(StopTime = 5));
  end RLC;

  model SMD "The book's rotational spring-mass-damper (the seed's SMD) from Modelica.Mechanics.Rotational components"
    Modelica.Mechanics.Rotational.Components.Fixed ground;
    Modelica.Mechanics.Rotational.Components.Damper damper2(d = 1);
    Modelica.Mechanics.Rotational.Components.Spring spring2(c = 5);
    Modelica.Mechanics.Rotational.Components.Inertia inertia2(J = 1, phi(fixed = true, start = 1), w(fixed = true, start = 0));
    Modelica.Mechanics.Rotational.Components.Damper damper1(d = 0.2);
    Modelica.Mechanics.Rotational.Components.Spring spring1(c = 11);
    Modelica.Mechanics.Rotational.Components.Inertia inertia1(J = 0.4, phi(fixed = true, start = 0), w(fixed = true, start = 0));
  equation
    connect(ground.flange, damper2.flange_b);
    connect(ground.flange, spring2.flange_b);
    connect(damper2.flange_a, inertia2.flange_b);
    connect(spring2.flange_a, inertia2.flange_b);
    connect(inertia2.flange_a, damper1.flange_b);
    connect(inertia2.flange_a, spring1.flange_b);
    connect(damper1.flange_a, inertia1.flange_b);
    connect(spring1.flange_a, inertia1.flange_b);
    annotation (experiment(StopTime = 5, Interval = 0.01));
  end SMD;
end ByExample;
