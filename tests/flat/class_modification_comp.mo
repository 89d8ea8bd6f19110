// Modifications of local classes in the modifier of a component (spec 4.5.3): a(Voltage(nominal = 10),
// Inner(y = k)) changes a's classes only; the components declared with them keep their own modifiers
// (i2(y = 3)), and a modifier of a component beats that of its class (c: i1(y = 6) over Inner(y = 7));
// each Inner(z = 8) in the modifier of an array modifies the class of every element.
package ClassModificationComp
  model C1
    type Voltage = Real(nominal = 1, unit = "V");
    Voltage v1;
    model Inner
      parameter Real y = 1;
      Real z = 2;
    end Inner;
    Inner i1;
    Inner i2(y = 3);
  end C1;
  model M
    constant Real k = 5;
    C1 a(Voltage(nominal = 10), Inner(y = k));
    C1 b[2](each Inner(z = 8));
    C1 c(i1(y = 6), Inner(y = 7));
  end M;
end ClassModificationComp;
// MODEL: ClassModificationComp.M
