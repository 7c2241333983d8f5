"""The Capability Knowledge Graph at run time: the shipped snapshot or a built directory, queried with SPARQL."""
