// The outermost modifier wins: declaration (k = 1) < extends modifier (k = 2) < the component's
// modifier in the enclosing model (k = 3). b2 keeps the extends value.
model Base
  parameter Real k = 1;
  parameter Real j = 10;
end Base;
model Mid
  extends Base(k = 2, j = 20);
end Mid;
model M
  Mid b1(k = 3);
  Mid b2;
end M;
// MODEL: M
