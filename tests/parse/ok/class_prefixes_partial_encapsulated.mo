encapsulated package E
  partial model Base
    Real x;
  end Base;
  encapsulated partial block Blk
  end Blk;
  encapsulated model Inner
    import E.Base;
  end Inner;
end E;
