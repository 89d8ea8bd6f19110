operator record Complex
  Real re, im;
  encapsulated operator 'constructor'
    function fromReal
      input Real re;
      input Real im = 0;
      output Complex result(re = re, im = im);
    algorithm
      annotation(Inline = true);
    end fromReal;
  end 'constructor';
  encapsulated operator function '+'
    input Complex c1, c2;
    output Complex result;
  algorithm
    result := Complex(c1.re + c2.re, c1.im + c2.im);
  end '+';
end Complex;
