within;
package Mylib "A directory library for the library-path tests"
  constant Real version = 1;
end Mylib;
