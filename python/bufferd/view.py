"""The bufferization view as HTML (CompileResult._repr_html_, for Jupyter):
the program's lines with every allocation and copy marked on the line that
caused it, its reason and, for a conflict, the read and the write; then
the per-function counts and peak bytes, and the run's statistics."""
import html


def _bytes(n):
    return "dynamic" if n is None else "%d B" % n


def _why(r):
    text = r["reason"]
    if r.get("conflict"):
        c = r["conflict"]
        text += ": read by %s (line %d), written by %s (line %d)" % (
            c["read"]["op"], c["read"]["loc"]["line"], c["write"]["op"], c["write"]["loc"]["line"])
    return text


def html_view(result):
    report = result.report or {"records": [], "functions": []}
    by_line = {}
    for r in report["records"]:
        by_line.setdefault(r["loc"]["line"], []).append(r)
    out = ['<div class="bufferd-view" style="font-family: monospace; font-size: 12px">']
    if result.program:
        out.append('<table style="border-collapse: collapse">')
        for n, line in enumerate(result.program.split("\n"), 1):
            recs = by_line.get(n, [])
            marks = "".join('<b style="color: %s" title="%s">%s</b>' % (
                "#b00020" if r["kind"] == "copy" else "#b35c00", html.escape(_why(r)),
                "C" if r["kind"] == "copy" else "A") for r in recs)
            note = "; ".join("%s %s: %s" % (r["kind"], _bytes(r.get("bytes")), _why(r)) for r in recs)
            style = ' style="background: #fff3c4"' if recs else ""
            out.append('<tr%s><td style="color: #888; text-align: right; padding-right: 6px">%d</td>'
                       '<td>%s</td><td style="white-space: pre">%s</td>'
                       '<td style="color: #555; padding-left: 12px">%s</td></tr>'
                       % (style, n, marks, html.escape(line), html.escape(note)))
        out.append("</table>")
    out.append("<p>")
    for f in report["functions"]:
        out.append("@%s: %d allocation(s), %d copy(ies), peak live %s<br>" % (
            html.escape(str(f["name"])), f["allocations"], f["copies"], _bytes(f["peak_live_bytes"])))
    if result.run_stats:
        s = result.run_stats
        out.append("run: %d steps, %d heap allocation(s), %d copy(ies), peak heap %s<br>" % (
            s.get("steps", 0), s.get("heap_allocs", 0), s.get("copies", 0),
            _bytes(s.get("peak_heap_bytes"))))
    out.append("</p></div>")
    return "\n".join(out)

