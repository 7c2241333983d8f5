"""The prefixes the tests' SPARQL queries over the C-KG use."""

PREFIX = ("PREFIX hive: <https://w3id.org/hive/ckg#> PREFIX dcterms: <http://purl.org/dc/terms/> "
          "PREFIX schema: <http://schema.org/> ")
