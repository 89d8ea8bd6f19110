model OperatorCtorNamed "named arguments of an overloaded constructor go to the inputs of their names (spec 14.2)"
  operator record R
    Real x;
    Real y;
    operator 'constructor'
      // R is found in the enclosing scope: an import from a model breaks spec 13.2.1
      function fromReal
        input Real x;
        input Real y = 0;
        output R r(x = x, y = y);
      algorithm
      end fromReal;
    end 'constructor';
  end R;
  R a = R(y = 2, x = 1);
  R b = R(1, z = 2);
end OperatorCtorNamed;
// ERROR: %f:16:9: error: no constructor of 'OperatorCtorNamed.R' takes (Integer, z = Integer)
// ERROR: %f:7:16: note: candidate: 'OperatorCtorNamed.R.'constructor'.fromReal'
