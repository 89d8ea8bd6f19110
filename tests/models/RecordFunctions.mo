// Records in function bodies (tests/sim/record_functions.sh checks the values against closed forms):
// arrays of records as inputs, outputs and locals, their elements and fields (a[i], a[i].re,
// result[i] := ..., result[i].im := ...), size() of them, a comprehension of records, and the operators
// of an operator record (spec 14) inside functions: '+', '*' (with an overload that takes arrays: a
// scalar product, 14.4), unary '-', '==', String(c), a Real converted by the constructor (14.5), a
// constant of the record type, if-expressions of records, and r := Cx(r.im, r.re), which reads the
// record it assigns; a function of a record applied element by element to an array of records.
package RecordFunctions
  operator record Cx
    Real re;
    Real im;
    encapsulated operator 'constructor'
      import RecordFunctions.Cx;
      function fromReal
        input Real re;
        input Real im = 0;
        output Cx result(re = re, im = im);
      algorithm
      end fromReal;
    end 'constructor';
    encapsulated operator '*'
      import RecordFunctions.Cx;
      function multiply
        input Cx a;
        input Cx b;
        output Cx c;
      algorithm
        c := Cx(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
      end multiply;
      function scalarProduct "an exact match for arrays: not applied element by element"
        input Cx a[:];
        input Cx b[size(a, 1)];
        output Cx c;
      algorithm
        c := Cx(0);
        for i in 1:size(a, 1) loop
          c := c + a[i] * b[i];
        end for;
      end scalarProduct;
    end '*';
    encapsulated operator function '+'
      import RecordFunctions.Cx;
      input Cx a;
      input Cx b;
      output Cx c;
    algorithm
      c := Cx(a.re + b.re, a.im + b.im);
    end '+';
    encapsulated operator '-'
      import RecordFunctions.Cx;
      function negate
        input Cx a;
        output Cx c;
      algorithm
        c := Cx(-a.re, -a.im);
      end negate;
      function subtract
        input Cx a;
        input Cx b;
        output Cx c;
      algorithm
        c := Cx(a.re - b.re, a.im - b.im);
      end subtract;
    end '-';
    encapsulated operator function '=='
      import RecordFunctions.Cx;
      input Cx a;
      input Cx b;
      output Boolean same;
    algorithm
      same := a.re == b.re and a.im == b.im;
    end '==';
    encapsulated operator function 'String'
      import RecordFunctions.Cx;
      input Cx a;
      output String s;
    algorithm
      s := String(integer(a.re)) + "+" + String(integer(a.im)) + "j";
    end 'String';
  end Cx;

  constant Cx j = Cx(0, 1);

  function rotate "j c - 1: a constant record, a Real converted by the constructor"
    input Cx c;
    output Cx r;
  algorithm
    r := j * c - 1;
  end rotate;

  function swap "r := Cx(r.im, r.re) reads the record it assigns"
    input Cx c;
    output Cx r;
  algorithm
    r := c;
    r := Cx(r.im, r.re);
  end swap;

  function twice "an array of records as output: each element and field assigned"
    input Cx a[:];
    output Cx r[size(a, 1)];
  algorithm
    for i in 1:size(a, 1) loop
      r[i] := a[i] + a[i];
    end for;
    r[1].im := -r[1].im;
  end twice;

  function reverse "a comprehension of records"
    input Cx a[:];
    output Cx r[size(a, 1)];
  algorithm
    r := {a[end - i + 1] for i in 1:size(a, 1)};
  end reverse;

  function pick "if-expressions of records, '==' and unary '-' in a function"
    input Cx a;
    input Cx b;
    output Cx r;
  algorithm
    r := if a == b then -a else (if a.re > b.re then a else b);
  end pick;

  function isText "String(c) of an operator record in a function"
    input Cx c;
    input String s;
    output Real y;
  algorithm
    y := if String(c) == s then 1 else 0;
  end isText;

  function sumRe "a local array of records"
    input Cx a[:];
    output Real y;
  protected
    Cx t[size(a, 1)];
  algorithm
    t := a;
    y := 0;
    for i in 1:size(t, 1) loop
      y := y + t[i].re;
    end for;
  end sumRe;

  function realPart
    input Cx c;
    output Real r;
  algorithm
    r := c.re;
  end realPart;

  function sumSquaresRe "a function of a record applied element by element to an array of records (12.4.6)"
    input Cx a[:];
    output Real y;
  algorithm
    y := sum(realPart({a[k] * a[k] for k in 1:size(a, 1)}));
  end sumSquaresRe;

  model Main
    Cx d[2] = {Cx(time, 1), Cx(2, -time)};
    Cx e[2] = {Cx(1, time), Cx(3, 2)};
    Cx p = d * e "scalarProduct";
    Cx q = rotate(Cx(time, 2));
    Cx s = swap(Cx(time, 5));
    Cx w[2] = twice(d);
    Cx v[2] = reverse(d);
    Cx k1 = pick(Cx(time, 1), Cx(time, 1));
    Cx k2 = pick(Cx(time, 1), Cx(0.501, 3)) "a between two output points";
    Real t1 = isText(Cx(1, 2), "1+2j");
    Real t2 = isText(Cx(2, 2), "1+2j");
    Real sr = sumRe(e);
    Real sq = sumSquaresRe(e);
    annotation(experiment(StopTime = 1));
  end Main;
end RecordFunctions;
