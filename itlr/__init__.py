"""itlr: inference-time logical reasoning (AND, OR, NOT over embeddings) for
Elasticsearch, OpenSearch and a local engine."""

from .semantics import Semantics
from .translator import And, Expr, Not, Or, ParseError, Term, from_json, parse

__all__ = ["parse", "ParseError", "Expr", "Term", "Not", "And", "Or", "from_json", "Semantics"]
__version__ = "0.1.0"
