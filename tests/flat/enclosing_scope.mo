// Lookup in enclosing scopes: the type and the constant come from the enclosing package, the constant
// through the class Inner, which is itself looked up in the enclosing package.
package P
  constant Real g = 9.81;
  type Length = Real(unit = "m");
  package Inner
    constant Real two = 2;
  end Inner;
  model M
    Length x;
  equation
    x = g*Inner.two;
  end M;
end P;
// MODEL: P.M
