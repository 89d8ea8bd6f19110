within Mylib;
model NotWrong "the file name promises another class"
end NotWrong;
