"""xlabuffers: the buffers XLA keeps for a jitted function, by source line.

Compiles the function (jax.jit(fn).lower(*args).compile()) and reads three
things of the compiled program:
- its memory analysis (compiled.memory_analysis()): argument, output, alias,
  temporary and peak bytes;
- its buffer assignment (the memory analysis' serialized BufferAssignmentProto,
  decoded here from the protobuf wire format: no protobuf package needed):
  each allocation (parameter, output, constant, thread-local or temporary)
  and the logical buffers placed in it, each the output of one non-fused
  instruction (a fusion, a dot, a copy...) at an offset;
- the optimized HLO (compiled.as_text() and the module's serialized proto
  for the instructions' ids): each instruction's shape, opcode and source
  line, from its metadata (the stack-frame tables XLA prints, or
  source_file/source_line).

The temporary allocations' sizes add up to XLA's temporary bytes; their
buffers add up to more when XLA places buffers whose lifetimes do not
overlap at the same offsets (buffers()["shared_bytes"] says how much).

A library fusion (on CPU, XLA's "ynn_fusion" custom fusions, which hand a
dot and what follows it to XNNPACK) allocates its own scratch, which the
buffer assignment does not hold: a hidden layer computed inside one is in
neither the temporary bytes nor the buffers. When the optimized program has
one, its scratch is counted from the program itself: the outputs of the
dots (and convolutions) inside the fusion that feed its other instructions,
which the library materializes, the largest fusion's sum
("library_fusions"."scratch_bytes"; fusions run one after another). For
comparison, the program is compiled a second time with library fusions off
(_jax_internals.LIBRARY_FUSION_OFF) and its temporary bytes kept
("unfused_temp_bytes"): not the figure, since without the library XLA
materializes broadcasts the library streams (a 1.6 GB outer product
reduced in a cond: 1.65 GB unfused, 160 kB measured).

Limits: the field numbers are those
of xla/service/hlo.proto (stable since
2018; an unknown field is skipped); the first HLO module only (a jitted
function compiles to one). Tuple-shaped buffers name their element by its
shape index.
"""
import re

import jax

from . import _jax_internals as J

DTYPE_BYTES = {"pred": 1, "s8": 1, "u8": 1, "s16": 2, "u16": 2, "f16": 2, "bf16": 2,
               "s32": 4, "u32": 4, "f32": 4, "s64": 8, "u64": 8, "f64": 8, "c64": 8,
               "c128": 16, "s4": 1, "u4": 1, "s2": 1, "u2": 1, "token": 0}
_INSTR = re.compile(r"^\s*(?:ROOT )?%?([\w.\-]+) = (.*?) ([a-z][\w\-]*)\((.*)$")
_COMP = re.compile(r"^(?:ENTRY )?%?([\w.\-]+) .*\{\s*$")
_TABLE = re.compile(r"^(\d+) (.*)$")


def _varint(b, i):
    r = s = 0
    while True:
        c = b[i]
        i += 1
        r |= (c & 0x7F) << s
        s += 7
        if c < 0x80:
            return r, i


def pb_fields(b):
    """[(field number, value)] of a protobuf message: ints for varints,
    bytes for length-delimited fields (fixed32/64 as raw bytes)."""
    i, out = 0, []
    while i < len(b):
        key, i = _varint(b, i)
        num, wire = key >> 3, key & 7
        if wire == 0:
            v, i = _varint(b, i)
        elif wire == 2:
            n, i = _varint(b, i)
            v, i = bytes(b[i:i + n]), i + n
        elif wire == 1:
            v, i = b[i:i + 8], i + 8
        elif wire == 5:
            v, i = b[i:i + 4], i + 4
        else:
            raise ValueError(f"protobuf wire type {wire} at byte {i}")
        out.append((num, v))
    return out


def _one(fields, num, default=0):
    for k, v in fields:
        if k == num:
            return v
    return default


def _all(fields, num):
    return [v for k, v in fields if k == num]


def _packed(value):
    """A repeated int64: packed bytes or single ints."""
    if isinstance(value, int):
        return [value]
    out, i = [], 0
    while i < len(value):
        v, i = _varint(value, i)
        out.append(v)
    return out


def instruction_ids(module_proto):
    """{instruction id: name} of a serialized HloModuleProto."""
    ids = {}
    for comp in _all(pb_fields(module_proto), 3):
        for ins in _all(pb_fields(comp), 2):
            f = pb_fields(ins)
            ids[_one(f, 35)] = _one(f, 1, b"").decode()
    return ids


def assignment(proto):
    """The buffer assignment: (logical buffers {id: (instruction id, shape
    index, size)}, allocations [dict])."""
    f = pb_fields(proto)
    logical = {}
    for lb in _all(f, 1):
        lf = pb_fields(lb)
        loc = pb_fields(_one(lf, 3, b""))
        index = [x for v in _all(loc, 3) for x in _packed(v)]
        logical[_one(lf, 1)] = (_one(loc, 4), tuple(index), _one(lf, 2))
    allocs = []
    for a in _all(f, 3):
        af = pb_fields(a)
        kind = ("parameter" if _one(af, 5) else "output" if _one(af, 7) else
                "constant" if _one(af, 12) else "thread-local" if _one(af, 3) else
                "temporary")
        assigned = [(_one(g, 1), _one(g, 2), _one(g, 3))
                    for g in (pb_fields(x) for x in _all(af, 9))]
        allocs.append({"index": _one(af, 1), "size": _one(af, 2), "kind": kind,
                       "parameter": _one(af, 6) if kind == "parameter" else None,
                       "assigned": assigned})
    return logical, allocs


def shape_bytes(shape):
    """Bytes of an HLO array shape such as f32[100,300]{1,0}; 0 for a tuple."""
    m = re.match(r"([a-z0-9]+)\[([\d,]*)\]", shape.strip())
    if not m or m.group(1) not in DTYPE_BYTES:
        return 0
    n = 1
    for d in filter(None, m.group(2).split(",")):
        n *= int(d)
    return n * DTYPE_BYTES[m.group(1)]


def _tables(lines):
    """FileNames, FunctionNames, FileLocations, StackFrames of the text."""
    tables, cur = {}, None
    for line in lines:
        if line in ("FileNames", "FunctionNames", "FileLocations", "StackFrames"):
            cur = tables.setdefault(line, {})
        elif not line.strip():
            cur = None
        elif cur is not None:
            m = _TABLE.match(line)
            if m:
                cur[int(m.group(1))] = m.group(2)
    return tables


def _kv(text, key):
    m = re.search(rf"\b{key}=(\"(?:[^\"\\]|\\.)*\"|[\w.\-]+)", text)
    return m.group(1).strip('"') if m else None


def _source(meta, tables):
    """(file, line) of an instruction's metadata, or ("", 0)."""
    if meta is None:
        return "", 0
    frame = _kv(meta, "stack_frame_id")
    if frame is not None and "StackFrames" in tables:
        loc = _kv(tables["StackFrames"].get(int(frame), ""), "file_location_id")
        fl = tables.get("FileLocations", {}).get(int(loc or 0), "")
        name = tables.get("FileNames", {}).get(int(_kv(fl, "file_name_id") or 0), "")
        return name.strip('"'), int(_kv(fl, "line") or 0)
    return _kv(meta, "source_file") or "", int(_kv(meta, "source_line") or 0)


def hlo_instructions(text):
    """{name: {shape, opcode, op_name, file, line, computation}} of the
    optimized HLO text."""
    lines = text.splitlines()
    tables = _tables(lines)
    out, comp = {}, ""
    for line in lines:
        m = _COMP.match(line)
        if m and " = " not in line.split("{")[0]:
            comp = m.group(1)
            continue
        m = _INSTR.match(line)
        if not m:
            continue
        meta = re.search(r"metadata=\{(.*?)\}", m.group(4))
        meta = meta.group(1) if meta else None
        file, ln = _source(meta, tables)
        calls = re.search(r"\bcalls=%?([\w.\-]+)", m.group(4))
        out[m.group(1)] = {"shape": m.group(2), "opcode": m.group(3),
                           "op_name": _kv(meta, "op_name") if meta else None,
                           "file": file, "line": ln, "computation": comp,
                           "root": line.lstrip().startswith("ROOT "),
                           "calls": calls.group(1) if calls else None}
    return out


MATERIALIZED = ("dot", "convolution")


def library_scratch(instrs, names):
    """[{fusion, bytes, arrays}] of each library fusion: the outputs of the
    dots and convolutions inside it that feed other instructions (not its
    root), which the library materializes in scratch of its own; the
    elementwise and broadcast instructions around them it streams."""
    out = []
    for name in names:
        comp = (instrs.get(name) or {}).get("calls")
        inner = [(n, i) for n, i in instrs.items() if comp and i["computation"] == comp
                 and i["opcode"] in MATERIALIZED and not i["root"]]
        out.append({"fusion": name, "bytes": sum(shape_bytes(i["shape"]) for _, i in inner),
                    "arrays": [re.sub(r"\{[^{}]*\}", "", i["shape"]) for _, i in inner]})
    return out


def _element(shape, index):
    """The shape at a tuple index of an HLO shape string."""
    for k in index:
        inner = shape.strip()[1:-1] if shape.strip().startswith("(") else shape
        parts, depth, cur = [], 0, ""
        for ch in inner:
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
                continue
            depth += ch in "([{"
            depth -= ch in ")]}"
            cur += ch
        parts.append(cur)
        shape = parts[k].strip() if k < len(parts) else shape
    return shape


def memory_stats(compiled):
    ma = compiled.memory_analysis()
    keys = ("argument", "output", "alias", "temp", "generated_code")
    stats = {f"{k}_bytes": int(getattr(ma, f"{k}_size_in_bytes")) for k in keys}
    stats["peak_bytes"] = int(getattr(ma, "peak_memory_in_bytes", 0) or 0)
    return stats, J.buffer_assignment_proto(ma)


def library_fusions(text):
    """The optimized HLO's instructions that run library code (their scratch
    is not in the memory analysis)."""
    return [re.sub(r"^(ROOT )?%?", "", ln.strip().split(" = ")[0])
            for ln in text.splitlines()
            if " = " in ln and any(m in ln for m in J.LIBRARY_MARKERS)]


def buffers(fn, *args, short=lambda p: p, static_argnums=()):
    """XLA's memory analysis and its buffers, from jax.jit(fn) on args:
    {"memory_analysis", "allocations", "buffers" (each logical buffer of a
    temporary allocation, largest first), "buffers_bytes", "shared_bytes",
    "library_fusions": {"names", "fusions", "scratch_bytes", "blind_temp_bytes",
    "unfused_temp_bytes"}}.
    short maps a source file to how it is printed."""
    lowered = jax.jit(fn, static_argnums=static_argnums).lower(*args)
    compiled = lowered.compile()
    text = compiled.as_text()
    names = library_fusions(text)
    scratch = library_scratch(hlo_instructions(text), names)
    lib = {"names": names, "blind_temp_bytes": int(compiled.memory_analysis().temp_size_in_bytes),
           "fusions": scratch, "scratch_bytes": max([f["bytes"] for f in scratch] or [0]),
           "unfused_temp_bytes": None}
    if names:  # for comparison: the program that materializes everything
        again = J.compile_without_library_fusions(lowered)
        if again is not None:
            lib["unfused_temp_bytes"] = int(again.memory_analysis().temp_size_in_bytes)
    result = _read(compiled, short)
    result["library_fusions"] = lib
    return result


def _read(compiled, short):
    stats, proto = memory_stats(compiled)
    text = compiled.as_text()
    instrs = hlo_instructions(text)
    result = {"memory_analysis": stats, "allocations": [], "buffers": [],
              "buffers_bytes": 0, "shared_bytes": 0, "hlo_instructions": len(instrs)}
    if not proto:
        return result
    names = instruction_ids(J.hlo_module_proto(compiled))
    logical, allocs = assignment(proto)
    for a in allocs:
        bufs = []
        for lid, offset, size in a["assigned"]:
            iid, index, _ = logical.get(lid, (None, (), size))
            name = names.get(iid, f"#{iid}")
            ins = instrs.get(name, {})
            shape = _element(ins.get("shape", ""), index)
            element = f"{{{','.join(map(str, index))}}}" if index else ""
            bufs.append({"instruction": name + element,
                         "opcode": ins.get("opcode", ""),
                         "shape": re.sub(r"\{[^{}]*\}", "", shape),  # layouts dropped
                         "bytes": size, "offset": offset, "allocation": a["index"],
                         "source": (f"{short(ins['file'])}:{ins['line']}"
                                    if ins.get("file") else ""),
                         "op_name": ins.get("op_name"),
                         "op": (ins.get("op_name") or "").split("/")[-1]})
        a = dict(a, buffers=bufs)
        del a["assigned"]
        result["allocations"].append(a)
        if a["kind"] == "temporary":
            result["buffers"] += bufs
    result["buffers"].sort(key=lambda b: (-b["bytes"], b["instruction"]))
    temp_allocs = sum(a["size"] for a in result["allocations"] if a["kind"] == "temporary")
    result["temporary_allocations_bytes"] = temp_allocs
    result["buffers_bytes"] = sum(b["bytes"] for b in result["buffers"])
    # Buffers can add up to less than the allocations (an allocation's
    # padding, buffers the proto leaves out): nothing is shared then.
    result["shared_bytes"] = max(0, result["buffers_bytes"] - temp_allocs)
    result["unlisted_bytes"] = max(0, temp_allocs - result["buffers_bytes"])
    return result
