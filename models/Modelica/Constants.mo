within Modelica;
package Constants "Mathematical constants and constants of nature"
  import SI = Modelica.Units.SI;

  final constant Real pi = 3.14159265358979323846;
  final constant Real e = 2.71828182845904523536;
  final constant Real D2R = pi/180 "Degree to Radian";
  final constant Real R2D = 180/pi "Radian to Degree";
  final constant Real gamma = 0.57721566490153286061 "Euler-Mascheroni constant";
  final constant Real eps = 1.0e-15 "Biggest number such that 1.0 + eps = 1.0";
  final constant Real small = 1.0e-60 "Smallest number such that small and -small are representable";
  final constant Real inf = 1.0e60 "Biggest Real number such that inf and -inf are representable";
  final constant Integer Integer_inf = 2147483647 "Biggest Integer number such that Integer_inf and -Integer_inf are representable";
  final constant SI.Velocity c = 299792458 "Speed of light in vacuum";
  final constant SI.Acceleration g_n = 9.80665 "Standard acceleration of gravity on earth";
  final constant Real G(final unit="m3/(kg.s2)") = 6.67430e-11 "Newtonian constant of gravitation";
  final constant SI.ElectricCharge q = 1.602176634e-19 "Elementary charge";
  final constant Real h(final unit="J.s") = 6.62607015e-34 "Planck constant";
  final constant Real k(final unit="J/K") = 1.380649e-23 "Boltzmann constant";
  final constant Real N_A(final unit="1/mol") = 6.02214076e23 "Avogadro constant";
  final constant Real R(final unit="J/(mol.K)") = k*N_A "Molar gas constant";
  final constant Real sigma(final unit="W/(m2.K4)") = 5.670374419e-8 "Stefan-Boltzmann constant";
  final constant Real mu_0(final unit="N/A2") = 1.25663706212e-6 "Magnetic constant";
  final constant Real epsilon_0(final unit="F/m") = 1/(mu_0*c*c) "Electric constant";
  final constant Real T_zero(final unit="degC") = -273.15 "Absolute zero temperature";
end Constants;
