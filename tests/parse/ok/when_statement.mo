model WhenSt
  discrete Real y(start = 0);
algorithm
  when time > 1 then
    y := 1;
  elsewhen time > 2 then
    y := 2;
  elsewhen {time > 3, time > 4} then
    y := 3;
  end when;
end WhenSt;
