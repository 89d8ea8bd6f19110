within;
// A well-mixed water volume of the MSL's ConstantPropertyLiquidWater (constant cp = cv = 4184, d =
// 995.586: Modelica.Media.Water.ConstantPropertyLiquidWater, which sets them by modifying the extends
// clause of PartialSimpleMedium), fed with water at T_in and drained at the same mass flow: the
// BaseProperties of the medium read cp_const, cv_const, d_const, T0, T_min and T_max as the package
// that inherits them gives them. Energy balance m du/dt = mflow (h_in - h) with m = d V, u = cv (T - T0),
// h = cp (T - T0): T = T_in + (T_start - T_in) exp(-mflow cp t / (d V cv)) (tests/sim/media_mixing.sh).
model MediaMixing
  package Medium = Modelica.Media.Water.ConstantPropertyLiquidWater;
  Medium.BaseProperties medium(T(start = 293.15, fixed = true), preferredMediumStates = true);
  parameter Modelica.Units.SI.Volume V = 0.01;
  parameter Modelica.Units.SI.MassFlowRate mflow = 0.5;
  parameter Medium.Temperature T_in = 353.15;
  final parameter Medium.SpecificEnthalpy h_in = Medium.specificEnthalpy_pTX(1e5, T_in, Medium.X_default);
  Modelica.Units.SI.Mass m = medium.d * V;
  Medium.MassFlowRate mf = mflow "a type of the medium, whose quantity names it";
equation
  medium.p = 1e5;
  m * der(medium.u) = mflow * (h_in - medium.h);
  annotation(experiment(StopTime = 60));
end MediaMixing;
