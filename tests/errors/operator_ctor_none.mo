model OperatorCtorNone "an operator record whose constructors do not take the arguments given (spec 14.2)"
  operator record R
    Real x;
    operator 'constructor'
      // R is found in the enclosing scope: an import from a model breaks spec 13.2.1
      function fromReal
        input Real x;
        output R r(x = x);
      algorithm
      end fromReal;
    end 'constructor';
  end R;
  R a = R(1, 2);
end OperatorCtorNone;
// ERROR: %f:13:9: error: no constructor of 'OperatorCtorNone.R' takes (Integer, Integer)
// ERROR: %f:6:16: note: candidate: 'OperatorCtorNone.R.'constructor'.fromReal'
