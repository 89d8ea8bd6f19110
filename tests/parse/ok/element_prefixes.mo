model Pre
  redeclare final inner outer replaceable Real a;
  inner Real b;
  outer Real c;
  inner outer Real d;
  final parameter Real e = 1;
  redeclare Real f;
  replaceable parameter Real g = 1;
  redeclare replaceable model M = N;
  final encapsulated model Q end Q;
end Pre;
