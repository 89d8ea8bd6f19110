model Logic
  Boolean a = true, b = false;
  Boolean c = a and b or not a;
  Boolean d = not (a or b) and (a or not b);
  Boolean e = a or b or a and b and not a;
end Logic;
