"""The run's explainability report, as Markdown and HTML: every decision from request to outputs."""

from __future__ import annotations

import html
import json
from pathlib import Path

from hive.contracts import PlanResult

AUDIO, IMAGE = (".wav",), (".png",)


def _sections(plan: PlanResult, record) -> list[tuple[str, str, str]]:
    """(title, kind, body) sections shared by both formats; kind is 'text', 'code' or 'mermaid'."""
    explanation = plan.explanation
    parsed = plan.parsed.model_dump(exclude={"query"}) if plan.parsed else {}
    graph = "flowchart LR\n" + "\n".join(
        [f"  s{s.id}[\"{s.id}: {s.task}<br/>{s.model or 'no model'}\"]" for s in plan.tasks]
        + [f"  s{d} --> s{s.id}" for s in plan.tasks for d in s.dep]
    )
    sections = [
        ("Request", "text", plan.query),
        ("Answer", "text", record.answer),
        ("Parsed request", "code", json.dumps(parsed, indent=2, ensure_ascii=False)),
        ("Domains", "text", ", ".join(plan.domains) + f" (understanding: {plan.understander})"
         + "".join(f"\n{line}" for line in plan.llm_lines())),
        ("Plan (Mermaid flowchart; steps of one stage run in parallel)", "mermaid", graph),
        ("Merged domain", "code", explanation.domain_pddl if explanation else ""),
        ("Problem", "code", explanation.problem_pddl if explanation else ""),
        ("Planner log", "code", "\n".join(explanation.planner_log) if explanation else ""),
    ]
    for step, entry in zip(plan.tasks, record.steps):
        alternatives = ", ".join(a["id"] for a in step.alternatives) or "none"
        sections.append((
            f"Step {step.id}: {step.task}", "text",
            f"status: {entry.status}{' — ' + entry.error if entry.error else ''}\n"
            f"model: {step.model} — {step.why}\nrunners-up: {alternatives}\n"
            f"snippet: {entry.snippet_source or 'not run'}; arguments: {json.dumps(entry.arguments, ensure_ascii=False)}\n"
            f"output: {entry.output or '-'} ({entry.seconds:.2f} s) {entry.preview}",
        ))
        if entry.code:
            sections.append((f"Code of step {step.id}", "code", entry.code))
    timings = ", ".join(f"{k} {v:.1f} ms" for k, v in plan.timings_ms.items())
    sections.append(("Time", "text", f"planning: {timings}\nexecution: {record.seconds:.2f} s"))
    return sections


def write_reports(plan: PlanResult, record, directory: Path) -> None:
    sections = _sections(plan, record)
    markdown = [f"# HIVE run {record.id}\n"]
    for title, kind, body in sections:
        fence = "```mermaid" if kind == "mermaid" else "```"
        markdown.append(f"## {title}\n\n" + (f"{fence}\n{body}\n```\n" if kind != "text" else body + "\n"))
    (directory / "report.md").write_text("\n".join(markdown), encoding="utf-8")
    parts = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>HIVE run {record.id}</title>"
             "<style>body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:70rem}pre{background:#f5f5f5;padding:.6rem;"
             "overflow-x:auto}</style></head><body>", f"<h1>HIVE run {html.escape(record.id)}</h1>"]
    for title, kind, body in sections:
        content = f"<pre>{html.escape(body)}</pre>" if kind != "text" else "<p>" + html.escape(body).replace("\n", "<br>") + "</p>"
        parts.append(f"<h2>{html.escape(title)}</h2>{content}")
    for entry in record.steps:
        if entry.output and entry.output.endswith(IMAGE):
            parts.append(f"<h3>Output of step {entry.id}</h3><img src='{html.escape(entry.output)}' alt='step {entry.id}' style='max-width:30rem'>")
        elif entry.output and entry.output.endswith(AUDIO):
            parts.append(f"<h3>Output of step {entry.id}</h3><audio controls src='{html.escape(entry.output)}'></audio>")
    parts.append("</body></html>")
    (directory / "report.html").write_text("".join(parts), encoding="utf-8")
