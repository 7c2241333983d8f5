"""The builder writes N-Triples text itself: it must be what pyoxigraph's serializer writes, character for character."""

from __future__ import annotations

import random

import pyoxigraph

from kg_builder.ntriples import boolean, double, integer, iri, text, triple

SUBJECT, PREDICATE = pyoxigraph.NamedNode("https://w3id.org/hive/ckg/model/org/m"), pyoxigraph.NamedNode("https://w3id.org/hive/ckg#code")
XSD = "http://www.w3.org/2001/XMLSchema#"


def serialized(value: pyoxigraph.Literal) -> str:
    return pyoxigraph.serialize([pyoxigraph.Triple(SUBJECT, PREDICATE, value)], format=pyoxigraph.RdfFormat.N_TRIPLES).decode()


def ours(obj: str) -> str:
    return triple(iri(SUBJECT.value), iri(PREDICATE.value), obj)


def test_every_character_is_escaped_as_pyoxigraph_escapes_it():
    different = [code for code in range(0x110000) if not 0xD800 <= code <= 0xDFFF
                 and serialized(pyoxigraph.Literal(chr(code))) != ours(text(chr(code)))]
    assert different == []


def test_strings_mixing_escapes_and_plain_text_come_out_alike():
    rng = random.Random(17)
    alphabet = [chr(c) for c in [*range(0x80), 0xE9, 0x2028, 0xFFFD, 0xFFFE, 0xFFFF, 0x1F600]]
    for _ in range(5000):
        value = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        assert ours(text(value)) == serialized(pyoxigraph.Literal(value)), repr(value)


def test_typed_literals_come_out_alike():
    assert ours(integer(1_550_000_000)) == serialized(pyoxigraph.Literal("1550000000", datatype=pyoxigraph.NamedNode(XSD + "integer")))
    assert ours(double(7.5)) == serialized(pyoxigraph.Literal("7.5", datatype=pyoxigraph.NamedNode(XSD + "double")))
    assert ours(double(1e-05)) == serialized(pyoxigraph.Literal("1e-05", datatype=pyoxigraph.NamedNode(XSD + "double")))
    assert ours(boolean(False)) == serialized(pyoxigraph.Literal("false", datatype=pyoxigraph.NamedNode(XSD + "boolean")))
