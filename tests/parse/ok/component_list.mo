model List
  Real a, b(start = 1), c[2] = {1, 2} "third", d if true "fourth" annotation(x = 1);
  parameter Real p1 = 1 "first", p2 = p1;
end List;
