// A file with several classes and no model named.
model A
end A;
model B
end B;
// ERROR: mo2c: error: '%f' defines 2 classes; name the model to flatten
