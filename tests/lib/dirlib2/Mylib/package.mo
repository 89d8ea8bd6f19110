within;
package Mylib "the same library name in another directory (a single-file copy of Sub)"
  constant Real version = 2;
  package Sub
    model Thing
      parameter Real k = version + 1;
      Real x(start = 1, fixed = true);
    equation
      der(x) = -k*x;
    end Thing;
  end Sub;
end Mylib;
