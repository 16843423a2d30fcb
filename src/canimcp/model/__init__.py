"""The one model of canimcp's domain, used by every other subpackage."""

from .clients import Client, ClientInfoMark, ClientInfoName, Package, Surface
from .features import Category, Feature
from .kb import KnowledgeBase
from .notes import NOTE_KINDS, NOTE_STATUSES, Note
from .probe import FeatureResult, HarnessInfo, ProbeReport, WireMessage
from .revisions import Revision, RevisionLink
from .sources import Evidence, Source
from .support import STATES, Condition, Flag, State, Statement, SupportFile

__all__ = [
    "NOTE_KINDS",
    "NOTE_STATUSES",
    "STATES",
    "Category",
    "Client",
    "ClientInfoMark",
    "ClientInfoName",
    "Condition",
    "Evidence",
    "Feature",
    "FeatureResult",
    "Flag",
    "HarnessInfo",
    "KnowledgeBase",
    "Note",
    "Package",
    "ProbeReport",
    "Revision",
    "RevisionLink",
    "Source",
    "State",
    "Statement",
    "SupportFile",
    "Surface",
    "WireMessage",
]
