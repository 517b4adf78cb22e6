"""``micropython`` for the page (web_main fills it from the VM's own module): the VM's
functions, and ``alloc_emergency_exception_buf``, which only a chip's interrupts need."""


def alloc_emergency_exception_buf(size):
    pass
