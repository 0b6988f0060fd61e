"""Errors of ``itlr.cluster``."""

from __future__ import annotations


class ClusterError(RuntimeError):
    """A node could not be fetched, started, reached or stopped.

    The first line of the message says what went wrong in one line; a node's
    log tail, when there is one, follows on the next lines.
    """

    @property
    def headline(self) -> str:
        text = str(self) or type(self).__name__
        return " ".join(text.splitlines()[0].split()) if text.strip() else type(self).__name__

    @property
    def details(self) -> str:
        lines = str(self).splitlines()
        return "\n".join(lines[1:]).strip("\n")
