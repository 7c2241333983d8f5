"""The C-KG's schema as the code uses it: namespaces, the SPARQL prologue, and the IRIs of terms and
nodes (see kg_builder/ontology.ttl). The runtime owns it; the builder writes triples with it."""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import quote

from pyoxigraph import NamedNode

HIVE = "https://w3id.org/hive/ckg#"
DATA = "https://w3id.org/hive/ckg/"
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
XSD = "http://www.w3.org/2001/XMLSchema#"
DCTERMS = "http://purl.org/dc/terms/"
SCHEMA = "http://schema.org/"
PROV = "http://www.w3.org/ns/prov#"
PREFIXES = {"hive": HIVE, "dcterms": DCTERMS, "schema": SCHEMA, "prov": PROV, "xsd": XSD}
# Every query's prologue: the prefixes, and the data namespace as the base of relative IRIs (<task/fill-mask>).
PREFIX = f"BASE <{DATA}>\n" + "".join(f"PREFIX {name}: <{iri}>\n" for name, iri in PREFIXES.items())
RDF_TYPE = NamedNode(RDF + "type")


@lru_cache(maxsize=256)
def term(name: str) -> NamedNode:
    """A class or property of HIVE's vocabulary."""
    return NamedNode(HIVE + name)


@lru_cache(maxsize=65536)
def node(kind: str, key: str) -> NamedNode:
    """The deterministic IRI of a graph node: a task, licence, dataset, model, ..."""
    return NamedNode(node_iri(kind, key))


@lru_cache(maxsize=65536)
def node_iri(kind: str, key: str) -> str:
    """`node`'s IRI as text (the key percent-encoded, so it is always a valid IRI)."""
    return DATA + kind + "/" + quote(key, safe="/-_.~")


def model_node(model_id: str) -> NamedNode:
    return node("model", model_id)
