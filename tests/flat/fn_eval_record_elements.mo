// A function that fills an array of records element by element, evaluated when the model is compiled
// (fneval.c: an assignment of a record to an element, tM[i, j] := fromPolar(..), is one assignment per
// field into its element): Electrical.Polyphase.Functions.symmetricTransformationMatrix, whose value
// QuasiStatic's electroMagneticConverter's sTM is (IMC_YD: sTM[3,3].im was not known when compiled, and
// the tearing divided by it; the run computed it as -1.6e-16, where it is 0, and the initial linear
// system was singular). The values, by hand: table(3)[i, j] = polar(i, (j - 1)*pi/2), so
//   t[2,2] = (2 cos(pi/2), 2 sin(pi/2)) = (0, 2): y has 2 + 1 = 3 elements
//   t[3,3] = (3 cos(pi), 3 sin(pi)) = (-3, 0): z has 3 elements, and w 2 (sin(pi) exactly 0, eval.c's
//   quarter turns: the C library's sin(pi) = 1.2e-16 would give w 38 elements)
//   cons(3)[i, j] = C(i, j) (a record constructor): v has cons(3)[2,3].im = 3 elements
model fn_eval_record_elements
  record C
    Real re;
    Real im;
  end C;
  function polar
    input Real len;
    input Real phi;
    output C c;
  algorithm
    c := C(len*cos(phi), len*sin(phi));
  end polar;
  function table
    input Integer m;
    output C t[m, m];
  algorithm
    for i in 1:m loop
      for j in 1:m loop
        t[i, j] := polar(i, (j - 1)*asin(1.0));
      end for;
    end for;
  end table;
  function cons
    input Integer m;
    output C t[m, m];
  algorithm
    for i in 1:m loop
      for j in 1:m loop
        t[i, j] := C(i, j);
      end for;
    end for;
  end cons;
  parameter C t[3, 3] = table(3);
  parameter C c[3, 3] = cons(3);
  Real y[integer(t[2, 2].im + 0.5) + 1] = fill(1, 3);
  Real z[integer(-t[3, 3].re + 0.5)] = fill(2, 3);
  Real w[integer(2 + 1e17*t[3, 3].im)] = fill(3, 2);
  Real v[integer(c[2, 3].im + 0.5)] = fill(4, 3);
end fn_eval_record_elements;
