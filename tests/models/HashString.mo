model HashString "Modelica.Utilities.Strings.hashString, which the noise blocks' automatic local seeds come from"
  Integer h1 = Modelica.Utilities.Strings.hashString("DrydenContinuousTurbulence.whiteNoise");
  Integer h2 = Modelica.Utilities.Strings.hashString("ActuatorWithNoise.motor.uniformNoise");
  Integer h3 = Modelica.Utilities.Strings.hashString("a");
  Integer h4 = Modelica.Utilities.Strings.hashString("abcdefghijkl");
  annotation(experiment(StopTime = 1, Interval = 0.5));
end HashString;
