// Modifications of local classes in an extends clause (spec 4.5.3, its example: extends C1(Voltage(nominal
// = 1000)) gives v1 and v2 the nominal 1000): the local class's environment is the modification, under the
// modifiers of the components declared with it (i2(y = 3) keeps 3), and a value may name a constant of the
// extending class. Another instance of C1 keeps C1's classes as they are.
package ClassModification
  model C1
    type Voltage = Real(nominal = 1, unit = "V");
    Voltage v1, v2;
    model Inner
      parameter Real y = 1;
      Real z = 2;
    end Inner;
    Inner i1;
    Inner i2(y = 3);
  protected
    model Hidden
      Real h = 1;
    end Hidden;
    Hidden hidden;
  end C1;
  model C2
    constant Real k = 5;
    extends C1(Voltage(nominal = 1000), Inner(y = k, z = 9), Hidden(h = 4));
    C1 plain;
  end C2;
  model C3 "the modified classes stay modified further down"
    extends C2;
  end C3;
end ClassModification;
// MODEL: ClassModification.C3
