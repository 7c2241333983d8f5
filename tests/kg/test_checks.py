"""`hive kg validate`'s checks (hive/kg/checks.py) on a graph from elsewhere."""

from __future__ import annotations

from hive.kg.checks import validate
from hive.kg.queries import rows

from support.ckg import PREFIX


def test_validate_finds_snippets_that_are_not_what_their_template_writes(snapshot):
    """Every snippet of the snapshot is re-written from the template it claims (the check above passes);
    a graph from elsewhere whose snippet was edited, claims a template that does not exist, or carries
    another model's code is reported, although each of these passes the snippet policy."""
    import pyoxigraph

    store = pyoxigraph.Store()
    store.extend(snapshot.quads_for_pattern(None, None, None))
    code_of = pyoxigraph.NamedNode("https://w3id.org/hive/ckg#code")
    loader_of = pyoxigraph.NamedNode("https://w3id.org/hive/ckg#loader")
    found = rows(store, PREFIX + """SELECT ?s ?code ?loader WHERE { ?m hive:execution ?s . ?s hive:code ?code ; hive:loader ?loader ;
        hive:fallback false } ORDER BY ?s LIMIT 3""")
    (edited, renamed, swapped), others = found[:3], rows(store, PREFIX + "SELECT ?code WHERE { ?s hive:code ?code } LIMIT 20")

    def replace(subject, predicate, old, new):
        node = pyoxigraph.NamedNode(subject)
        store.remove(pyoxigraph.Quad(node, predicate, pyoxigraph.Literal(old)))
        store.add(pyoxigraph.Quad(node, predicate, pyoxigraph.Literal(new)))

    replace(edited["s"], code_of, edited["code"], edited["code"].replace("    return ", "    text = text\n    return ", 1))
    replace(renamed["s"], loader_of, renamed["loader"], "../../etc/passwd")
    replace(swapped["s"], code_of, swapped["code"], next(o["code"] for o in others if o["code"] != swapped["code"]))
    findings = {f.check: f for f in validate(store)}
    assert findings["snippets that do not match the template they claim"].count == 3
