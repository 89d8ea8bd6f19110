connector TP
  flow Real i;
  stream Real h;
  flow parameter Real fp;
  stream discrete input Real sdi;
  discrete Integer n;
  parameter Real p = 1;
  constant Real c = 2;
  input Real u;
  output Real y;
  parameter input Real pi;
  constant output Real co = 3;
end TP;
