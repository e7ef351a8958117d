//! Who wins each award of one pot (issue 20 part 1).
