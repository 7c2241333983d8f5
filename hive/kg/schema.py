"""The C-KG's schema as the code uses it: namespaces, the SPARQL prologue, and the IRIs of terms and
nodes (see kg_builder/ontology.ttl). The runtime owns it; the builder writes triples with it."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Iterator
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
# hive:sizeBytes from hive:parameterCount and back, when only one is known: float32 weights, the usual published
# checkpoint format
BYTES_PER_PARAMETER = 4
# The language code a translation model's stated source is when it reads many languages (ISO 639-2 "mul")
MANY_LANGUAGES = "mul"


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


# The selection indexes (kg_builder/indexes.py): ranked lists cut into buckets, read a bucket at a time.
RANK_BUCKET = 16


def buckets(count: int) -> Iterator[tuple[int, int, int]]:
    """(bucket, first position, end position) of a list of `count`: the first bucket holds RANK_BUCKET
    positions and each next one twice as many, so a walk down a list of n reads log2(n / RANK_BUCKET) buckets."""
    bucket, start = 0, 0
    while start < count:
        end = min(count, start + RANK_BUCKET * 2**bucket)
        yield bucket, start, end
        bucket, start = bucket + 1, end


def ranking_node(task: str, ordering: str, bucket: int) -> NamedNode:
    """Bucket `bucket` of a task's models ranked by `ordering` (kg_builder/indexes.py builds the lists)."""
    return node("ranking", f"{task}/{ordering}/{bucket}")


def results_ranking_node(task: str, dataset: str, metric: str, bucket: int) -> NamedNode:
    """Bucket `bucket` of the results of a task's models on one dataset and metric (IRIs), best value first."""
    digest = hashlib.sha1(f"{dataset} {metric}".encode()).hexdigest()[:16]
    return node("ranking", f"{task}/results/{digest}/{bucket}")
