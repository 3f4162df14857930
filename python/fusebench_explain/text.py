"""text: the printed explanation of core.report()'s dict, and its verdict."""
from .core import human, shape_text


def _who(a):
    if a["primitive"] == "input":
        return a["name"] or "(argument)"
    if a["primitive"] == "constant":
        return "(closed-over constant)"
    tag = "residual " if a["residual"] else f"{a['phase']} " if a["phase"] else ""
    return tag + (a["source"] or "")


def _op_lines(o, top):
    out = [f"Op by op: {o['steps_count']} steps (the jaxpr's equations in order, "
           "nested bodies entered; each primitive's compiled scratch counted)",
           f"  peak {human(o['peak_bytes'])} ({o['peak_bytes']} B) at step {o['peak_step']}: "
           f"{o['peak_label']}" + (f" at {o['peak_source']}" if o["peak_source"] else "")]
    if o["largest"]:
        out.append(f"    = {o['peak_in_largest']:.3g} x the largest array made, "
                   f"{shape_text(o['largest'])} ({human(o['largest']['bytes'])})")
    if o["peak_scratch_bytes"]:
        out.append(f"    including {human(o['peak_scratch_bytes'])} of the primitive's own "
                   "scratch (XLA's temporaries of it compiled alone)")
    out.append(f"  inputs {human(o['input_bytes'])} (alive throughout), outputs "
               f"{human(o['output_bytes'])}; above the inputs {human(o['peak_above_inputs_bytes'])}")
    if o["residual_bytes_at_peak"]:
        out.append(f"  residuals (forward values kept for the backward pass) at the peak: "
                   f"{human(o['residual_bytes_at_peak'])}")
    out.append(f"  the {o['peak_arrays_count']} arrays alive at the peak, largest first:")
    for a in o["peak_arrays"][:top]:
        out.append(f"    {human(a['bytes']):>10} {shape_text(a):22} {a['primitive']:16} {_who(a)}")
    rest = o["peak_arrays"][top:]
    if rest:
        out.append(f"    {human(sum(a['bytes'] for a in rest)):>10} in {len(rest)} more")
    return out


def _jit_lines(j, top):
    ma, lib = j["memory_analysis"], j.get("library_fusions") or {}
    out = [f"Under jit: XLA's optimized program ({j['hlo_instructions']} instructions)",
           f"  temporary {human(ma['temp_bytes'])}, arguments {human(ma['argument_bytes'])}, "
           f"outputs {human(ma['output_bytes'])}, aliased {human(ma['alias_bytes'])}"]
    if lib.get("names") and not lib["scratch_bytes"]:
        out.append(f"  library fusions ({', '.join(lib['names'][:4])}): they hold no dot but "
                   "their output, which is in XLA's buffers: nothing left out")
    elif lib.get("names"):
        unf = lib.get("unfused_temp_bytes")
        arrays = [a for f in lib["fusions"] for a in f["arrays"]]
        out.append(f"  library fusions ({', '.join(lib['names'][:4])}): their scratch, which "
                   "XLA's analysis leaves out, is between none (the library tiles) and the "
                   f"dots they hold, {human(lib['scratch_bytes'])}"
                   + (f" ({', '.join(arrays[:3])})" if arrays else "")
                   + (f"; compiled with them off, XLA needs {human(unf)}" if unf is not None
                      else "; this XLA cannot turn them off to compare"))
    out.append(f"  the {len(j['buffers'])} buffers of its temporary allocations, largest first "
               f"({human(j['buffers_bytes'])}"
               + (f"; {human(j['shared_bytes'])} of it at offsets shared by buffers whose "
                  "lifetimes do not overlap" if j["shared_bytes"] else "")
               + (f"; {human(j['unlisted_bytes'])} of the allocations in no listed buffer"
                  if j.get("unlisted_bytes") else "") + "):")
    for b in j["buffers"][:top]:
        op = f"{b['opcode']} ({b['op']})" if b["op"] else b["opcode"]
        shape = b["shape"] if len(b["shape"]) <= 30 else b["shape"][:27] + "..."
        out.append(f"    {human(b['bytes']):>10} {shape:22} {op:20} "
                   f"{b['source'] or '-':34} {b['instruction']}")
    rest = j["buffers"][top:]
    if rest:
        out.append(f"    {human(sum(b['bytes'] for b in rest)):>10} in {len(rest)} more")
    return out


def _fix_lines(f, o):
    og = f.get("origin")
    if not og:
        return []
    out = ["Fix:"]
    said = {"vmap": f"the vmap at {og['where']}: {og['text']}",
            "vmap call": f"the call of a vmapped function at {og['where']}: {og['text']}",
            "argument": f"the argument {og['where']}",
            "op": f"the {og['text']} at {og['where']}"}[og["kind"]]
    out.append(f"  the largest array's axis of {og['axis_size']} comes from {said}")
    if f.get("output_bound"):
        out.append(f"  the outputs ({human(o['output_bytes'])}) are most of the peak above the "
                   "inputs: only a function that returns less (a reduction inside it) needs less")
    mp = f.get("map") or {}
    budget = human(mp.get("budget_bytes", 0)) + ("" if f.get("budget_given") else
                                                 " (no --budget: half the peak)")
    if "batch_size" in mp:
        out.append(f"  lax.map(..., batch_size={mp['batch_size']}) ({mp['batches']} batches; "
                   f"the largest k that fits {budget}): peak {human(mp['predicted_peak_bytes'])} "
                   f"predicted op by op, against {human(o['peak_bytes'])}")
    elif mp:
        out.append(f"  lax.map for {budget}: {mp['why_not']}")
    if f.get("checkpoint"):
        c = f["checkpoint"]
        out.append(f"  jax.checkpoint on each layer: about {human(c['predicted_peak_bytes'])} "
                   f"({c['residuals_count']} residuals, {human(c['residuals_bytes'])}; "
                   f"{human(c['residuals_at_peak_bytes'])} of them alive at the peak)")
    if f.get("jit"):
        out.append(f"  jax.jit: peak {human(f['jit']['predicted_peak_bytes'])} "
                   "(inputs, XLA's temporaries and outputs"
                   + (", library fusions' dots at most)" if f["jit"].get("low_bytes") else ")"))
    return out


def _measured_lines(m, title):
    out = [f"{title} ({m['method']}; {m['calls']}):",
           f"  peak RSS above the level before the call {human(m['peak_above_before_bytes'])}"
           f", predicted {human(m['predicted_bytes'])} ({m['against']}): "
           f"error {m['error_text']} ({m['call_s']:.2f} s)"]
    for c in m.get("causes") or []:
        out.append(f"  more than 25% apart; known cause: {c}")
    if m.get("faults_note"):
        out.append(f"  faults: {m['faults_note']}")
    if m.get("note"):
        out.append(f"  note: {m['note']}")
    return out


def text_of(r, top=12):
    """The printed explanation."""
    o = r["op_by_op"]
    out = [f"explain {r['function']} on ({', '.join(r['arguments'])})", ""] + _op_lines(o, top)
    if r.get("jit"):
        out += [""] + _jit_lines(r["jit"], top)
    if r.get("fix"):
        fl = _fix_lines(r["fix"], o)
        out += [""] + fl if fl else []
    m = r.get("measured")
    if m:
        out += [""] + _measured_lines(m, "Measured, the function as given")
        if m.get("jit"):
            out += _measured_lines(m["jit"], "Measured under jax.jit")
    t = r.get("try_fix")
    if t:
        if "why_not" in t:
            out += ["", f"Fix tried: not tried: {t['why_not']}"]
        else:
            out += [""] + _measured_lines(t, f"Fix tried, lax.map batch_size={t['batch_size']}")
            out.append(f"  outputs the same as the function's: {'yes' if t['same_outputs'] else 'NO'}")
    out += ["", "Verdict: " + r["verdict"]]
    return "\n".join(out) + "\n"


def verdict(r):
    """The one paragraph in plain words."""
    o = r["op_by_op"]
    big = o["largest"]
    if big is None:
        return "The function makes no array."
    made = f"the {big['primitive']}" + (f" at {big['source']}" if big["source"] else "")
    same = [a for a in o["peak_arrays"] if a["bytes"] * 8 >= big["bytes"]]
    text = (f"Op by op, the peak is {human(o['peak_bytes'])} at step {o['peak_step']} "
            f"({o['peak_label']}{', ' + o['peak_source'] if o['peak_source'] else ''}): "
            f"{o['peak_in_largest']:.3g} times the largest array made, {shape_text(big)} "
            f"({human(big['bytes'])}), made by {made}; {len(same)} of the "
            f"{o['peak_arrays_count']} arrays alive there are at least an eighth of it.")
    j = r.get("jit")
    if j:
        temp = j["memory_analysis"]["temp_bytes"]
        text += (f" Under jit XLA needs {human(temp)} of temporary memory "
                 f"({temp / max(big['bytes'], 1):.3g} largest arrays, "
                 f"{temp / max(o['peak_above_inputs_bytes'], 1):.0%} of the op-by-op peak "
                 "above the inputs).")
    mp = (r.get("fix") or {}).get("map") or {}
    if "batch_size" in mp:
        text += (f" lax.map with batch_size={mp['batch_size']} is predicted to peak at "
                 f"{human(mp['predicted_peak_bytes'])}.")
    m = r.get("measured")
    if m:
        text += (f" Measured on one warm call, the process grew by "
                 f"{human(m['peak_above_before_bytes'])} at its peak against "
                 f"{human(m['predicted_bytes'])} predicted ({m['against']}; "
                 f"{m['error_text']}).")
    return text
