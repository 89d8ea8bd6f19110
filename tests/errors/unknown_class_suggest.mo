// "did you mean" for class names: a predefined type, a class of an enclosing scope, an element of a
// class named with dots.
// ERROR: %f:11:3: error: unknown class 'Reel'
// ERROR: %f:11:3: note: did you mean 'Real'?
model UnknownClassSuggest
  package P
    model Inner
      Real x = 1;
    end Inner;
  end P;
  Reel x = 1;
end UnknownClassSuggest;
