// The kinds of class a class may extend (specification 7.1.3): a block may extend a record or a block,
// not a connector; a model may extend a record.
// ERROR: %f:15:19: error: a block cannot extend 'Con', a connector (specification 7.1.3)
model BaseKind
  connector Con
    Real x;
    flow Real f;
  end Con;
  record R
    Real r = 2;
  end R;
  model MR "fine"
    extends R;
  end MR;
  block B extends Con;
  end B;
  MR mr;
  B b;
end BaseKind;
