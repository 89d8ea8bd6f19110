package Olib "a directory library whose package.order names a class that has no file"
  constant Real g = 9.81;
end Olib;
