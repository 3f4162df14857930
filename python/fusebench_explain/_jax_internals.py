"""Every access explain makes to JAX's and XLA's internals, and nothing else.

JAX gives no public API for an equation's user source line, its transform
stack (vmap, jvp, transpose), a compiled program's buffer assignment, or a
compiler option that turns XLA:CPU's library fusions off. explain needs all
of them; they live here so that a JAX release that moves one breaks this
module, and tests/test_jax_internals.py says which one, instead of explain
printing wrong figures. Each function returns None (or a stated default)
where the thing is absent rather than raising, and INTERNALS lists them for
the test.
"""
import os

from jax._src import source_info_util

HERE = os.path.dirname(os.path.abspath(__file__))

# XLA:CPU hands a dot and what follows it to a library (XNNPACK, "ynn
# fusions"); the memory analysis does not see the scratch those allocate.
# This DebugOptions field, set to "", compiles without them.
LIBRARY_FUSION_OFF = {"xla_cpu_experimental_ynn_fusion_type": ""}
# Opcodes and fusion kinds of the optimized HLO that run library code.
LIBRARY_MARKERS = ("__ynn_fusion", "ynn_fusion", "__onednn", "__xnn", "custom-call(")


def exclude_package_frames():
    """Makes JAX's user-frame search skip this package's own frames (the
    wrappers explain builds around a user's function)."""
    reg = getattr(source_info_util, "register_exclusion", None)
    if reg is not None:
        reg(HERE)


def _frame_tuple(fr):
    return fr.file_name, fr.start_line, fr.function_name


def user_frame(eqn):
    """(file, line, function) of the user's innermost frame that made eqn, or None."""
    tb = getattr(getattr(eqn, "source_info", None), "traceback", None)
    fr = source_info_util.user_frame(tb) if tb is not None else None
    return _frame_tuple(fr) if fr is not None else None


def user_frames(eqn):
    """[(file, line, function)] of the user's frames that made eqn, innermost first."""
    tb = getattr(getattr(eqn, "source_info", None), "traceback", None)
    if tb is None:
        return []
    return [_frame_tuple(fr) for fr in source_info_util.user_frames(tb)]


def name_stack(eqn):
    """The equation's transform and scope stack as text ("transpose(jvp())", "vmap()")."""
    ns = getattr(getattr(eqn, "source_info", None), "name_stack", None)
    return str(ns) if ns is not None else ""


def is_literal(v):
    """Whether a jaxpr operand is a literal (a constant written into the equation)."""
    return type(v).__name__ == "Literal"


def hlo_module_proto(compiled):
    """The serialized HloModuleProto of a compiled program's first module."""
    return compiled.runtime_executable().hlo_modules()[0].as_serialized_hlo_module_proto()


def buffer_assignment_proto(memory_analysis):
    """The serialized BufferAssignmentProto of a memory analysis, or None."""
    return getattr(memory_analysis, "serialized_buffer_assignment_proto", None)


def compile_without_library_fusions(lowered):
    """lowered compiled with XLA:CPU's library fusions off, or None when this
    XLA has no such option."""
    try:
        return lowered.compile(compiler_options=dict(LIBRARY_FUSION_OFF))
    except Exception:  # an unknown option is an error of this XLA: say none
        return None


INTERNALS = ("source_info_util.user_frame", "source_info_util.user_frames",
             "source_info.name_stack", "Literal", "runtime_executable().hlo_modules()",
             "memory_analysis().serialized_buffer_assignment_proto",
             "compiler_options xla_cpu_experimental_ynn_fusion_type")
