// The file named on the command line does not exist.
// ARGS: --flat tests/errors/no_such_file.mo
// ERROR: mo2c: error: cannot read 'tests/errors/no_such_file.mo': No such file or directory
