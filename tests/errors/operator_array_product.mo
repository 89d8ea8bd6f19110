model OperatorArrayProduct "a product of vectors of operator records without a '*' that takes them (14.3)"
  operator record R
    Real x;
    operator function '*'
      // R is found in the enclosing scope: an import from a model breaks spec 13.2.1
      input R a;
      input R b;
      output R c;
    algorithm
      c := R(a.x * b.x);
    end '*';
  end R;
  R a[2] = {R(1), R(time)};
  R b[2] = a .* a "element by element: fine";
  R c[2] = a * a;
end OperatorArrayProduct;
// ERROR: %f:15:12: error: not supported yet: the product of arrays of operator records (OperatorArrayProduct.R[1 dimension], OperatorArrayProduct.R[1 dimension]) without a function of operator '*' that takes them
