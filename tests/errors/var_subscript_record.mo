model VarSubscriptRecord
  record R
    Real a;
  end R;
  Integer k = 1;
  R r[2](each a = 1);
  R s = r[k];
end VarSubscriptRecord;
// ERROR: %f:7:9: error: not supported yet: a subscript known only at run time selecting a component that is not a scalar ('r[k]')
