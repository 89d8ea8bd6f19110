model C
  replaceable model M = Impl constrainedby Partial(k = 1) "the model" annotation(choicesAllMatching = true);
  replaceable Real x constrainedby Real(min = 0);
  replaceable package Medium = Lib.Air constrainedby Lib.PartialMedium;
  model Impl end Impl;
  model Partial parameter Real k; end Partial;
end C;
