# Does not compile: py_compile reports the syntax error.
def main(:
    pass
