final model A
end A;
model B
end B;
final package C
  constant Integer n = 2;
end C;
