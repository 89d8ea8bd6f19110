// A constant cannot be redeclared (spec 7.3.4).
model RedeclareConstant
  model H
    replaceable constant Real c = 1;
  end H;
  H h(redeclare Real c = 2);
end RedeclareConstant;
// ERROR: %f:6:22: error: cannot redeclare constant element 'c'
// ERROR: %f:4:31: note: 'c' is declared constant here
