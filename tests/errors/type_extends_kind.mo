model TypeExtendsKind
  type Base = Real;
  model M
    extends Base;
  end M;
  M m = 1;
end TypeExtendsKind;
// ERROR: %f:4:13: error: a model cannot extend the type 'Base'
