// A class declared in a class and also inherited must be identical to the inherited one
// (specification 7.1); identical ones are kept once.
// ERROR: %f:18:9: error: 'A' is declared here and also inherited, and the two declarations are not identical (specification 7.1)
// ERROR: %f:11:11: note: the inherited declaration of 'A' is here
model InheritedClassDiffers
  model Base
    type T = Real(unit = "m");
    model Same "fine: declared again below, identical"
      Real x = 2;
    end Same;
    model A
      Real x = 2;
    end A;
  end Base;
  model Same
    Real x = 2;
  end Same;
  model A
    Real x = 3;
  end A;
  type T = Real(unit = "m") "fine: identical";
  extends Base;
  A a;
  Same s;
  T t = 1;
end InheritedClassDiffers;
