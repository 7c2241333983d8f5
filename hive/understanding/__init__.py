"""Query understanding: parse a request, choose domains, choose goal actions."""
