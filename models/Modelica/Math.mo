within Modelica;
package Math "Mathematical functions: the elementary ones map to the built-ins of mo2c"
  // Each function is declared external "builtin": mo2c resolves a call of Modelica.Math.sin (or of sin
  // after an import) to the built-in sin, which generated code evaluates and differentiation knows.
  function sin "Sine"
    input Real u;
    output Real y;
  external "builtin" y = sin(u);
  end sin;

  function cos "Cosine"
    input Real u;
    output Real y;
  external "builtin" y = cos(u);
  end cos;

  function tan "Tangent (u shall not be -pi/2, pi/2, 3*pi/2, ...)"
    input Real u;
    output Real y;
  external "builtin" y = tan(u);
  end tan;

  function asin "Inverse sine (-1 <= u <= 1)"
    input Real u;
    output Real y;
  external "builtin" y = asin(u);
  end asin;

  function acos "Inverse cosine (-1 <= u <= 1)"
    input Real u;
    output Real y;
  external "builtin" y = acos(u);
  end acos;

  function atan "Inverse tangent"
    input Real u;
    output Real y;
  external "builtin" y = atan(u);
  end atan;

  function sinh "Hyperbolic sine"
    input Real u;
    output Real y;
  external "builtin" y = sinh(u);
  end sinh;

  function cosh "Hyperbolic cosine"
    input Real u;
    output Real y;
  external "builtin" y = cosh(u);
  end cosh;

  function tanh "Hyperbolic tangent"
    input Real u;
    output Real y;
  external "builtin" y = tanh(u);
  end tanh;

  function asinh "Inverse of sinh"
    input Real u;
    output Real y;
  external "builtin" y = asinh(u);
  end asinh;

  function acosh "Inverse of cosh (u >= 1)"
    input Real u;
    output Real y;
  external "builtin" y = acosh(u);
  end acosh;

  function atanh "Inverse of tanh (-1 < u < 1)"
    input Real u;
    output Real y;
  external "builtin" y = atanh(u);
  end atanh;

  function exp "Exponential, base e"
    input Real u;
    output Real y;
  external "builtin" y = exp(u);
  end exp;

  function log "Natural (base e) logarithm (u shall be > 0)"
    input Real u;
    output Real y;
  external "builtin" y = log(u);
  end log;

  function log10 "Base 10 logarithm (u shall be > 0)"
    input Real u;
    output Real y;
  external "builtin" y = log10(u);
  end log10;

  function atan2 "Four quadrant inverse tangent"
    input Real u1;
    input Real u2;
    output Real y;
  external "builtin" y = atan2(u1, u2);
  end atan2;
end Math;
