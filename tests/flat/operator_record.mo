// Operator records (spec 14): overloaded constructors (they come before the record constructor), binary
// and unary operators, a conversion by a constructor (14.5: a + 1), '==', arrays element by element,
// functions that build their result with the constructor and with an output modifier.
package OpRec
  operator record Cx
    Real re;
    Real im;
    encapsulated operator 'constructor'
      import OpRec.Cx;
      function fromReal
        input Real re;
        input Real im = 0;
        output Cx result(re = re, im = im);
      algorithm
      end fromReal;
    end 'constructor';
    encapsulated operator '-'
      import OpRec.Cx;
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
    encapsulated operator function '+'
      import OpRec.Cx;
      input Cx a;
      input Cx b;
      output Cx c;
    algorithm
      c := Cx(a.re + b.re, a.im + b.im);
    end '+';
    encapsulated operator function '*'
      import OpRec.Cx;
      input Cx a;
      input Cx b;
      output Cx c;
    algorithm
      c := Cx(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
    end '*';
    encapsulated operator function '=='
      import OpRec.Cx;
      input Cx a;
      input Cx b;
      output Boolean r;
    algorithm
      r := a.re == b.re and a.im == b.im;
    end '==';
  end Cx;
  model Main
    parameter Cx a = Cx(1, 2);
    Cx j = Cx(0, 1);
    Cx b = a * j + 1;
    Cx c = -(b - a);
    Cx v[2] = {a, b};
    Cx w[2] = v + v;
    Boolean same = a == Cx(1, 2);
  end Main;
end OpRec;
// MODEL: OpRec.Main
