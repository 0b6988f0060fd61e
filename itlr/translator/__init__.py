"""Logical queries: grammar, AST, plan and the dialect compilers."""

from .ast import And, Expr, Not, Or, Term, from_json
from .parser import ParseError, parse
from .plan import Plan, plan

__all__ = ["And", "Expr", "Not", "Or", "Term", "from_json", "ParseError", "parse", "Plan", "plan"]
