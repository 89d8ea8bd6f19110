package QuarterTurns "cos and sin of whole quarter turns, computed when the model is compiled, are exact"
  constant Real pi = 2 * asin(1.0) "as Modelica.Constants.pi";
  function cosOf "cos(a), through a function evaluated when the model is compiled"
    input Real a;
    output Real c;
  algorithm
    c := cos(a);
  end cosOf;
  model M
    final parameter Real orientation[2] = {0, QuarterTurns.pi / 2} "as FundamentalWave's rotor cage";
    final parameter Real N = cosOf(orientation[2]) "0, not 6.1e-17";
    final parameter Real S = sin(3 * QuarterTurns.pi / 2) "-1";
    final parameter Real C = cos((3 - 1) * 2 * QuarterTurns.pi / 4 * 2) "cos(2 pi) = 1";
    final parameter Real near = cos(1.5707963) "no quarter turn: 2.6794896585028633e-08";
    Real w, z, y;
  equation
    w = time;
    N * w + z = time "z = time exactly";
    y = S * time + C * time + near "exactly 2.6794896585028633e-08";
  end M;
end QuarterTurns;
