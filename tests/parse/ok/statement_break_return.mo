function BR
  input Integer n;
  output Integer k;
algorithm
  k := 0;
  while true loop
    k := k + 1;
    if k > n then break; end if;
  end while;
  if k > 10 then return "early"; end if;
end BR;
