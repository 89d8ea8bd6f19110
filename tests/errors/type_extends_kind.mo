model TypeExtendsKind
  type Base = Real;
  model M
    extends Base;
  end M;
  M m = 1;
end TypeExtendsKind;
// ERROR: %f:4:13: error: a model cannot extend 'Base', a type (specification 7.1.3)
