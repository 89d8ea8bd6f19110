// "did you mean" for an element of a class named with dots (P.Iner), at the element's declaration.
// ERROR: %f:10:5: error: 'Iner' is not declared in 'UnknownMemberSuggest.P'
// ERROR: %f:6:11: note: did you mean 'Inner'?
model UnknownMemberSuggest
  package P
    model Inner
      Real x = 1;
    end Inner;
  end P;
  P.Iner a;
end UnknownMemberSuggest;
