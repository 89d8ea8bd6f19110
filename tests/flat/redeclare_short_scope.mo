// A class redeclared in the modifier of a component, as a short class with a modifier of its own:
// the modifier is written in the enclosing model, so its names are that model's components, even when
// the class is used deeper down (Fluid's InverseParameterization: pipe1(redeclare model FlowModel =
// NominalTurbulentPipeFlow(m_flow_turbulent = eps_m_flow_turbulent)), used by pipe1's flowModel; and
// PumpingSystem: pumps(redeclare function flowCharacteristic = quadraticFlow(V_flow_nominal = ...)), the
// default of a function's input, called inside pumps).
package S
  model Flow
    parameter Real mt = 1;
    Real m = mt * time;
  end Flow;
  model Pipe
    replaceable model FM = Flow;
    FM fm;
  end Pipe;
  partial function base
    input Real x;
    output Real y;
  end base;
  function quad
    extends base;
    input Real a[2] = {1, 1};
  algorithm
    y := a[1] + a[2] * x;
  end quad;
  model Pump
    replaceable function ch = base;
    parameter Real q = 2;
    Real h = ch(q * time);
  end Pump;
  model Sys
    parameter Real eps = 0.1;
    parameter Real k = 3;
    Pipe pipe(redeclare model FM = Flow(mt = eps * 2));
    Pump pump(redeclare function ch = quad(a = {k, eps}));
  end Sys;
end S;
// MODEL: S.Sys
