// Lookup stops at an encapsulated class: the enclosing package's type is not visible.
package P
  type Length = Real(unit = "m");
  encapsulated model M
    Length x;
  end M;
end P;
// MODEL: P.M
// ERROR: %f:5:5: error: unknown class 'Length'
