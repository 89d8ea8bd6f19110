// A base class does not see the elements of the classes that extend it (specification 7.1, 5.6.1):
// 'y' in Base's text is looked up in Base and its enclosing classes, not in Derived.
// ERROR: %f:8:17: error: unknown variable 'y'
model BaseSeesDerived
  model Base
    Integer z = 1;
    Integer w = z "fine: Base's own";
    Integer x = y;
  end Base;
  model Derived
    Integer y = 2;
    Integer v = z "fine: inherited";
    extends Base;
  end Derived;
  Derived d;
end BaseSeesDerived;
