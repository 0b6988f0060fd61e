"""Rule-based translation of a question into a logical query (no LLM needed).

The rules find the ways of saying "but not": a parenthetical ``(excluding …)``, a
clause such as ``…, but do not mention …``, ``other than``, ``except``, ``minus``,
``that aren't``, ``not interested in``, ``I already know about``, ``without``,
``rather than``; alternatives (``either … or``, ``X or Y``, ``X except Y, or Z``)
and independent requirements (``both … and``, ``… as well as …``).

Where an excluded phrase ends, which items a list holds and what a coordination
shares come from spaCy's tagger and parser (:mod:`itlr.nl.syntax`): the scope of an
exclusion is the noun phrase it governs.

    "Which fish other than salmon swim upstream to spawn?"
        -> "Which fish swim upstream to spawn?" AND NOT "salmon"
    "Novels by Jane Austen except Emma, or novels by the Bronte sisters"
        -> ("Novels by Jane Austen" AND NOT "Emma") OR "novels by the Bronte sisters"
    "Jobs at Airbus or Boeing" -> "Jobs at Airbus" OR "Jobs at Boeing"
    "the 1986 or 1990 World Cup" -> "the 1986 World Cup" OR "the 1990 World Cup"
    "How do bats or dolphins use echolocation?" -> one question per subject
    "Recipes that aren't desserts" -> "Recipes" AND NOT "desserts"
    "…? No museums or cinemas please." -> NOT "museums", NOT "cinemas"
    "Greek islands that are not Santorini for a quiet honeymoon"
        -> "Greek islands for a quiet honeymoon" AND NOT "Santorini"
    "treatments for migraine excluding triptans or ways to prevent cluster headaches"
        -> ("treatments for migraine" AND NOT "triptans") OR "ways to prevent cluster headaches"
    "… but not Dune or Hyperion - read those already" -> the remark goes with the exclusion
    "Don't mention the LBW rule, it confuses everyone." -> so does this one
    "beta blocker side effects skip propranolol" -> a keyword query, then what to leave out
    "I hate horror. What are some good movies for Halloween?" -> NOT "horror"
    "free knitting or crochet patterns" -> "free knitting patterns" OR "free crochet patterns"
    "how to bleed a radiator or a brake line" -> one task per object

The positive term keeps the question's wording (sentence embeddings work best on
text, not on stripped keywords). Fail safe: a negated property of the answer
("cities without a subway system", "… but are not actual Nobel Prizes", "films not
set in the US", "cities that aren't coastal", "recipes that don't need X", "accounts
with no X and no Y", "drugs that are not FDA approved", "What animals don't need
water?") or a substitution ("what can I drink
instead of coffee?", "Reasons to pick Vue rather than React", "X rather than Y for
Z": only a request for texts about X leaves Y out; "I'm tired of X, what's a good
replacement for it?") is not a topic to exclude, nor is what follows "not" when it
describes the answer ("films like Amelie but not French", "hotels that allow dogs
but not cats", "… but not the largest city"), and
when nothing is recognised, or a rule would leave no positive text, the whole
question is one term: never worse than dense retrieval.
"""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass, field

from ..translator import And, Expr, Not, Or, Term
from . import grading, syntax

__all__ = ["rules_to_expr", "RuleResult"]


@dataclass
class RuleResult:
    expr: Expr
    positive: str
    negatives: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- words

_WH = r"how|what|why|when|where|which|who|whom|whose|whether|is|are|was|were|do|does|did|can|could|should|would|will|has|have|had|in what|to what|in which"

# Verbs that only say "talk about": "do not mention X", "without discussing X".
_META_VERBS = (
    r"mention(?:s|ed|ing)?|includ(?:e|es|ing)|discuss(?:es|ing)?|cover(?:s|ing)?|involv(?:e|es|ing)|"
    r"refer(?:s|ring)?\s+to|referenc(?:e|es|ing)|talk(?:s|ing)?\s+about|touch(?:es|ing)?\s+(?:up)?on|"
    r"focus(?:es|ing|sing)?\s+on|consider(?:s|ing)?|address(?:es|ing)?|describ(?:e|es|ing)|bring(?:ing)?\s+up|"
    r"go(?:es|ing)?\s+into|get(?:ting)?\s+into|dwell(?:s|ing)?\s+on|deal(?:s|ing)?\s+with|concern(?:s|ing)?|"
    r"contain(?:s|ing)?|featur(?:e|es|ing)|relat(?:e|es|ing)\s+to|say(?:ing)?\s+anything\s+about|explain(?:s|ing)?|"
    r"analy[sz](?:e|es|ing)|examin(?:e|es|ing)|explor(?:e|es|ing)|emphasi[sz](?:e|es|ing)|highlight(?:s|ing)?|"
    r"cit(?:e|es|ing)|quot(?:e|es|ing)|list(?:s|ing)?|show(?:s|ing)?|return(?:s|ing)?|"
    # "I don't want to read about X" (not "I don't want to get anything wrong": a wish about doing)
    r"(?:want|need)(?:\s+to\s+(?:read|hear|learn|know|see|watch)(?:\s+(?:about|of))?|(?!\s+to\s))|care\s+about|suggest|recommend|propose|"
    r"bother\s+with|dig(?:ging)?\s+into|delv(?:e|ing)\s+into|elaborat(?:e|ing)\s+on|(?:go|goes|going|bang|bangs|banging|harp|harps|harping)\s+on\s+about"
)
# Nouns that only say "talk about", when followed by of/to/about/…: "any mention of X".
_META_NOUNS = (
    r"mentions?|references?|discussions?|details?|descriptions?|information|info|coverage|talk|focus|"
    r"examinations?|analys[ie]s|considerations?|explanations?|specifics|emphasis|treatment|narratives?\s+focused"
)
_PREP = r"of|to|about|on|upon|regarding|concerning|related\s+to|surrounding|around|into|with"

# Exclusion triggers. "strong" ones always mean "not"; "bounded" ones only after a
# clause boundary (comma, "but", "and", sentence start) or before a meta word, because
# "how to avoid burnout" or "plants that grow without light" are not exclusions.
# "loads of it", "plenty of those": how much of what was named before
_QUANTITY_OF = r"(?:loads|lots|plenty|heaps|tons|a\s+lot|a\s+few|some|enough)\s+of"
# "already tried a few and given up": how many, with nothing named after it
_BARE_QUANTITY = r"(?:a\s+few|a\s+couple|a\s+lot|loads|lots|plenty|heaps|tons|several|some|many|most|all|both|everything)(?:\s+(?:things|options|ones|of\s+them))?\s*(?:[.,;:!?]|\s(?:and|but|so|already|before)\b|$)"  # ("a few things")
# "I've read / seen / used …": what the asker has done (the trigger in _STRONG and _STATEMENT_CUE_RE share it)
_HAVE_DONE_VERBS = r"(?:read|seen|watched|played|visited|been\s+to|tried|done|finished|used|been\s+using)"
# "a year of recorder", "six weeks of physio": how long something was done, what the asker has behind them
_DURATION_OF = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|several|a\s+few|a\s+couple\s+of|\d+)\s+(?:years?|months?|weeks?|terms?|days?|seasons?)\s+of\b"
# "I've played bass in covers bands for twenty years": how long the asker has done a thing (not a name: "I've
# used Headspace for years"), what they know, no exclusion
_A_WHILE = (
    r"(?:(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|many|several|a\s+few|a\s+couple\s+of|\d+)\s+\w+"
    r"|years|decades|ages|months|a\s+while|a\s+long\s+time)\b"
)
# "Not sure where to look.": the asker's doubt, nothing left out
_UNSURE = r"sure|certain|convinced"
# who is not interested goes with the cue: "I'm not into X", "He's not keen on X" (else "He's." is left)
_ASKER_IS = r"(?:(?:I['’]m|I\s+am|(?:he|she)['’]s|(?:he|she)\s+is|(?:we|they)['’]re|(?:we|they)\s+are)\s+)?"
_STRONG = [
    r"with\s+the\s+exception\s+of",
    r"(?:except|exept|excpet)(?:ing)?(?:\s+for)?",  # (as typed: "birds exept gulls")
    r"excluding",
    r"excl(?=\.\s)",  # "Star Wars films excl. the prequels"
    r"other\s+th[ae]n",  # "other then": a common slip
    r"apart\s+from",
    r"aside\s+from",
    r"outside\s+of",
    r"rather\s+than",
    r"instead\s+of",
    r"not\s+(?:including|counting|related\s+to|relating\s+to|about|involving|concerning|covering|mentioning|"
    r"discussing|focusing\s+on|considering|referring\s+to|referencing|regarding|associated\s+with|connected\s+to|"
    r"linked\s+to|covered\s+by|touching\s+on|dealing\s+with|part\s+of)",
    r"unrelated\s+to",
    r"besides(?!\s*,)",
    r"(?:with\s+)?no\s+(?:mention|mentions|reference|references|discussion|discussions)\s+(?:of|to|about)",
    r"(?:do|does|did)\s+not\s+(?:" + _META_VERBS + r")",
    r"(?:don'?t|don’t|doesn'?t|doesn’t|didn'?t|didn’t)\s+(?:" + _META_VERBS + r")",
    r"minus",
    r"barring",
    r"(?<!\bof\s)(?<!\bfor\s)(?<!\bby\s)(?<!\bfrom\s)(?<!\babout\s)leaving\s+(?:out|aside)",  # "the risk of leaving out food": an act
    _ASKER_IS + r"not\s+interested\s+in",
    r"(?:I['’]m|I\s+am|we['’]re|we\s+are)\s+not\s+looking\s+for",
    r"no\s+need\s+(?:for|to\s+(?:mention|include|cover|discuss|explain))",
    # "…, as long as it's not Gone Girl": only a name (checked in _is_topic_exclusion; "unless it's Italian" is a property)
    r"(?:(?:as|so)\s+long\s+as|provided|providing)\s+(?:it|they|that)(?:['’]s|['’]re|\s+is|\s+are)(?:\s+not|n['’]t)"
    r"|(?:(?:as|so)\s+long\s+as|provided|providing)\s+(?:it|they|that)\s+(?:isn['’]t|aren['’]t)",
    r"sans(?=\s+(?-i:[A-Z]))",  # "classic novels sans Dickens"; "sans serif fonts" is a name
    r"bar(?=\s+(?:the\s+)?[A-Z0-9])",  # "all the planets bar Earth" (checked in _is_topic_exclusion)
    _ASKER_IS + r"not\s+(?:(?:a|much\s+of\s+a)\s+(?:big\s+|huge\s+)?fan\s+of|into|keen\s+on)",
    # ("They've already been to the Eden Project": whoever the asker speaks for; "… and has already covered Saturn": its subject said before)
    r"(?:I\s+|I['’]ve\s+|I\s+have\s+|we\s+|we['’]ve\s+|we\s+have\s+|(?:I|we)\s+had\s+|(?:I|we)['’]d\s+|they(?:['’]ve|\s+have)\s+|(?:he|she)(?:['’]s|\s+has)\s+|(?:my|our|his|her|their|the)\s+(?:[\w-]+\s+){1,2}(?:has|have)\s+|(?<=\band\s)(?:has|have)\s+)?already\s+(?:know|read|heard|seen|saw|watched|visited|tried|been\s+to|went\s+to|done|played|used|use|stock|own|have|covered|made|cooked|baked|went\s+through|gone\s+through|worked\s+through|finished|completed|listened\s+to|looked\s+at|looked\s+into|considered|checked\s+out|explored|stayed\s+at|eaten\s+at)(?:\s+(?:about|of))?"
    # ("We already have loads of it": what it names was excluded before, nothing new; nor "We
    # already have a separate skip for that": what it is for was excluded before)
    r"(?!\s+" + _QUANTITY_OF + r"\s+(?:it|them|those|these|that|this)\b)(?![^.?!;,]*\b(?:for|with|of|about|on)\s+(?:that|those|it|them|this|these)\s*(?:[.?!;,]|$))(?!\s+" + _DURATION_OF + ")"
    r"(?!\s+" + _BARE_QUANTITY + r")"  # ("he's already tried a few and given up": how many, nothing named)
    # ("We've already worked through all the obvious names": a kind of answer, nothing named)
    r"(?!\s+(?:all\s+(?:of\s+)?)?the\s+(?:obvious|usual|standard|main|big|famous|popular|well[- ]known|typical|classic)\s+(?:names|ones|choices|options|suspects|titles|picks|places|spots|sights|ideas)\b)",
    # "we've done the Sagrada Familia already", "I have seen Dune before": what the user has done, left out
    # (a pronoun after them refers back to an exclusion: "Skip Nero, I know enough about them")
    # ("I've read plenty about Hurtigruten and Quark already": how much is no part of what is left out)
    r"(?:I|we)(?:['’]ve|\s+have)\s+(?:done|seen|visited|read|watched|tried|been\s+to|played|heard|covered|used|listened\s+to)"
    r"(?:\s+(?:loads|lots|plenty|heaps|tons|a\s+lot|enough|so\s+much)\s+(?:about|on)(?=\s+[A-Z]))?"
    r"(?!\s+(?:" + _QUANTITY_OF + r"\s+)?(?:it|them|this|that|those|these|both|all)\b)"
    r"(?=[^.?!;,]*\b(?:already|before)\b)",
    r"(?:I|we)\s+(?:already\s+)?know\s+(?:all|everything|plenty|enough|a\s+lot)\s+about(?!\s+(?:it|them|this|that|those|these|both)\b)",
    r"(?:I|we)(?:['’]ve|\s+have)\s+(?:already\s+)?ruled\s+out(?!\s+(?:it|them|this|that|those|these|both)\b)",  # "we've ruled out BambooHR, Sage and Breathe"
    r"(?:(?<=,\s)|(?<=-\s)|(?<=–\s)|(?<=—\s))been\s+to(?=[^.?!;,]*\b(?:already|before)\b)",  # "…, been to the Rijksmuseum already"
    # a sentence of its own about what the user has done or dislikes ("I've read all of Agatha Christie.",
    # "I hate horror.", "My son is allergic to eggs."): checked in _is_topic_exclusion
    r"(?:I|we)(?:['’]ve|\s+have)\s+" + _HAVE_DONE_VERBS + r"(?:\s+all\s+of)?"
    r"(?!\s+(?:that|about|how|it|this|them|those|these|somewhere|online|in|on|a\s+lot|lots|loads|plenty|heaps|tons|enough|many|some|good|great|"
    r"both|far|too|so|way|either|neither|none|most|several|dozens|hundreds|countless|everything|everywhere|anything)\b)(?!\s+" + _DURATION_OF + ")"
    r"(?!\s+(?-i:(?!(?:the|a|an|my|our)\s+[A-Z])[a-z])[^.?!;]*?\bfor\s+" + _A_WHILE + ")",  # "We've tried both.", "We've seen far too many.
    r"(?:I|we)\s+(?:really\s+|just\s+)?(?:hate|dislike|detest|can['’]t\s+stand|cannot\s+stand|don['’]t\s+like|do\s+not\s+like)",
    r"(?:I['’]m|I\s+am|we['’]re|we\s+are)\s+(?:(?:so|really|a\s+bit)\s+)?(?:sick|tired|bored)\s+of",
    # "I've had enough of HIIT.", "We're fed up with Slack."
    r"(?:(?:I|we)(?:['’]ve|\s+have)\s+had\s+enough\s+of|(?:I['’]m|I\s+am|we['’]re|we\s+are)\s+(?:(?:so|really|a\s+bit)\s+)?fed\s+up\s+with)",
    r"(?:I['’]m|I\s+am|we['’]re|we\s+are|(?:my|our)\s+\w+\s+(?:is|are))\s+(?:allergic|intolerant)\s+to",
    r"(?:I['’]m|I\s+am|we['’]re|we\s+are)\s+(?:already\s+)?familiar\s+with(?!\s+(?:it|them|this|that|those|these|both)\b)",
    r"(?:but\s+)?nothing\s+(?:about|on|regarding|concerning|related\s+to|to\s+do\s+with|with|involving|featuring|containing|including|from|by)",
    r"(?:but\s+)?nothing(?=\s+[\w-]+-(?:related|themed|based|heavy)\b)",
    r"(?:but\s+)?nothing\s+(?:that|which)\s+(?:needs|requires|uses|contains|involves|calls\s+for)",  # "…, nothing that needs an oven"
    r"(?:but\s+)?none\s+(?:by|from|about|with|featuring|starring|set\s+in)",  # "programming books but none by O'Reilly"  # "…, nothing war-related"
    r"never\s+(?:" + _META_VERBS + r")",
    r"(?:but|and)\s+not(?!\s+(?:only|just|necessarily|least|all|always|quite|merely|simply|even|yet|so|too|much|limited|" + _UNSURE + r")(?![\w-]))",  # ("but not all-on-4": a name)
]
_BOUNDED = [
    r"without",
    r"avoid(?:s|ing)?",
    r"exclud(?:e|es)",
    r"ignor(?:e|es|ing)",
    r"disregard(?:s|ing)?",
    r"leav(?:e|es|ing)\s+out",
    r"omit(?:s|ting)?",
    r"skip(?:s|ping)?",
    r"set(?:ting)?\s+aside",
    r"leav(?:e|es|ing)\s+aside",
    r"forget(?:\s+about)?",
    r"anything\s+but",  # "…, anything but beaches"; "I can eat anything but nuts" is not a request
    r"anywhere\s+but",  # "novels set anywhere but Tudor England": a place left out
    r"save\s+for",  # "Famous composers, save for Mozart"
    r"none\s+of(?!\s+(?:us|you|them|it)\b)",  # "cheap gyms, none of the big chains" ("None of us has read …" says who)
    r"neither(?=\s+[^.?!;]+?\s+nor\b)",  # "…, but neither strawberries nor watermelon"
    r"steer(?:ing)?\s+clear\s+of",
    r"(?:stay|keep)(?:ing)?\s+away\s+from",
    r"hold(?=\s+the\s)",  # "…, but hold the eggs"
    r"(?:do|does|did)\s+not",  # "but do not radio carrier wave" (a verb we do not know)
    r"(?:don'?t|don’t)",
    r"not(?!\s+(?:only|just|necessarily|least|all|always|quite|merely|simply|even|yet|so|too|much|to\s+mention|limited|" + _UNSURE + r")(?![\w-]))",
    r"no(?![\w’'-])",  # "…? No X or Y please": checked in _is_topic_exclusion
]
# "that aren't Sweden" names what to leave out; "that aren't in the EU" is a property.
_COPULA = r"(?:(?:that|which|who)\s+)?(?:is|are|was|were)n['’]?t"  # ("that arent lamy": typed without its apostrophe)
_TRIGGER_RE = re.compile(
    r"\b(?:(?P<copula>" + _COPULA + r")|(?P<strong>" + "|".join(_STRONG) + r")|(?P<bounded>" + "|".join(_BOUNDED) + r"))\b",
    re.IGNORECASE,
)
# What may stand before a trigger and goes with it: ", but ", " and ", "; ", "that does ".
_CONN_RE = re.compile(
    r"(?:\s*[,;:—–]\s*|\s+-\s+|\s+|^)(?:(?:but|and|yet|while|though|although|or)\s+)?(?:just\s+)?"
    r"(?:(?:when|if|whilst|now(?=\s+that\b))\s+)?(?:(?:that|which|who)\s+)?(?:(?:is|are|was|were)\s+)?(?:(?:please|pls|plz|kindly)\s+)?(?:(?:I|we|he|she|they)\s+)?"
    # "but definitely not Paris", "and preferably not X" ("now that we've ruled out Bosch": the reason goes with the cue)
    r"(?:(?:definitely|certainly|absolutely|preferably|ideally|obviously|especially|particularly|probably|really)\s+)?$",
    re.IGNORECASE,
)
# After an exclusion, a comma followed by one of these starts the positive text again.
_RESUME_RE = re.compile(
    r"\s*(?:(?:and|but|or|then|yet|so|while|whereas)\s+)?(?:" + _WH + r"|particularly|especially|specifically|"
    r"mainly|mostly|primarily|focusing|concentrating|emphasi[sz]ing|in\s+particular|with\s+(?:an?\s+)?(?:focus|emphasis)|"
    r"but|while|whereas|although|though|yet|instead|rather|also|additionally|plus|on|in|to|for|at|from|into|as\s+well)\b",
    re.IGNORECASE,
)
_META_FOLLOWS_RE = re.compile(r"\s+(?:any|all|(?:" + _META_NOUNS + r")\s+(?:" + _PREP + r")|" + _META_VERBS + r"|going\s+into|getting\s+into|using)\b", re.IGNORECASE)
_AND_WH_RE = re.compile(r"\s+(?:and|but)\s+(?:" + _WH + r")\b", re.IGNORECASE)

_ABBREV = {
    "excl", "incl", "mr", "mrs", "ms", "dr", "st", "no", "vs", "etc", "jr", "sr", "prof", "mt", "ft", "vol", "nos", "approx", "fig", "op", "ca", "inc", "ltd", "co",
    "sgt", "gen", "col", "lt", "capt", "gov", "sen", "rep", "rev", "hon", "pres", "dept", "univ", "ave", "blvd", "rd",
}

# "please", "can you", "could u please" before a request
_POLITE_LEAD = r"(?:(?:please|pls|plz|kindly)\s+)?(?:(?:can|could|would|will)\s+(?:you|u|someone|somebody|anyone|anybody)\s+(?:please\s+|pls\s+)?)?"
# "writing an essay on", "doing a school project about": the asker's own work, on a topic
_WORK_ON = (
    r"(?:writing|doing|preparing|working\s+on|putting\s+together)\s+(?:a|an|my|our|some)\s+(?:[\w-]+\s+)?"
    r"(?:report|essay|paper|presentation|project|article|post|thesis|dissertation|assignment|talk|lesson|piece|review)\s+(?:on|about|covering)"
)
# Request wording in front of the topic: "Provide an introduction to X" -> "introduction to X".
# "I'd like", "we would want", "I'd love": a request, in the request wording and where "without" is read
_WOULD_LIKE = r"(?:would\s+|['’]d\s+)(?:like|want|love)"
_GET_SOMEONE = r"(?:get|buy|find)\s+(?:him|her|them|us|me|(?:my|our)\s+[a-z]+)(?=\s+(?:a|an|some|any)\s)"
_FILLER_RE = re.compile(
    r"^"
    + _POLITE_LEAD
    + r"(?:(?:provide|give|get|find(?!\s+out\b)|show|bring|fetch|retrieve|list(?!\s+of\b)|describe|explain|discuss|examine|explore|outline|"
    r"introduce|analy[sz]e|summari[sz]e|investigate|evaluate|assess|present|review|compare|"
    r"write(?:\s+about)?|search(?:\s+for)?|look\s+(?:for|up)|pull\s+up|dig\s+up|tell|"
    r"name(?=\s+(?:some|several|any|(?:a\s+)?few|\d+|two|three|four|five|six|seven|eight|nine|ten)\b))(?:\s+(?:me|us|(?:him|her|them)(?=\s+(?:a|an|some|any)\s|\s+[a-z][\w-]*s\b(?!\s+(?:is|are|was|were)\b))))?(?:\s+about)?"  # ("find him some …", "find him smartphones …": for whom)
    r"|(?:i|we)(?:\s+(?:just|really|only|actually))?(?:\s+|(?=['’]))(?:want|need|" + _WOULD_LIKE + r"|(?:am|are)\s+looking\s+for|['’](?:m|re)\s+looking\s+for)"  # ("We're looking for …": writers 12 in 12)
    # ("I'd like to get him a telescope": a thing for someone, asked for as "I'd like a telescope" is)
    r"(?!\s+to\s+(?!(?:know|learn|read)\b|" + _GET_SOMEONE + r"))"  # "We want to adopt a dog": a plan, said as background
    r"(?:\s+to\s+(?:know|learn|read)(?:\s+more)?\s+about|\s+to\s+read\s+up\s+on|\s+to\s+know\s*:|\s+to\s+" + _GET_SOMEONE + r")?(?:\s+information\s+(?:on|about))?"
    r"|(?:just\s+)?looking\s+for"  # "Looking for either …": the same request, its subject left out
    # "Does anyone know where to hire …", "Anyone got …": asks the readers, says nothing of the topic
    r"|(?:(?:does|do|has)\s+)?(?:anyone|anybody)\s+(?:know|have|got|recommend|suggest)(?:\s+(?:of|about))?(?=\s+(?:a|an|any|some|where|how|what|which|whether|if|when|who)\b)"
    # "Have you got a bread and butter pudding recipe …?": asks the reader for the thing
    r"|(?:have\s+you\s+got|do\s+you\s+have|has\s+anyone\s+got)(?=\s+(?:a|an|any|some)\s)"
    # "What counts as fair wear and tear …?": the thing asked about
    r"|what\s+counts\s+as"
    # "We're thinking guided nature walks …, or else …": the options weighed ("thinking of buying …" is a plan)
    r"|(?:i['’]m|i\s+am|we['’]re|we\s+are)\s+thinking(?!\s+(?:of|about|that|it|this|we|i|maybe|of)\b)(?=\s+[\w'’-]+)"
    # "Where can I go snorkelling in winter …?", "… go on horse riding holidays", "… go wild swimming": the activity asked about
    r"|where\s+(?:can|could|should|do)\s+(?:i|we|you)\s+go(?:\s+(?:on|for))?(?=\s+(?:[a-z-]+\s+)?[a-z]+ing\b)"
    # "Where can I take a pottery class …?": the class asked about
    r"|where\s+(?:can|could|should|do)\s+(?:i|we|you)\s+take(?=\s+(?:(?:a|an|some)\s+)?(?:[\w-]+\s+){0,3}(?:course|class|lesson|workshop)s?\b)"
    # "Any ideas for museums in Manchester?", "Any ideas for a nut-free cake?": asks for the things themselves
    # ("ideas for a lesson" are the lesson's content; after "any" or "some" writers drop them, 8 in 9)
    r"|(?:any|some)\s+ideas\s+(?:for|on)(?=\s)|ideas\s+(?:for|on)(?=\s)(?!\s+(?:a|an|the|my|our|his|her|their)\b)"
    r"|where\s+(?:can|could|should|do)\s+(?:i|we)\s+(?:learn|read|find\s+out)(?:\s+more)?\s+about"  # "Where can I learn about X?" asks for texts on X
    r"|(?:what\s+)?should\s+(?:i|we)\s+read\s+about"  # ("What should I read about the history of cartography?" too)
    # "Where can I buy gluten-free communion wafers?": the things asked for (writers since set 150 drop
    # the buying 31 times in 42, since set 200 13 in 15)
    r"|where\s+(?:can|could|should|do)\s+(?:i|we|you|one)\s+(?:buy|purchase)(?=\s+\w)"
    r"|(?:is|are)\s+there\s+(?:anything|something|much|any\s+(?:good\s+)?(?:info|information|research|reading|literature|material))\s+(?:on|about)"  # "Is there anything on X?"
    # "Visitors keep asking about …", "Patients often ask me about …": what others ask about is the topic
    r"|(?:(?:my|our|the)\s+)?(?:[\w-]+\s+){0,2}?(?:customers|clients|patients|visitors|students|parents|people|guests|users|readers|"
    r"members|trustees|colleagues|kids|pupils|tenants|buyers|staff)\s+(?:(?:keep|always|often|sometimes|regularly|constantly)\s+)?"
    r"(?:asking|ask|asked)(?:\s+(?:me|us))?(?:\s+(?:about|for)|(?=\s+(?:which|what|whether|how|why|if|where|when)\b))"
    r"|(?:need|want)(?=\s+(?:a|an|some|examples|ideas|info|information|recommendations|suggestions|advice|tips|help|details|sources)\b)"
    # "Our logistics team needs info on …": a request made for a team ("my boss wants each of us to …" is a plan)
    r"|(?:my|our)\s+(?:[\w-]+\s+){0,2}(?:team|company|firm|department|office|business|practice|clinic|school|charity|client|boss|manager)\s+"
    r"(?:needs?|wants?|would\s+like|is\s+looking\s+for)(?!\s+to\b)(?!\s+(?:me|us|each|all|every\w*|him|her|them)\b)(?:\s+(?:info|information|details|guidance|advice|data)\s+(?:on|about))?"
    # "I'm after …", "I'm writing an essay on …", "I'm researching …": what the user works on is the topic
    r"|(?:i(?:\s+am|['’]m)|we(?:\s+are|['’]re))\s+(?:after|researching|reading\s+up\s+on|interested\s+in|curious\s+about|"
    + _WORK_ON
    # "I'm putting together a reading list on …": the list is what is asked for, the work is not
    # (one "for my book group" says whom for: writers took the topic from the question, 8 in 8)
    + r"|(?:putting\s+together|making|compiling|building)\s+(?:a|an|my|our)(?=\s+(?:[\w-]+\s+)?(?:list|guide|playlist|collection)\s+(?:on|about|of)\s)))\s+",
    re.IGNORECASE,
)
# What the asker works on: "I'm writing an essay on …" (a request in _FILLER_RE, a background's topic in _drop_background)
_WORK_ON_RE = re.compile(r"(?:i(?:\s+am|['’]m)|we(?:\s+are|['’]re))\s+" + _WORK_ON + r"\s", re.IGNORECASE)
# Asking for things rather than texts: "Recommend a dry cat food", "Suggest some board games".
# Only dropped from the positive text: "recommend a car without a sunroof" is a property, not a
# request for texts that leave a topic out (unlike _FILLER_RE's "Explain X without Y").
_ASK_FOR_RE = re.compile(
    r"^"
    + _POLITE_LEAD
    + r"(?:recommend|suggest|propose|share|point\s+me\s+to|help\s+me\s+(?:find|choose|pick)|searching\s+for|hunting\s+for|"
    r"(?:i['’]m\s+|i\s+am\s+)?(?:trying|hoping)\s+to\s+find|on\s+the\s+(?:hunt|lookout)\s+for|in\s+search\s+of)(?:\s+(?:me|us))?"
    r"\s+(?=\w)",
    re.IGNORECASE,
)
# Who is asking, when it says nothing of the topic: "As a site engineer I need …", "I'm an
# accountant; explain …", "… Asking as a ward nurse." Occupations only: "As a vegan, …" or "As a
# beginner, …" constrain the answer and stay.
_ROLE = (
    r"(?:[\w-]+\s+){0,2}(?:nurse|doctor|gp|physician|surgeon|pharmacist|midwife|paramedic|dentist|vet|veterinarian|therapist|physio|"
    r"physiotherapist|psychologist|counsell?or|social\s+worker|carer|caregiver|teacher|lecturer|tutor|professor|student|researcher|"
    r"scientist|engineer|developer|programmer|dev|architect|designer|analyst|accountant|bookkeeper|auditor|lawyer|solicitor|barrister|"
    r"attorney|paralegal|clerk|agent|manager|consultant|technician|electrician|plumber|builder|contractor|surveyor|librarian|"
    r"journalist|editor|reporter|officer|administrator|coordinator|planner|hobbyist|volunteer|coach|chef|farmer|pilot|mechanic)"
)
# what an answer is needed for: "for a client brief", "for a logistics class"
_WORK_NOUN = (
    r"(?:brief|file|report|memo|presentation|class|lesson|meeting|project|essay|assignment|handout|notes?|email|newsletter|talk|"
    r"training|audit|proposal|deck|slides?|course|module|worksheet|quiz|exam|seminar|workshop|client|customer|team|boss|manager)\b"
)
# "…, I only care about the history.": a restatement of what is wanted, after an exclusion
_ONLY_CARE_RE = re.compile(
    r"[\s,;.-]+(?:i|we)\s+(?:only|just|really\s+only)\s+(?:care\s+about|want(?:\s+to\s+(?:know|read|hear))?(?:\s+about)?|need)\s+[^,.;!?]+[.!]*\s*$",
    re.IGNORECASE,
)
# What closes a message and says nothing of the topic: "…, any suggestions?", "Thanks in advance.",
# "It's for my daughter's school project." (a project's purpose; "It's for a 10 year old" is a constraint)
_SIGN_OFF_RE = re.compile(
    # "…, that would work too": the alternative is acceptable, nothing about it
    r"(?:,\s*(?:that|which|this|it)(?:\s+would|['’]d|\s+will|['’]ll|\s+could)?\s+(?:work|works|do|be\s+(?:fine|ok|okay|great|good))(?:\s+(?:too|as\s+well|for\s+(?:me|us)))?"
    r"|[\s,;.!?-]+(?:any\s+(?:suggestions|ideas|recommendations|tips|thoughts|advice|pointers)(?:\s+appreciated)?|thx|ty|"
    # "…, keep it short": how to answer, not what about
    r"(?:and\s+)?(?:please\s+)?keep\s+it\s+(?:simple|short|brief|basic|concise|light|non-technical)(?:\s+please)?|"
    r"(?:many\s+)?(?<!\bNo\s)thanks(?:\s+(?:in\s+advance|a\s+lot|so\s+much))?|thank\s+you(?:\s+(?:in\s+advance|so\s+much))?|cheers)"
    r"|(?<=[.?!])\s+(?:it|this)(?:['’]s|\s+is)\s+for\s+(?:my|our)\s+(?:[\w'’-]+\s+){0,3}"
    r"(?:project|homework|assignment|essay|class|presentation|report|course|coursework|thesis|dissertation|blog|talk|lesson|paper|newsletter)"
    # "… Asking as a ward nurse.", "… Need it for a logistics class.", "… Need a quick overview for a client."
    r"|(?<=[.?!])\s+(?:asking|writing)\s+as\s+an?\s+" + _ROLE + r"|(?<=[.?!])\s+asking\s+for\s+a\s+friend"
    r"|(?<=[.?!])\s+(?:i\s+)?need(?:ed)?\s+(?:it|this|an?\s+(?:quick\s+|brief\s+|short\s+|simple\s+)?(?:overview|summary|rundown|answer|explanation))"
    r"\s+for\s+(?:a|an|my|our|the)\s+(?:[\w'’-]+\s+){0,3}" + _WORK_NOUN + ")"
    r"\s*[.!?]*\s*$",
    re.IGNORECASE,
)
# A sentence that asks for help and says nothing of what: "Can you help?", "Quick question."
_EMPTY_REQUEST = (
    r"(?:(?:can|could|would|will)\s+(?:you|u|anyone|someone|somebody)\s+(?:please\s+)?help(?:\s+(?:me|us))?(?:\s+out)?(?:\s+(?:here|please|pls))?"
    r"|(?:please\s+)?help(?:\s+(?:me|us))?(?:\s+(?:please|pls))?|(?:i\s+have\s+a\s+)?(?:quick\s+|simple\s+|random\s+)?question"
    r"|need\s+(?:some\s+)?help|help\s+needed)\s*[?.!:]+"
)
_EMPTY_REQUEST_RE = re.compile(r"^" + _EMPTY_REQUEST + r"$", re.IGNORECASE)
_PLEASE_END_RE = re.compile(r"[\s,]+(?:please|pls|plz)\s*[.!?]*\s*$", re.IGNORECASE)
_ROLE_LEAD_RE = re.compile(
    r"^(?:as\s+an?\s+" + _ROLE + r"\s*,?\s+(?=(?:i|we)\b)"
    r"|(?:i['’]m|i\s+am|we['’]re|we\s+are)\s+an?\s+" + _ROLE + r"\s*[;:,.]\s+(?=\w)"
    # "site engineer here - …", "Vet nurse here. …"
    r"|(?:[\w-]+\s+){0,2}" + _ROLE + r"\s+here\s*(?:[-–—,:;.!]+\s*|\s+(?=(?:what|which|how|why|when|where|who|is|are|can|could|do|does)\b))"
    # "Customer is asking which …", "My client wants to know whether …": a question passed on
    r"|(?:(?:a|the|my|our)\s+)?(?:customer|client|patient|student|pupil|user|colleague|boss|manager|parent)s?\s+"
    r"(?:is\s+asking|are\s+asking|asked|asks|wants\s+to\s+know|want\s+to\s+know|wonders?|(?:is|are)\s+wondering)(?:\s+(?:me|us))?\s+"
    r"(?=(?:what|which|how|why|when|where|who|whether|if)\b)"
    # "For a client brief: …", "For an audit file: …": what the answer is for, before a colon
    r"|for\s+(?:a|an|my|our|the)\s+(?:[\w-]+\s+){0,2}" + _WORK_NOUN + r"\s*:\s+(?=\w)"
    r"|" + _EMPTY_REQUEST + r"\s+(?=\w)"  # "Can you help? …"
    # "I want to know which …", "I was wondering whether …": an embedded question is the question
    r"|(?:(?:i|we)\s+(?:want|need|would\s+like|['’]d\s+like)\s+to\s+know|i\s+(?:wonder|was\s+wondering|am\s+wondering|['’]m\s+wondering))"
    r"\s*[:,]?\s+(?=(?:which|what|who|how|why|when|where|whether|if|rather\s+than|instead\s+of)\b))",
    re.IGNORECASE,
)
# "hi!", "Hey there," in front of a question say nothing about its topic.
_GREETING_RE = re.compile(
    r"^(?:(?:hi|hey|hello|hiya|greetings|(?:good\s+)?(?:morning|afternoon|evening))(?:\s+(?:there|all|folks|everyone))?\s*[!,.:]+\s*(?=\S)"
    # "ok so which cities …", "quick question: …"
    r"|(?:ok(?:ay)?,?\s+so|so(?=\s*,)|(?-i:so)|basically|anyway|(?:quick|random|simple|silly|dumb|stupid|easy)\s+(?:question|one|q))[,:\s-]+"
    r"(?=(?:what|which|who|where|when|why|how|is|are|can|could|should|would|do|does|i|we|my|any|show|tell|give|find|list|recommend|suggest|either|need)\b)"
    r"|please\s*,\s*(?=\w)"  # "Please, which metals …"
    r"|ok(?:ay)?\s*,?\s+so\s*,?\s+(?=\w)"  # "ok so cheap flights to …"
    # "Hope you're well.", "How are you?": pleasantries
    r"|(?:i\s+)?hope\s+(?:you['’]re|you\s+are|all\s+is|this\s+finds\s+you)(?:\s+doing)?\s+(?:well|good|ok|okay|fine|great)(?:\s+today)?\s*[.!,]+\s*(?=\w)"
    r"|how\s+are\s+(?:you|u)(?:\s+doing)?(?:\s+today)?\s*[?!.,]+\s*(?=\w)"
    # "Quick one - best budget cameras …": set off by a dash or colon, whatever follows
    r"|(?:quick|random|simple|silly|dumb|stupid|easy)\s+(?:question|one|q)(?:\s+(?:from|for|about)\s+(?:(?!\s[-–—])[^:,.!?–—]){1,40}?)?\s*(?:\s[-–—]|[–—:]|(?<![\w])-|[?!.])\s*(?=\w)"
    # "Settle a bet for us please:", "Settling an argument with my brother.", "Out of curiosity,": why it is asked
    r"|(?:(?:help\s+(?:me|us)\s+)?(?:settle|settling|win|end|resolve)\s+(?:a|an|the|this|our)\s+(?:bet|argument|debate|dispute|disagreement)"
    r"(?:\s+[^:,.!?–—-]{1,40}?)?|out\s+of\s+curiosity|just\s+(?:curious|wondering))\s*(?:[-–—:,]|[?!.])\s*(?=\w)"
    # "My kid asked me this at dinner and I was stumped:": who asked, no topic
    r"|(?:my|our)\s+(?:[\w-]+\s+){1,2}(?:asked|asks)\s+(?:me|us)\s+(?:this|that)(?:\s+[^:.!?–—-]{1,50}?)?\s*(?:[-–—:]|[?!.])\s*(?=\w))",
    re.IGNORECASE,
)
# lowercase only: "The Great Gatsby" stays; "a few", "some good": how many or how good, not what
_ARTICLE_RE = re.compile(r"^(?:a\s+few|a\s+couple\s+of|several|some\s+good|a|an|the|some|any)\s+")
_DOCNOUN_RE = re.compile(
    r"^(?:(?:a\s+|the\s+)?lists?\s+of\s+|(?:any\s+|some\s+)?(?:suggestions?|recommendations?)\s+(?:for|on)\s+|any\s+(?:tips|pointers)\s+(?:for|on)\s+|(?:any\s+|some\s+)?(?:documents?|articles?|papers?|passages?|texts?|pages?|web\s+pages?|results?|information|info|guidance|advice|material|"
    r"content|sources?|stuff|anything|something|everything)\s+"
    r"(?:(?:that|which)\s+(?:is|are|talks?|discuss(?:es)?|mentions?|covers?|deals?\s+with|focus(?:es)?\s+on|describes?)"
    r"(?:\s+about)?\s+|(?:about|on|regarding|concerning|related\s+to|covering|discussing|mentioning|describing)\s+))",
    re.IGNORECASE,
)
# A yes/no question that weighs its items: "Is it better to …", "Should I …", "Is X healthier …".
_CHOICE_QUESTION_RE = re.compile(
    r"^(?:is|are|was|were|should|would|could|can|do|does|did|will)\b.*\b(?:better|worse|best|worst|rather|prefer|"
    r"\w+er\s+than|more\s+\w+|less\s+\w+|healthier|cheaper|safer|faster|easier|harder)\b",
    re.IGNORECASE,
)
_WH_START_RE = re.compile(r"^(?:how|what|why|when|where|which|who)\b", re.IGNORECASE)
_QUESTION_START_RE = re.compile(r"^(?:" + _WH + r"|tell\s+me\s+(?:how|why|what|whether))\b", re.IGNORECASE)

# Cleaning an excluded phrase: "any mention of the storm" -> "storm".
_MADE_BY = r"(?:made|developed|published|produced|manufactured|built|designed|written|directed|owned|run)\s+by"
# "not booked through Sykes, Airbnb or Vrbo", "not by doing a factory reset": the seller or the means is left out
_SOLD_THROUGH = r"(?:(?:booked|bought|sold|listed|hosted|advertised|ordered|arranged)\s+(?:through|via|on|with)|by\s+(?:doing|using|getting|buying|hiring|taking))"
# "those made by X", "the ones set in Y", "those run by Z": how a group is told apart by what follows
_MADE_OR_PLACED = r"(?:found|made|written|built|discovered|directed|produced|published|released|sung|painted|designed|set|located|based|run|owned|operated|managed|sold|offered)"
_PREPOSITIONS = {"in", "on", "at", "near", "for", "with", "from", "by", "under", "over", "without", "within", "around", "before", "after", "during", "to", "of", "about", "into", "through", "between", "like"}
_ONES_WITH = r"(?:ones?|those|these)\s+(?:" + _MADE_OR_PLACED + r"\s+)?(?:with|featuring|involving|about|mentioning|containing|by|starring|on|in|from|at|near|for|against|under|run\s+by|owned\s+by)\s+"
# a lowercase article (a title's "The" stays: "The Bridge")
_ARTICLE_START_RE = re.compile(r"^(?:the|a|an)\s+")
_NEG_PREFIXES = [
    re.compile(r"^(?:" + _META_NOUNS + r")\s+(?:" + _PREP + r")\s+", re.IGNORECASE),
    re.compile(r"^(?:" + _META_VERBS + r")\s+", re.IGNORECASE),
    re.compile(r"^(?:any|all|those|these|such|no|just)\s+"),  # ("simply beautiful", "only fools and horses": titles)
    re.compile(r"^(?:one|either|each)\s+(?=of\s+(?:the|those|these)\s)", re.IGNORECASE),  # "but not one of the big national chains"
    re.compile(r"^(?:loads|lots|plenty|heaps|tons|a\s+lot|a\s+few|a\s+couple)\s+(?:of|about|on)\s+(?=\w)", re.IGNORECASE),  # "already have loads of lavender", "… loads about the Moon"
    # only before what a text says: "specific performance", "direct democracy" are names of things
    re.compile(r"^(?:specific|detailed|direct|explicit|further|particular|certain)\s+(?=(?:" + _META_NOUNS + r"|examples?|cases?|instances?)\b)", re.IGNORECASE),
    # "excluding: A, B and C", "Exclude the following: …"
    re.compile(r"^(?:(?:the\s+)?following(?:\s+(?:items|things|topics|places|ones|names|books|films|people))?\s*)?(?::|\.(?=\s))\s*", re.IGNORECASE),
    _ARTICLE_START_RE,
    re.compile(r"^(?:its|their|his|her|our|your|my|one's|own)\s+"),
    re.compile(
        r"^(?:role|roles|influence|influences|impact|use|concept|involvement|specifics|idea|notion|topic|subject|theme|"
        r"question|issue|matter|area)\s+of\s+"
    ),
    re.compile(r"^" + _SOLD_THROUGH + r"\s+", re.IGNORECASE),
    re.compile(r"^(?:for|about|regarding|concerning|of|by|from|on|at|via|in|near|with|during|around|through|inside|outside|within)\s+"),  # lowercase: "On Liberty" stays
    re.compile(r"^" + _MADE_BY + r"\s+"),  # "games that are not made by Ubisoft": the maker is left out
    # ("the term 'X'"; not "term life", "term dates": compounds)
    re.compile(r"^(?:using|use\s+of|(?:the\s+)?(?:word|words|term|terms|phrase|name)(?!\s+(?:life|time|times|dates?|deposits?|loans?|papers?|insurance|limits?)\b)(?=\s+\S))\s+", re.IGNORECASE),
    re.compile(r"^(?:associated\s+with|related\s+to|relating\s+to|connected\s+(?:to|with)|linked\s+to|attributed\s+to)\s+", re.IGNORECASE),
    # "the ones with the UK", "those featuring Batman" (_ones_named decides that they name a topic)
    re.compile(r"^" + _ONES_WITH, re.IGNORECASE),
    re.compile(
        r"^(?:things|topics|content|material|stuff|anything|everything|something|anyone|anybody|bits?|parts|sections?|chapters?)\s+(?:(?:that|which)\s+(?:is|are)\s+)?"
        r"(?:about|on|in|related\s+to|regarding|concerning|like|to\s+do\s+with|from|by|involving|featuring|with|mentioning|"
        r"(?:(?:that|which)\s+)?(?:needs?|needing|requires?|requiring|uses?|using|contains?|containing|calls?\s+for|calling\s+for)|"
        r"(?:[a-z]+ed|run|made|built|written|drawn|sung|done|held|owned|taken)\s+by)\s+",
        re.IGNORECASE,
    ),
    re.compile(r"^(?:anything|everything|something)\s+(?=\w)", re.IGNORECASE),  # "skip anything messy" (after "anything with X")
    re.compile(r"^(?:anywhere|somewhere)\s+(?:near|in|around|close\s+to)\s+(?=\w)", re.IGNORECASE),  # "I don't want anywhere near Newquay"
]
_ANSWER_NOUNS = r"(?:answers?|responses?|results?|reply|replies|explanation|summary|list|text|article|search)"
# how often the user has had something: "a hundred times", "too many times already"
_HOW_OFTEN = (
    r"(?:(?:a\s+(?:hundred|thousand|million|dozen|few|couple\s+of)|many|several|countless|so\s+many|too\s+many|loads\s+of|\d+|two|three|four|five|ten)"
    r"\s+times(?:\s+(?:already|before|over))?"
    r"|(?:twice|thrice)(?:\s+(?:already|before|over))?)"  # ("has already been to Santorini twice")
)
_EXCLUSION_TAIL_RE = re.compile(
    r"[\s,]*(?:please|pls|plz|thanks|thank\s+you|at\s+all|altogether|entirely|whatsoever|obviously|of\s+course|either|"
    r"(?:so\s+)?(?:something|anything|somewhere|someone|one)\s+else(?:\s+please)?(?=\s*(?:[.,;!?]|$))|"  # "I know about bute, so something else."
    r"(?:so\s+)?(?:none|not|nothing)\s+(?:of\s+)?(?:those|them|these|that)(?:\s+(?:please|pls|again|thanks))?(?=\s*(?:[.,;!?]|$))|"  # "…, so none of those."
    r"(?:so\s+)?(?:I|we)\s+(?:don['’]t|do\s+not)\s+(?:want|need)\s+(?:those|them|these|that|it)(?:\s+again)?(?=\s*(?:[.,;!?]|$))|"  # "…, so we don't want those."
    r"that\s+is(?=\s*(?:[.,;!?]|\s[-–—]\s|$))|"  # "Besides Cherry Creek, that is - …"
    + _HOW_OFTEN
    + r"(?=\s*(?:[.,;!?]|$))|"  # "we've played Catan too many times"
    # ("etc" in lowercase: "ETC" in capitals is a name, the lighting maker)
    r"(?-i:etc|Etc)\.?(?=\s|$)|and\s+so\s+on|and\s+the\s+like|and\s+such|or\s+whatever|and\s+others|or\s+similar|"
    r"(?:in|from)\s+(?:the|your|my|any|this)\s+" + _ANSWER_NOUNS + r"|(?:already|before|though|tho|again|this\s+time|for\s+once|for\s+now|for\s+the\s+moment|for\s+the\s+time\s+being|right\s+now|just\s+now|at\s+the\s+moment|these\s+days|any\s?more)(?=\s*(?:[.,;!?]|\s[-–—]\s|$)))\b",
    re.IGNORECASE,
)
# A remark on what was just excluded: "… but not Dune - read those already", "Apart from Kind
# of Blue, I've heard that one to death", "Don't mention the offside rule, it confuses
# everyone", "… leaving out Kyoto since we've been twice". It is neither wanted nor excluded.
_EXPERIENCE = r"(?:read|seen|saw|heard|watched|tried|visited|played|done|did|been|went|had|have|has|own|owned|used|know|knew|finished)"
_BACK_REFERENCE = (
    r"(?:that|those|it|them|him|her|this|these|both|already|before|twice|enough|to\s+death|allergic|intolerant|overrated|boring|"
    r"sick\s+of|tired\s+of|bored\s+of|hates?|dislikes?|can['’]t\s+stand|too\s+\w+)"
)
# a clause that asks for something is a wish, not a remark: "…, it needs to run Linux"
_NO_WISH = r"(?![^.?!;]*\b(?:need|needs|must|should|has\s+to|have\s+to|want|wants|prefer|prefers|looking|like|would)\b)"
_EXCLUSION_REMARK_RE = re.compile(
    r"\s*(?:(?:[,;:—–]|\s-)\s*(?:"
    # "I've been there", "we already have those", "my kid read it", "i've been to both"
    r"(?:(?:which|that|as)\s+)?(?:I|we|my\s+\w+|our\s+\w+)(?:['’]ve|['’]d|\s+have|\s+has|\s+had)?\s+(?:already\s+|just\s+|both\s+|all\s+)?"
    + _EXPERIENCE
    + r"\b"
    # "read those already", "seen them all"
    r"|(?:already\s+)?" + _EXPERIENCE + r"\s+(?:those|them|it|that|these|this|both|all)\b"
    # "…, had bad experiences with all three": what the user went through with them, subject dropped
    r"|(?:had|have\s+had|tried|used|done)\s+(?=[^.?!;]*\b(?:those|them|it|both|all\s+(?:three|two|four|of\s+them))\b)"
    # "…, which he found confusing", "…, which always gives me blisters": what someone made of it
    r"|(?:which|that)\s+(?:I|we|he|she|they|(?:my|our|his|her|their)\s+\w+)\s+(?:(?:really|also|just|both|all|never|always)\s+)?"
    r"(?!(?:can|could|will|would|might|may|should|must|need|needs|want|wants|prefer|prefers|like|likes|use|uses|have|has|get|gets)\b)(?-i:[a-z])\w*"
    r"|which\s+(?:(?:always|never|just|really|usually)\s+)?(?-i:[a-z])\w*\s+(?:me|us|him|her|them)\b"
    # "our vet already covered that", "I've covered those already": a clause of ours about them
    r"|" + _NO_WISH + r"(?:I|we|(?:my|our|the)\s+\w+|(?:the\s+)?others|other\s+\w+|the\s+rest|people|everyone\s+else)\b(?=[^.?!;]*\b" + _BACK_REFERENCE + r"\b)"
    # "- I'm vegan", ", we're coeliac": who asks, as the reason for the exclusion
    r"|(?:I['’]m|I\s+am|we['’]re|we\s+are)\s+(?:(?:a|both|all)\s+)?(?:vegan|vegetarian|veggie|pescatarian|allergic|intolerant|coeliac|celiac|diabetic|pregnant|teetotal|sober|halal|kosher|lactose)\b"
    # "… - far too messy!": what the user thinks of them
    r"|(?:far\s+|way\s+|much\s+|just\s+)?too\s+[a-z]+(?=\s*[.!]*\s*$)"
    # "… - way over budget", "…, out of our budget": why they are left out
    r"|(?:far\s+|way\s+|well\s+|a\s+bit\s+|slightly\s+)?(?:over|above|out\s+of|beyond)\s+(?:my\s+|our\s+|the\s+)?budget(?=\s*[.!]*\s*$)"
    # "…, I'm trying to cut down": what the user is trying to do, why it is left out
    r"|(?:I['’]m|I\s+am|we['’]re|we\s+are)\s+(?:trying|aiming|hoping|attempting)\s+to\b"
    # "…, our software is Windows-only": a statement of ours, why it is left out
    # (not a constraint with a number: "…, my budget is £500")
    # (", my tutor says they're overdone": what someone of ours thinks of them)
    r"|(?:my|our)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:is|are|was|were|has|have|only|doesn['’]t|don['’]t|isn['’]t|aren['’]t|won['’]t|can['’]t|cannot|says|said|thinks|reckons)\b(?![^.?!;]*[\d£$€])"
    # "…, the landlord won't allow holes in the wall": what someone else will not have
    r"|the\s+[\w-]+\s+(?:won['’]t|doesn['’]t|don['’]t|can['’]t|cannot|wouldn['’]t|isn['’]t|aren['’]t)\s+(?-i:[a-z])\w*(?![^.?!;]*[\d£$€])"
    # "… - I don't have any": what the asker lacks
    r"|(?:I|we)\s+(?:don['’]t|do\s+not)\s+(?:have|own)\s+(?:any|one|them|those|it)\b"
    # "… - the kids get seasick": what happens to the people it is for
    r"|(?:the|my|our)\s+(?:kids|children|family|grandkids|grandchildren|twins|toddlers?|baby|teens|teenagers|wife|husband|partner|parents)\s+(?:(?:always|usually|just|really|both|all)\s+)?(?-i:[a-z])\w*(?<!ing)\b(?![^.?!;]*[\d£$€])"
    # "it confuses everyone", "they're overrated": a clause about what was excluded
    # (a title may open with "It" or "This": "It Follows", "This American Life")
    r"|" + _NO_WISH + r"(?:(?:it|they|he|she|everyone|everybody|nobody|no\s+one|every\s+(?-i:[a-z])\w*)(?:['’](?:s|re|ve|ll|d))?\s+(?-i:[a-z])"
    r"|(?:those|these|this)(?:['’]s|\s+(?:is|are|was|were|has|have|had|will|would|can|could|seems?|looks?|sounds?|gets?|got|"
    r"makes?|made|does|did|do|always|never|just|really)\b)"
    # (", that can survive in a dark bathroom", ", that are safe for cats": a relative clause of the wanted thing)
    r"|that(?:['’]s|\s+(?:is|was|seems|looks|sounds|always|never|just|really)\b))"
    r")"
    # "We've used Square before and didn't love it": what the user thought of it
    r"|\s+(?:before|already|too)\s+(?:and|but)\s+(?:(?:I|we)\s+)?(?:didn['’]t|did\s+not|don['’]t|do\s+not|wasn['’]t|weren['’]t|hated|disliked|found|thought)\b"
    # "except Lagos which we've done already": the same remark typed without a comma
    r"|\s+(?:which|that)\s+(?:I|we)(?:['’]ve|['’]d|\s+have|\s+had)?\s+(?:already\s+|just\s+|both\s+|all\s+)?" + _EXPERIENCE + r"\b"
    # "…, except manga, which we already handle separately", "… Thai and Mexican which we already
    # eat a lot": whatever "already" is done with it, with a comma or without
    r"|(?:\s*[,;:—–])?\s+(?:which|that|as)\s+(?:I|we|(?:my|our|his|her|their)\s+\w+)(?:['’]ve|['’]re|\s+have|\s+are)?\s+already\s+\w+"
    # "since we've been twice already", "because it's overrated": why it is left out
    r"|(?:\s*[,;:—–]|\s-)?\s+(?:since|because|as|cause|'cause|’cause|though|although|tho)\s+(?:I|we|you|he|she|it|they|my|our|his|her|their|that|those|these|this|there|everyone|everybody|nobody|(?:most|some|all|both|many|half|several)\s+of\s+(?:us|them)|the\s+\w+(?:['’]s)?\s+(?-i:[a-z])[\w'’]*)\b"
    # "… we don't want OneDrive or Google Drive because of past issues": why, not what
    r"|(?:\s*[,;:—–]|\s-)?\s+(?:because\s+of|due\s+to|owing\s+to)\s+(?:the\s+|our\s+|my\s+|past\s+|previous\s+|bad\s+)*[\w'’-]+"
    # typed without a comma: "no ferns they always die on me"
    r"|\s+" + _NO_WISH + r"(?![^.?!;]*\b(?:can|could|will|might|may|shall|to)\b)(?:they|we|I|it|he|she)(?:['’](?:s|re|ve|ll|d))?\s+(?:always|never|just|already|all|both|really)?\s*(?!to\b)\w+"
    # (a dash before a question ends the remark: "…, I've covered him already - which other …")
    r")(?:(?!\s[-–—]\s+(?:which|what|who|where|when|how|why|could|can|would|any)\b)[^.?!;])*[.!]?",
    re.IGNORECASE,
)
_NEG_SUFFIX_RE = re.compile(
    r",?\s+(?-i:etc|Etc)\.?$|(?<=\w)\s+(?:side|sides|aspects?)\s+of\s+(?:things|it)$|[\s,]+(?:please|pls|plz|thanks|thank\s+you)$|(?<=\w)\s+(?-i:ones?)$|(?<=\w)\s+(?-i:stuff|things|suggestions|recommendations|kind|sort|type)$|(?<=\w)-(?:related|heavy)$|(?<=\w)\s+(?:covered|mentioned|included|discussed|explained|described)$|\s+(?:itself|himself|herself|themselves|themself|altogether|entirely|at\s+all|"
    r"(?:in|from)\s+(?:the|your|my|any|this)\s+" + _ANSWER_NOUNS + r")$"
    # ("I already know about X from a course I did last year": where the asker learnt it, not what)
    r"|(?<=\w)\s+from\s+(?:a|an|the|my|our|his|her|their)\s+(?:[\w-]+\s+)?(?:course|documentary|book|podcast|video|class|lecture|talk|film|article|programme|program|show|trip|visit|holiday|workshop|tour|seminar)\b.*$"
    # "avocado mousse a hundred times": how often the user has had it, not what
    r"|(?<=\w)\s+" + _HOW_OFTEN + r"$"
    # ("We've done spa days and afternoon tea before, so …", "the Headspace app for years": when, not what)
    r"|(?<=\w)(?<!going)\s+(?:before|already|for\s+" + _A_WHILE + r")$"  # ("going for a run" is what is done)
    # "Handel's Messiah this year": when it is left out, not what
    r"|(?<=\w)\s+(?:this|next|last)\s+(?:year|time|summer|winter|spring|autumn|term|season|month|week)$"
    # ("Cusco on a previous trip", "the Inca Trail years ago": when it was done)
    r"|(?<=\w)\s+(?:(?:on|during)\s+(?:a|an|our|my)\s+(?:previous|earlier|last|first)\s+(?:trip|visit|holiday|stay)|(?:(?:a\s+few|a\s+couple\s+of|two|three|several|many|\d+)\s+)?years\s+ago)$"
    # "thermite for safety reasons": why it is left out, not what
    r"|(?<=\w)\s+for\s+(?:[\w-]+\s+){0,2}reasons$",
    re.IGNORECASE,
)
# "the inheritance tax part": the part of a text about a topic is the topic
_TEXT_PART_RE = re.compile(r"(?P<topic>[\w'’-]+\s+[\w'’-]+(?:\s+[\w'’-]+)*)\s+(?:part|bit)")
_LABEL_RE = re.compile(r"\s*\([A-Z]\)")  # "(A)", "(B)": labels in some benchmark questions
# Who asked the asker, and that they could not answer, says why it is asked, not what: "My son asked at
# dinner and I couldn't answer.", "She asked me which reptiles are not dinosaurs" (the question is what was asked)
_ASKED = (
    r"(?:(?:my|our|a|an|the|one|some|several|her|his)\s+[\w'’-]+(?:\s+[\w'’-]+)?|someone|somebody|he|she|they)"
    r"\s+(?:has\s+|have\s+|just\s+)?asked(?:\s+(?:me|us))?(?:\s+(?:at|over|during)\s+\w+)?"
)
_ASKED_UNANSWERED_RE = re.compile(
    r"(?:^|(?<=[.?!:]\s))" + _ASKED + r"\s+and\s+(?:I|we)\s+(?:had\s+no\s+idea|couldn['’]t\s+answer|could\s+not\s+answer|didn['’]t\s+know|wasn['’]t\s+sure)[^.?!]*[.?!]\s*",
    re.IGNORECASE,
)
# "… except woodturning, which he's done for years?": what someone did with the excluded item goes with it
_ABOUT_EXCLUDED_RE = re.compile(
    r"(?P<excluded>\b(?:except|excluding|apart\s+from|other\s+than|besides|aside\s+from|but\s+not)\s+[^,?.!;]+),\s+(?:which|who)\s+"
    r"(?:I|we|he|she|they|you|everyone|everybody|(?:my|our|the)\s+[\w-]+)(?:['’](?:ve|s|re|d))?\s[^.?!,;]*(?=[.?!]|$)",
    re.IGNORECASE,
)
_ASKED_WHAT_RE = re.compile(
    r"(?:^|(?<=[.?!:]\s)|(?<=\sand\s))" + _ASKED + r"\s+"
    # (not what the asker must tell them: "our insurer asked what we plan to put in the loft")
    r"(?=(?:which|what|whether|how|why|who)\s+(?!(?:we|i|you|our|my)\b)\w+\s+\w)",
    re.IGNORECASE,
)
# "(a)", "(b)" label what was just excluded: they end the excluded phrase.
_END_LABEL_RE = re.compile(r"(?<!\w)\s*\([a-z]\)(?!\w)")  # not "401(k)s": a word holds it
_MARK = "\x1f"
# "a non Islamic summary" says what the text leaves out; "non-American films" is a property.
_NON_RE = re.compile(
    r"\bnon[\s-](?=[A-Z])([\w’'-]+)\s*(?=(?:summary|introduction|overview|description|account|explanation|biography|"
    r"profile|review|article|essay|report|analysis|discussion|perspective|view)\b)"
)
_QUOTES = "\"“”„«»"
_MAX_NEGATIVES = 24  # the query language allows 64 distinct terms; real questions need a few

_OR_STOP_RE = re.compile(
    r"\b(?:more\s+or\s+less|or\s+not|whether|one\s+or\s+more|sooner\s+or\s+later|either\s+way|and/or|or\s+else|"
    r"or\s+other|or\s+otherwise|or\s+similar|or\s+so|or\s+the\s+like|or\s+something|or\s+anything|give\s+or\s+take|"
    # fixed expressions: one thing, not a choice (the pairs are syntax.OR_BINOMIALS)
    + "|".join(rf"{a}[\s-]or[\s-]{b}" for a, b in sorted(syntax.OR_BINOMIALS))
    + r"|trick[\s-]or[\s-]treating|take\s+it\s+or\s+leave\s+it|either[\s-]or|one\s+or\s+the\s+other|buy\s+now,?\s+or\s+pay\s+later|"
    r"love\s+it\s+or\s+(?:hate|list|leave)\s+it|use\s+it\s+or\s+lose\s+it|deal\s+or\s+no\s+deal|win-win\s+or\s+lose-lose|"
    r"(?!(?:1[5-9]|20)\d\d\s+or\s+(?:1[5-9]|20)\d\d\b)\d+\s+or\s+\d+|"  # counts, not years ("the 1986 or 1990 World Cup")
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten)\s+or\s+(?:two|three|four|five|six|seven|eight|nine|ten|more))\b",
    re.IGNORECASE,
)


def _or_stopped(text: str) -> bool:
    """Whether an "or" in ``text`` is not a choice between items ("more or less", "2 or 3 cups");
    numbers after a name are versions, not counts: "Windows 10 or 11", "Type 1 or 2 diabetes"."""
    for m in _OR_STOP_RE.finditer(text):
        if not m.group(0)[:1].isdigit():
            return True
        before = text[: m.start()].split()
        if not before or not before[-1][:1].isupper():
            return True
        tagged = [w for w in syntax.tag(text) if w.end <= m.start()]
        if not tagged or tagged[-1].tag not in ("NN", "NNP", "NNPS", "NNS"):
            return True  # "Add 2 or 3 eggs"
    return False


_ITEM_PREP_RE = re.compile(r"^(.*\b(?:about|on|of|to|for|in|regarding|concerning|covering|with|from|by|between|among|like)\s+)(.+)$", re.IGNORECASE)


# --------------------------------------------------------------------------- helpers


def _squash(text: str) -> str:
    return " ".join(text.split())


def _is_sentence_end(text: str, i: int) -> bool:
    ch = text[i]
    if ch in "?!;":
        return True
    if ch != ".":
        return False
    rest = text[i + 1 :]
    word = re.search(r"([\w’']+)$", text[:i])
    # a message typed all in lowercase starts its sentences in lowercase too
    lowercase_break = text == text.lower() and re.match(r"\s+[a-z]", rest) is not None and word is not None and len(word.group(1)) >= 3
    if rest and not re.match(r"\s+[\"“'‘(\[]?[A-Z0-9]|\s*$", rest) and not lowercase_break:
        return False
    if word:
        w = word.group(1)
        if w.lower() in _ABBREV or (len(w) == 1 and w.isupper()):
            return False
    if text[max(0, i - 3) : i + 1].lower() in ("e.g.", "i.e."):
        return False
    return True


def _sentence_start(text: str, i: int) -> bool:
    """Whether position i (a word) begins a sentence."""
    head = text[:i].rstrip()
    return not head or head[-1] in "?!;:(" or (head[-1] == "." and _is_sentence_end(head, len(head) - 1))


def _words(text: str) -> list[str]:
    return re.findall(r"[\w’'-]+", text)


def _content_len(text: str) -> int:
    return len([w for w in _words(text) if w.lower() not in ("the", "a", "an", "its", "their", "his", "her")])


def _strip_quotes(text: str) -> str:
    t = text.strip()
    for _ in range(3):
        if len(t) >= 2 and ((t[0] in _QUOTES and t[-1] in _QUOTES) or (t[0] in "'‘" and t[-1] in "'’")):
            t = t[1:-1].strip()
        else:
            break
    # A stray quote left at one end (a title in quotes inside a longer phrase) says nothing.
    return "".join(ch for ch in t if ch not in _QUOTES).strip()


def _tidy(text: str) -> str:
    """Repair the punctuation left where an exclusion was cut out."""
    t = _squash(text.replace(_MARK, " "))
    # ("We've been to Legoland, so apart from that, what …": a "so" that led into the cut leads nowhere)
    t = re.sub(r"(^[\s,;:]*|[.?!:]\s+)[\s,;]*(?:and\s+)?so\s+,\s*", r"\1", t, flags=re.IGNORECASE)
    t = re.sub(r"(?<=\w),\s+so\s+,\s*", ", so ", t, flags=re.IGNORECASE)
    t = re.sub(r"\(\s*\)", "", t)
    t = re.sub(r"\s+([,.;:?!)])", r"\1", t)
    t = re.sub(r"\(\s+", "(", t)
    t = re.sub(r",\s*(?=[,.;:?!])", "", t)
    t = re.sub(r"([;:?!])\s*,", r"\1", t)
    t = re.sub(r"(?<=\w):\s*(?:[-–—;.]\s*)+(?=\w)", ": ", t)  # "Morocco: - what else …": a lead's colon, then what the cut left
    t = re.sub(r"^[\s,;:.!?—–-]+", "", t)  # ("Anything but X, please! Which …" leaves "!")
    # (a "that" left by a cut relative clause goes; "a place like that", "is that" keep theirs)
    t = re.sub(
        r"(?:[\s,;:—–-]+|\s+(?:and|but|or|while|yet|please|pls|plz)|(?<!\blike)(?<!\babout)(?<!\bof)(?<!\bis)(?<!\bwas)(?<!\bdo)(?<!\bdoes)(?<!\bdid)\s+(?:that|which))+([?.!]?)$",
        r"\1", t, flags=re.IGNORECASE,
    )
    t = re.sub(r"^(?:and|but|or)\s+", "", t, flags=re.IGNORECASE)
    # ("…, but not by those two": what was left out already, pointed at again)
    t = re.sub(r",?\s+(?:but|and)\s+not\s+(?:by\s+|from\s+|with\s+)?(?:those|these|them|either\s+of\s+(?:them|those))(?:\s+(?:two|three|four|ones))?\s*([.?!]?)$", r"\1", t, flags=re.IGNORECASE)
    # "…? please", "…? Also," left where a following exclusion sentence was cut out
    t = re.sub(r"([?.!])(?:\s+(?:please|pls|plz|thanks|thank\s+you|also|additionally|and|plus|oh|oh\s+and)[,.!]?)+$", r"\1", t, flags=re.IGNORECASE)
    t = re.sub(r"\?\s*\.$", "?", t)
    t = re.sub(r"([.?!])\s*[-–—]+\s+(?=\w)", r"\1 ", t)  # "… constantly. - what works?": a dash left at a sentence's start
    t = re.sub(r"(?<=[a-z0-9]{3})\.[,:;](?=\s)", ".", t)  # "… lesson., every class", "… boss.: which …", "… 60th., anything …": a mark left after a sentence
    t = re.sub(r"(?<=\w)\.\s*\.(?=\s|$)", ".", t)  # "… warehouse. . I just want …": a sentence cut out whole
    return _squash(t)


# "We already own loads.": how many, not what
_HOW_MANY_RE = re.compile(r"(?:loads|lots|plenty|heaps|tons|a\s+lot|a\s+few|a\s+bunch|several|many|most|all|both|some)(?:\s+of\s+(?:them|those|these|it))?", re.IGNORECASE)
# "so his usual lunch is out": the asker's own usual thing names nothing to leave out ("My Usual Self" in capitals is a title)
_OWN_USUAL_RE = re.compile(r"(?:[Hh]is|[Hh]er|[Tt]heir|[Mm]y|[Oo]ur|[Yy]our)\s+(?:usual|normal|regular|current|existing|everyday)\b")


def _clean_negative(text: str) -> str:
    t = _squash(text.replace(_MARK, " "))
    t = re.sub(r"\s*\((?:[A-Za-z])\)\s*$", "", t)
    t = t.strip(" ,;:.!?-—–")
    t = _strip_quotes(t)
    for _ in range(6):
        before = t
        for rx in _NEG_PREFIXES:
            m = rx.match(t)
            if m and m.end() < len(t):
                t = t[m.end() :]
        t = _NEG_SUFFIX_RE.sub("", t)
        t = _strip_quotes(t.strip(" ,;:.!?"))
        if t == before:
            break
    part = _TEXT_PART_RE.fullmatch(t)
    return _squash(part.group("topic") if part else t)


# one lowercase item of a list each with its own "no" ("no onion, no garlic")
_NO_ITEM = r"[a-z][\w-]*(?:\s+[a-z][\w-]*)?"


def _split_negative(text: str) -> list[str]:
    """ "financial challenges or pricing" -> two exclusions; titles and names stay whole."""
    if text == text.lower() and re.fullmatch(_NO_ITEM + r"(?:\s*,?\s+no\s+" + _NO_ITEM + r")+", text):
        return re.split(r"\s*,?\s+no\s+", text)  # "no onion, no garlic": each with its own "no"
    pieces = [text]
    for sep in (r",\s+(?:and|or|nor)\s+", r"\s+(?:or|nor)\s+", r"\s+and\s+", r",\s+"):
        out: list[str] = []
        for piece in pieces:
            out.extend(_split_on(piece, sep))
        pieces = out
    return pieces


def _split_on(text: str, sep: str) -> list[str]:
    parts: list[str] = []
    start = 0
    for m in re.finditer(sep, text, re.IGNORECASE):
        left, right = text[start : m.start()], text[m.end() :]
        if _depth_at(text, m.start()) or not left.strip() or not right.strip():
            continue
        lw, rw = _words(left), _words(right)
        if not lw or not rw:
            continue
        # Names and titles ("Dali and Magritte", "Thinking, Fast and Slow") stay one phrase;
        # two names of two words or more each may be alternatives ("Shor's algorithm or Grover's algorithm").
        if rw[0][:1].isupper() or lw[-1][:1].isupper():
            if not (re.search(r"\bor\b", m.group(0)) and _content_len(left) >= 2 and _content_len(right) >= 2):
                continue
        if not (_content_len(right) >= 2 or _content_len(left) <= 2):
            continue  # "the desire for resources and wealth": a shared head, keep it whole
        parts.append(left)
        start = m.end()
    parts.append(text[start:])
    return parts


def _depth_at(text: str, i: int) -> int:
    depth = 0
    for ch in text[:i]:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
    return depth


# --------------------------------------------------------------------------- exclusions


def _paren_exclusions(text: str, negatives: list[str]) -> str:
    """ "(excluding X)", "(Exclude X)", "(other than X)": the whole parenthesis goes."""

    def repl(m: re.Match[str]) -> str:
        inner = m.group(1).strip()
        t = _TRIGGER_RE.match(inner)
        if not t or t.start() != 0:
            return str(m.group(0))
        neg = inner[t.end() :]
        if not _words(neg):
            return str(m.group(0))
        negatives.append(neg)
        return " "

    prev = None
    while prev != text:
        prev = text
        text = re.sub(r"\(([^()]*)\)", repl, text)
    return text


def _sentence_bounds(text: str, i: int) -> tuple[int, int]:
    """Start and end offsets of the sentence that holds position i."""
    start = 0
    for j in range(min(i, len(text)) - 1, -1, -1):
        if text[j] in "?!;" or (text[j] == "." and _is_sentence_end(text, j)):
            start = j + 1
            break
    end = len(text)
    for j in range(i, len(text)):
        if text[j] in "?!;" or (text[j] == "." and _is_sentence_end(text, j)):
            end = j
            break
    return start, end


# Words that ask for a text rather than say what the answer does: "Tell me about X rather than Y".
_REQUEST_VERBS = {
    "provide", "give", "get", "find", "show", "bring", "fetch", "retrieve", "list", "describe", "explain", "discuss",
    "examine", "explore", "outline", "introduce", "analyze", "analyse", "summarize", "summarise", "investigate",
    "evaluate", "assess", "present", "review", "write", "search", "look", "tell", "want", "need", "like",
    "am", "'m", "’m", "looking", "would", "'d", "’d", "learn", "read", "know", "focus",
}
# Exclusion words that sit inside a noun phrase ("trees other than oaks that grow …"): without a
# comma before them, what follows the excluded noun phrase belongs to the phrase they modify.
_NP_INTERNAL_RE = re.compile(
    r"^(?:other\s+th[ae]n|except(?:ing)?(?:\s+for)?|excluding|besides|apart\s+from|aside\s+from|rather\s+than|instead\s+of|"
    r"minus|with\s+the\s+exception\s+of|outside\s+of|not\s+including|not\s+counting)$",
    re.IGNORECASE,
)


def _names_only(text: str) -> bool:
    """Whether ``text`` opens with names only ("Sweden", "Zeus or Apollo", "Home Alone or Elf"),
    not a property ("in the EU", "Spanish dialects", "American")."""
    words = syntax.tag(text.strip())
    if words and words[0].text.lower() == "the" and len(words) > 1:
        words = words[1:]
    if not words or not words[0].capitalised:
        return False
    capitalised: list[syntax.Word] = []
    for k, w in enumerate(words):
        low = w.text.lower()
        if w.tag in (".", ":") or low in ("itself", "themselves", "that", "which", "who"):
            break
        if low == "the" and k + 1 < len(words) and words[k + 1].capitalised:
            continue  # "the Eiffel Tower or the Louvre"
        if w.capitalised:
            capitalised.append(w)
        elif w.tag in ("CC", ",", "POS", "HYPH"):
            continue
        elif w.tag in ("VBN", "VBD") and capitalised and w.start == capitalised[-1].end + len(capitalised[-1].space):
            return False  # "that are not FDA approved": a name that qualifies a participle, a property
        elif w.verb or w.tag in ("IN", "TO", "MD"):
            break  # "… that aren't Sweden in winter": the name ended
        else:
            return False  # a lowercase noun or adjective: a description, not a name
    # nationality and other adjectives alone ("American", "French or Italian", "Indo-European") describe
    if any(w.tag == "HYPH" and k + 1 < len(words) and words[k + 1].tag in ("JJ", "JJR", "JJS") for k, w in enumerate(words)):
        return False
    # (the tagger calls some names adjectives: "Pecorino", "Pandemic")
    return bool(capitalised) and not all(_nationality(w.text) for w in capitalised)


def _the_one_named(after: str) -> bool:
    """ "the boiler upgrade scheme": "the" and singular nouns that end the clause name one thing
    (not "the cheapest", "the first choice": an adjective makes it a property)."""
    m = re.fullmatch(r"\s*the\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})\s*[.?!]?\s*", after)
    return m is not None and all(w.tag == "NN" for w in syntax.tag(m.group(0).strip().rstrip(".?!"))[1:])


def _listed_kind(item: str) -> bool:
    """One item of a list of things: one to three lowercase words, an article first at most, a noun
    or a gerund last ("pony rides", "face painting", "a magician")."""
    tagged = syntax.tag(item.strip())
    # a hyphened compound is one word, tagged by its last part ("go-karting": the tagger calls "go" a verb)
    words = [w for k, w in enumerate(tagged) if w.tag != "HYPH" and not (k + 1 < len(tagged) and tagged[k + 1].tag == "HYPH")]
    if words and words[0].tag == "DT" and words[0].text.lower() in ("a", "an"):
        words = words[1:]
    return 1 <= len(words) <= 3 and all(w.text.islower() and w.tag in ("NN", "NNS", "NNP", "JJ", "VBG") for w in words) and words[-1].tag in ("NN", "NNS", "NNP", "VBG")


def _kinds_only(sentence: str, at: int) -> bool:
    """Whether ``sentence[at:]`` (the rest of its clause) is a list of bare plural kinds
    ("desserts", "strategy games", "rodents or bats"): members of the class asked for that the
    user leaves out, unlike a property ("coastal", "in the EU", "members of NATO", "made in
    China"). The words are tagged in their sentence: alone, "ferns" reads as a verb.
    One bare singular noun per item is a kind too ("music that isn't jazz", "sports that
    aren't football or tennis"); with an article ("a monarchy") it is a property."""
    body = sentence[at:].rstrip().rstrip(".?!,;:").strip()
    if not body:
        return False
    start = at + len(sentence[at:]) - len(sentence[at:].lstrip())
    words = [w for w in syntax.tag(sentence) if w.start >= start]
    if not words or words[0].capitalised:
        return False
    end, items = syntax.excluded_phrase(body, False)
    if not items:
        return False
    if end != len(body):
        # "Which snacks that aren't crisps are healthy?": the question's verb follows the kinds
        after = [w for w in words if w.start >= start + end]
        # ("running shoes that aren't nike for flat feet": in a lowercase query, what follows with its
        # preposition still describes the shoes)
        described = sentence == sentence.lower() and after and after[0].tag == "IN" and after[0].text in ("for", "with", "in", "under", "near", "from")
        if not ((_WH_START_RE.match(sentence.lstrip()) and after and after[0].tag in ("VBP", "VBZ", "VBD", "MD")) or described):
            return False
        words = [w for w in words if w.start < start + end]
    kinds = [w for w in words if w.tag not in (",", ".", "CC")]
    if len(items) >= 3 and all(_listed_kind(item) for item in items):
        return True  # "party activities that aren't pony rides, face painting or a magician": a list of members left out
    allowed = ("NN", "NNS", "NNP", "NNPS", "JJ", "HYPH", "VBZ")
    if any((w.tag not in allowed and not _lowercase_name(w, sentence)) or w.capitalised for w in kinds):
        return False
    if len(items) == 1 and len(items[0].split()) >= 2 and not _WH_START_RE.match(sentence.lstrip()):  # ("deck-builders" is one word)
        # fail safe: a named category ("exoplanets that are not gas giants", "instruments that are not
        # transposing instruments") is often what the answer is not, and its passages say so
        return False
    # each item ends in a plural noun (a plural the tagger calls a verb counts: "ferns")
    ends = [w for k, w in enumerate(words) if w.tag not in (",", ".", "CC") and (k + 1 >= len(words) or words[k + 1].tag in (",", ".", "CC"))]
    plural = all(w.tag in ("NNS", "VBZ") or (w.tag == "NNPS" and not w.capitalised) for w in ends)
    if not plural:
        # ("noise cancelling headphones that aren't sony": a name typed in lowercase, tagged one)
        plural = all(len(item.split()) == 1 for item in items) and all(
            w.tag == "NN" or (w.tag == "NNP" and w.text.islower() and sentence == sentence.lower()) or (_lowercase_name(w, sentence) and w.text in items) for w in ends
        )
    return bool(ends) and plural and all(w.tag != "VBZ" for w in kinds if w not in ends)


# adjective shapes beyond _ADJECTIVE_SUFFIX_RE: "vegan", "evergreen", "crystalline", "circular", "juvenile", "rigid"
_MORE_ADJECTIVE_RE = re.compile(r"(?:an|een|ine|ar|ile|id|ing|ed)$")
_PLAIN_ADJECTIVES = {"wild", "raw", "cheap", "new", "old", "safe", "free", "fresh", "ripe", "dry", "wet", "hot", "cold", "real", "true", "fake", "live", "dead", "big", "small", "local", "native", "toxic", "edible", "halal", "kosher", "organic", "vegan", "waterproof", "fireproof", "dishwasher-safe"}


_IRREGULAR_PARTICIPLES = frozenset(
    """
    paid laid said made had heard found held sold told built bought brought caught taught thought sought fought kept
    left lost meant met sent spent lent bent felt dealt slept swept burnt learnt spelt spoilt read led fed bred fled
    shed spread hid slid hit cut put set shut let cast cost hurt split quit struck stuck hung won spun dug shot got
    lit sat stood understood run come become done gone seen begun drunk sung swum sunk shrunk ground bound wound
    """.split()
)


# what says how the answer is, not which: "aren't really fish", "aren't officially mountains", "aren't part of …"
_NOT_A_KIND = frozenset("really actually truly true real technically officially legally botanically strictly genuinely properly just always quite very too so all any part official".split())


def _lowercase_brand(sentence: str, at: int) -> bool:
    """ "trail cameras that aren't browning", "trekking poles that aren't black diamond": in a keyword query
    typed in lowercase, what follows "aren't" to the end, one word the tagger misreads (a verb, a gerund) or
    two or three ending in a singular noun, is a maker or kind left out (dev writers left out every such one),
    unlike a property ("aren't really strategic", "aren't object oriented", "aren't venomous")."""
    if sentence != sentence.lower() or _QUESTION_START_RE.match(sentence.strip()):
        return False
    start = at + len(sentence[at:]) - len(sentence[at:].lstrip())
    words = [w for w in syntax.tag(sentence) if w.start >= start and w.tag != "."]
    if not 1 <= len(words) <= 3 or any(not re.fullmatch(r"[a-z][a-z'’-]*|&", w.text) or w.text in _NOT_A_KIND for w in words):
        return False
    if len(words) == 1:
        return words[0].tag in ("VB", "VBP", "VBG", "NNP")  # ("samsonite", "browning": a name, whatever the tagger says)
    # (an adjective's shape says how the answer is: "snakes that aren't venomous uk")
    shaped = any(w.tag == "JJ" and (_ADJECTIVE_SUFFIX_RE.search(w.text) or _MORE_ADJECTIVE_RE.search(w.text)) for w in words)
    return not shaped and words[-1].tag in ("NN", "NNP") and words[-1].text not in syntax.COUNTRIES and all(w.tag in ("NN", "NNP", "JJ", "VBN", "FW", "CC") for w in words[:-1])


def _lowercase_name(w: syntax.Word, sentence: str) -> bool:
    """ "running shoes that aren't nike": in a query typed in lowercase, a word the tagger calls an
    adjective but reads as a noun alone, and has no adjective's shape, is a name (writers 12 in 12);
    so is one it calls a participle without a participle's ending ("that aren't kitchenaid", "msr")."""
    low = w.text.lower()
    participle = w.tag == "VBN" and not re.search(r"(?:ed|en|wn)$", low) and low not in _IRREGULAR_PARTICIPLES
    return (
        (w.tag == "JJ" or participle) and sentence == sentence.lower() and w.text.isalpha() and low not in _PLAIN_ADJECTIVES and low not in _COLOURS
        and not _ADJECTIVE_SUFFIX_RE.search(low) and (participle or not _MORE_ADJECTIVE_RE.search(low)) and syntax.noun_alone(low)
    )


# Words that may stand before a request verb at the start of a sentence: "Could you please tell me …".
_REQUEST_LEAD = {"please", "pls", "plz", "kindly", "can", "could", "will", "you", "me", "us", "i", "we", "to", "more", "about", "some", "just"}
# Nouns that weigh one option against another: "Reasons to pick X rather than Y", "Advantages of X instead of Y".
_CHOICE_NOUN_RE = re.compile(
    r"\b(?:reasons?|advantages?|disadvantages?|benefits?|pros|cons|drawbacks?|downsides?|upsides?|arguments?|"
    r"case\s+for|trade-?offs?|costs?\s+of\s+(?:using|choosing|switching))\b",
    re.IGNORECASE,
)


_WAYS_ASKED_RE = re.compile(r"\b(?:ideas?|tips?|ways?|suggestions?|advice|options?)\s+(?:for|on|of|to)\b", re.IGNORECASE)


_WISH_FOR_THINGS_RE = re.compile(
    r"(?:i|we)(?:(?:['’]d|\s+would)\s+(?:really\s+)?(?:like|love|prefer)|\s+(?:really\s+|just\s+)?(?:want|need|prefer)|(?:['’](?:m|re)|\s+(?:am|are))\s+(?:looking\s+for|after))\s+(?!to\b|about\b|info)",
    re.IGNORECASE,
)


def _substitution(text: str, sent_start: int, trig_start: int, trig_end: int, sent_end: int) -> bool:
    """ "What can I drink instead of coffee?", "Reasons to learn X rather than Y", "Almond milk
    instead of cow's milk", "X rather than Y for Z": the user chooses X over Y, so Y belongs to
    the question; not an exclusion. Only a request for texts about X ("Tell me about X rather
    than Y", "Articles on X instead of Y") leaves Y out."""
    head = text[sent_start:trig_start].strip()
    if _QUESTION_START_RE.match(head) or re.match(r"(?:how|what|where|why|when|which)\s+to\b", head, re.IGNORECASE):
        return True
    if _CHOICE_NOUN_RE.search(head) or not (_FILLER_RE.match(head + " ") or _DOCNOUN_RE.match(head + " ")):
        return True
    if _WAYS_ASKED_RE.search(head):
        return True  # "Any ideas for a centrepiece instead of turkey?": ideas and tips are things to use, no texts
    if _WISH_FOR_THINGS_RE.match(head) and not _TEXT_NOUN_RE.search(head):
        return True  # "We'd like hardy shrubs rather than annual bedding plants.": things the asker would have instead
    sentence = text[sent_start:sent_end]
    leading = True  # still in the request wording that opens the sentence
    words = syntax.tag(sentence)
    for k, w in enumerate(words):
        at = sent_start + w.start
        low = w.text.lower()
        if at < trig_start:
            request = low in _REQUEST_VERBS and leading
            leading = leading and (low in _REQUEST_VERBS or low in _REQUEST_LEAD)
            named = w.capitalised and at > sent_start  # a sentence's first word is capitalised by position only
            gerund = w.tag == "VBG" and k > 0 and words[k - 1].tag == "IN"  # "Articles on curling": a topic
            if w.verb and not named and not request and not gerund:
                return True  # "Tell me why people choose X rather than Y"
        elif at >= trig_end:
            # "rather than buy", "instead of by car": actions or manners compared, not topics
            # (so is a gerund after a request for ideas or ways: "ideas for teaching times tables rather
            # than drilling them"; not in "articles on knitting rather than crocheting", "tell me about …")
            if (w.tag in ("VB", "VBP", "IN", "TO") or (w.tag == "VBG" and _WAYS_ASKED_RE.search(head))) and low not in ("about", "of"):
                return True
            # "X rather than Y for Z": Y is the other option for the same purpose
            rest = sentence[w.start :]
            np_end, items = syntax.excluded_phrase(rest, False)
            return bool(items) and re.match(r"\s*(?:for|to)\s+\w", rest[np_end:], re.IGNORECASE) is not None
    return False


# After "not", these say where, when, by whom or how the answer is, not what a text is about:
# "novels set in France but not by French authors", "films not set in the US".
_RELATION_PREPS = {
    "by", "in", "from", "of", "via", "at", "during", "before", "after", "for", "with", "into", "through", "under",
    "near", "inside", "outside", "within", "since", "until", "than", "as", "like", "over", "below", "above",
}


_TOPIC_AFTER_NOT_RE = re.compile(
    r"\s*(?:including|counting|related|relating|about|involving|concerning|covering|mentioning|discussing|focusing|"
    r"considering|referring|referencing|regarding|associated|connected|linked|covered|touching|dealing|part\s+of|on|upon)\b",
    re.IGNORECASE,
)


def _relation_follows(after: str, after_keywords: bool = False) -> bool:
    """Whether "not" is followed by a relation or a verb (a property of the answer), not a topic.

    ``after_keywords``: what comes before is a keyword query, so "not" parallels a noun phrase."""
    if _TOPIC_AFTER_NOT_RE.match(after) or _META_FOLLOWS_RE.match(after):
        return False  # "but not including the Nobel Prize", "not mentioning …"
    words = syntax.tag(after.strip()) if after.strip() else []
    if not words:
        return False
    if after_keywords and after == after.lower() and words[0].tag != "VBG" and _noun_list(after):
        return False  # "schemes of work not explorify or developing experts": lowercase names to the end ("not working weekends" is a verb)
    first = words[0]
    sold = re.match(r"\s*" + _SOLD_THROUGH + r"\s+(?:an?\s+|the\s+)?(?P<what>[^,.;?!]+)", after, re.IGNORECASE)
    if sold and (sold.group("what")[:1].isupper() or sold.group(0).split()[0] == "by"):
        return False  # "… but not booked through Sykes, Airbnb or Vrbo", "… but not by doing a factory reset": what is left out
    if len(words) >= 2 and first.tag == "VBG" and words[1].text.lower() in ("ones", "one"):
        return False  # "guided nature walks but not birdwatching ones": a kind of them, left out
    if after_keywords and first.tag == "VBG" and first.dep == "compound" and first.text.islower() and len(words) >= 2 and words[1].tag == "NNS" and all(w.tag in (".", ",", ":") for w in words[2:]):
        return False  # "sea shanty songbooks but not drinking songs": a kind named by a gerund and a plural, left out ("not working weekends" says what the jobs do)
    if first.tag == "VBG" and first.text.islower() and (
        all(w.tag in (".", ",", ":") for w in words[1:])
        or (len(words) > 2 and words[1].text.lower() in ("or", "and") and _noun_list(after.strip()[len(first.text) :].strip()[len(words[1].text) :]))
    ):
        return False  # "activities but not ziplining?", "… but not birdwatching or butterfly counts": an activity, no verb of the answer's
    listed = re.split(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or|nor)\s+)", re.split(r"[.;?!]", after, maxsplit=1)[0].strip())
    if len(listed) >= 2 and all(re.fullmatch(r"[a-z][a-z-]*ing", item) for item in listed):
        return False  # "… but not surfing, kitesurfing or windsurfing": activities listed, topics to leave out
    if first.text.lower() == "by" and _names_only(after.strip()[2:]):
        return False  # "mystery novels but not by Murakami": an author left out
    if first.text.lower() in _RELATION_PREPS:
        return True
    if first.tag == "RB" and len(words) > 1 and words[1].tag in ("VBN", "VBD", "VB", "VBG"):
        return True  # "named after a sport but not usually caused by it": a negated verb, a property
    if first.tag in ("VB", "VBP", "VBZ", "MD") and all(w.tag in ("RB", ",", ".", ":") for w in words[1:]):
        return False  # "…, not curry again", "but not ferns", "but not mould": a lone "verb" that ends the clause is a misread noun
    if first.tag in ("VB", "VBP", "VBZ", "MD") and len(listed) >= 2 and len(listed[0].split()) == 1 and all(len(item.split()) <= 2 for item in listed) and _noun_list(" or ".join(listed[1:])):
        return False  # "… but not karate or judo": a list of nouns whose first the tagger reads as a verb
    if len(words) > 2 and words[1].text.lower() in ("that", "which", "who") and first.tag in ("VBZ", "NNS") and first.text.islower():
        return False  # "trees but not oaks that host …": a relative clause follows a noun, not a verb
    if len(words) > 2 and words[1].tag == "HYPH" and not first.space and not words[1].space:
        return False  # "but not drive-in racking", "not sit-down restaurants": a hyphenated modifier, no verb
    if after_keywords and first.tag in ("VB", "VBP") and len(words) > 1 and words[1].tag in ("NN", "NNS"):
        return False  # "violin repair tips but not bow rehairing": a noun compound the tagger opens with a verb
    # ("a team activity but not escape rooms, bowling or karaoke": the parse reads a compound noun where the
    # tagger reads a verb; read with its stop where the clause ends, as the parser reads a sentence better so)
    stopped = syntax.tag(after.strip() + ".") if len(words) == 2 else words
    if (
        first.tag in ("VB", "VBP") and stopped[0].dep == "compound" and first.text.islower() and len(words) > 1 and words[1].tag in ("NN", "NNS")
        and (len(words) == 2 or words[2].tag in (".", ",", ":") or words[2].text.lower() in ("or", "and", "nor"))
    ):
        return False
    if after_keywords and first.tag in ("VB", "VBP") and first.text.islower() and len(words) > 2 and words[1].tag == "IN" and syntax.noun_alone(first.text):
        return False  # "national parks but not yosemite with good winter camping": a lowercase name, then what the parks have
    if (
        after_keywords and first.tag in ("VB", "VBP") and first.text.islower() and len(words) > 2 and syntax.noun_alone(first.text)
        and ((words[1].tag == "JJ" or words[1].text.lower() in ("open", "available")) and words[2].tag in ("IN", "TO") or (words[1].text.lower() in ("that", "which") and words[2].verb))
    ):
        return False  # "knitting yarns but not merino good for sensitive skin", "starters but not rye that rise quickly": a noun, then what is asked of the class
    # (so is one in "-ed" the tagger reads as a past tense: "but not smoked salmon")
    if (first.tag == "VBN" or (first.tag == "VBD" and first.text.endswith("ed"))) and len(words) > 1 and all(w.tag in ("NN", "NNS") for w in words[1:] if w.tag not in (".", ",")) and words[-1].tag in ("NN", "NNS", ".", ","):
        return False  # "leaky tap causes but not worn washers": a participle before the nouns it describes, a noun phrase ("not working weekends" is a verb and its object)
    if after_keywords and first.tag == "VB" and first.text.islower() and len(words) > 1 and words[1].tag == "NNS" and all(w.tag in (".", ",") for w in words[2:]):
        return False  # "hearing aids but not cochlear implants?": a modifier and a plural that end the clause, a noun phrase
    return first.verb and not first.capitalised


# Capitalised adjectives of a people, a dynasty, a faith or a style that the suffix test below misses (names
# end in "-an" and "-ic" too: "Catan", "Pandemic")
_NATIONALITIES = frozenset(
    """
    american mexican german cuban moroccan african jamaican dominican tibetan kenyan ugandan roman catalan venezuelan
    guatemalan nicaraguan paraguayan uruguayan nordic baltic celtic germanic slavic arabic hispanic latin french dutch
    greek thai swiss welsh czech basque arab inuit maori irish flemish israeli iraqi pakistani saudi kuwaiti
    bangladeshi nepali somali filipino lao sri-lankan gothic baroque romanesque catholic protestant orthodox muslim jewish
    buddhist hindu sikh
    tudor stuart safavid mughal ming qing tang yuan habsburg romanov bourbon plantagenet abbasid umayyad fatimid
    mamluk seljuk timurid hohenzollern valois capetian carolingian merovingian tokugawa joseon aztec inca viking saxon
    """.split()
)


def _nationality(word: str) -> bool:
    """ "Italian", "Japanese", "Korean", "French": a capitalised adjective of a people or place."""
    return word.lower() in _NATIONALITIES or re.search(r"[a-z](?:ian|ean|ese|ish)$", word) is not None


def _description_follows(after: str) -> bool:
    """Whether "not" is followed by what the answer is not, said of one thing: an adjective alone
    ("films similar to Amelie but not french", "but not too sweet") or "a/an" + a noun ("a country
    that isn't a monarchy"), a property of the answer (after "but", the caller reads "a/an" + a noun
    as one thing left out: "family cars but not an SUV")."""
    clause = re.split(r"[,;.?!]", after, maxsplit=1)[0].strip()
    if "," in re.split(r"[;.?!]", after, maxsplit=1)[0] and after == after.lower() and _noun_list(after):
        return False  # "not bt, sky or virgin media": a list of names, whatever the first one's tag
    if re.match(r"\s*(?:an?\s+[\w-]+\s*(?:,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+))+an?\s+[\w-]+\b", after, re.IGNORECASE):
        return False  # "Not a dog, a cat or a hamster, please": things listed, each left out
    if re.match(r"(?:a|an)\s+[A-Z][a-z]+$", clause):
        return False  # "a drawing tablet but not a Wacom": one of a brand's, left out (unlike "an SUV")
    if re.match(r"(?:a|an)\s+\w", clause, re.IGNORECASE):
        return not re.search(r"\sones?$", clause)  # ("but not a quarter-turn one": a kind of it, left out)
    words = syntax.tag(clause) if clause else []
    content = [w for w in words if w.tag not in ("CC", ",", "HYPH")]
    adjectives = ("JJ", "JJR", "JJS", "RB", "RBR")
    if any(w.text[:1].isupper() and not _nationality(w.text) for w in content):
        return False  # "but not Pandemic", "but not Catan": a name the tagger calls an adjective ("Italian" is a description)
    if any(w.text.isalpha() and not re.search(r"[aeiouy]", w.text, re.IGNORECASE) for w in content):
        return False  # "but not bt": a word with no vowel is a short name, no adjective
    return bool(content) and all(w.tag in adjectives or (syntax.demonym(w.text) and w.tag == "NNP") for w in content) and content[-1].tag != "RB"


def _plural_class(text: str) -> bool:
    """Whether the noun phrase opening ``text`` ends in a plural noun ("actual Nobel Prizes", "novels");
    "hibiscus ones" names no class of its own but a part of the one asked for."""
    end, items = syntax.excluded_phrase(text.strip(), False) if text.strip() else (0, [])
    if len(items) != 1:
        return False
    words = syntax.tag(items[0])
    return bool(words) and words[-1].tag in ("NNS", "NNPS") and words[-1].text.lower() != "ones"


def _object_not_a_name(clause: str) -> bool:
    """Whether the relative clause ``clause`` ("who won a grand slam title as teenagers") has no
    name for its direct object ("that border France" has one): a common noun, or none at all
    ("that fold compactly")."""
    words = syntax.tag(clause)
    objects = [w for w in words if w.dep in ("dobj", "obj") and w.tag in ("NN", "NNS", "NNP", "NNPS")]
    if objects:
        return not any(w.capitalised or w.tag.startswith("NNP") for w in objects)
    verb = next((k for k, w in enumerate(words) if w.verb), None)  # no object: nothing after the verb names a thing
    return verb is not None and not any(w.tag.startswith(("NN", "PRP", "CD")) for w in words[verb + 1 :])


# "that don't need X", "which do not contain X": what the answer lacks (a property), unlike
# "papers that don't mention X" (what a text leaves out).
_PROPERTY_VERB_RE = re.compile(
    r"^(?:(?:do|does|did)\s+not|(?:don|doesn|didn)['’]?t|never)\s+(?:need|needs|want|wants|contain|contains|require|requires|use|uses|have|has)\b"
)


# Things whose content is a topic: "papers that don't mention X", "an introduction that does not include X".
_TEXT_NOUN_RE = re.compile(
    r"\b(?:papers?|articles?|documents?|texts?|passages?|pages?|web\s*pages?|introductions?|summar(?:y|ies)|overviews?|"
    r"descriptions?|accounts?|explanations?|biograph(?:y|ies)|profiles?|reviews?|essays?|reports?|analys[ie]s|discussions?|"
    r"books?|novels?|movies?|films?|songs?|podcasts?|videos?|shows?|series|sources?|results?|answers?|news|stories|story|"
    r"poems?|lyrics|lectures?|courses?|tutorials?|guides?|websites?|sites?|blogs?|posts?|episodes?|documentar(?:y|ies)|"
    r"histor(?:y|ies)|studies|study|research|textbooks?|chapters?|speeches|speech|talks?|resources?|materials?|content|information|info)\b",
    re.IGNORECASE,
)
# Advice is about topics too ("weight loss tips that aren't about diet"); kept apart from
# _TEXT_NOUN_RE, since "ideas that don't involve X" may well describe the ideas.
_ADVICE_NOUN_RE = re.compile(
    r"\b(?:tips|advice|ideas|suggestions|recommendations|facts|questions|jokes|quotes|hacks|tricks|something|anything|stuff|"
    r"games|apps|plays|musicals|operas|exhibitions|exhibits|classes|workshops|events|festivals|museums|comics|manga|anime|cartoons|memes)\b",
    re.IGNORECASE,
)
_PROPERTY_RELATION_RE = re.compile(
    r"^not\s+(?:related\s+to|relating\s+to|associated\s+with|connected\s+to|linked\s+to|covered\s+by|part\s+of)\b"
)


_PREP_LEFT_OUT_RE = re.compile(r"\s*(?:for|via|in|near|with|during|from|through|at|over)\s+(?!(?:the\s+)?(?:same|other|any|a\s+way|way|order|case|general|particular)\b)(?=\w)", re.IGNORECASE)


# "thai cookery courses not in bangkok": after a keyword query, a place or a source that ends the clause
_PLACE_LEFT_OUT_RE = re.compile(r"(?P<prep>\s+(?:in|from|on|near|at))\s+(?:the\s+)?(?P<place>[\w'’&-]+(?:\s+[\w'’&-]+){0,2})\s*(?:[,;?.!]|$)", re.IGNORECASE)
_ROUTE_LEFT_OUT_RE = re.compile(r"(?P<prep>\s+via)\s+(?:the\s+)?[\w'’&-]+(?:\s+[\w'’&-]+){0,2}\s*(?:[,;?.!]|$)", re.IGNORECASE)
# (where countries or cities are is what they are: "countries not in the eu that use the euro")
_PLACE_CLASSES = frozenset({"countries", "states", "nations", "cities", "towns", "villages", "regions", "provinces", "counties", "islands", "territories", "places"})


def _place_left_out(text: str, conn_start: int, trig_end: int) -> int:
    """ "falconry courses not in scotland, or …": a bare "not" after a plural that ends a keyword
    query, then a place or a source to the clause's end, leaves that place out (every writer of dev and of
    sets 175-180 who wrote one: 6 in 6; "not on / near / at" one place, 6 in 6 by set 287); so does "not via"
    after anything, the way through ("train to porto not via madrid"). The preposition's length after
    ``trig_end``, else 0."""
    if not re.fullmatch(r"\s*not", text[conn_start:trig_end], re.IGNORECASE):
        return 0
    routed = _ROUTE_LEFT_OUT_RE.match(text, trig_end)
    if routed:
        return routed.end("prep") - trig_end  # "train to edinburgh not via york": the way through is left out (writers 4 in 4)
    placed = _PLACE_LEFT_OUT_RE.match(text, trig_end)
    if placed is None:
        return 0
    before = [w for w in syntax.tag(text[:conn_start].rstrip()) if w.tag not in (",", ".", ":")]
    # (the plural may have a place after it: "hostels in lisbon not in alfama")
    head = len(before) - 3 if len(before) >= 3 and before[-2].text.lower() in ("in", "near", "around") else len(before) - 1
    if head < 0 or before[head].text.lower() in _PLACE_CLASSES or not syntax.plural_noun(before[head]) or not _keywords_before(text, conn_start):
        return 0
    if grading.content_words(text[placed.end("prep") : placed.end()]) & grading.content_words(before[head].text):
        return 0  # "herbal teas not from the tea plant": where the class itself comes from is what it is, a property
    # ("canal boat holidays not on the llangollen canal", "caravan sites not near newquay": one place, left out;
    # "volcanoes not on plate boundaries" says where the class is, a property)
    if placed.group("prep").strip().lower() in ("on", "near", "at") and syntax.plural_noun(syntax.tag(placed.group("place"))[-1]):
        return 0
    return placed.end("prep") - trig_end


def _prep_left_out(text: str, conn_start: int, trig_end: int) -> int:
    """ "mileage allowance rules but not for electric cars", "train routes but not via Madrid": a
    bare "but not" and a preposition leave out the noun phrase that fills the rest of the clause
    (every blind writer read it so); "that are not in Europe" stays a property. The
    preposition's length after ``trig_end``, else 0."""
    if not re.fullmatch(r"\s*(?:,\s*)?but\s+not", text[conn_start:trig_end], re.IGNORECASE):
        return _place_left_out(text, conn_start, trig_end)
    prep = _PREP_LEFT_OUT_RE.match(text, trig_end)
    if prep is None:
        return 0
    # ("youth hostels but not in london with private rooms": after a keyword query, a place left out, then
    # what the class has)
    placed = re.match(r"\s*(?:in|at|near)\s+(?:the\s+)?[\w'’-]+(?:\s+[\w'’-]+)?\s+(?:with|for|under|over|that|which)\s+\w", text[trig_end:], re.IGNORECASE)
    if not _phrase_fills(text, prep.end(), True) and not (placed and _keywords_before(text, conn_start)):
        return 0
    return prep.end() - trig_end


def _is_topic_exclusion(text: str, m: re.Match[str], conn_start: int) -> bool:
    """Fail safe: a property of the answer ("cities without a subway", "not actual Nobel
    Prizes") or a substitution ("drink instead of coffee") is not a topic to exclude."""
    word = " ".join(m.group(0).lower().split())
    sent_start, sent_end = _sentence_bounds(text, m.start())
    after = text[m.end() : sent_end]
    conn_text = text[conn_start : m.start()]
    opens_title = word == "not" or (word == "no" and re.match(r"\s+[A-Z]", text[m.end() :]) is not None)  # "No Country for Old Men …"
    ended = re.search(r"[,;:()]|\s[-–—]\s|\bbut\b", text[sent_start:sent_end], re.IGNORECASE) or re.match(
        r"(?:\s+[A-Z][\w'’-]*){1,3}\s+(?:please|pls|plz)\b", text[m.end() :]  # "No Marvel please."
    )
    if opens_title and not text[: m.start()].strip() and not ended:
        return False  # "Not Fade Away guitar chords": "not" opens the text and nothing ends what it would exclude: a title
    if _PROPERTY_VERB_RE.match(word) and re.search(r"\b(?:that|which|who)\s*$", conn_text, re.IGNORECASE):
        return False  # "recipes that don't need xanthan gum": what the answer lacks, a property
    if re.search(r"\b(?:called|named|known\s+as|labell?ed(?:\s+as)?|sold\s+as|marketed\s+as|described\s+as|branded\s+as)\b", text[sent_start:m.start()], re.IGNORECASE):
        return False  # "paths called 'ways' but are not National Trails": what the answer is named and is not (writers 205 in 205)
    named_after = re.search(r"\b(?:called|named|classed|classified|counted)\b", after, re.IGNORECASE) if m.group("copula") else None
    if named_after and grading.content_words(after[: named_after.start()]) & grading.content_words(after[named_after.end() :]):
        return False  # "Which objects that aren't planets were once called planets?": the name said after it, what the answer is not
    if word in ("not", "but not", "and not"):
        source = re.match(r"\s*(?:from|in|by|made\s+(?:in|by|from))\s+(?:the\s+)?(?P<what>[^,.;?!]+)", after, re.IGNORECASE)
        if source and grading.content_words(source.group("what")) and grading.content_words(source.group("what")) <= grading.content_words(text[sent_start:conn_start]):
            return False  # "sparkling wines made like champagne but not from champagne": where the asked-for thing is not from, a property
    negated = m.group("copula") or (word == "not" and re.search(r"\b(?:is|are|was|were)\s+$", text[: m.start()], re.IGNORECASE))
    sentence = text[sent_start:sent_end]
    if negated and not m.group("copula") and sentence == sentence.lower() and re.search(r"\b(?:that|which)\s+(?:is|are)\s+$", text[sent_start : m.start()]):
        return False  # "flying reptiles that are not dinosaurs": spelled out in a lowercase query, what the answer is not (writers 175 in 176)
    if negated and re.search(r"\b(?:that|which|who)\s+(?:was|were)(?:\s+not|n['’]t)?\s*$", text[sent_start : m.end()] if m.group("copula") else text[sent_start : m.start()], re.IGNORECASE):
        return False  # "prehistoric reptiles that were not dinosaurs": what the answer was not (writers 11 in 11)
    does_not = re.match(r"(?:do|does|did)\s+not\b|(?:don|doesn|didn)['’]?t\b", word) is not None
    relative_not = re.search(r"\b(?:that|which)\s*$", conn_text, re.IGNORECASE)
    # (or after "but", the relative clause going on: "dogs that bark but don't bite")
    relative_goes_on = re.search(r"\b(?:that|which|who)\s+(?!(?:is|are|was|were)\b)[a-z]\w*\b[^,;:]*\bbut\s*$", text[sent_start : m.start()], re.IGNORECASE)
    if does_not and (relative_not or relative_goes_on):
        head = text[sent_start:conn_start]
        if not (_TEXT_NOUN_RE.search(head) or _FILLER_RE.match(head.strip() + " ")):
            return False  # "insurance that doesn't cover flood damage": what a thing does not do; only a text "doesn't mention" a topic
    if does_not and _WH_SUBJECT_RE.match(text[: m.start()].rstrip() + " "):
        return False  # "What animals don't need water?", "Which films don't feature X?": the answer's property
    if _PROPERTY_RELATION_RE.match(word) and re.search(r"\b(?:that|which|who)\s+(?:is|are|was|were)\s*$", text[:m.start()], re.IGNORECASE):
        return False  # "languages that are not related to any other language": a property
    if _PROPERTY_RELATION_RE.match(word) and not _TEXT_NOUN_RE.search(text[sent_start:conn_start]) and (
        re.match(r"\s*(?:any|every|each|other|one\s+another)\b", after, re.IGNORECASE)
        or grading.content_words(after) & grading.content_words(text[sent_start:conn_start])
    ):
        return False  # "languages not related to any other language": how the answer stands to its own kind, a property
    if re.match(r"not\s+(?:connected|linked)\s+to\b", word) and re.match(
        r"\s*(?:the\s+)?(?:mainland|mains|(?:national\s+|gas\s+|power\s+|electricity\s+)?grid|(?:rail|road|sewer|phone|broadband)\s+network|internet|sewers?|sewerage)\b", after, re.IGNORECASE
    ):
        return False  # "scottish islands not connected to the mainland by a bridge": a physical link, not a topic
    if re.match(r"not\s+(?:covered\s+by|part\s+of)\b", word) and not _TEXT_NOUN_RE.search(text[sent_start:conn_start]):
        return False  # "medicines not covered by Medicare": what the answer is not; a text "not covering" X leaves X out
    if _PROPERTY_RELATION_RE.match(word) and re.search(r"\b(?:is|are|was|were)\s*$", text[:m.start()], re.IGNORECASE) and _QUESTION_START_RE.match(text[sent_start:].strip()):
        return False  # "Which painters were not part of the Impressionist movement?": what the answer is not
    if word in ("no", "without") and re.match(r"\s*(?:and|or|,)\s*$", conn_text, re.IGNORECASE):
        if re.search(r"\b(?:with\s+no|without|no)\b", text[sent_start:conn_start], re.IGNORECASE):
            return False  # "accounts with no monthly fees and no minimum balance": the property goes on
        if word == "no" and re.search(r"\b(?:(?:i|we)(?:['’]ve|\s+have)\s+(?:got\s+)?|(?:i|we)\s+(?:own|had|got)\s+)", text[sent_start:conn_start], re.IGNORECASE):
            return False  # "We've got a long weekend in October and no car": what the asker has, no topic
    if m.group("copula") or (word == "not" and re.search(r"\b(?:is|are|was|were)\s+$", text[: m.start()], re.IGNORECASE)):
        hedge = re.match(r"\s*just\s+(?=\w)", after)  # "exercises that aren't just scales": what is left out follows
        at = m.end() - sent_start + (hedge.end() if hedge else 0)
        after = " " + after[hedge.end() :] if hedge else after
        # "Nordic countries that aren't Sweden" leaves out members of the class asked for;
        # "… but are not actual Nobel Prizes" says what the answer is not: a property.
        relative = re.match(r"\s*(?:that|which|who)\b", text[conn_start : m.start()] + " " + m.group(0), re.IGNORECASE)
        if not relative:
            # "Which cheeses are made from sheep's milk but aren't Pecorino?": a member named and left out
            return bool(re.match(r"\s*but\b", conn_text, re.IGNORECASE)) and bool(_QUESTION_START_RE.match(text[sent_start:].strip())) and _names_only(after) and not _plural_class(after)
        about = re.match(r"\s*(?:about|related\s+to)\s+\w", after, re.IGNORECASE)
        if about and (_TEXT_NOUN_RE.search(text[sent_start:conn_start]) or _ADVICE_NOUN_RE.search(text[sent_start:conn_start])):
            return True  # "documentaries about space that aren't about NASA", "tips that aren't about diet": what a text is not about
        # "Recipes that aren't desserts": a lowercase kind left out; people's kinds ("students
        # who aren't native speakers") are properties of the answer
        people = re.match(r"\s*who\b", text[conn_start : m.start()] + " " + m.group(0), re.IGNORECASE)
        # fail safe where the kind may be what the answer is not: a class named by an acronym
        # ("painkillers that are not NSAIDs") or a kind of the very thing asked for ("cat vaccines
        # that are not core vaccines": its passages say "not a core vaccine")
        if re.match(r"\s*[A-Z]{2,}s\b", after):
            return False
        shared = grading.content_words(after) & grading.content_words(text[sent_start:conn_start])
        maker = re.match(r"\s*(?:" + _MADE_BY + r"|by)\s+(?:the\s+)?(?=[A-Z])", after)
        # (a bare "by" only before a name that ends the sentence: "… not by Rembrandt but were attributed to him")
        by_name = maker is not None and re.match(r"\s*by\b", after) is not None
        # ("… not by Studio Ghibli or Makoto Shinkai": a list of names, each left out)
        name_ends = re.fullmatch(r"(?:(?:and|or|nor|&|of|de|van|von)\s+|,\s*|[A-Z][\w.'’-]*\s*)+[?!.]?\s*", after[maker.end() :]) if maker else None
        named = after[maker.end() :] if maker else after
        if (maker or _names_only(after)) and grading.content_words(named) <= grading.content_words(text[sent_start:conn_start]):
            return False  # "paintings attributed to Rembrandt that are not by Rembrandt": a name the question asks with is a property
        if maker and _names_only(after[maker.end() :]) and re.fullmatch(r"[\w\s&.,'’-]*[?!.]?\s*", after[maker.end() :]) and (not by_name or name_ends):
            return True  # "open-world games that are not made by Ubisoft", "novels that aren't by Ian Rankin": the maker is left out
        if re.search(r"\b(?:called|named|known\s+as|sold\s+as|labell?ed(?:\s+as)?|marketed\s+as|branded\s+as)\s", text[sent_start:conn_start], re.IGNORECASE):
            return False  # "guitars called strats that aren't made by fender": what the answer is called but is not
        lower_maker = re.fullmatch(r"\s*" + _MADE_BY + r"\s+(?!(?:hand|machine|mistake)\b)(?P<maker>(?:[\w&'’-]+\s*){1,3})[?!.]?\s*", after)
        if text == text.lower() and lower_maker:
            # "synthesizers that aren't made by moog": a lowercase query names its maker in lowercase
            # (but "cars called jeeps that aren't made by jeep" asks with the name: a property)
            return not grading.content_words(lower_maker.group("maker")) <= grading.content_words(text[sent_start:conn_start])
        if _the_one_named(after):
            return True  # "heat pump grants that aren't the boiler upgrade scheme": one member left out
        if re.fullmatch(r"\s*(?:a|an)\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s*[?!.]?\s*", after):
            return True  # "a scooter that isn't a Vespa": one of a brand's, left out
        if re.fullmatch(r"\s*(?:[A-Z][\w.-]*\s+){0,2}[A-Z][\w-]*['’]s?\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s*[?!.]?\s*", after):
            return True  # "sources on the Great Fire that aren't Pepys's diary": someone's one work, left out
        where = re.fullmatch(r"\s*(?P<prep>in|from|on)\s+(?:the\s+)?(?P<place>[\w'’-]+(?:\s+[\w'’-]+){0,2})\s*[?.!]*\s*", after)
        if where and ((where.group("place").lower() in syntax.COUNTRIES and where.group("prep") != "on") or _names_only(where.group("place"))):
            # "volcanoes in europe that aren't in italy": a place left out ("paintings that are not in museums" is a property);
            # "harmonica lessons that aren't on YouTube": a named platform
            return True
        sources = re.fullmatch(r"\s*(?:in|from)\s+(?P<names>[A-Z][^?.!]*?)\s*[?.!]*\s*", after)
        if sources and re.search(r",|\b(?:or|and)\b", sources.group("names")) and _names_only(sources.group("names")):
            return True  # "a sofa that isn't from IKEA, DFS or Wayfair": named sources left out
        if re.fullmatch(r"\s*[a-z][\w]*[\s-]based\s*[?.!]?\s*", after):
            return True  # "linux distros that aren't ubuntu based", "… stir-fries that aren't noodle-based?": what they are built on, left out
        return _names_only(after) or (not people and not shared and (_kinds_only(text[sent_start:sent_end], at) or _lowercase_brand(text[sent_start:sent_end], at)))
    # "excluding those from the US": a property of the answer; but "minus the touristy ones" after
    # a cue that leaves things out names a subclass to leave out (blind writers all read it so)
    subclass = _ONES_RE.match(after) is not None and word not in ("without", "no", "not") and not m.group("copula")
    # ("crossword solving tips no cryptic ones please": asked politely, a kind to leave out)
    subclass = subclass or (word == "no" and re.fullmatch(r"\s*(?:[\w-]+\s+){1,2}ones\s+(?:please|pls|plz)\s*[.!]*\s*", after, re.IGNORECASE) is not None)
    if re.match(r"\s*(?:(?:the|any)\s+)?(?:[\w.’'-]+\s+){0,2}?(?-i:ones?)\b(?![-'’])(?!\s+of\s+(?:the|those|these)\s)|\s*(?:those|these)\b", after, re.IGNORECASE) and not (subclass or _ones_named(after) or _ANY_THAT_NEED_RE.match(after) or _ONE_AS_NAME_RE.match(after)):
        return False
    if _prep_left_out(text, conn_start, m.end()):
        return True
    if word in ("not", "but not", "and not"):
        nor_list = re.match(r"\s+[^.?!;,]+?\s+nor\s+\w", after) is not None  # "not skiing nor snowboarding": items
        # ("Team building activities please, but not …": asked politely, still keywords)
        polite_end = re.search(r"[\s,]*\b(?:please|pls|plz)[\s,]*$", text[:conn_start], re.IGNORECASE)
        after_keywords = _keywords_before(text, polite_end.start() if polite_end else conn_start) and not re.match(r"\s*(?:that|which|who)\b", conn_text, re.IGNORECASE)
        # ("Could you find me info on hearing aids but not …": what a text asked for is on, a noun phrase, as after keywords)
        after_keywords = after_keywords or (_FILLER_RE.match(text[sent_start:conn_start].strip() + " ") is not None and _TEXT_NOUN_RE.search(text[sent_start:conn_start]) is not None)
        # ("What trees but not oaks support …?": said inside the question's subject, before its verb, a member left out)
        inside_subject = re.fullmatch(r"\s*(?:which|what)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s*", text[sent_start:conn_start], re.IGNORECASE) is not None
        # ("crossword solving tips but not cryptic", "hardwoods but not oak suitable for …": typed all in
        # lowercase after keywords, with no clause of its own before it, a bare "but not" leaves out what
        # follows, whatever its tag; writers read 55 such in 55 so)
        # (but a relation or a gerund still says how the answer is: "but not in a way that …", "but not working weekends")
        typed_keywords = (
            word == "but not" and sentence == sentence.lower()
            and not re.search(r"\b(?:that|which|who|whose|is|are|was|were|be|been|made|like|similar)\b", text[sent_start:conn_start])
            and not re.match(r"\s*(?:" + "|".join(_RELATION_PREPS) + r")\b", after)
            # ("… but not hearing aids", "… but not letting agents": a gerund and the plural that ends the query are a
            # noun; "but not working weekends" says when)
            and not (
                re.match(r"\s*\w+ing\b", after)
                and not ((noun := re.fullmatch(r"\s*\w+ing\s+([a-z][\w-]*s)\s*[.!?]*", after)) and noun.group(1) not in syntax.TIME_WORDS)
                and not re.match(r"\s*\w+ing\s*(?:,|\s(?:or|and|nor)\s)", after)  # ("but not running, skipping or burpees": a list of activities)
            )
        )
        # ("a mushroom main course but not a risotto", "a rescue greyhound but not an ex-racer": after
        # "but", one thing of a kind left out, not what the answer is; writers 13 in 13)
        one_left_out = word == "but not" and re.match(r"\s*an?\s+(?!(?:lot|bit|little|few|fan|must|problem|priority|concern|dealbreaker|huge|big|great|massive|complete|total|whole|ton)\b)[\w-]", after, re.IGNORECASE) is not None
        # (unless the asker says what they are: "I know my way round a toolbox but not an orchard")
        about_asker = re.match(r"\s*(?:so\s+)?(?:I|we)(?:['’]m|['’]re|['’]ve|\s+)\s*(?!(?:would|['’]d|want|need|like|love|prefer|fancy|am\s+looking|are\s+looking|['’]m\s+looking|['’]re\s+looking|looking)\b)", text[sent_start:conn_start], re.IGNORECASE)
        one_left_out = one_left_out and not about_asker
        if not nor_list and not inside_subject and not typed_keywords and (_relation_follows(after, after_keywords) or (_description_follows(after) and not one_left_out)):
            return False
        # "hotels that allow dogs but not cats": the verb of a relative clause is negated, a property
        # of the answer; only a text's content is a topic ("novels that feature dragons but not elves")
        head = text[sent_start:conn_start]
        relative_clause = re.search(r"(?<=\w\s)(?:that|which|who)\s+(?!(?:is|are|was|were)\b)\w+", head, re.IGNORECASE)
        # (set off by a comma, it is an afterthought about the answers: "crops that grow well in raised beds, but not tomatoes", 3 in 3 in dev)
        if relative_clause and "," not in conn_text and any(w.dep == "relcl" and w.verb for w in syntax.tag(head)) and not _TEXT_NOUN_RE.search(head[: relative_clause.start()]):
            # the negated item parallels the clause's object where it is of the object's kind ("countries
            # that border France but not Spain"); a name after a common-noun object, or after a clause
            # with none, parallels the answer instead, a member left out ("players who won a grand slam
            # title but not Boris Becker", "double buggies that fold compactly, but not Bugaboo")
            named = re.split(r"\s+[-–—]\s+|[.!?;]", after)[0]  # ("… but not Bugaboo or Joolz - way over budget")
            if not (_names_only(named) and not _plural_class(named) and _object_not_a_name(head[relative_clause.start() :])):
                return False
        # "Which awards … but not Nobel Prizes?": a class the answer is not (its passage is
        # about that class), unlike a member left out ("Which countries … but not Norway?")
        # ("What are some novels like Dune but not the prequels?": "the" picks out a group to leave out)
        # (not in a question of how or why: "how whales navigate, but not humpbacks" leaves a kind out)
        # ("Is there a guide to replacing faucet washers but not ceramic cartridges?": a text asked for leaves a topic out)
        if not inside_subject and re.match(r"(?:which|what|who|are|is|were|was|do|does)\b", text[sent_start:].strip(), re.IGNORECASE) and _plural_class(after) and not re.match(r"\s*the\s+[a-z]", after) and "," not in conn_text and not (
            re.match(r"(?:is|are)\s+there\b", text[sent_start:].strip(), re.IGNORECASE) and _TEXT_NOUN_RE.search(head)
        ):
            return False
        # "Which cities are capitals but not the largest city in their country?": what the answer is not
        # ("What are some novels like Dune but not the prequels?": the class asked for, less a part of it)
        asked_class = re.match(r"(?:what|which)\s+(?:are|were|is|was)\s+(?:some|the|any|good|a\s+few)\b", text[sent_start:].strip(), re.IGNORECASE)
        # ("Where can I learn about VAT registration but not the flat rate scheme?" asks of a topic, not for things)
        things_asked = re.match(r"(?:what|which|who)\b", text[sent_start:].strip(), re.IGNORECASE)
        # (set off by a comma, what follows is left out: "Which diets work for weight loss, but not the keto method?")
        if things_asked and re.match(r"\s*the\s+[a-z]", after) and re.match(r"(?:but|and)\s", word) and not asked_class and "," not in conn_text:
            return False
    if re.search(r"\b(?:used|using)$", word) and not re.search(r"\b(?:other|else|another|alternatives?|instead|different|switch\w*|move\s+on)\b", text[m.end() :], re.IGNORECASE):
        return False  # "I've used Python for years. What are good IDEs?": what the asker uses is context, unless others are asked for
    done = _STATEMENT_CUE_RE.match(word) or "already" in word or re.match(r"(?:i|we)\s+(?:already\s+)?know|(?:i|we)\S*\s+(?:have\s+)?(?:been|done|seen)", word)
    if done and re.match(r"\s*(?:(?:most|many|some|loads|lots|plenty|a\s+lot|a\s+few|several)\s+of|much)\b", after, re.IGNORECASE) and not re.search(r"\b(?:have|has|had|own|got)\s*$", text[: m.end()], re.IGNORECASE):
        # "We've already seen most of the big attractions in Edinburgh.": how much was seen, no one
        # thing left out ("We already have loads of lavender." has enough of it: it is)
        return False
    if done and _REFERS_BACK_RE.search(text, m.end()):
        return False  # "I'm tired of Monopoly. What's a good replacement for it?", "I've seen Dune, anything similar?": wanted as context
    # (what the user knows about is left out whatever is asked: "What caused WW1? I already know about the assassination")
    knowledge = re.search(r"\bknow\b|\bfamiliar\b|\b(?:about|of)$", word) is not None
    experience = (_STATEMENT_CUE_RE.match(word) or "already" in word) and not knowledge
    if experience and not _asks_for_options(text[:conn_start] + " " + text[m.end() :]):
        return False  # "I already have a Kindle. How do I reset it?", "I hate my job. How do I quit?": no options asked for
    if _STATEMENT_CUE_RE.match(word):
        # "I hate horror. What are good Halloween films?": a statement of its own, before or after the
        # request ("What should I do if I hate my job?" and a lone "I've read Dune" are no exclusions)
        after_request = re.search(r"[,;:—–]\s*$|\s-\s*$", conn_text) is not None and bool(_words(text[sent_start:conn_start]))
        sentences = [k for k, ch in enumerate(text.rstrip(" .!?")) if ch in ".?!;" and _is_sentence_end(text, k)]
        own_sentence = _sentence_start(text, m.start()) and bool(sentences)
        # "I've seen the Colosseum already, what else is there in Rome?": a clause, then a request for others
        own_clause = _sentence_start(text, m.start()) and re.search(r",\s*[^,]*\b(?:else|other|another)\b", text[m.end() :], re.IGNORECASE) is not None
        asked = text[m.start() : sent_end + 1].rstrip().endswith("?")  # "What should I do if I hate my job?"
        if not (own_sentence or after_request or own_clause) or (asked and not own_clause):
            return False
        if re.match(r"\s*\w+ing\b", after) and not re.search(r"\b(?:read|seen|watched|played|visited|been|tried|done|finished)\b", word):
            return False  # "I hate cooking. Quick dinner ideas?": an activity the answer may well involve
    if re.match(r"\s*(?:that|this|it|them)(?:\s*(?:[,.;:!?]|$)|\s+[A-Z])", after):
        return False  # "Apart from that, …", "Apart from that Mrs Lincoln, how was the play?": a pronoun, no topic
    if re.match(r"(?:as|so)\s+long|provid", word) and not _names_only(after):
        return False  # "… as long as it's not too spicy": a property of the answer
    if word == "save for" and not (re.search(r"[,;:—–]", conn_text) and re.match(r"\s+(?:the\s+)?[A-Z0-9]", after)):
        return False  # "save for a house deposit": an act; "Famous composers, save for Mozart" leaves a name out
    do_not = re.fullmatch(r"(?:do|does|did)\s+not|(?:don|doesn|didn)['’]?t", word) is not None
    if do_not and re.match(r"\s+(?:have|own|got)\b", after, re.IGNORECASE):
        return False  # "…, we don't have the kit": what the asker lacks, a reason, not a topic left out
    if do_not and re.match(r"\s+\w+\s+(?:him|her|them|it|us|me|you)\b", after, re.IGNORECASE):
        return False  # "… but we don't trust him with the oven": a verb and a pronoun, no topic to leave out
    if do_not and _sentence_start(text, m.start()):
        first = syntax.tag(after.strip())[:1] if after.strip() else []
        # (read with its cue too: alone, "disturb mode iphone settings" opens with a name)
        in_place = [] if first and first[0].tag == "VB" else [w for w in syntax.tag(text[m.start() : sent_end]) if w.start >= len(m.group(0))][:1]
        if (first and first[0].tag == "VB") or (in_place and in_place[0].tag == "VB" and in_place[0].text.islower()):
            return False  # "Don't stop believing sheet music", "do not disturb mode": a verb of its own, not a topic left out
    if word == "bar":
        # "all the planets bar Earth", not "a wine bar Paris": only after a plural or "all"
        # (and only in lowercase: "All Bar One" is a name)
        before = [w for w in syntax.tag(text[sent_start : m.start()].rstrip()) if w.tag not in (",", ":")]
        if m.group(0) != "bar" or not before or not (before[-1].tag in ("NNS", "NNPS") or before[-1].text.lower() in ("all", "everything", "everyone", "everywhere")):
            return False
    if word.startswith(("forget", "anything")) and re.match(r"\s*(?:it|this|that|them|me|you|him|her|us|everything|ordinary)\b", after, re.IGNORECASE):
        return False  # "forget about it meaning", "anything but ordinary": sayings, not exclusions
    if word in ("instead of", "rather than"):
        return not _substitution(text, sent_start, m.start(), m.end(), sent_end)
    if word == "no":
        return _no_list(_fronted_no(text, conn_start, after) or after)
    if word == "without":
        question = bool(_QUESTION_START_RE.match(text[sent_start:].strip()))
        if re.match(r"\s*(?:using|use\s+of|the\s+use\s+of)\b", after, re.IGNORECASE):
            before = syntax.tag(text[sent_start : m.start()].rstrip())
            if question or (before and before[-1].tag.startswith("VB")):
                return False  # "How do I get rid of ants without using pesticides?", "pushchairs that fold without using two hands": a way of doing it
        # "without any mention of X" leaves a topic out; "planets without any moons" is a property
        quantified = re.match(r"\s+(?:any|all)\s+(?!(?:" + _META_NOUNS + r")\s+(?:" + _PREP + r")\b)", after, re.IGNORECASE)
        meta = _META_FOLLOWS_RE.match(after)
        if meta and not quantified and _words(after[meta.end() :]):  # "survive a frost without cover": a noun, nothing to cover
            return True
        head = text[sent_start:conn_start].strip()
        if _ACCOUNT_RE.match(head) and not _QUESTION_START_RE.match(head):
            return True  # "A biography of Lincoln without the Civil War": what an account leaves out
        request = _FILLER_RE.match(head + " ")
        if not request or _QUESTION_START_RE.match(head):
            return False
        # "Explain X without Y" asks for a text that leaves Y out; "Show me US states without a state
        # income tax" asks for things, and "without" is their property (unless the things are texts)
        rest = _ARTICLE_RE.sub("", head[request.end() :].lstrip())
        return not _LISTING_RE.match(request.group(0)) or bool(_DOCNOUN_RE.match(rest + " ") or _ACCOUNT_RE.match(rest))
    return True


# Request wording that asks for things rather than for a text about them
_LISTING_RE = re.compile(
    r"^"
    + _POLITE_LEAD
    + r"(?:show|list|find|give|get|bring|fetch|retrieve|name|search|look|pull|dig|(?:just\s+)?looking|"
    # ("Any ideas for a cake without wheat flour?": ideas for things are the things)
    r"(?:any\s+|some\s+)?(?:ideas|suggestions|recommendations)\s+(?:for|on)(?=\s)|"
    r"(?:i|we)(?:\s+|(?=['’]))(?:want|need|" + _WOULD_LIKE + r"|am\s+(?:looking|after)|are\s+(?:looking|after)|['’]m\s+(?:looking|after)|['’]re\s+(?:looking|after)))\b",
    re.IGNORECASE,
)


# An account of a topic, whose content is what "without" leaves out ("books without pictures" is a property).
_ACCOUNT_RE = re.compile(
    r"^(?:(?:a|an|the|some|any|short|brief|quick|simple|good|basic)\s+)*(?:biograph(?:y|ies)|histor(?:y|ies)|summar(?:y|ies)|overviews?|"
    r"introductions?|explanations?|accounts?|articles?|essays?|reports?|reviews?|analys[ie]s|guides?|tutorials?|timelines?)\s+(?:of|on|about|to)\s+\S",
    re.IGNORECASE,
)


# Words that ask for something in the place of, or like, what was named: it is the question's context.
_REFERS_BACK_RE = re.compile(
    r"\b(?:replacements?|replace|alternatives?|instead|substitutes?|swap|similar|like\s+(?:it|that|them|this|those|these)|"
    r"same\s+(?:kind|style|vibe|genre|feel)|in\s+the\s+(?:same\s+)?(?:vein|style|spirit)\s+of|along\s+the\s+lines\s+of)\b",
    re.IGNORECASE,
)
# A request for options, which what the user has done or dislikes is left out of.
_OPTIONS_ASKED_RE = re.compile(
    r"\b(?:else|other|others|another|next|more|new|looking\s+for|want|need|find|try|recommend|recommendations?|suggest|suggestions?|ideas?|options?|good|best|great|"
    r"favou?rite|which|any|some|what\s+(?:should|can|could|would|to)|where\s+(?:should|can|to)|"
    # "What cover crops work …?": what + the kind asked for
    r"what\s+(?!(?:is|are|was|were|does|do|did|causes?|happens?|if|about|time|day|it|this|that)\b)(?-i:[a-z][\w-]*)(?:\s+[a-z][\w-]*){0,2}?s\s+(?:work|grow|go|suit|help|are|would|could|can|should|do)|"
    r"resources|sources|materials|courses|tutorials|alternatives|picks|must-see|sights|attractions|things\s+to\s+(?:do|see))\b",
    re.IGNORECASE,
)
def _asks_for_options(text: str) -> bool:
    """Whether ``text`` (the question less a statement of what the user has done or dislikes) asks for
    options: a word that says so, or a bare topic ("Yoga styles, I already know about hatha yoga")."""
    if _OPTIONS_ASKED_RE.search(text):
        return True
    return not any(w.verb for w in syntax.tag(text))


_STATEMENT_CUE_RE = re.compile(
    r"(?:i|we)(?:['’]ve|\s+have)\s+" + _HAVE_DONE_VERBS
    + r"|(?:i|we)\s+(?:really\s+|just\s+)?(?:hate|dislike|detest|can['’]t\s+stand|cannot\s+stand|don['’]t\s+like|do\s+not\s+like)"
    r"|(?:i['’]m|i\s+am|we['’]re|we\s+are|(?:my|our)\s+\w+\s+(?:is|are))\s+(?:(?:so|really|a\s+bit)\s+)?(?:sick|tired|bored|allergic|intolerant)\s+(?:of|to)"
    r"|(?:i|we)(?:['’]ve|\s+have)\s+had\s+enough\s+of|(?:i['’]m|i\s+am|we['’]re|we\s+are)\s+(?:(?:so|really|a\s+bit)\s+)?fed\s+up\s+with"
)
_ONES_WITH_RE = re.compile(
    r"\s*(?:(?:the|any)\s+)?" + _ONES_WITH + r"\S", re.IGNORECASE
)
_ONES_RE = re.compile(r"\s*(?:(?:the|any)\s+)?(?P<kind>(?!(?:the|any)\s)(?:[\w.’'-]+\s+){1,2}?)(?-i:ones?)\b(?![-'’])", re.IGNORECASE)  # not "one-arm hangs"
# "excluding one piece, naruto and bleach": "one" straight after the cue and before a word that
# neither relates nor describes it ("the one in London", "not one with pony rides") starts a name
_ONE_AS_NAME_RE = re.compile(
    r"\s*one\s+(?!(?:" + _PREP + r"|in|at|on|from|for|by|near|that|which|who|whose|where|when|i|we|you|they|he|she|my|our|your|his|her|their|is|are|was|were|has|had|have|please|pls|thanks|or|and|but|else|less|more)\b)[a-z][\w-]*\b(?!\s+(?:ones?)\b)"
)
_ADJECTIVE_SUFFIX_RE = re.compile(r"(?:y|ous|ful|ic|al|ive|ish|less|able|ible|ed|ary|ent|ant|ese|ian|er|est)$")
_COLOURS = {"red", "blue", "green", "yellow", "black", "white", "grey", "gray", "pink", "purple", "orange", "brown", "gold", "silver", "beige"}


def _ones_named(after: str) -> bool:
    """Whether "ones" after an exclusion word names what to leave out: "the ones with the UK",
    "Celestron ones", "chickpea ones" (a noun), unlike "the touristy ones", "the red ones"
    or "those from the US" (a property of the answer)."""
    if _ONES_WITH_RE.match(after):
        return True
    # "excluding ones aimed at toddlers", "but not ones bought secondhand": a participle says which (writers keep it)
    described = re.match(r"\s*(?:(?:the|any)\s+)?(?-i:ones?)\s+(?P<done>[a-z]+)\s+\S", after, re.IGNORECASE)
    if described and any(w.text == described.group("done") and w.tag == "VBN" for w in syntax.tag(after.strip())):
        return True
    m = _ONES_RE.match(after)
    if not m:
        return False
    lead = len(after) - len(after.lstrip())
    kind_start, kind_end = m.start("kind") - lead, m.start("kind") - lead + len(m.group("kind").rstrip())
    words = [w for w in syntax.tag(after.strip()) if kind_start <= w.start < kind_end]
    if not words:
        return False
    for w in words:
        low = w.text.lower()
        if w.capitalised or w.tag in ("NN", "NNS", "NNP", "NNPS"):
            continue
        # the tagger calls any word before "ones" an adjective: a noun alone ("I like chickpea.") is a noun
        if w.tag != "JJ" or low in _COLOURS or _ADJECTIVE_SUFFIX_RE.search(low) or not syntax.noun_alone(w.text):
            return False
    return not any(w.text.lower() in _COLOURS for w in words)


# Tastes and textures the tagger may call nouns ("no spicy please" says how the dishes are)
_TASTES = {"spicy", "salty", "sweet", "sour", "bitter", "creamy", "cheesy", "nutty", "fishy", "meaty", "fruity", "sugary", "greasy", "oily", "crunchy", "chewy", "fatty", "smoky", "fiery", "peppery", "hot", "mild", "rich", "heavy", "stodgy"}
# After "no", these say how much or how, not what to leave out: "no more than", "no matter".
_NO_NOT_TOPIC = {
    "more", "less", "fewer", "longer", "later", "earlier", "sooner", "further", "matter", "one", "way", "need", "doubt",
    "idea", "problem", "problems", "worries", "thanks", "other", "such", "less", "sign", "signs", "end", "cost",
    "charge", "experience", "prior", "previous", "extra",
}
_POLITE_END_RE = re.compile(r"(?:[\s,]+(?:please|pls|plz|thanks|thank\s+you))+[\s.!]*$|[\s.!]+$", re.IGNORECASE)


def _fronted_no(text: str, conn_start: int, after: str) -> str | None:
    """ "no sushi or ramen, japanese dishes to cook at home": the list a lowercase query opens with,
    before the comma that the query follows ("sushi or ramen"); None otherwise."""
    # (a colon ends the list, with its commas; a comma ends it where no "no" follows: "no java, no python: …")
    fronted = re.match(r"\s+(?P<items>[a-z][^.?!;:]*?)(?::|,(?!\s+no\s)(?![^.?!;:]*:))\s+(?=[a-z][\w-]*\s+[a-z])", after) if not text[:conn_start].strip() and text == text.lower() else None
    return fronted.group("items") if fronted and _noun_list(re.sub(r",\s+no\s+", ", ", fronted.group("items"))) else None


def _no_list(after: str) -> bool:
    """ "…? No pasta or rice please": "no" + a list of noun phrases that is the whole rest of
    its sentence leaves those out; "no more than", "no experience needed", "no-till" do not."""
    body = _POLITE_END_RE.sub("", after).strip()
    body = re.sub(r"[\s,]+(?:please|pls|plz)(?=\s*[,;:—–]|\s+-\s)", "", body, flags=re.IGNORECASE)  # "No cumin please, my partner hates it."
    body = re.split(r"\s+[-–—]\s+(?=\w)", body, maxsplit=1)[0]  # "No Vasa please - which shipwrecks …?": a dash ends the list
    body = re.sub(r"(?:\s*,\s*|\s+)(?:(?:and|or)\s+)?(?:definitely\s+)?no\s+(?=\w)", ", ", body, flags=re.IGNORECASE)  # "no X and no Y"
    words = syntax.tag(body) if body else []
    # ("no manure please": one word the tagger reads as an adverb, a noun where only a noun fits)
    lone_noun = len(words) == 1 and words[0].tag in ("RB", "JJ") and words[0].text.isalpha() and syntax.noun_alone(words[0].text)
    if not words or words[0].text.lower() in _NO_NOT_TOPIC or (words[0].tag in (",", ".", ":", "DT", "IN", "RB", "JJR", "RBR") and not lone_noun):
        return False
    if len(words) == 1 and words[0].text.lower() in _TASTES:
        return False  # "curry recipes no spicy please": how the answer tastes, a property
    if lone_noun:
        return True
    if re.match(r"big\s+(?:deal|thing)s?\b", body, re.IGNORECASE):
        return False  # "no big deal" ("no big chains please" leaves the chains out)
    end, items = syntax.excluded_phrase(body, False)
    # (not in a list: "no avocado toast or porridge" reads "avocado" as a verb too)
    if len(words) >= 2 and words[0].tag in ("VB", "JJ") and words[0].text.islower() and words[1].tag in ("NN", "NNS", "VBG") and syntax.reads_as_verb(body) and not (words[0].tag == "JJ" and _ADJECTIVE_SUFFIX_RE.search(words[0].text)) and len(items) < 2:
        return False  # "no knead focaccia", "no dig gardening": a kind of thing made without doing it
    remark = _EXCLUSION_REMARK_RE.match(body, end) if items and end < len(body) else None
    if remark and not body[remark.end() :].strip(" .!"):
        body, words = body[:end], [w for w in words if w.end <= end]  # "No seafood, my guests are allergic."
    # (a capitalised word is a name, whatever the tagger says: "No Marvel please")
    # (an item's own words are no verbs: "no e-collars please" reads "collars" as one)
    item_words = {part for item in items if "-" in item for part in re.split(r"[-\s]+", item.lower())} if items else set()
    # (nor a word before an item's noun: "no avocado toast or porridge" reads "avocado" as a verb)
    nouns_at = {w.start for w in words if w.tag in ("NN", "NNS")}
    item_words |= {
        w.text.lower() for k, w in enumerate(words[:-1])
        if w.tag in ("VB", "VBP") and w.text.islower() and words[k + 1].start in nouns_at and any(item.lower().startswith(w.text.lower() + " ") for item in items)
    }
    # (nor is a plural after a noun: "no transfer rumours please" reads "rumours" as a verb)
    plural = {k for k, w in enumerate(words) if k > 0 and syntax.plural_read_as_verb(w) and words[k - 1].tag in ("NN", "NNP") and k == len(words) - 1}
    return bool(items) and end == len(body) and not any(
        w.verb and w.tag not in ("VBG",) and not w.capitalised and k not in plural for k, w in enumerate(words) if w.text.lower() not in items and w.text.lower() not in item_words
    )


_IMPERATIVE_RE = re.compile(r"(?:skip|exclude|ignore|omit|disregard|forget|hold|neither|leave\s+(?:out|aside)|set\s+aside|steer\s+clear|stay\s+away|keep\s+away)\b")
# "…, Python and JavaScript are off the table": the excluded items said before their cue
_LISTED_NAME = r"[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3}"  # a name of up to four capitalised words
_OFF_THE_TABLE_RE = re.compile(
    # ("What fillings work for dumplings if pork is off the table?": the clause's own subject)
    r"(?P<pre>(?:^|[.;:?!]\s+|,\s+|\s[-–—]\s+|\s+(?=but\s)|(?P<cause>\s+(?:if|since|because|as|now\s+that|given\s+that)\s+))(?:(?:but|and|so)\s+)?)"
    # ("Tolstoy, Dostoevsky and Chekhov are off the list": names listed with commas are all of it)
    r"(?P<items>(?-i:(?:" + _LISTED_NAME + r",\s+){1,6}" + _LISTED_NAME + r",?\s+(?:and|or)\s+" + _LISTED_NAME + r")(?=\s+(?:are|have)\s)|"
    r"(?:(?!\bbut\s|\b(?:if|since|because|as|now\s+that|given\s+that)\s|\s[-–—]\s|(?:please|pls|plz)\b)[^.,;:?!]){1,100}?)\s+(?:is|are|'s|’s|['’]re|has\s+been|have\s+been)\s+"
    r"(?:off\s+the\s+(?:table|list)|off\s+limits|out\s+of\s+the\s+question|not\s+an\s+option|not\s+options|ruled\s+out|a\s+no[\s-]go|out|"
    r"(?:already\s+)?covered|done\s+to\s+death)"  # "Gutenberg is covered already"
    r"(?:\s+(?:for\s+(?:me|us|him|her|them)|too|as\s+well|already|now|any\s*more|[a-z]+-wise|for\s+now|for\s+the\s+(?:moment|time\s+being)|at\s+the\s+moment|this\s+(?:time|year)|on\s+(?:[\w-]+\s+){1,2}grounds)){0,2}"  # ("… is off the table budget-wise", "… for now", "… on cost grounds")
    # "… is off the table because of damp": why it is left out says nothing of the topic
    # (and "…, we don't have the kit": what the asker lacks)
    r"(?:,?\s+(?:because|since|as|due\s+to|given|after|following)\b[^.;!?,]*|,\s+(?:we|i)\s+(?:don['’]t|do\s+not|can['’]t|cannot|haven['’]t)\s+(?:have|own|afford|got)\b[^.;!?,]*)?(?:\s*\([^()]{1,60}\))?(?P<end>\s*(?:[.;!?,]|$)|\s+[-–—](?=\s))",  # ("… off the table (we did one last month).")
    re.IGNORECASE,
)


def _off_the_table(m: re.Match[str]) -> str:
    """ "…, Python and JavaScript are off the table" reads "…, excluding Python and JavaScript"; in
    "We're buying a car and honestly diesel is off the table" only what follows the clause before
    it is left out (that clause stays as it is)."""
    split = _off_the_table_items(m)
    if split is None:
        return m.group(0)
    lead, items = split
    if not lead and re.fullmatch(r"(?:all\s+)?(?:those|these|they|them|both|that|this|it)(?:\s+(?:three|two|ones|places|options))?", items.strip(), re.IGNORECASE):
        # "We've done Rome, Venice and Florence, so those are out.": said of names already left out
        return m.group("end") if m.group("end").strip() else " "
    pre = re.sub(r"\bso\s+$", "", m.group("pre"), flags=re.IGNORECASE)  # ("…, so Croatia is off the table")
    return (", " if m.group("cause") else pre) + (lead + ", " if lead else "") + "excluding " + items + m.group("end")


# "… read far too much historical fiction lately, so that's off the table.", "… and we've ruled her
# out.": a pronoun that points at what the clause before it named
_PRONOUN_RULED_OUT_RE = re.compile(
    r"(?P<clause>(?:^|(?<=[.?!]\s))[^.?!]*?\w)\s*,?\s+(?:so|and)\s+(?:"
    r"(?:(?:that|it)(?:['’]s|\s+is)|(?:they|those)(?:['’]re|\s+are))\s+(?:off\s+the\s+(?:table|list)|ruled\s+out|out\s+of\s+the\s+question)"
    r"|(?:we|i)(?:['’]ve|\s+have)\s+(?:already\s+)?ruled\s+(?:it|her|him|them|that|those)\s+out)"
    r"(?P<rest>[^.?!]*)(?=[.?!]|$)",
    re.IGNORECASE,
)


def _pronoun_ruled_out(m: re.Match[str]) -> str:
    """ "Our book club has read far too much Agatha Christie lately and we've ruled her out." reads
    "Our book club has read far too much Agatha Christie lately. Agatha Christie is off the table.":
    what is ruled out is the last thing the clause names (as it stands where it names none)."""
    topics = syntax.background_topics(m.group("clause").strip() + ".")
    if not topics:
        return m.group(0)
    return m.group("clause") + ". " + topics[-1][:1].upper() + topics[-1][1:] + " is off the table" + m.group("rest")


def _off_the_table_own_sentence(m: re.Match[str]) -> str:
    """ "We're choosing a wood burner and Morsø is off the table. What …?" reads "We're choosing a
    wood burner. Morsø is off the table. What …?": what is left out is a sentence of its own, so
    the clause before it can go as background while the exclusion stays."""
    split = None if m.group("cause") else _off_the_table_items(m)
    if split is None:
        return m.group(0)
    lead, items = split
    rest = m.group(0)[m.end("items") - m.start() :]
    items = re.sub(r"^(?:a|an|the)\s+(?=[a-z])", "", items, flags=re.IGNORECASE)  # ("the spa"; not "The Shard")
    items = items[:1].upper() + items[1:]  # (a sentence starts with a capital: "a marquee" would not end the one before)
    if lead and re.fullmatch(r"|[.;:?!]\s+", m.group("pre")):
        return m.group("pre") + lead + ". " + items + rest
    # ("We're planning our wedding on a tight budget, and a marquee is off the table.", "My husband hates
    # the look of vinyl, so vinyl is off the table.")
    sentence = m.string[_sentence_bounds(m.string, m.start())[0] : m.start()]
    if not lead and re.fullmatch(r",\s+(?:and|but|so)\s+", m.group("pre"), re.IGNORECASE) and any(w.tag in ("PRP", "PRP$") for w in syntax.tag(sentence)):
        return ". " + items + rest
    return m.group(0)


# what someone else says or thinks ("My GP reckons …", "the landlord says …")
_HEARSAY_RE = re.compile(
    r"^(?:he|she|they|someone|somebody|people|everyone|(?:the|my|our|his|her|their)\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:reckons?|says?|said|thinks?|thought|claims?|claimed|believes?|insists?|swears?|told\s+(?:me|us))\b",
    re.IGNORECASE,
)


def _off_the_table_items(m: re.Match[str]) -> tuple[str, str] | None:
    """The clause before what is off the table ("" where there is none) and what is, or None
    where the match is a clause of its own and leaves nothing out."""
    items, lead = m.group("items"), ""
    words = syntax.tag(items)
    subjects = [k for k, w in enumerate(words) if w.tag == "PRP"]  # (a noun the tagger reads as a verb is no clause: "Bar crawls")
    # ("Our daughter starts university in Manchester and halls are off the table": a clause with a
    # verb and its object before the "and")
    subjects += [k for k, w in enumerate(words) if w.tag in ("VBZ", "VBP", "VBD") and k > 0 and any(v.text.lower() == "and" for v in words[k + 3 :])]
    if subjects:
        joins = [k for k, w in enumerate(words) if w.text.lower() in ("and", "but", "so") and k > subjects[-1]]
        if not joins:
            return None  # a clause of its own is nothing left out
        k = joins[-1] + 1
        while k < len(words) and words[k].tag == "RB":
            k += 1  # "honestly diesel"
        if k >= len(words):
            return None
        lead, items = items[: words[joins[-1]].start].rstrip(), items[words[k].start :]
    elif len(words) > 1 and words[0].tag in ("NN", "NNS") and re.fullmatch(r"[A-Z][a-z]+", words[0].text) and words[1].tag == "IN" and words[1].text.lower() != "of":
        # "Frogspawn from the neighbours is off the table.": a thing capitalised only as a sentence's
        # first word, and where it would come from; the thing is what is left out (read after
        # "excluding", its capital would make it a name that the preposition ends, and the rest
        # would be left in the question)
        items = items[: words[1].start].rstrip()
    elif len(words) > 1 and words[0].tag in ("NN", "NNS", "JJ") and re.fullmatch(r"[A-Z][a-z]+", words[0].text) and all(w.text.islower() or not w.text.isalpha() for w in words[1:]):
        # ("Injection damp-proof courses are off the table.": a sentence's capital on a common word;
        # read after "excluding" it would make that word a name of its own)
        items = items[:1].lower() + items[1:]
    said = _HEARSAY_RE.match(items)
    if said and (rest := re.match(r"\s+(?:that\s+)?(?=\S)", items[said.end() :])):
        items = items[said.end() + rest.end() :]  # "the landlord says tiles are off the table": who says so is left out of nothing
    return lead, items


# "Tokyo aside, where should I go?", "…, Ringo aside": a noun phrase, then its cue
_ASIDE_RE = re.compile(
    r"(?P<pre>^|[.;?!]\s+|,\s+)(?P<items>[^.,;?!]{1,40}?)\s+(?:aside|excepted|excluded|(?:is|are)\s+excluded)(?P<end>\s*(?:[,.;!?]|$))", re.IGNORECASE
)


def _aside(m: re.Match[str]) -> str:
    """ "Tokyo aside, …" reads "excluding Tokyo, …" when what stands before "aside" is a noun
    phrase of its own ("How to set money aside." is an act)."""
    items = m.group("items")
    words = syntax.tag(items)
    if len(words) > 4 or any(w.verb or w.tag in ("PRP", "WDT", "WP", "WRB", "TO", "IN") for w in words) or items.lower() in ("joking", "all joking", "jokes", "all jokes"):
        return m.group(0)
    return m.group("pre") + "excluding " + items + m.group("end")


# "… I already know about X so don't bother with it": a clause that points back at what was just
# excluded says nothing new (kept only where no exclusion comes before it)
_EXCLUDED_AGAIN = (
    r"(?:\s*,\s*|\s+)(?:so|and)\s+(?:please\s+)?(?:"
    r"(?:(?:don['’]t|do\s+not)\s+(?:bother\s+with|mention|cover|include|repeat|explain)|skip|"
    r"leave\s+out|ignore|no\s+need\s+to\s+(?:cover|mention|explain|include|repeat|go\s+over)|you\s+(?:can|may)\s+skip)\s+"
    r"(?:it|that|them|those|this|these)"
    r"|leave\s+(?:it|that|them|those|this|these)\s+out"
    r"|not\s+(?:those|these|them)"  # "We already use X and Y, so not those - what else works?"
    r"|(?:focus\s+on|stick\s+to|tell\s+me\s+about|cover)\s+(?:the\s+)?(?:others|other\s+ones|rest)"
    r")(?:\s+please)?(?=\s*(?:[.;!?]|$|[-–—]\s))"
)
_EXCLUDED_AGAIN_RE = re.compile(_EXCLUDED_AGAIN, re.IGNORECASE)
# "He hates running and cycling, so please leave those out": a dislike the user asks to leave
# out (someone else's, or an activity, which alone would be a wish for the answer) reads as
# "Leave out running and cycling."
_DISLIKE_LEFT_OUT_RE = re.compile(
    r"(?P<pre>(?:^|[.!?]\s+))(?:I|we|he|she|they|(?:my|our)\s+\w+)\s+(?:really\s+)?"
    r"(?:hates?|dislikes?|detests?|can['’]t\s+stand|cannot\s+stand|(?:don|doesn)['’]t\s+like|(?:do|does)\s+not\s+like)\s+"
    r"(?P<items>[^.?!;]+?)" + _EXCLUDED_AGAIN,
    re.IGNORECASE,
)
# "Students keep asking about medicine, law and dentistry, so apart from those, what …?": the
# list that "those" points back at is what is left out ("Apart from medicine, law and dentistry, what …?")
_THOSE_LEFT_OUT_RE = re.compile(
    r"(?P<pre>(?:^|[.!?]\s+))[^.?!;]*?\b(?:about|with|like|on|done|tried|covered|seen|read|visited|had|used)\s+"
    r"(?P<items>[^.?!;,]+(?:,\s*[^.?!;,]+)*?\s+(?:and|or)\s+[^.?!;,]+?),\s*(?:so\s+|and\s+)?"
    r"(?P<cue>apart\s+from|aside\s+from|except(?:\s+for)?|other\s+than|besides|excluding|not\s+counting)\s+(?:those|these|them)(?:\s+(?:two|three|four|ones))?\s*,\s*(?=\w)",
    re.IGNORECASE,
)
# "leave Robespierre out of it", "keep politics out": the object between verb and particle
_LEAVE_X_OUT_RE = re.compile(
    r"(?P<pre>(?:^|[.,;:!?—–]\s*|\s-\s+|\b(?:but|and|just|please)\s+))(?:leave|keep)\s+(?P<obj>(?!out\b|it\b|that\b|this\b|them\b)(?:the\s+|any\s+)?[\w'’-]+(?:\s+[\w'’-]+){0,3}?)\s+out"
    r"(?:\s+of\s+(?:it|this|that|there|them|the\s+\w+))?(?=\s*(?:[.,;!?]|please\b|$))",
    re.IGNORECASE,
)


# "Leave out the Beatles and tell me about …": the cue, its short object, then the request itself
_LEAVE_THEN_ASK_RE = re.compile(
    r"^(?P<lead>[^:.?!]*:\s+)?(?P<cue>leave\s+out|skip|exclude|ignore|omit|forget\s+about|set\s+aside|not\s+counting)\s+(?P<obj>(?:the\s+)?[\w'’-]+(?:\s+[\w'’-]+){0,3}?)"
    r",?\s+and\s+(?P<ask>(?:tell|give|show|list|explain|describe|recommend|suggest|find|name)\s+\w[^.?!;]*[.?!]?)$",
    re.IGNORECASE,
)


def _misread_compound(listed: str, end: int) -> bool:
    """Whether ``listed`` goes on after word offset ``end`` with a base "verb" and lowercase nouns
    only, to its end ("stenography speed tests": "speed" read as a verb; "the jr pass": a lone
    last "verb"), or with a participle or gerund and nouns ("oxford reading tree"; "nyetimber offering
    tours" says what the class does)."""
    words = [w for w in syntax.tag(listed) if w.start >= end and w.tag != "."]
    return (
        len(words) >= 1
        and (words[0].tag in ("VB", "VBP") or (words[0].tag in ("VBG", "VBN") and len(words) >= 2))  # "oxford reading tree", "pressure treated timber"
        and words[0].text.lower() not in syntax.POST_PARTICIPLES
        and all(w.tag in ("NN", "NNS") and w.text.isalpha() and w.text.islower() for w in words[1:])
        and words[0].text.isalpha() and words[0].text.islower()
    )


def _plural_before_topic(item: str) -> str | None:
    """The left-out part of a lowercase keyword query's excluded phrase that a modified plural ends
    where two nouns or more follow it to the query's end, the first singular ("householder appeals
    success rates" → "householder appeals", "food stalls manchester fees" → "food stalls"); None otherwise."""
    words = syntax.tag(item)
    for k in range(1, len(words) - 2):
        plural = words[k].tag == "NNS" or syntax.plural_read_as_verb(words[k])
        rest = words[k + 1 :]
        if plural and rest[0].tag == "NN" and all(w.tag in ("NN", "NNS") and w.text.isalpha() and w.text.islower() for w in rest):
            return item[: words[k].end]
    return None


def _misread_object(listed: str, end: int) -> bool:
    """Whether ``listed`` goes on after offset ``end`` to its sentence's end with one lowercase
    "verb" and then nouns, adjectives and prepositions only ("job offers from competitors")."""
    words = [w for w in syntax.tag(listed) if w.start >= end]
    while words and words[-1].tag == ".":
        words.pop()
    return (
        len(words) >= 2
        and words[0].tag in ("VBZ", "VBP", "VB")
        and words[0].text.isalpha() and words[0].text.islower()
        and all(w.tag in ("NN", "NNS", "JJ", "IN", "DT") and w.text.isalpha() and w.text.lower() not in ("and", "or", "but") for w in words[1:])
        and not re.search(r"[.?!;]", listed[end:].rstrip(" .!?"))
    )


def _keywords_before(text: str, end: int) -> bool:
    """Whether ``text[:end]`` is a keyword query: two words or more, no verb, no question word."""
    # the part alone: what follows must not turn its last noun into a verb ("knife sharpening
    # guides no whetstones" reads "guides" as a verb taking "no whetstones")
    # ("indian takeaway near me": where the asker is, no verb's object)
    words = syntax.tag(re.sub(r"\s+(?:near|around)\s+(?:me|us)$", "", text[:end].rstrip(" -–—,;:"), flags=re.IGNORECASE))
    content = [w for w in words if w.tag not in (",", ".", ":", "HYPH")]
    nouns = ("NN", "NNS", "NNP", "NNPS", "CD")
    # "noise cancelling headphones": a participle before a noun modifies it
    # ("earbuds for running": a gerund after a preposition names an activity, a noun)
    # ("home gym flooring", "dog grooming": so does one after a singular noun, its compound's head)
    def gerund_noun(k: int) -> bool:
        return words[k].tag == "VBG" and k > 0 and (
            (words[k - 1].tag == "IN" and words[k - 1].text.lower() != "by") or (words[k - 1].tag == "NN" and words[k - 1].text.islower() and words[k].text.islower())
        )

    # "volunteering abroad", "camping in wales": a query that opens with a gerund names an activity
    # ("things to do in marrakech": an infinitive after a plural says what the things are for;
    # "investment platforms uk": a plural after a noun that the tagger reads as a verb)
    def noun_modifier(k: int) -> bool:
        return (w := words[k]).tag == "VB" and k >= 2 and words[k - 1].tag == "TO" and words[k - 2].tag == "NNS" or (
            # ("ghost walks in york": so before a preposition)
            syntax.plural_read_as_verb(w) and k > 0 and words[k - 1].tag in ("NN", "NNS", "NNP", "JJ") and (k + 1 == len(words) or words[k + 1].tag in nouns + ("JJ", "IN"))
        ) or (
            # ("car hire companies": a noun between two nouns that the tagger reads as a verb; "easy weeknight curry recipes")
            w.tag in ("VB", "VBP", "VBD") and w.text.islower() and k > 0 and words[k - 1].tag in ("NN", "JJ") and k + 1 < len(words) and words[k + 1].tag in ("NN", "NNS")
        ) or (
            # ("podcasts about ancient rome": a query's first word in "s" is a plural, no verb)
            k == 0 and syntax.plural_read_as_verb(w) and k + 1 < len(words) and words[k + 1].tag in ("IN", "JJ", "NN", "NNS")
        )

    verbs = [
        w for k, w in enumerate(words)
        if w.verb and not (w.tag in ("VBG", "VBN") and k + 1 < len(words) and words[k + 1].tag in nouns) and not gerund_noun(k) and not (k == 0 and w.tag == "VBG") and not noun_modifier(k)
        # ("raised bed soil mixes": a query's first word, a participle before a noun)
        and not (k == 0 and w.tag in ("VBD", "VBN") and w.text.islower() and k + 1 < len(words) and (words[k + 1].tag in nouns + ("JJ",) or (words[k + 1].tag == "IN" and not re.search(r"(?:ed|[^e]en|wn|un)$", w.text))))
        # ("whale species seen off cornwall": a participle after a noun, with its preposition, describes it)
        and not (w.tag == "VBN" and k > 0 and words[k - 1].tag in ("NN", "NNS", "NNP") and k + 1 < len(words) and words[k + 1].tag in ("IN", "RP"))
        # ("gluten free pasta": a noun before "free", "friendly", "proof" makes one adjective with it)
        and not (w.tag in ("VB", "VBP") and w.text.islower() and k + 1 < len(words) and words[k + 1].text.lower() in _COMPOUND_ADJECTIVE_HEADS)
        # ("curry recipes", "drone photography tips": a query's first word before a noun, a noun to the tagger alone, modifies it)
        and not (k == 0 and w.tag in ("VB", "VBP") and w.text.isalpha() and w.text.islower() and k + 1 < len(words) and words[k + 1].tag in ("NN", "NNS") and syntax.noun_alone(w.text))
    ]
    last = len(words) - 1 - next((j for j, w in enumerate(reversed(words)) if w.tag not in (",", ".", ":", "HYPH")), 0)
    place = len(content) >= 2 and content[-1].text.lower() in syntax.PLACE_ADVERBS and content[-2].tag in nouns + ("VBG",)
    return (
        len(content) >= 2
        # "best way to skip breakfast": "to" asks for a verb; "intermittent fasting skip breakfast": a practice and how
        and (content[-1].tag in nouns + ("JJ",) or gerund_noun(last) or place or noun_modifier(last))
        # ("graduate jobs in consulting": a noun in "-ing" after a preposition names a field)
        and (not content[-1].text.lower().endswith("ing") or gerund_noun(last) or (content[-1].tag in nouns and last > 0 and (words[last - 1].tag == "IN" or (words[last - 1].tag == "DT" and last > 1 and words[last - 2].tag == "IN"))))
        and not verbs
        and not any(w.tag in ("WDT", "WP", "WRB", "PRP", "MD", ".") for w in words)
    )


# "… please", "… for now" at the end of an exclusion: said of it, no part of what is left out
_POLITE_TAIL_RE = re.compile(r"[\s,]+(?:please|pls|plz|thanks|thank\s+you|for\s+now|for\s+the\s+moment|for\s+the\s+time\s+being)\b[\s.!]*$", re.IGNORECASE)


def _phrase_fills(text: str, start: int, clause: bool) -> bool:
    """Whether the noun phrase list after an exclusion word ending at ``start`` is the whole
    rest of its clause (less "please" and a remark about it)."""
    limit = _exclusion_limit(text, start)
    rest = text[start:limit]
    polite = _POLITE_TAIL_RE.search(rest)
    if polite:
        rest = rest[: polite.start()]
    skip = _meta_prefix_len(rest)
    phrase = rest[skip:].rstrip(" .!?")
    if not _words(phrase):
        return False
    end, items = syntax.excluded_phrase(phrase, clause)
    for _ in range(3):
        said = _EXCLUSION_TAIL_RE.match(phrase, end)
        if not said:
            break
        end = said.end()
    left = phrase[end:]
    # the clause ends with the phrase: "leave out sourdough - bread recipes …", "Skip the intro, tell me …"
    ended = not left.strip() or re.match(r"\s*(?:[,;:—–]|-\s)", left) is not None
    return bool(items) and (ended or _EXCLUSION_REMARK_RE.match(left) is not None)


_NAME_PARTICLES = {"la", "le", "el", "les", "los", "las", "de", "del", "da", "di", "du", "von", "van"}


def _noun_list(after: str) -> bool:
    """Whether ``after`` is a short list of nouns to the end ("frontline or advantage", "sky or bt
    sport", "snakes"): two items or more of one to three nouns each, or one item."""
    words = [w for w in syntax.tag(after.strip(" .!?")) if w.tag not in (".",)]
    items: list[list[syntax.Word]] = [[]]
    for w in words:
        if w.tag in (",", "CC") and w.text.lower() in (",", "or", "and", "nor"):
            items.append([])
        elif not (w.text.lower() == "the" and not items[-1]):  # ("… or the swiss travel pass")
            items[-1].append(w)
    nouns = ("NN", "NNS", "NNP", "NNPS")
    # "xiaomi or segway", "tesla or rivian", "purplebricks or yopa": a one-word item after the
    # conjunction that the tagger reads as a verb, or as an adjective or adverb where only a noun fits, is a noun
    # (so is a gerund inside a list of three: "monzo, starling or revolut")
    misread = [
        len(it) == 1 and it[0].text.isalpha() and (
            (k > 0 and (it[0].tag in ("VB", "VBP") or (it[0].tag in ("JJ", "RB") and syntax.noun_alone(it[0].text)) or (it[0].tag == "VBG" and len(items) >= 3)))
            # ("no avocado please", "no manure please", "not acorn"; not "no spicy please": an adjective's shape)
            or (len(items) == 1 and it[0].tag in ("VB", "VBP", "VBN", "VBD", "JJ", "RB") and syntax.noun_alone(it[0].text) and not (it[0].tag == "JJ" and _ADJECTIVE_SUFFIX_RE.search(it[0].text.lower())))
        )
        for k, it in enumerate(items)
    ]
    def plural_read_as_verb(it: list[syntax.Word], j: int) -> bool:  # "transfer rumours": the plural after a noun, read as a verb
        return j > 0 and syntax.plural_read_as_verb(it[j]) and it[j - 1].tag in nouns + ("JJ",)

    # (several short lowercase items, none with a function word, are names whatever their tags:
    # "bt, sky or virgin media", "explorify or developing experts")
    names = len(items) >= 2 and any(w.tag not in ("JJ", "JJR", "JJS") for it in items for w in it) and all(
        # ("disney+"; "mckinsey" a preposition to the tagger, but no function word)
        # (nor "la" in "la scala or la fenice": a name's particle)
        # (or "of" inside a title: "line of duty")
        1 <= len(it) <= 3 and all(
            re.fullmatch(r"[a-z]+\+?|['’]s", w.text)
            and (
                w.tag not in syntax.FUNCTION_TAGS or (w.tag == "IN" and w.text not in grading.STOP_WORDS) or w.text in _NAME_PARTICLES or (w.text == "of" and 0 < j < len(it) - 1)
                or (w.tag == "RB" and len(it) == 1 and syntax.noun_alone(w.text))  # ("windermere, ambleside or keswick": a name the tagger calls an adverb)
            )
            for j, w in enumerate(it)
        )
        for it in items
    )  # (not adjectives only: "snacks not salty or sweet" says what they are)
    return 1 <= len(items) <= 4 and (names or all(
        # ("oral-b"; a gerund before the noun is its modifier: "surfing forecasts")
        # ("apollo 11": a name and its number)
        misread[k] or (1 <= len(it) <= 3 and all(
            w.tag in nouns or w.tag in ("JJ", "HYPH") or (w.tag == "VBG" and w is not it[-1]) or plural_read_as_verb(it, j) or (w.tag == "CD" and j > 0 and it[j - 1].tag in nouns)
            or (w is it[-1] and j > 0 and it[j - 1].tag in nouns and syntax.noun_read_as_adverb(w))
            for j, w in enumerate(it)
        )
                       and (
                           it[-1].tag in nouns or plural_read_as_verb(it, len(it) - 1) or (len(it) >= 2 and it[-1].tag == "CD" and it[-2].tag in nouns)
                           or (len(it) >= 2 and it[-2].tag in nouns and syntax.noun_read_as_adverb(it[-1]))  # ("no scafell pike": the tagger's adverb ends a name)
                       ))
        for k, it in enumerate(items)
    ))


_SETS_APART_RE = re.compile(
    r"\b(?:(?:tell|tells|telling|told)(?!\s+(?:me|us|you|him|her|them|about|more)\b)|set|sets|setting|stand|stands|standing|stood|keep|keeps|keeping|kept|pull|pulls|pulled)"
    r"\b(?!\s+(?:up|off|out|down|in|on|aside)\b)[^,;.?!]{0,60}$",
    re.IGNORECASE,
)


def _one_plural(text: str) -> bool:
    """Whether ``text`` is one lowercase plural noun ("bookshelves")."""
    if re.fullmatch(r"\s*[a-z][a-z-]+s\s*", text) is None:
        return False
    words = syntax.tag(text.strip())
    return len(words) == 1 and syntax.plural_noun(words[0])  # (alone, "hardwoods" is a verb to the tagger)


# a negation said twice over is a saying: "no win no fee", "no pain no gain", "don't ask, don't tell"
# (a noun after it, as a saying names a kind of thing; "No museums, no cinemas please." lists what to leave out)
_SAYING_RE = re.compile(r"\b(no|don['’]t|never)\s+[\w'’-]+,?\s+\1\s+[\w'’-]+\s+(?!(?:please|pls|plz|thanks|thank)\b)[\w'’-]", re.IGNORECASE)


def _sets_apart(before: str) -> bool:
    """Whether "apart from" after ``before`` completes a verb that sets things apart, not a
    "keeping" inside a compound ("poultry keeping courses apart from online ones")."""
    m = _SETS_APART_RE.search(before)
    if m is None:
        return False
    if m.group(0).lower().startswith("keeping"):
        words = syntax.tag(before)
        at = next((k for k, w in enumerate(words) if w.start == m.start()), 0)
        return not (at > 0 and words[at - 1].tag in ("NN", "NNS") and words[at - 1].text.islower())
    return True


def _find_trigger(text: str, start_at: int = 0) -> tuple[int, int, bool] | None:
    """(start of the connector, end of the trigger, clause-level) of the first real exclusion trigger."""
    quoted = [q.span() for q in _QUOTED_RE.finditer(text)]
    # (not after a comma or a dash, where a list goes on: "pasta recipes, no onion no garlic")
    sayings = [x.span() for x in _SAYING_RE.finditer(text) if not re.search(r"(?:[,;:–—]|\s-)\s*$", text[: x.start()])]
    for m in _TRIGGER_RE.finditer(text, start_at):
        if _depth_at(text, m.start()):
            continue  # inside a parenthesis that is not itself an exclusion: leave it be
        if any(a < m.start() and m.end() < b for a, b in quoted):
            continue  # "What do 'no entry except cycles' signs mean?": inside quotes, a name's words
        if any(a <= m.start() < b for a, b in sayings):
            continue  # "no win no fee solicitors", "the don't ask, don't tell policy": a saying said twice over
        said = m.group(0).split()[-1]
        if said in ("Not", "No", "Nor", "Without") and not _sentence_start(text, m.end() - len(said)) and re.match(r"\s+[A-Z]", text[m.end() :]) and not re.search(r"[,;:]\s*$", text[: m.start()]):
            continue  # "reading Where the Wild Things Are and Not Now, Bernard": a capitalised word inside a title
        if re.match(r"\s*(?:or|and|nor)\b", text[m.end() :], re.IGNORECASE) and re.search(r",\s*$", text[: m.start()]):
            continue  # "but not running, skipping or burpees": an item of a list, not a cue
        conn = _CONN_RE.search(text[: m.start()])
        conn_start = conn.start() if conn else m.start()
        anything = re.search(r"(?:^|[,;:—–]\s*|\s-\s+|[.?!]\s+)(?:anything|everything)\s+$", text[: m.start()], re.IGNORECASE)
        if anything and re.match(r"except|excluding|other\s+th[ae]n|apart\s+from|besides", m.group(0), re.IGNORECASE):
            conn_start = min(conn_start, anything.start())  # "smartphones – anything except Xiaomi"
        conn_text = text[conn_start : m.start()]
        boundary = (
            _sentence_start(text, m.start())
            or bool(re.search(r"[,;:—–(]|\s-\s|\b(?:but|and|yet|while|please|pls|plz|kindly)\b", conn_text, re.IGNORECASE))
        )
        word = m.group(0).lower()
        if word.startswith("apart") and _sets_apart(text[: m.start()]):
            continue  # "how to tell a hawk apart from a falcon", "what sets Basque apart from …": a comparison
        clause = boundary or not _NP_INTERNAL_RE.match(" ".join(word.split()))
        if m.group("strong") or m.group("copula"):
            if re.match(r"(?:but|and)\s+not", word) and not _words(text[m.end() :])[:1]:
                continue
            if not _is_topic_exclusion(text, m, conn_start):
                continue
            # "kayak brands but not perception for sea touring": after a keyword query a bare "but
            # not" is read as "except" is: a preposition ends what is left out
            bare_but = re.fullmatch(r"\s*but\s+not", text[conn_start : m.end()], re.IGNORECASE) is not None and (_keywords_before(text, conn_start) or _one_plural(text[:conn_start]))
            return conn_start, m.end(), clause and not m.group("copula") and not bare_but
        after = text[m.end() :]
        meta_follows = bool(_META_FOLLOWS_RE.match(after))
        if word == "no" and re.match(r"\s+\w+ing\b", after):
            meta_follows = False  # "charge no listing fees": a gerund after "no" names a kind of thing, not what to mention
        if word.startswith(("do", "don")) and not re.search(r"\bbut\b|[,;]", conn_text, re.IGNORECASE) and not _sentence_start(text, m.start()):
            continue  # "do not" alone is only an exclusion after "but" or as a sentence of its own
        # "history of the olympics not the modern games": a keyword query, then what to leave out
        # (a lowercase query may end in one noun: "cheap eats in tokyo not ramen"; "the road not taken" ends in a participle)
        last_noun = text == text.lower() and _noun_list(after)
        by_name = re.match(r"\s+by\s+(?=[A-Z])", after) is not None and _names_only(after.strip()[2:])  # "books on stoicism not by Ryan Holiday"
        keyword_not = (
            m.group(0) == "not" and not boundary and (re.match(r"\s+(?:the\s+\w|[A-Z])", after) is not None or last_noun or by_name)  # "The Road Not Taken": a title
            and _keywords_before(text, conn_start) and _phrase_fills(text, m.end(), False)
        ) or _place_left_out(text, conn_start, m.end()) > 0
        # ("Could you suggest golden age detective novels not by Dorothy Sayers?": asked for as keywords are)
        keyword_not = keyword_not or (
            m.group(0) == "not" and by_name and not boundary and (_FILLER_RE.match(text.lstrip()) or _ASK_FOR_RE.match(text.lstrip())) is not None
            and _phrase_fills(text, m.end(), False)
        )
        # "winter sports not skiing nor snowboarding": "nor" marks a list left out
        nor_list = (
            word == "not"
            and re.match(r"\s+[^.?!;,]+?\s+nor\s+\w", after) is not None
            and not re.search(r"\b(?:could|can|would|should|will|shall|may|might|must|do|does|did|is|are|was|were|am|i|we|you|they|he|she|it)\s*$", text[:conn_start], re.IGNORECASE)
        )
        # ("Please not Direct Line, Aviva or AXA.": a sentence of its own, asked politely)
        polite_start = re.fullmatch(r"\s*(?:please|pls|plz)\s+", conn_text, re.IGNORECASE) is not None and _sentence_start(text, conn_start + len(conn_text) - len(conn_text.lstrip()))
        if word == "not" and not keyword_not and not nor_list and not re.search(r"[,;:—–]|\s-\s|\b(?:but|and)\b", conn_text) and not _sentence_start(text, m.start()) and not polite_start:
            if not re.search(r"\b(?:is|are|was|were)\s+$", text[: m.start()], re.IGNORECASE):
                continue
        imperative = _IMPERATIVE_RE.match(word) is not None
        if imperative and _sentence_start(text, m.start()) and not _phrase_fills(text, m.end(), True):
            continue  # "skip the line tickets louvre": a verb with its object, not a list to leave out
        # ("tips for teachers ignore bad behaviour": "ignore" is what is done, not what to leave out)
        # ("mattress toppers anything but memory foam": the same after a keyword query)
        keyword_cue = (imperative or word.startswith(("anything", "anywhere"))) and not word.startswith(("ignore", "disregard")) and m.group(0).islower()
        # ("plays that are neither tragedies nor comedies": what the answer is, a property)
        keyword_cue = keyword_cue and not re.search(r"\b(?:that|which|who)\s+(?:is|are|was|were)\s+$", text[: m.start()], re.IGNORECASE)
        # ("bookshelves anything but ikea": one plural is a keyword query too)
        if keyword_cue and not boundary and (_keywords_before(text, conn_start) or _one_plural(text[:conn_start])) and _phrase_fills(text, m.end(), False):
            boundary = True  # "beta blocker side effects skip propranolol": a keyword query, then what to leave out
        # ("historical novels set anywhere but Tudor England", "tarpon fishing anywhere but Mexico": "anywhere"
        # says a place is left out, whatever comes before it)
        if word.startswith("anywhere") and m.group(0).islower() and not boundary and _phrase_fills(text, m.end(), False):
            boundary = True
        # "history of Ireland no Troubles": a name that ends the query, left out ("pasta recipes no
        # tomatoes" may be a property; "the film No Country for Old Men" is a title)
        if m.group(0) == "no" and not boundary and re.fullmatch(r"(?:\s+[A-Z][\w'’&.-]*){1,3}[\s.!?]*", after) and _keywords_before(text, conn_start):
            boundary = True
        # "reptile pets for kids no snakes please": a lowercase query, then nouns to leave out, asked politely
        polite = re.search(r"\s(?:please|pls|plz)[\s.!]*$", after) if m.group(0) == "no" and not boundary and text == text.lower() else None
        if polite:
            # (read in place too: alone, "cruises" is a verb to the tagger)
            in_place = [w for w in syntax.tag(text) if m.end() <= w.start < m.end() + polite.start()]
            nouns = [w for w in in_place if w.text.lower() not in ("of", "the")]
            # ("ww2 history podcasts no band of brothers please": a title's "of" and "the" between its nouns)
            of_title = len(in_place) <= 5 and any(w.text.lower() == "of" for w in in_place[1:-1]) and in_place[0] in nouns and in_place[-1] in nouns
            nouns_in_place = bool(in_place) and (of_title or (len(in_place) <= 3 and len(nouns) == len(in_place))) and all(
                w.tag in ("NN", "NNS", "NNP", "NNPS") and not w.text.lower().endswith("ing") for w in nouns
            )
            # ("crossword apps no cryptic please": one adjective stands for the kind it names)
            nouns_in_place = nouns_in_place or (len(in_place) == 1 and in_place[0].tag == "JJ" and in_place[0].text.isalpha())
            boundary = (_noun_list(after[: polite.start()]) or nouns_in_place) and _keywords_before(text, conn_start)
        # "pasta recipes no onion, no garlic": each left out with its own "no", to the query's end
        # (with a comma: "solicitors no win no fee" is a saying)
        repeated = re.fullmatch(r"\s+" + _NO_ITEM + r"(?:\s*,\s+no\s+" + _NO_ITEM + r")+[\s.!]*", after) if m.group(0) == "no" and not boundary and text == text.lower() else None
        if repeated and _keywords_before(text, conn_start):
            boundary = True
        # "hay fever medicine no cetirizine or loratadine": two nouns left out to the query's end
        # (and "no clowns, magicians or balloon modellers": a list with commas)
        listed = re.fullmatch(
            r"\s+(?P<a>[a-z][\w-]*(?:\s+[a-z][\w-]*)?(?:\s*,\s*[a-z][\w-]*(?:\s+[a-z][\w-]*)?)*)\s*,?\s+(?:or|nor)\s+(?P<b>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)[\s.!]*", after
        ) if m.group(0) == "no" and not boundary and text == text.lower() else None
        if listed and not re.search(r"\b(?:with|has|have|had)\s*$", text[:conn_start]):
            # (read whole too: alone, "deadlifts" is a verb to the tagger, "deadlifts or squats" a list of nouns)
            boundary = ((all(_noun_list(item) for item in listed.group("a").split(",")) and _noun_list(listed.group("b"))) or _noun_list(listed.group(0))) and _keywords_before(text, conn_start)
        # "no sushi or ramen, japanese dishes to cook at home": a lowercase query that opens with what to leave out
        if m.group(0) == "no" and not boundary and _fronted_no(text, conn_start, after) is not None:
            boundary = True
        if not (boundary or meta_follows or word == "without" or word == "not"):
            continue
        if imperative and not boundary and re.search(r"\b(?:[Pp]eople|[Tt]hey|[Ff]olk|(?!(?:always|perhaps|is|was|has|does|as|this|its|his|us|yes|thus|plus|less|unless|across)\b)[a-z]+s)\s+$", text[: m.start()]):
            continue  # "people leave out all sorts in their gardens": what others do, said of them
        if not _is_topic_exclusion(text, m, conn_start):
            continue
        # "islands that are not Santorini for a honeymoon": a member left out of the class asked
        # for ends at its name; what follows still describes the class
        relative = word == "not" and re.search(r"\b(?:that|which|who)\s+(?:is|are|was|were)\s+$", text[: m.start()], re.IGNORECASE)
        return conn_start, m.end(), not relative
    return None


def _exclusion_limit(text: str, i: int) -> int:
    """Where the clause of an exclusion starting at i ends (the excluded noun phrase ends there or before)."""
    depth = 0
    j = i
    n = len(text)
    quoted = False
    while j < n:
        ch = text[j]
        if ch == '"':
            quoted = not quoted
        elif quoted:
            pass  # a quoted title ends nothing: "Because I could not stop for Death."
        elif ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return j
            depth -= 1
        elif depth == 0:
            if ch == _MARK or _is_sentence_end(text, j):
                return j
            if ch == "," and _RESUME_RE.match(text, j + 1) and j > i:
                return j
            if ch == " " and j > i and _AND_WH_RE.match(text, j):
                return j
        j += 1
    return n


def _meta_prefix_len(text: str) -> int:
    """Length of the wording in front of an excluded phrase: "any mention of", "discussing"."""
    pos = len(text) - len(text.lstrip())
    for _ in range(6):
        rest = text[pos:]
        for rx in _NEG_PREFIXES:
            m = rx.match(rest)
            if m and m.end() < len(rest) and _words(rest[m.end() :]):
                pos += m.end()
                pos += len(text[pos:]) - len(text[pos:].lstrip())
                break
        else:
            break
    return pos


def _cut_nested(text: str, start: int, end: int) -> int:
    """ "excluding A and B excluding C": the first exclusion is A; "and B" is positive again."""
    span = text[start:end]
    # (from the second character of its first word: "excluding skipping and burpees" leaves out a
    # word that is itself a cue elsewhere)
    nested = _find_trigger(span, len(span) - len(span.lstrip()) + 1)
    if not nested:
        return end
    head = span[: nested[0]]
    # ("Not Spain, Portugal or Greece though, I've done all those": a comma opens the next cue, and
    # the list before it is whole, unless an "and" may start something new: "excluding his work in
    # Hull, and the Lockheed Corporation, excluding …")
    if span[nested[0] :].lstrip().startswith(",") and not re.search(r"\sand\s", head, re.IGNORECASE):
        return start + nested[0]
    for rx in (r",\s+and\s+", r"\s+and\s+", r",\s+"):
        ms = list(re.finditer(rx, head, re.IGNORECASE))
        if ms:
            m = ms[-1] if rx.startswith(",") else ms[0]
            if _words(head[: m.start()]):
                return start + m.start()
    return start + nested[0]


# A question whose subject holds the exclusion: "Which fish other than salmon …".
_WH_SUBJECT_RE = re.compile(
    # (after another sentence, a comma or a verb that embeds the question: "I want to know which …")
    r"^(?:.*[.?!;,:]\s+|.*\b(?:know|wondering|wonder|asking|ask|find\s+out|curious|tell\s+(?:me|us)|show\s+(?:me|us)|explain|describe|list|idea|say)\s+)?"
    # ("How do plants other than cacti store water?": the subject after the auxiliary)
    # ("Do fish other than salmon swim upstream?": a yes/no question's subject)
    r"\s*(?:which|what|who|(?:(?:how|why|when|where)\s+)?(?:do|does|did|can|could|should|would|will|might|must|are|is|was|were))\s+"
    r"(?!(?:[\w'’-]+\s+){0,3}?(?:are|is|was|were|do|does|did|can|could|will|would|should|has|have|had)\b)"
    r"(?:[\w'’-]+\s+){0,3}[\w'’-]+\s*$",
    re.IGNORECASE,
)


# "What causes inflation": "what" is the subject and the verb follows (the tagger reads "gases" in
# "Which gases …" as a verb too, so the common verbs are listed)
_WHAT_VERB_RE = re.compile(
    r"(?:^|[.?!;]\s+)\s*what\s+(?:causes|makes|happens|helps|affects|determines|drives|increases|reduces|prevents|triggers|"
    r"counts|explains|influences|leads|kills|eats|lives|works|matters|goes|comes|means|keeps|stops|controls)\b",
    re.IGNORECASE,
)


def _wh_subject(head: str) -> bool:
    """Whether ``head`` is a question word and the subject it asks about ("Which gases"), with no
    verb of its own yet ("Which wines go with fish" has one: what follows is no verb of the question)."""
    if not _WH_SUBJECT_RE.match(head) or _WHAT_VERB_RE.search(head):
        return False
    if re.match(r"(?:are|is|were|was)\s+there\b", head, re.IGNORECASE):
        return False  # "Are there whisky tasting tours except at the big distilleries?": "are" is its verb
    words = syntax.tag(head)
    start = next((k for k, w in enumerate(words) if w.tag in ("WDT", "WP", "WRB")), None)
    if start is not None and words[start].text.lower() == "who":
        return False  # "Who repairs antique watches …": "who" is the subject, and its verb follows
    if start is None:  # a yes/no question: its subject follows the auxiliary ("Could you list …")
        start = next((k for k, w in enumerate(words) if w.tag == "MD" or w.text.lower() in syntax.AUXILIARIES), 0) - 1
    rest = words[start + 2 :]  # the first word after the question word is the subject, whatever its tag
    if len(rest) >= 2 and rest[0].tag == "PRP" and rest[1].verb:
        return False  # "How do I value antique silverware …": a pronoun and its verb
    return not any(w.tag in ("VB", "VBP", "VBZ", "VBD") and k + 1 < len(rest) and rest[k + 1].tag in ("IN", "DT", "RP", "TO", "PRP") for k, w in enumerate(rest))


def _verb_before(text: str, at: int) -> bool:
    """Whether the question before offset ``at`` already has a plural present verb after its
    subject: "What drain cleaners work other than lye?", "what plumbers work weekends other than
    …". (A word in "s" may be a plural noun the tagger reads as a verb: "Which gases other than
    …", "Which dog breeds …".)"""
    words = syntax.tag(text[:at].rstrip())
    return any(
        w.tag in ("VBP", "VB") and not w.text.lower().endswith("s") and words[k - 1].tag in ("NNS", "NNPS", "NN")
        for k, w in enumerate(words) if k >= 2
    )


def _verb_missing(text: str) -> bool:
    """Whether what follows an excluded phrase lacks the verb a question needs: no verb, and
    at most one word or an adverb or preposition first ("well in barrels")."""
    words = syntax.tag(text.strip()) if text.strip() else []
    if any(w.verb for w in words):
        return False
    content = [w for w in words if w.tag not in (".", ",", ":")]
    return len(content) < 2 or content[0].tag in ("RB", "IN", "TO", "RP", "UH")


class _Unsure(Exception):
    """The analysis cannot tell where an exclusion ends: the question stays one term."""


def _read_after(head: str, rest: str) -> list[syntax.Word]:
    """The words of ``rest`` tagged in context, read after ``head``."""
    return [w for w in syntax.tag(head + rest.lstrip()) if w.start >= len(head)]


def _verb_first(head: str, rest: str) -> bool:
    """Whether ``rest`` opens with a verb when read after ``head`` (the question's verb after its subject)."""
    after = _read_after(head, rest)
    return bool(after) and after[0].verb


_ANY_THAT_NEED_RE = re.compile(
    r"\s*(?:any|ones|those|the\s+ones|anything)\s+(?:(?:that|which)\s+(?:only\s+|just\s+|mainly\s+)?(?:need|needs|use|uses|require|requires|involve|involves|contain|contains|call\s+for|do|does|sell|sells|serve|serves|offer|offers|make|makes|"
    r"focus\s+on|focuses\s+on|rely\s+on|relies\s+on|depend\s+on|depends\s+on|feature|features|include|includes)"
    r"|needing|using|requiring|involving|containing)\s+"  # ("except ones using a gym ball")
    r"(?:a\s+|an\s+|the\s+|any\s+)?(?P<what>[\w'’-]+(?:\s+[\w'’-]+){0,3}?)(?=\s*(?:[,.;!?]|\s+or\s|\s+and\s|$))",
    re.IGNORECASE,
)


def _restates_class(before: str, item: str) -> bool:
    """Whether the excluded ``item``'s last word names again a noun of the sentence before it."""
    sentence = re.split(r"[.?!;]\s", before)[-1]
    last = grading.content_words(item.split()[-1]) if item.split() else frozenset()
    return bool(last) and last <= grading.content_words(sentence)


# "Not reading, not jigsaws and not baking.": one list, its "not" said again before each item
_REPEATED_NOT_RE = re.compile(r"\b(?P<first>not\s+[\w'’-]+(?:\s+[\w'’-]+)?)(?P<rest>(?:,?\s+(?:and\s+|or\s+)?not\s+[\w'’-]+(?:\s+[\w'’-]+)?){1,5})(?=\s*[.!?;]|\s*$)", re.IGNORECASE)


_STUFF_RE = re.compile(r"\s*(?P<what>[A-Za-z][\w'’-]*(?:\s+[\w'’-]+){0,3}?)\s+(?:stuff|side\s+of\s+(?:things|it))\b(?!\s+(?:like|such|about|on|for|that|which)\b)", re.IGNORECASE)
# Verbs that take a bare verb after them ("help improve", "could support"): one verb with it, no noun before it
_TAKES_BARE_VERB = syntax.AUXILIARIES | {"could", "would", "should", "might", "had", "need", "help", "make", "let", "go", "come", "dare"}


# a clause after a noun with a pronoun subject and no "that": "(the mood boost) everyone mentions"
_CONTACT_CLAUSE_RE = re.compile(r"\s*(?:" + "|".join(sorted(syntax.CONTACT_SUBJECTS)) + r")\s+[a-z][\w'’ -]*[?.!]*\s*", re.IGNORECASE)
# (one that says what can be done is said of the class: "(volcanoes) you can hike in italy")
_CAN_DO_RE = re.compile(r"\s*\w+\s+(?:can|could|might|may|will|would)\b", re.IGNORECASE)


def _inline_exclusions(text: str, items: list[str]) -> str:
    """Removes each exclusion (trigger and the noun phrase it governs) from ``text``; the excluded items go to ``items``."""
    text = _REPEATED_NOT_RE.sub(lambda m: m.group("first") + re.sub(r"(,?\s+(?:and\s+|or\s+)?)not\s+", r"\1", m.group("rest"), flags=re.IGNORECASE), text)
    for _ in range(32):
        found = _find_trigger(text)
        if not found:
            break
        conn_start, trig_end, clause = found
        colon = re.match(r"\s*:\s*", text[conn_start:trig_end])
        if colon and text[conn_start + colon.end() : conn_start + colon.end() + 1].isupper():
            conn_start += colon.end()  # "Cornwall: They've already been to …": a lead's colon stays with the lead
        # (the question's own sentence: a background before it holds verbs of its own)
        asked_from = max((a for a, _ in _sentences(text[:conn_start])), default=0)
        limit = _cut_nested(text, trig_end, _exclusion_limit(text, trig_end))
        # "besides warfarin/heparin are used …": lowercase words between slashes are a list, read as one
        slashed = re.sub(r"(?<![\w/])(?!and/)([a-z][\w-]+)/(?=[a-z][\w-]+)", r"\1 or ", text[trig_end:limit])
        text, limit = text[:trig_end] + slashed + text[limit:], trig_end + len(slashed)
        span = text[trig_end:limit]
        skip = _prep_left_out(text, conn_start, trig_end) or _meta_prefix_len(span)
        if not _words(span[skip:]):
            # Nothing to exclude after the trigger: drop the trigger word itself and go on.
            text = text[:conn_start] + " " + text[trig_end:]
            continue
        quoted = re.match(r'\s*"[^"]+"', span[skip:])
        # "minus any that need cones", "except those that use eggs": what they need is left out
        needing = _ANY_THAT_NEED_RE.match(span) if not quoted else None
        if quoted:  # a quoted title is one item, whatever its words
            end, found_items = skip + quoted.end(), [quoted.group(0)]
        elif needing:
            end, found_items = needing.end(), [needing.group("what")]
        else:
            # "mango/papaya/pineapple": a slash between words lists them (same length, so offsets hold)
            phrase = re.sub(r"(?<=[A-Za-z])/(?=[A-Za-z])", ",", span[skip:])
            phrase = re.sub(r"(?<=[\w)]) / (?=\w)", ",  ", phrase)  # "crimp / clamp / push-fit" too
            polite = _POLITE_TAIL_RE.search(phrase)
            # "Which plans, apart from Hal Higdon's, work for beginners?": an exclusion between commas
            # after a question's subject ends at the second comma when the question's verb follows it
            # ("Which seabirds, other than puffins, gannets and kittiwakes, nest on UK cliffs?": the
            # comma that the verb follows, in the question's own sentence)
            set_off = False  # the phrase ends at a comma the question's verb follows
            # "apart from lavender, scented plants for a north facing border": opening its sentence, a
            # lone item ends at its comma when a phrase with a preposition follows and no list goes on
            if not _words(text[asked_from:conn_start]) and "," in phrase:
                first = phrase.index(",")
                rest = phrase[first + 1 :].split(",")[0]
                prep = re.search(r"\b(?:for|in|on|to|near|with|under|from|at|that|which)\b", rest)
                if prep and len(_words(rest)) >= 3 and not re.search(r"\b(?:and|or|nor)\b", phrase[:first] + rest[: prep.start()]):
                    phrase, set_off = phrase[:first], True
                elif "?" not in text[conn_start:] or (re.fullmatch(r"[^A-Z?]*", own := text[conn_start : _sentence_bounds(text, conn_start)[1] + 1]) is not None and _words(own)):
                    # "excluding sprouts, cabbage and kale, winter vegetables to grow": in a query with no
                    # question, the phrase after the last comma is what is asked for (a query typed in
                    # lowercase is one whatever sentence follows it)
                    last_comma = phrase.rindex(",")
                    wanted = phrase[last_comma + 1 :]
                    if len(_words(wanted)) >= 2 and not re.search(r"\b(?:and|or|nor|but)\b", wanted) and not _QUESTION_START_RE.match(wanted.strip()) and not re.match(r"\s*(?:i|we|you|they|he|she|it|there)\b", wanted, re.IGNORECASE):
                        phrase, set_off = phrase[:last_comma], True
            if "," in text[conn_start:trig_end] and _wh_subject(text[asked_from:conn_start].lstrip()):
                for n, comma in enumerate(k for k, ch in enumerate(phrase) if ch == "," and k > 0):
                    # (after a list that has closed with its "and" / "or", read after a pronoun too:
                    # the tagger takes "seabirds nest" for a verb and a noun)
                    closed = re.search(r"\b(?:and|or)\b", phrase[:comma]) is not None
                    verb = _verb_first(text[asked_from:conn_start] + " ", phrase[comma + 1 :])
                    # ("…, not counting judo, karate or taekwondo?": one word, then "or" and one more to the end, is the
                    # list going on, whatever the tagger made of its first word)
                    verb = verb and not re.fullmatch(r"\s*[\w'’-]+,?\s+(?:and|or|nor)\s+[\w'’-]+(?:\s+[\w'’-]+)?\s*[?.!]*\s*", phrase[comma + 1 :])
                    # ("Which supermarkets, excluding Tesco, price-match …": a name, then a lowercase
                    # word that no list goes on with, is where the question goes on)
                    # (typed in lowercase, one word whose next part lists nothing: "excluding tesco, price-match …")
                    lone = len(_words(phrase[:comma])) == 1 and not re.search(r"\b(?:and|or|nor)\b", phrase[comma + 1 :].split(",")[0])
                    name_goes_on = bool(_words(phrase[:comma])) and (all(w[:1].isupper() for w in _words(phrase[:comma])) or lone) and re.match(r"\s+(?!(?:and|or|nor)\b)[a-z]", phrase[comma + 1 :]) is not None
                    if (n == 0 and (verb or name_goes_on)) or (closed and (verb or syntax.reads_as_verb(phrase[comma + 1 :]))):
                        phrase, set_off = phrase[:comma], True
                        break
            listed = phrase[: polite.start()] if polite and polite.start() < len(phrase) else phrase
            np_end, found_items = syntax.excluded_phrase(listed, clause)
            # "excluding the CE marking stuff": what the stuff is about is left out, whatever its tags
            stuff = _STUFF_RE.match(listed)
            if stuff and stuff.end() >= np_end:
                what_end, what_items = syntax.excluded_phrase(stuff.group("what"), clause)
                np_end, found_items = stuff.end(), what_items if what_end == len(stuff.group("what")) and what_items else [stuff.group("what").strip()]
            if found_items and re.search(r"\s+to\s+death$", found_items[-1]):
                found_items[-1] = re.sub(r"\s+to\s+death$", "", found_items[-1])  # "We've played Call of Cthulhu to death"
            # "except the kong vault to practise": the article read with the phrase keeps its nouns
            # nouns ("kong vault" alone reads "vault" as a verb); the items are given without it
            article = re.search(r"\b(?:the|a|an)\s+$", span[:skip], re.IGNORECASE)
            if article and found_items:
                with_np_end, with_items = syntax.excluded_phrase(article.group(0) + listed, clause)
                with_items = [re.sub(r"^\s*(?:the|a|an)\s+", "", item, flags=re.IGNORECASE) for item in with_items]
                # (or the article joins two names to one thing: "the Kennet and Avon canal")
                longer = with_np_end - len(article.group(0)) > np_end and len(with_items) == len(found_items)
                one_name = with_np_end - len(article.group(0)) >= np_end and len(with_items) == 1 < len(found_items)
                if with_items and (longer or one_name) and with_items[0].strip():
                    np_end, found_items = with_np_end - len(article.group(0)), with_items
            left = listed[np_end:]
            # "premier league stadiums excluding old trafford, anfield": a list typed without its "and",
            # running to the end of a query, is one more item each
            unjoined = re.fullmatch(r"((?:\s*,\s*[\w'’&-]+(?:\s+[\w'’&-]+){0,2})+)\s*", left) if found_items and "?" not in text and not text[limit:].strip() else None
            tail_words = [w for w in syntax.tag(listed) if w.start >= np_end and w.text != ","] if unjoined else []
            # (a lone last name the tagger reads as a verb is a name: "excluding bach, mozart, beethoven")
            lone_name = len(tail_words) == 1 and tail_words[0].text.isalpha() and tail_words[0].tag in ("VBD", "VBN", "VB", "VBP") and syntax.noun_alone(tail_words[0].text)
            if unjoined and (lone_name or not any((w.verb and w.tag != "VBG") or w.tag in ("PRP", "WDT", "WP", "WRB") or w.text.lower() in _PREPOSITIONS for w in tail_words)):
                # (and the last joined by "and" / "or": "excluding marvel, dc and pixar", "dc" read as an interjection)
                found_items = found_items + [item.strip() for item in re.split(r",|\s+(?:and|or)\s+", unjoined.group(1)) if item.strip()]
                np_end, left = len(listed), ""
            # (one that says what can be done is the class's: "volcanoes but not etna you can hike in italy")
            if (set_off or clause) and found_items and _words(text[asked_from:conn_start]) and _CONTACT_CLAUSE_RE.fullmatch(left) and not _CAN_DO_RE.match(left):
                np_end = len(listed.rstrip(" ?.!"))  # ", apart from the mood boost everyone mentions": who mentions it says nothing of the topic
            elif set_off and found_items and _words(left) and not any(w.tag in ("VBZ", "VBD", "VBP", "MD", "WDT", "WP") for w in syntax.tag(left)):
                # "Which drills, apart from the classic dribbling cones, help …": set off by commas,
                # the phrase runs to the comma ("dribbling" is no verb of the question)
                found_items, np_end = found_items[:-1] + [found_items[-1] + left.rstrip()], len(listed.rstrip())
            elif found_items and clause and _IMPERATIVE_RE.search(text[conn_start:trig_end].lower()) and _misread_object(listed, np_end):
                # "…, and leave out the stuff about job offers from competitors.": the object of a
                # command runs to its sentence's end ("offers" is no verb of the question)
                found_items, np_end = found_items[:-1] + [found_items[-1] + listed[np_end:].rstrip(" .!")], len(listed.rstrip(" .!"))
            elif found_items and _misread_compound(listed, np_end) and (_keywords_before(text, conn_start) or _sentence_start(text, conn_start)):
                # "exams but not stenography speed tests": after a keyword query, a "verb" between
                # nouns that end the text is one more noun of the compound; so in a sentence that
                # the exclusion opens ("I already know about the expenses claim form.")
                found_items, np_end = found_items[:-1] + [found_items[-1] + listed[np_end:].rstrip()], len(listed.rstrip())
            if len(found_items) == 1 and text == text.lower() and _keywords_before(text, conn_start) and not listed[np_end:].strip(" ?.!"):
                plural_part = _plural_before_topic(found_items[0])
                if plural_part is not None:
                    # "council planning appeals excluding householder appeals success rates": what the
                    # query asks of its class ("success rates") follows the plural left out
                    np_end = listed.index(found_items[0]) + len(plural_part)
                    found_items = [plural_part]
            for k in range(len(found_items) - 1, 0, -1):
                # "other than Romeo and Juliet": one title ("but not More or Less", "except trick or treat": with "or" too)
                for conj in ("and", "or"):
                    title = f"{found_items[k - 1]} {conj} {found_items[k]}"
                    if _fixed_pair(found_items[k - 1], found_items[k], conj) and title in listed:
                        found_items[k - 1 : k + 1] = [title]
                        break
            restated = re.match(r"(?:the\s+|any\s+)?([\w-]+)\s+(?:about|on|regarding|concerning|covering|with|from|by|near|in|for)\s+(?=\w)", found_items[0]) if len(found_items) >= 2 else None
            if restated and _restates_class(text[:conn_start], restated.group(1)):
                # "interview questions, excluding questions about salary, notice period or relocation":
                # the class named again heads the whole list; each item is what is left out
                found_items = [found_items[0][restated.end() :]] + found_items[1:]
            # ("stretches except hamstring stretches for runners …": a modifier tells the class apart already,
            # so what follows goes on with the whole)
            if not clause and len(found_items) == 1 and len(found_items[0].split()) == 1 and _restates_class(text[:conn_start], found_items[0]) and re.match(r"\s+(?:about|on|for|in|with|from|by|near|at|under|over|without|during|to)\s+\w", listed[np_end:], re.IGNORECASE):
                # "books about war except books about WWII": a phrase that names the class asked for
                # again is told apart by what follows it, so the preposition goes with it
                np_end, found_items = syntax.excluded_phrase(listed, True)
            last_word = found_items[-1].split()[-1] if found_items and len(found_items[-1].split()) >= 2 else ""
            if last_word.lower() in syntax.POSTPOSITIVE and listed[:np_end].rstrip().endswith(last_word) and re.match(r"\s+(?:for|to|in|at|with|on)\s", listed[np_end:]):
                # "messy play activities apart from painting suitable for two-year-olds": an adjective
                # with its preposition says what the asked-for things are, not the excluded one
                found_items[-1] = found_items[-1][: -len(last_word)].rstrip()
                np_end = len(listed[:np_end].rstrip()) - len(last_word)
            end = skip + np_end if found_items else len(span)
            # "What stretches except the pigeon pose loosen …": of two "verbs" in a row the first is
            # the phrase's last noun ("pose"), the second the question's verb ("help improve" is one verb)
            gap = len(span[end:]) - len(span[end:].lstrip())
            after = [w for w in syntax.tag(span[end + gap :]) if w.tag != "."][:2] if found_items and gap else []
            two_verbs = len(after) == 2 and all(w.tag in ("VB", "VBP") and w.text.isalpha() and w.text.islower() for w in after) and after[0].text not in _TAKES_BARE_VERB
            # (nor is a "verb" before a modal one: "other than a screwdriver set would a clock repairer use")
            before_modal = len(after) == 2 and after[0].verb and after[0].text.isalpha() and after[0].text.islower() and after[1].tag == "MD"
            if two_verbs or before_modal:
                found_items[-1] += span[end : end + gap + after[0].end]
                end += gap + after[0].end
            parsed = bool(found_items)
            found_items = found_items or [span]
            untrimmed_items = list(found_items)
            if parsed and not clause and _wh_subject(text[asked_from:conn_start].lstrip()) and not _verb_before(text[asked_from:], conn_start - asked_from):
                # "Which gases other than carbon dioxide trap heat?": the question needs its verb
                # back, so the phrase's last words (nouns to the tagger) go back to it
                start = span.index(found_items[-1], skip)
                untrimmed = len(found_items[-1].split())
                # ("Which suppliers apart from eBay stock spares …?", "… other than Xero handles restricted funds
                # …?": a name and one lowercase word, and no finite verb after them: that word is the verb)
                # ("… excluding ezyVet handles online booking well?": a name typed in camel case, then a word in "s" and
                # what it does)
                name_then_verb = re.fullmatch(r"((?:(?:[A-Z]|[a-z]+[A-Z])[\w'’.&-]*\s+)+)([a-z]+)", found_items[-1])
                name_verb_object = re.fullmatch(r"((?:(?:[A-Z]|[a-z]+[A-Z])[\w'’.&-]*\s+)+)([a-z]+s)(?:\s+[a-z][\w-]*)+", found_items[-1])
                finite_after = [w for w in _read_after("", span[end:]) if w.tag in ("VB", "VBZ", "VBP", "MD") or (w.tag == "VBD" and not w.text.endswith("ed"))]
                if name_verb_object and not finite_after and not re.search(r"\b(?:and|or)\b", found_items[-1]):
                    found_items[-1] = name_verb_object.group(1).rstrip()
                    end = start + len(found_items[-1])
                elif name_then_verb and _words(span[end:]) and not finite_after:
                    found_items[-1] = name_then_verb.group(1).rstrip()
                    end = start + len(found_items[-1])
                for _ in range(2):
                    words = found_items[-1].split()
                    rest = span[end:]
                    # (nor a capitalised word: "excluding the Central Library open on Sundays")
                    if len(words) < 2 or words[-2].lower() in ("the", "a", "an") or not _verb_missing(rest) or words[-1][:1].isupper():
                        break
                    found_items[-1] = found_items[-1].rsplit(None, 1)[0]
                    end = start + len(found_items[-1])
                if _words(span[end:]) and len(_words(span[end:])) == 1 and untrimmed >= 3 and found_items[-1].islower() and len(found_items[-1].split()) < untrimmed:
                    # "what grains other than wheat contain gluten": a lowercase phrase cut back to leave
                    # one word for the question ("What grains gluten?") may well hold its verb
                    raise _Unsure("the excluded phrase may hold the question's verb")
                # ("which metals apart from iron rust when exposed to salt water": "exposed" is no verb of the question)
                verbs = [w.tag for w in _read_after("", span[end:]) if w.verb]
                finite = not verbs or any(tag not in ("VBN", "VBG") for tag in verbs)
                if not verbs or not finite:
                    # "what languages besides rust guarantee memory safety": alone, the phrase
                    # reads its verb as a noun; the question read whole finds it again
                    words = found_items[-1].split()
                    # ("Which scheduling apps other than Deputy handle shift swaps well?": where a name
                    # ends at its last capital and a verb can follow it, it ends there)
                    named = len(list(itertools.takewhile(lambda word: word[:1].isupper(), words)))
                    first_k = [named] if 0 < named < len(words) and all(word[:1].islower() for word in words[named:]) else []
                    for k in first_k + list(range(len(words) - 1, 0, -1)):
                        if words[k][:1].isupper():
                            continue  # (a capitalised word is no verb of the question: "the Central Library open on Sundays")
                        if k == 1 and len(words) == 2 and words[1].endswith("ing") and words[0].isalpha() and not words[0].endswith("s"):
                            continue  # (nor the gerund of a compound: "other than bird watching help with stress", syntax.excluded_phrase)
                        kept = " ".join(words[:k])
                        if _verb_first(text[:conn_start] + " ", span[start + len(kept) :]):
                            found_items[-1], end = kept, start + len(kept)
                            break
                    else:
                        # ("Which inventions other than the steam engine changed …?": read without the
                        # phrase, the question has its verb)
                        if len(words) >= (3 if finite else 2) and found_items[-1].islower() and not _verb_first(text[asked_from:conn_start] + " ", span[end:]):
                            raise _Unsure("the excluded phrase may hold the question's verb")
                        head_words = syntax.tag(text[asked_from:conn_start].rstrip(" ,"))
                        returned = [w for w in _read_after(text[asked_from:conn_start] + " ", span[end:]) if w.tag != "."]
                        if (
                            len(returned) == 1 and returned[0].tag in ("NN", "NNS") and len(found_items[-1].split()) < untrimmed
                            and len(head_words) >= 3 and head_words[-2].tag == "NN" and head_words[-1].tag == "VBZ"
                        ):
                            # "What low-impact exercise works besides swimming, cycling and aqua aerobics?": a noun
                            # given back is no verb; the question had one, after its singular noun ("works")
                            found_items[-1] = span[start : start + len(untrimmed_items[-1])]
                            end = start + len(found_items[-1])
                # ("other than the elephant toothpaste one are good …": a phrase that ends in "one" ends there)
                elif _words(span[end:]) and not re.search(r"\s(?-i:ones?)$", found_items[-1]):
                    # "Which painkillers other than ibuprofen help runners recover?", "Which sleep aids
                    # other than melatonin help shift workers …": the question's verb follows its
                    # subject, so the phrase ends where the question read without it goes on with a verb
                    words = found_items[-1].split()
                    # (a plural subject takes no verb in "s": "Which stretches other than toe touches ease …")
                    subject = syntax.tag(text[:conn_start].rstrip(" ,"))
                    plural = bool(subject) and (
                        subject[-1].tag in ("NNS", "NNPS")
                        # (the word after "Which" is its noun, whatever the tagger says: "Which stretches")
                        or (len(subject) >= 2 and subject[-2].tag in ("WDT", "WP") and re.search(r"[^s]s$", subject[-1].text) is not None)
                    )
                    for k in range(1, len(words)):
                        if words[k - 1].lower() in ("a", "an", "the"):
                            continue  # ("other than squeezing a stress ball help …": a phrase ends in no article)
                        kept = " ".join(words[:k])
                        goes_on = _read_after(text[:conn_start] + " ", span[start + len(kept) :])
                        # (a present verb: "the flu shot need …" reads "shot" as a past one; not one
                        # that another verb follows: "the flu jab are recommended" reads "jab" as a verb)
                        if goes_on and plural and goes_on[0].tag == "VBZ":
                            continue
                        # (nor one a relative clause follows: "except garter stitch that don't curl" reads "stitch" as a verb)
                        if goes_on and goes_on[0].tag in ("VBP", "VBZ", "VB", "MD") and not (len(goes_on) > 1 and (goes_on[1].tag in ("VBP", "VBZ", "MD") or goes_on[1].tag == "WDT")):
                            found_items[-1], end = kept, start + len(kept)
                            break
            # "apart from gloss, eggshell and satin work on radiators": the words given back to the
            # question were shared by the earlier items too, as their head
            given_back = untrimmed_items[-1][len(found_items[-1]) :].strip() if untrimmed_items and untrimmed_items[-1].startswith(found_items[-1]) else ""
            if given_back and len(found_items) >= 2:
                found_items = [item[: -len(given_back)].rstrip() if item.endswith(" " + given_back) else item for item in found_items[:-1]] + found_items[-1:]
        # "don't go into caffeine and whether it's good for you": a question clause joined to the
        # excluded item is excluded with it
        # (an embedded clause: "and how can I prevent them?" asks a question of its own, and stays)
        joined = (
            re.match(
                r"\s+(?:and|or)\s+(?P<clause>(?:whether|(?:how|why|if)(?!\s+(?:can|could|do|does|did|should|would|will|is|are|was|were|to)\b))\b[^,.;!?]*)",
                text[trig_end + end :],
                re.IGNORECASE,
            )
            if found_items and not quoted
            else None
        )
        if joined and _words(joined.group("clause")):
            found_items = found_items + [joined.group("clause").strip()]
            end += joined.end()
        # "…, apart from vitamin K and fish oil?": the tagger reads "fish" as a verb and ends the
        # list, but a verb and then nouns up to the sentence's end are one more item, not a clause
        # After a question that has its verb, an exclusion set off at its end ("…, apart from the
        # 50/30/20 rule and envelope budgeting?", "besides tai chi, Pilates and standing on one leg?",
        # "except eggs, chicken and whey") lists up to the end: the question has nothing left to say
        last = re.match(r"\s+and\s+(?P<item>[a-z][\w'’-]*(?:\s+[\w'’-]+){0,4})(?=\s*[?.!]*\s*$)", span[end:]) if found_items and not quoted else None
        trailing = "," in text[conn_start:trig_end] or _verb_before(text, conn_start) or not _wh_subject(text[:conn_start])
        if last:
            alone = [w.tag for w in syntax.tag(last.group("item"))]
            in_list = [w.tag for w in syntax.tag(span.strip()) if w.text == last.group("item").split()[0]]
            misread = 2 <= len(alone) <= 3 and in_list[-1:] in (["VB"], ["VBP"]) and all(t in ("NN", "NNS") for t in alone)
            compound = 2 <= len(alone) <= 3 and alone[-1] in ("NN", "NNS") and all(t in ("NN", "NNS", "VB", "VBP", "JJ") for t in alone)
            gerund = alone[0] == "VBG" and not any(t in ("VBZ", "VBD", "VBP", "MD") for t in alone[1:])
            single = len(alone) == 1 and last.group("item").lower() not in grading.STOP_WORDS
            if misread or (trailing and (compound or gerund or single)):
                found_items = found_items + [last.group("item")]
                end += last.end()
        # (a gerund last in the list takes what follows it: "… and standing on one leg?")
        tail = re.match(r"\s+(?:on|in|with|at|for|from|to|by|under|over|without)\s+[^,;:?.!]+(?=\s*[?.!]*\s*$)", span[end:]) if len(found_items) >= 2 and not quoted else None
        if tail and re.fullmatch(r"[a-z]+ing", found_items[-1]) and trailing:
            if not any(w.verb and w.tag != "VBG" for w in syntax.tag(tail.group(0))):
                found_items[-1] += tail.group(0)
                end += tail.end()
        # "minus anything needing a table saw", "excluding anyone in the South East": "anything" is no topic, what it needs or has is
        if re.fullmatch(r"(?:anything|everything|something|stuff|anyone|anybody)", found_items[-1].strip(), re.IGNORECASE) and _words(span[end:]):
            clause_end = len(re.split(r"[,;.?!]", span[end:], maxsplit=1)[0])
            found_items[-1] += span[end : end + clause_end]
            end += clause_end
        # "Excluding the usual suspects like Google and Apple": the examples of a class name what
        # to leave out ("besides paris like lyon" compares: lyon is wanted)
        examples = re.match(r"\s*,?\s+(?:like|such\s+as)\s+", span[end:], re.IGNORECASE)
        vague = re.search(r"\b(?:stuff|things|places|spots|ones|options|names|brands)$", found_items[-1], re.IGNORECASE)
        if examples and not quoted and (_plural_class(found_items[-1]) or vague):
            ex_end, ex_items = syntax.excluded_phrase(span[end + examples.end() :], clause)
            if ex_items:
                found_items = found_items[:-1] + ex_items
                end += examples.end() + ex_end
        # "restoration courses but not lead came soldering": after a keyword query, a word or two
        # the tagger cut off (a verb to it) that end the text belong to the excluded phrase
        # (a past form: "museums other than the British Museum open late" keeps its own predicate)
        left_over = re.fullmatch(r"\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s*", span[end:]) if found_items and not quoted and not clause and found_items[-1].islower() else None
        cut = [w for w in syntax.tag(text) if w.start == trig_end + end + left_over.start(1)] if left_over else []
        if left_over and cut and cut[0].tag in ("VBD", "VBN") and "?" not in text and _keywords_before(text, conn_start) and not any(
            w in grading.STOP_WORDS or w in syntax.TIME_WORDS or w.endswith("ly") or w in ("please", "pls", "plz", "thanks", "though", "tho", "ones")
            for w in left_over.group(1).split()
        ):
            found_items[-1] += span[end:].rstrip()
            end = len(span.rstrip())
        items.extend(found_items)
        # "minus Java itself": the reflexive goes with the excluded phrase, not back to the question
        reflexive = re.match(r"\s+(?:itself|themselves|himself|herself|themself)\b", span[end:], re.IGNORECASE)
        if reflexive:
            end += reflexive.end()
        # "No pasta or rice please", "… at all", "… in your answer": wording about the
        # exclusion itself goes with it, not back to the question
        for _ in range(3):
            said = _EXCLUSION_TAIL_RE.match(span[end:])
            if not said:
                break
            end += said.end()
        remark = _EXCLUSION_REMARK_RE.match(text, trig_end + end)
        rest = text[remark.end() :] if remark else text[trig_end + end :]
        # "I've used Headspace and Calm for years and I'm bored of both. Which …?": what is left of a
        # sentence that said what the asker has done tells of the asker, not of what is asked
        told = _STATEMENT_CUE_RE.match(" ".join(text[conn_start:trig_end].lower().split())) and _sentence_start(text, conn_start)
        told_end = re.search(r"[.!;]\s+(?=\S)", rest) if told else None
        if told_end and "?" not in rest[: told_end.start()] and _words(rest[told_end.end() :]):
            rest = rest[told_end.end() :]
        if remark and remark.group(0).rstrip().endswith((".", "!")) and _words(rest):
            rest = ". " + rest.lstrip()  # "… - anything but leather, the cat scratches it. Which brands …?": the sentence still ends
        # "Which planets, other than Earth, could support life?": one of the two commas goes.
        # (not when another exclusion follows: "…, not star trek, not doctor who")
        if (
            "," in text[conn_start:trig_end]
            and rest.startswith(",")
            and not re.match(r",\s*(?:and|but|or)\b", rest, re.IGNORECASE)
            and not _TRIGGER_RE.match(rest[1:].lstrip())
        ):
            rest = rest[1:]
        text = text[:conn_start] + " " + rest
    return text


# --------------------------------------------------------------------------- positive part


# "What chords can you use in a turnaround?": the things asked for, where they go ("chords in a turnaround")
_WHAT_USE_RE = re.compile(
    r"^(?:what|which)\s+(?P<things>[\w-]+(?:\s+[\w-]+){0,2}?)\s+(?:can|could|should|do|would|might)\s+(?:you|i|we|one)\s+use\s+(?=(?:in|for|on|with|to|when|instead|rather|apart|besides|aside|except|other\s+than|in\s+place)\s)",
    re.IGNORECASE,
)


# "What can I use as a replacement for buttermilk …?": the replacement is what is asked for, "use" only
# asks for it (nine dev questions, every writer's form "replacement for …")
_USE_AS_RE = re.compile(r"^what\s+(?:can|could|should|might)\s+(?:you|i|we|one)\s+use\s+as\s+(?=an?\s+(?:replacement|substitute|alternative)\s+(?:for|to)\s)", re.IGNORECASE)


_OWN_WORK_RE = re.compile(r"i(?:\s+am|['’]m)\s+(?:writing|doing|preparing|working\s+on|putting\s+together|making|compiling|building)\b", re.IGNORECASE)
_WORK_PURPOSE_RE = re.compile(
    r"\s+for\s+(?:my|our)\s+(?:[\w-]+\s+){0,2}(?:class|classes|students|pupils|kids|course|team|club|group|blog|channel|school|readers|lesson|lessons|boss|manager|employer|clients?|work)(?=[.!]*$|\.\s)",
    re.IGNORECASE,
)


# "is it ok to feed my rabbit hay": asks whether, about the rest (after the request wording, so
# that "give my parrot grapes" keeps its verb)
# ("Is it true that lightning never strikes …": asks whether the rest holds)
_OK_TO_RE = re.compile(r"^is\s+it\s+(?:(?:ok|okay|alright|all\s+right|fine)(?:\s+for\s+(?:me|us))?\s+to|true\s+that)\s+(?=\w)", re.IGNORECASE)


# "What spreadsheet tools work well for budgeting?", "Which grasses work as a lawn?", "What research
# exists on X?": the things asked for, and what for (not "Which heat pumps work in cold climates?", nor "proof of work")
_WHAT_WORKS_RE = re.compile(
    r"^(?:what|which)\s+(?P<things>[\w'’-]+(?:\s+(?!(?:are|is|was|were|not|but|and|do|does|can)\b)[\w'’-]+){0,5}?)(?<!\sof)\s+(?:(?:(?:would|will|might|could)\s+)?works?"
    r"(?:(?:\s+(?:well|best))?\s+(?=(?:for|as)\s)|\s+best\s+(?=on\s))|(?:would|will|might|could)\s+work(?:\s+(?:well|best))?\s*(?=\?*$)|exists?(?:\s+(?=(?:for|on|about)\s)|\s*(?=\?*$)))",
    re.IGNORECASE,
)


# "What payroll software would suit a small business?", "Which CRMs suit small sales teams?": what is asked
# for, and whom for (writers: "… for …", 22 in 27; without "would" 31 in 36 since set 150, 33 in 65 before)
_WHAT_SUITS_RE = re.compile(
    r"^(?:what|which)\s+(?P<things>[\w'’-]+(?:\s+(?!(?:are|is|was|were|not|but|and|or|do|does|can|that|which|who)\b)[\w'’-]+){0,5}?)\s+(?:(?:would|might|could|will)\s+suit|suits?)\s+(?=\w)",
    re.IGNORECASE,
)


# "Where does the phrase 'touch and go' come from?": its origin (writers since set 120: "origin of …"
# 13 times in 17)
_COME_FROM_RE = re.compile(
    # (and asked inside a request: "Could you find where the song Bread and Roses comes from?")
    r"^where\s+(?:(?:does|do|did)\s+(?P<what>\S.*?)\s+(?:originally\s+|actually\s+|really\s+|first\s+)?come|(?P<whats>(?:the|a|an)\s+\S.*?)\s+(?:originally\s+|actually\s+|really\s+|first\s+)?(?:comes|came))\s+from(?P<rest>(?:\s+(?:in|on|at|for)\s+[^,;?]+)?)\s*\?*$",
    re.IGNORECASE,
)


# "Is cork flooring a good replacement for carpet …?", "Which ground cover plants make a good replacement for
# lawn turf …?", "Would a heat pump work as a replacement for …?": the thing as a replacement (writers: "… as a
# replacement for …", 40 in 45 drop how good it is)
_AS_REPLACEMENT_RE = re.compile(
    r"^(?:(?:is|are|would)\s+(?P<thing>(?!(?:there|it|this|that)\b)\S.*?)\s+(?:be\s+|make\s+|(?:work|serve|do)\s+as\s+)?|(?:which|what)\s+(?P<things>(?!(?:would|might|could|will|should)\b)\S.*?)\s+(?:would\s+|might\s+|could\s+)?makes?\s+"
    # ("What would make a good replacement for cling film?", "What would be a good alternative to …?": the replacement alone)
    r"|what\s+(?:(?:would|might|could|will)\s+(?:make|be)|makes)\s+)"
    r"an?\s+(?:(?:good|sensible|suitable|decent|viable|better|reasonable|realistic)\s+)?(?P<what>replacement|substitute|alternative|swap)s?\s+(?P<rest>(?:for|to)\s+\S.*?)\s*\?*$",
    re.IGNORECASE,
)
# "Is it worth taking the coach rather than the train …?": whether it is worth it is what the answers weigh
# (writers since set 109 drop "is it worth" 14 times in 14, and a verb that only gets the thing: "using a heat gun")
# ("Is it better to lease rather than buy a van …?": the choice itself; writers since set 100 drop "better", 11 in 11)
_WORTH_OR_BETTER_RE = re.compile(r"^is\s+it\s+(?:really\s+)?(?:worth\s+(?:(?:using|getting|fitting|installing|buying|having)\s+)?|better\s+to\s+)(?=\w+)", re.IGNORECASE)


# "Can I use honey rather than sugar in jam?": the swap is what is asked about (writers drop "can I use" 8 times in 12,
# and "should I install / choose" 2 in 2 ("fit" 1 in 2); they keep "take" and "learn": "take the train rather than fly")
# (a question with more after it keeps its words: "Can I use merino instead of acrylic …? Is it safe to wash?")
_USE_INSTEAD_RE = re.compile(r"^(?:can|could|should)\s+(?:i|we|you|one)\s+(?:use|install|choose|pick|opt\s+for|go\s+for)\s+(?=[^?]*?\s(?:rather\s+than|instead\s+of|in\s+place\s+of)\s[^?]*\?*$)", re.IGNORECASE)


# "Which dystopian novels should we add?", "What festive main courses could we make?": the things asked
# for; a verb that only says what is done with them ends the question (writers drop it 21 times in 29 since set 109)
_WHAT_TO_DO_WITH_RE = re.compile(
    r"^(?:what|which)\s+(?P<things>[\w'’-]+(?:\s+[\w'’-]+){0,4}?)\s+(?:could|should|can|would|might|shall)\s+(?:i|we|they|you|he|she)\s+"
    r"(?:read|do|try|make|use|see|watch|play|add|include|feature|cook|bake|serve|stock|buy|get|sing|enjoy|book|plant|grow|wear|take|give|consider)\s*\?*$",
    re.IGNORECASE,
)


# "What grants are available for loft insulation?": the things, and what for (writers since set 134 drop
# "available" 8 times in 8; before it they kept it 11 times in 11: a bet on current writers)
_WHAT_IS_AVAILABLE_RE = re.compile(
    r"^(?:what|which)\s+(?P<things>(?!(?:is|are|was|were)\b)[\w'’-]+(?:\s+(?!(?:is|are|was|were)\b)[\w'’-]+){0,5}?)\s+(?:is|are)\s+available"
    r"(?P<rest>(?:\s+(?:for|to|in|on|at|from|through|via|with|near)\s+[^?]*?)?)\s*\?*$",
    re.IGNORECASE,
)


_GOOD_RE = re.compile(r"^((?:(?:are|is)\s+there|what\s+(?:are|is)|what['’]s)\s+(?:any\s+|some\s+)?|any\s+)(?:an?\s+)?(?:good|decent)\s+(?=\w)(?!sources?\b)", re.IGNORECASE)  # ("good sources of iron": a phrase of its own)
_FRONTED_SUBSTITUTE_RE = re.compile(r"^(?P<front>(?:instead\s+of|rather\s+than)\s+[^,?;]+),\s*(?=(?:what|which)\s)", re.IGNORECASE)


def _strip_filler(text: str, listed_out: bool = False) -> str:
    """``text`` less its request wording; ``listed_out``: the question left out a list of things."""
    t = text.strip()
    led = _LEAD_RE.match(t)
    if led and _words(t[led.end() :]) and not (_ASK_FOR_RE.match(t) or _FILLER_RE.match(t)):
        # "Portugal: Could you find family-friendly beaches …": a folded background (or a message's
        # own lead, "Quick one from a sound engineer: …") stays before the request's own wording
        return led.group(0) + _strip_filler(t[led.end() :], listed_out)
    if _OWN_WORK_RE.match(t) and _FILLER_RE.match(t):
        t = _WORK_PURPOSE_RE.sub("", t)  # "… for my sixth-form class": whom the work is for, not its topic
    # ("Instead of a tent, what lightweight shelters work for bikepacking?": the substitute, then what it replaces)
    front = _FRONTED_SUBSTITUTE_RE.match(t)
    lead = front.group("front")[:1].lower() + front.group("front")[1:] + " " if front else ""
    asked = t[front.end() :] if front else t
    works = _WHAT_WORKS_RE.match(asked)
    if works and re.search(r"(?<!who\s)(?<!that\s)(?<!which\s)\b(?:would|could|should|will|can|might|do|does|are|is)\s+(?!well\b|best\b)[a-z]", asked[works.end() :], re.IGNORECASE):
        works = None  # "What choral works for Christmas would suit …?": the question's verb comes later; "works" is a noun
    use = (None if front else _WHAT_USE_RE.match(asked)) or works
    use_as = _USE_AS_RE.match(asked) if not front else None
    if use_as:
        t = asked[use_as.end() :].rstrip("?").rstrip()
    elif use:
        t = (use.group("things") + " " + lead + asked[use.end() :].rstrip("?").rstrip()).rstrip()
    elif (suits := _WHAT_SUITS_RE.match(asked)) and not front:
        t = suits.group("things") + " for " + asked[suits.end() :].rstrip("?").rstrip()
    elif (origin := _COME_FROM_RE.match(asked)) and not front:
        t = "origin of " + (origin.group("what") or origin.group("whats")) + origin.group("rest")
    elif (replacing := _AS_REPLACEMENT_RE.match(asked)) and not front:
        what = replacing.group("what").lower()
        thing = replacing.group("thing") or replacing.group("things")
        t = (thing + (" as an " if what[0] == "a" else " as a ") if thing else "") + what + " " + replacing.group("rest")
    elif (weighed := _WORTH_OR_BETTER_RE.match(asked)) and not front:
        t = asked[weighed.end() :].rstrip("?").rstrip()
    elif (used := _USE_INSTEAD_RE.match(asked)) and not front:
        t = asked[used.end() :].rstrip("?").rstrip()
    elif (done_with := _WHAT_TO_DO_WITH_RE.match(asked)) and not front:
        t = done_with.group("things")
    elif (available := _WHAT_IS_AVAILABLE_RE.match(asked)) and not front:
        t = available.group("things") + available.group("rest")
    for _ in range(2):
        m = _ASK_FOR_RE.match(t)
        if m and m.end() < len(t):
            t = t[m.end() :]
            a = _ARTICLE_RE.match(t)
            if a and a.end() < len(t):
                t = t[a.end() :]
        m = _FILLER_RE.match(t)
        if m and m.end() < len(t) and not re.match(r"(?:or|and)\b", t[m.end() :], re.IGNORECASE):  # "give or take"
            t = t[m.end() :]
            a = _ARTICLE_RE.match(t)
            if a and a.end() < len(t):
                t = t[a.end() :]
        m = _DOCNOUN_RE.match(t)
        if m and m.end() < len(t):
            t = t[m.end() :]
            a = _ARTICLE_RE.match(t)
            if a and a.end() < len(t):
                t = t[a.end() :]
    if (origin := _COME_FROM_RE.match(t)) and origin.group("whats"):
        t = "origin of " + origin.group("whats") + origin.group("rest")  # ("Could you find where the song … comes from?")
    # "Are there good alternatives to X?", "What are good revision techniques …?", "What's a good
    # egg replacement …?": "good" only softens the request ("What are the best …" keeps its "best",
    # and "Which X are good for Y" says what they are good for)
    # ("What are good cardio workouts apart from running, cycling or swimming?": with a list left out,
    # writers keep "good" 45 times in 68, 16 in 22 since set 150; with one thing left out or none, they drop it)
    if not (listed_out and re.match(r"what\s+are\s+(?:some\s+)?good\s", t, re.IGNORECASE)):
        t = _GOOD_RE.sub(r"\1", t)
    # ("… or else a set of prepared microscope slides", "a pair of astronomy binoculars": how the thing is sold
    # is no part of it; writers left it out 2 in 2 and in none of their forms kept it)
    container = re.match(r"(?:an?\s+)?(?:set|pack|box|pair)\s+of\s+(?=[a-z])", t, re.IGNORECASE)
    if container and len(_words(t[container.end() :])) >= 2:
        t = t[container.end() :]
    ok = _OK_TO_RE.match(t)
    t = t[ok.end() :] if ok and _words(t[ok.end() :]) else t
    either = _EITHER_RE.match(t) if t != text.strip() else None  # "I'd like either X, or Y": the first alternative after the request wording
    return t[either.end() :] if either and len(_words(t[either.end() :])) >= 2 else t


def _is_phrase(text: str) -> bool:
    """A short topic-like request, not a question or several sentences."""
    body = text.rstrip(".!")
    if "?" in body or any(_is_sentence_end(body, i) for i, ch in enumerate(body) if ch in ".;!"):
        return False
    return not _QUESTION_START_RE.match(body) and len(_words(body)) <= 24 and "(" not in body


def _distribute(left: str, items: list[str]) -> list[str]:
    """ "history of Rome" + ["Athens"] -> ["history of Rome", "history of Athens"]."""
    m = _ITEM_PREP_RE.match(left)
    if m and len(_words(m.group(2))) <= 5:
        prefix, first = m.group(1), m.group(2)
    else:
        prefix, first = "", left
    out = [prefix + first] + [prefix + it if prefix and len(_words(it)) <= 5 else it for it in items]
    return [_squash(o) for o in out]


# "one-pipe or two-pipe heating system", "circular or double-pointed needles", "2-bedroom or
# 3-bedroom apartments in Berlin": two modifiers, one of them hyphenated, before the head noun
# phrase that ends the text or a prepositional phrase after it
_HYPHENED_RE = re.compile(r"^(?P<pre>(?:.*?\s)?)(?P<a>[a-z0-9]+(?:-[a-z]+)?)\s+or\s+(?P<b>[a-z0-9]+(?:-[a-z]+)?)\s+(?P<head>[a-z]+(?:\s+[a-z]+)?)(?P<tail>\s+(?:in|for|near|with|on|at)\s+\S.*)?$")


_AT_PLACES_RE = re.compile(r"^(?P<pre>(?:[a-z][\w-]*\s+){1,3}at\s+)(?P<a>[a-z][\w&'’-]*(?:\s+[a-z][\w&'’-]*){0,2})\s+or\s+(?P<b>[a-z][\w&'’-]*(?:\s+[a-z][\w&'’-]*){0,3})$")  # ("sainsbury's")


def _hyphened_modifiers(t: str, question: bool) -> Expr | None:
    m = _HYPHENED_RE.match(t)
    if not m or "-" not in m.group("a") + m.group("b") or _or_stopped(t):
        return None
    if question and not _HOW_TO_RE.match(t):
        return None  # "Should I buy a one-way or round-trip ticket": a choice, asked whole
    words = syntax.tag(t)
    head = [w for w in words if m.start("head") <= w.start < m.end("head")]
    a_tags = [w.tag for w in words if m.start("a") <= w.start < m.end("a") and w.tag != "HYPH"]
    if not head or head[-1].tag not in ("NN", "NNS") or any(w.verb and w.tag != "VBG" for w in head):
        return None
    if not a_tags or a_tags[-1] not in ("JJ", "CD", "NN", "VBN"):
        return None
    return _node(Or, [m.group("pre") + m.group(k) + " " + m.group("head") + (m.group("tail") or "") for k in ("a", "b")])


# "the 1966 and 1970 World Cups", "the First and Second Opium Wars": numbered things, one each
_ORDINAL = syntax.ORDINAL
_YEARS_AND_RE = re.compile(r"\b(?:\d{4}s?\s+and\s+\d{4}s?|" + _ORDINAL + r"\s+and\s+" + _ORDINAL + r")\b", re.IGNORECASE)
# what syntax.shared_list can read: "or", "and" between numbers, a slash inside a word (no parse without one)
_LIST_CUE_RE = re.compile(r"\sor\s|\d\s+and\s+\d|\w/\w|\b" + _ORDINAL + r"\s+and\s+" + _ORDINAL + r"\b", re.IGNORECASE)


# two lowercase words joined by one slash ("train/bus"), not "he/she" or "and/or"
_SLASHED_HEADS_RE = re.compile(r"(?<![\w/-])(?P<a>[\w-]+)\s+(?P<head>[a-z][\w-]*)/(?P<b>[\w-]+)\s+(?P=head)(?![\w/])", re.IGNORECASE)
# the same first word on each side of a slash ("sea bass/sea bream recipes"): two compounds, the rest shared
_SLASHED_LEADS_RE = re.compile(r"(?<![\w/-])(?P<lead>[a-z][\w-]*)\s+(?P<a>[\w-]+)/(?P=lead)\s+(?P<b>[\w-]+)(?![\w/])", re.IGNORECASE)
_SLASHED_PAIR_RE = re.compile(r"(?<![\w/])([a-z]{3,})/([a-z]{3,})(?![\w/])")
# Two two-word compounds with a slash between them and nothing of the phrase after: "a cement
# mixer/plate compactor for a weekend" (not "brake pads/rotors replacement cost")
_SLASHED_COMPOUNDS_RE = re.compile(
    r"(?<![\w/-])(?P<a>[a-z][\w-]*\s+[a-z][\w-]*)/(?P<b>[a-z][\w-]*\s+[a-z][\w-]*)(?=\s+(?:for|in|at|on|near|from|with|to|under|over|around)\b|\s*[?.!,]|\s*$)"
)
# (nor a fixed pair: "input/output errors", "read/write access", "client/server architecture")
_SLASH_KEEPS = {
    "and", "she", "him", "her", "his", "hers", "they", "them", "their", "yes", "not", "off", "out", "pros", "cons", "client", "server",
    "input", "output", "read", "write", "true", "false", "open", "close", "start", "stop", "plus", "minus", "push", "pull", "buy", "sell",
    "pass", "fail", "win", "lose", "hit", "miss", "give", "take", "import", "export", "upload", "download", "login", "logout",
}


_NAME = r"[A-Z][\w'’.-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’.-]*)*"
# words that relate the items to each other: "and" then joins them, no alternatives
_RELATION_RE = re.compile(r"\b(?:between|differ\w*|compare\w*|comparison|relations?\w*|both|together|combin\w*|similar\w*|vs|versus)\b", re.IGNORECASE)
_CAPITALISED_NAME = r"[A-Z][\w'’.-]*(?:\s+(?:(?:of|de|du|la)\s+)?(?:[A-Z][\w'’.-]*|d['’][A-Z][\w'’.-]*))*"
_THE_NAMES_RE = re.compile(
    r"\b(?i:of|in|at|for|to|from|between|about|near|visiting)\s+the\s+(?P<a>" + _CAPITALISED_NAME + r")\s+and\s+(?P<the>the\s+)(?P<b>" + _CAPITALISED_NAME + r")"
    r"(?=\s+(?i:in|for|on|during|at|with|from|near)\s|\s*$)"
)
_NAMES_SLASHED_RE = re.compile(r"(?<![\w/])(?P<a>[A-Z][a-z]{2,})/(?P<the>)(?P<b>[A-Z][a-z]{2,})(?![\w/])")
_NAMES_ASKED_RE = re.compile(
    r"^(?i:is|are|was|were|does|do|did|can|will)\s+(?:the\s+)?(?P<a>" + _CAPITALISED_NAME + r")\s+or\s+(?:the\s+)?(?P<b>" + _CAPITALISED_NAME + r")\s+(?P<rest>[a-z].*\?)\s*$"
)


_SHORT_ITEM = r"[a-z][\w-]*(?:\s+[a-z][\w-]*)?"


def _short_list_re(conj: str, least: int) -> re.Pattern[str]:
    return re.compile(
        r"^(?P<prefix>.*?\w\s+(?:of|in|on|about|for)\s+)(?P<items>" + _SHORT_ITEM + r"(?:,\s+" + _SHORT_ITEM + r"){" + str(least - 2) + r",},?\s+" + conj + r"\s+"
        + _SHORT_ITEM + r")(?P<tail>\s+(?:in|for|under|from|near|at|during|across|within|on)\s+\S.*)?$"
    )


# "grants for solar panels, heat pumps and loft insulation in Ireland": three short lowercase
# topics or more under of / in / on / about / for (two or more with "or"), and what follows them
# from a preposition on
_SHORT_LISTS = {"and": _short_list_re("and", 3), "or": _short_list_re("or", 2)}


def _short_list_with_tail(t: str, conj: str = "and") -> Expr | None:
    m = _SHORT_LISTS[conj].match(t)
    if not m or re.search(r"\b(?:free|mix|mixture|blend|combination|pairing|made|full|fear)\s+of\s+$", m.group("prefix"), re.IGNORECASE):
        return None
    # each item's words as tagged in the whole phrase ("bike lanes" alone reads "lanes" as a verb)
    spans, at = [], m.start("items")
    for sep in re.finditer(r",\s+(?:" + conj + r"\s+)?|\s+" + conj + r"\s+", m.group("items")):
        spans.append((at, m.start("items") + sep.start()))
        at = m.start("items") + sep.end()
    spans.append((at, m.end("items")))
    tagged = syntax.tag(t)
    words = [[w for w in tagged if a <= w.start and w.end <= b] for a, b in spans]

    # (the tagger may read a lowercase noun as a name: "loft")
    def noun(w: syntax.Word) -> bool:
        return w.tag in ("NN", "NNS") or (w.tag == "NNP" and w.text.islower())

    # nouns only, each item ending in one ("loft insulation"; not "grow tomatoes")
    if len(words[0]) == 1 and len(words[-1]) >= 2:
        return None  # "equine or bovine herds": modifiers of one head, shared (coordination_items)
    if len(spans) < (3 if conj == "and" else 2) or not all(ws and all(noun(w) or w.tag in ("JJ", "HYPH") for w in ws) and noun(ws[-1]) for ws in words):
        return None
    return _node(Or, [m.group("prefix") + t[a:b] + (m.group("tail") or "") for a, b in spans])


def _slashed_nouns(t: str, m: re.Match[str]) -> bool:
    """Whether "a/b" joins two nouns that nothing before modifies: "train/bus times", not "mid/side
    EQ" (an adjective) nor "brake pads/rotors" (a noun before them both)."""
    words = syntax.tag(t)
    pair = [w for w in words if m.start() <= w.start and w.end <= m.end() and w.text != "/"]
    before = [w for w in words if w.end <= m.start()]
    # ("cat" alone may read as a name, "pear" in "apple/pear tree" as a verb; any two lowercase words
    # before a lowercase noun modify it: "argos/currys returns policy", "android/iphone apps")
    after = [w for w in words if w.start >= m.end()][:1]
    modifiers = len(pair) == 2 and bool(after) and after[0].tag in ("NN", "NNS") and after[0].text.islower() and all(w.text.isalpha() and w.text.islower() for w in pair)
    nouns = modifiers or (len(pair) == 2 and all(w.tag in ("NN", "NNS") or (w.tag == "NNP" and w.text.islower()) or (w.tag in ("VB", "VBP") and syntax.noun_alone(w.text)) for w in pair))
    # (a noun before them both is shared: "brake pads/rotors replacement cost"; two adjectives of a
    # people before a noun are two kinds of it: "french/italian cooking classes")
    peoples = len(pair) == 2 and all(w.tag == "JJ" and (_nationality(w.text) or syntax.demonym(w.text.capitalize())) for w in pair)
    return nouns or peoples


# "cast iron or carbon steel pans", "machine learning or data science courses": two two-word
# compounds before one head noun
_COMPOUND_PAIR_RE = re.compile(
    r"^(?P<pre>(?:.*?\s)?)(?P<a>[a-z][\w-]*\s+[a-z][\w-]*)\s+or\s+(?P<b>[a-z][\w-]*\s+[a-z][\w-]*)\s+(?P<head>[a-z][\w-]*(?:\s+[a-z][\w-]*)??)(?P<tail>(?:\s+(?:in|for|on|at|from|with|near|under|online)\b.*)?)$"
)


# "hedge laying or dry stone walling courses", "fly fishing or sea kayaking trips": two activities,
# each a compound that ends in its gerund, before one plural head (a gerund is no item alone)
_ACTIVITY_PAIR_RE = re.compile(
    r"^(?P<a>(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]{2,}ing)\s+or\s+(?P<b>(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]{2,}ing)\s+(?P<head>[a-z][\w-]*[^s]s)"
    r"(?P<tail>(?:\s+(?:in|for|on|at|from|with|near|under|around|online)\b.*)?)$"
)


def _activity_pair(t: str) -> Expr | None:
    m = _ACTIVITY_PAIR_RE.match(t)
    # (a gerund's stem has a vowel, "spring or summer flowering bulbs" has none; nor are times activities)
    gerunds = [m.group(k).split()[-1][:-3] for k in ("a", "b")] if m else []
    if m is None or not all(re.search(r"[aeiouy]", g) for g in gerunds) or {g + "ing" for g in gerunds} & {"morning", "evening", "nothing", "something", "anything", "everything"}:
        return None
    if any(w.tag in ("IN", "DT", "CC", "PRP", "MD", "WDT", "WP") for w in syntax.tag(m.group("a") + ", " + m.group("b"))):
        return None
    rest = " " + m.group("head") + m.group("tail")
    return _node(Or, [m.group("a") + rest, m.group("b") + rest])


def _compound_pair(t: str) -> Expr | None:
    m = _COMPOUND_PAIR_RE.match(t)
    if not m or m.group("a").split()[0].lower() in syntax.AUDIENCE_WORDS:
        return None  # ("beginner piano or violin sheet music": who it is for is said of both, syntax.shared_head_phrases)
    words = syntax.tag(t)

    def tags(group: str) -> list[str]:
        return [w.tag for w in words if m.start(group) <= w.start and w.end <= m.end(group)]

    def modifier(group: str, tag: str) -> bool:
        first = m.group(group).split()[0].lower()
        return tag in ("NN", "JJ", "VBN", "VBG") or first in ("cast", "wrought")  # the tagger reads "cast iron" as a verb

    a, b, head = tags("a"), tags("b"), tags("head")
    if not (
        len(a) == 2 and len(b) == 2 and modifier("a", a[0]) and modifier("b", b[0]) and a[1] == "NN" and b[1] == "NN"
        and head and all(tag in ("NN", "NNS", "JJ", "VBG") for tag in head) and head[-1] in ("NNS", "NN")
    ):
        return None
    rest = " " + m.group("head") + m.group("tail")
    return _node(Or, [_squash(m.group("pre") + m.group(k) + rest) for k in ("a", "b")])


def _coordination(text: str, question: bool = False) -> Expr | None:
    """Alternatives and independent requirements in a short request, or in a question whose
    items are the objects of a preposition ("symptoms of measles or mumps"); None when there are none."""
    if _QUOTED_CONJ_RE.search(text) and not re.search(r"\s(?:and|or)\s", _QUOTED_RE.sub("x", text), re.IGNORECASE):
        return None  # "What is the 'nature or nurture' debate?": a quoted phrase is one name
    if re.match(r"of\s+\w+\s+(?:and|or)\s", text.strip(), re.IGNORECASE):
        return None  # "of mice and men themes gcse": a text that opens with "of" opens with a title
    if re.search(r"(?<!\w)[A-Z][\w'’-]*\s+(?:and|or)\s+[A-Z][\w'’-]*\s+by\s+[A-Z]", text):
        return None  # "Is Friend or Foe by Michael Morpurgo suitable …?": a title by its author
    if re.search(r"\bplay(?:s|ing|ed)?\s+(?:a\s+game\s+of\s+)?[a-z]+s\s+and\s+[a-z]+s\s*(?:[?.!]|$)", text, re.IGNORECASE):
        return None  # "How do you play oranges and lemons?": two plurals played are one game ("snakes and ladders"; "guitar and piano" are two)
    if re.search(r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:[\w'’-]+\s+){1,2}and\s", text, re.IGNORECASE):
        return None  # "What could we serve instead of sponge and custard?": what is replaced is one thing (writers 9 in 9)
    led = _LEAD_RE.match(text) if not _QUESTION_START_RE.match(text.strip()) else None  # ("Which is safer: A or B?" asks)
    if led and _words(text[led.end() :]):
        # "under-12 football: warm-up drills and cool-down stretches": the lead a background gave is
        # said of each item
        inner = _coordination(text[led.end() :], question)
        return _each_led(inner, led.group(0)) if inner is not None else None
    said = text.strip()
    spans = _sentences(said)
    if len(spans) >= 2 and not any(said[a:b].rstrip().endswith("?") for a, b in spans[:-1]):
        # "We've got a family wedding in Lisbon this summer. Can you find flights from Bristol or
        # Cardiff?": what a kept background says goes with each item the question asks of (not
        # where an earlier sentence asks too: "How does X …? What are ways to prevent or minimize X?")
        last = said[spans[-1][0] :].strip()
        inner = _coordination(last, question) if _QUESTION_START_RE.match(last) or _requests(last) or last.endswith("?") else None
        if inner is not None:
            return _each_led(inner, said[: spans[-1][0]].strip() + " ")
    return _two_questions(text) or _both_required(text) or _features_required(text) or _coordinated_parts(text, question) or _conjoined(text)


# "Which hotels in Lisbon have both a rooftop pool and a gym?", "a restaurant that's both vegan and
# dog-friendly": what "both" joins at the question's end is each required of the same thing
_BOTH_RE = re.compile(r"\bboth\s+(?P<a>[\w'’-]+(?:\s+[\w'’-]+){0,3}?)\s+and\s+(?P<b>[\w'’-]+(?:\s+[\w'’-]+){0,4}?)\s*[?.!]*$", re.IGNORECASE)


def _both_required(text: str) -> Expr | None:
    """One request per item "both … and" joins, all of them required (an AND; writers 3 in 3)."""
    t = text.strip()
    m = _BOTH_RE.search(t)
    if m is None or len(_words(t[: m.start()])) < 2 or _fixed_pair(m.group("a"), m.group("b")):
        return None
    if any(re.search(r"\b(?:and|or|but|not|of)\b", m.group(k), re.IGNORECASE) for k in ("a", "b")):
        return None
    before, after = t[: m.start()], t[m.end() :]
    return _node(And, [before + m.group("a") + after, before + m.group("b") + after])


# "cottages in norfolk with a hot tub and a log burner", "Which campsites have showers and a shop?"
_FEATURES_RE = re.compile(
    r"^(?P<head>.+?)\s+(?P<verb>with|have|has)\s+(?P<a>(?:an?\s+)?[\w'’-]+(?:\s+[\w'’-]+){0,2}?)\s+and\s+(?P<b>(?:an?\s+)?[\w'’-]+(?:\s+[\w'’-]+){0,2}?)\s*[?.!]*$",
    re.IGNORECASE,
)


def _features_required(text: str) -> Expr | None:
    """Two features a plural thing is to have, joined by "and" at the request's end: one request
    per feature, both required (this brief's writers: 14 AND in 14 over sets 109-194). Not a
    fixed pair ("with salt and pepper"), nor what is done with things ("played with a ball and
    a bat": no plural noun before "with"), nor features that are none ("with no fees and no
    minimum balance": one property)."""
    m = _FEATURES_RE.match(text.strip())
    if m is None or _fixed_pair(m.group("a"), m.group("b")) or re.search(r"\b(?:and|or|but|not?|with|that|which)\b", m.group("a") + " " + m.group("b"), re.IGNORECASE):
        return None
    words = syntax.tag(text.strip())
    at = next((k for k, w in enumerate(words) if w.start == m.start("verb")), None)
    if at is None or at == 0:
        return None
    # (a place after the plural: "cottages in norfolk with …", "Which campsites in Snowdonia have …")
    head = at - 3 if at >= 3 and words[at - 2].tag == "IN" and words[at - 2].text.lower() in ("in", "near", "around") else at - 1
    if not syntax.plural_noun(words[head]):
        return None
    tail = [w for w in words if w.start >= m.start("a") and w.tag not in (".",) and w.text.lower() not in ("and", "a", "an")]
    # (a last word after a noun or adjective is a noun, whatever the tagger says: "with leeks and butternut squash")
    if any(
        w.verb and w.tag != "VBG" and not (w.tag in ("VB", "VBP") and k + 1 < len(tail) and tail[k + 1].tag in ("NN", "NNS"))
        and not (w.tag in ("VB", "VBP") and k == len(tail) - 1 and k > 0 and tail[k - 1].tag in ("NN", "NNS", "NNP", "JJ"))
        for k, w in enumerate(tail)
    ):
        return None  # "… made with animal rennet and should be avoided": a clause, not two features
    lead = text.strip()[: m.start("a")]
    return _node(And, [lead + m.group("a"), lead + m.group("b")])


# "old terrace: …", "Leeds, career change: …": the topics a background gave, before the question
_LEAD_RE = re.compile(r"[^:?!.;]{1,80}?:\s+(?=\S)")


def _each_led(e: Expr, lead: str) -> Expr:
    """``e`` with ``lead`` before each of its terms."""
    if isinstance(e, Term):
        return Term(lead + e.text)
    if isinstance(e, Not):
        return e  # (what is left out takes no lead)
    assert isinstance(e, (And, Or))
    return type(e)([_each_led(c, lead) for c in e.children])


_QUOTED_CONJ_RE = re.compile(r"(?<!\w)['‘\"“][^'’\"”]*\s(?:and|or)\s[^'’\"”]*['’\"”](?!\w)", re.IGNORECASE)


# "How do I apply for free school meals, and what is the deadline for school transport applications?"
_TWO_QUESTIONS_RE = re.compile(r"^(?P<a>(?:how|what|which|where|when|why|who)\b[^,;:.?!]+),\s+and\s+(?P<b>(?:how|what|which|where|when|why|who)\b[^,;:.?!]+)\?*$", re.IGNORECASE)


def _two_questions(text: str) -> Expr | None:
    """Two questions in one sentence, each with its own subject, one alternative each; not when
    the second points back at the first or only asks "and why?"."""
    m = _TWO_QUESTIONS_RE.match(text.strip())
    if m is None or len(_words(m.group("b"))) < 3 or len(_words(m.group("a"))) < 3:
        return None
    # (a second that points back: "…, and how were they discovered?", "…, and what other foods …")
    if _REFERENCE_RE.search(m.group("b")) or re.search(r"\b(?:their|its|other|else|ones?|that)\b", m.group("b"), re.IGNORECASE):
        return None
    return _node(Or, [m.group("a"), m.group("b")])


def _conjoined(text: str) -> Expr | None:
    """The last reading: two noun phrases around one "and" / "or" (``syntax.conjoined_phrases``),
    one request each, unless the question asks them together, to choose, or names a fixed pair."""
    t = text.rstrip(".!?").strip()
    if _RELATION_RE.search(t) or _TOGETHER_RE.search(t) or _COMPARING_RE.search(t) or _CHOICE_QUESTION_RE.match(t) or _SHOULD_OR_RE.match(t) or _or_stopped(t) or _ONE_PLACE_RE.search(t):
        return None
    found = syntax.conjoined_phrases(text.strip())
    if found is None or _fixed_pair(found.items[0], found.items[1]):
        return None
    if re.search(r"\s+and\s+", t, re.IGNORECASE) and _DISH_HEADS & {w.lower() for w in _words(found.prefix + " " + found.tail)}:
        return None  # "recipes for chicken and rice in a slow cooker": what goes into one dish
    return _asked_of_each(found)


def _coordinated_parts(text: str, question: bool) -> Expr | None:
    t = text.rstrip(".!?").strip()
    repeated = _SLASHED_HEADS_RE.search(t)
    if repeated:
        # "road bikes/gravel bikes in Bristol": two phrases with one head, a slash between them
        head = repeated.group("head")
        return _node(Or, [text[: repeated.start()] + repeated.group(k) + " " + head + text[repeated.end() :] for k in ("a", "b")])
    leads = _SLASHED_LEADS_RE.search(t)
    if leads:
        return _node(Or, [text[: leads.start()] + leads.group("lead") + " " + leads.group(k) + text[leads.end() :] for k in ("a", "b")])
    whole = _SLASHED_COMPOUNDS_RE.search(t) if not re.match(r"(?:are|is)\s+there\b", t, re.IGNORECASE) else None
    if whole and all(w.tag in ("NN", "NNS", "JJ", "VBG") for w in syntax.tag(t) if whole.start() <= w.start < whole.end() and w.text != "/"):
        # "hire a cement mixer/plate compactor for a weekend": two compounds, each whole, slashed
        # ("rowing machine/exercise bike for bad knees": a gerund modifies as an adjective does)
        ends = [syntax.tag(whole.group(k))[-1] for k in ("a", "b")]
        if not syntax.plural_noun(ends[0]) and syntax.plural_noun(ends[1]) and not re.search(r"\bthe\s+$", text[: whole.start()], re.IGNORECASE):
            # "ice hockey/curling clubs": a singular beside a plural is a modifier of its head, as with "or"
            # (not after "the": "the peak district/yorkshire dales" names two places)
            said = _coordination(text[: whole.start()] + whole.group("a") + " or " + whole.group("b") + text[whole.end() :], question)
            if isinstance(said, Or):
                return said
        return _node(Or, [text[: whole.start()] + whole.group(k) + text[whole.end() :] for k in ("a", "b")])
    slashed = list(_SLASHED_PAIR_RE.finditer(t))
    if len(slashed) == 1 and not {slashed[0].group(1).lower(), slashed[0].group(2).lower()} & _SLASH_KEEPS and _slashed_nouns(t, slashed[0]):
        # "train/bus times from york to whitby" reads as "train or bus times …"
        pair = slashed[0]
        words = syntax.tag(text)
        one = next((w for w in words if w.start == pair.start(1)), None)
        other = next((w for w in words if w.start == pair.start(2)), None)
        after = [w for w in words if w.start > pair.end()][:1]
        if one is not None and other is not None and one.tag == "NNS" and other.tag != "NNS" and after and after[0].tag in ("NN", "NNS"):
            # "solar panels/heat pumps in Ireland": the second word opens a compound of its own
            said = _coordination(text[: pair.start()] + pair.group(1) + " or " + pair.group(2) + text[pair.end() :], question)
            if isinstance(said, Or):
                return said
        else:
            # a slash pairs two words; all else is shared, before and after ("brake pads/rotors
            # replacement cost"; "tennis/golfer's elbow": the possessive is the second word's)
            rest = text[pair.end() :]
            first_rest = rest[2:] if re.match(r"['’]s\b", rest) else rest
            return _node(Or, [text[: pair.start()] + pair.group(1) + first_rest, text[: pair.start()] + pair.group(2) + rest])
    # "opening hours of the Rijksmuseum and the Van Gogh Museum", "visa rules for Vietnam/Cambodia":
    # two names, each with its own article or joined by a slash, are each asked about (an OR here; two joined by "and" become an AND in _translate)
    # (one word after "the … and the" may close a title: "The Old Man and the Sea")
    names = _THE_NAMES_RE.search(t) if not _RELATION_RE.search(t) else None
    if names and not (len(names.group("b").split()) >= 2 or any(names.group(k).split()[-1].lower() in syntax.INSTITUTIONS for k in ("a", "b"))):
        names = None
    names = names or _NAMES_SLASHED_RE.search(t)
    if names and not {names.group("a").lower(), names.group("b").lower()} & _SLASH_KEEPS:
        said = _coordination(t[: names.start("a")] + names.group("a") + " or " + t[names.start("b") - len(names.group("the")) :], question)
        if isinstance(said, Or):
            return said
    at_places = _AT_PLACES_RE.match(t) if not question and t == t.lower() else None
    if at_places and not any(w.verb for w in syntax.tag(at_places.group("pre"))):
        # "jobs at rolls-royce or bae systems", "courses at oxford or cambridge university": after
        # "at", a lowercase query names two employers or places, each whole (no shared head)
        # (a place after the last is where both are: "jobs at siemens or bosch in munich")
        b, tail = at_places.group("b"), ""
        where = re.search(r"\s+(?:in|near|around|outside)\s+\w", b)
        if where:
            b, tail = b[: where.start()], b[where.start() :]
        return _node(Or, [at_places.group("pre") + item + tail for item in (at_places.group("a"), b)])
    activities = _activity_pair(t) if not question else None
    if activities is not None:
        return activities
    if not question and len(_words(t)) <= 16 and _LIST_CUE_RE.search(t):
        # parallel names, numbers or slashed words with a shared prefix or tail: "Mozart's Prague,
        # Jupiter or Linz symphony manuscripts", "Visa requirements for Vietnam/Cambodia/Laos for
        # Canadian citizens"; two compounds with one head: "pallet racking or mezzanine floor rules"
        listed = syntax.shared_list(t) or syntax.shared_head_phrases(t)
        if listed is not None:
            items, tail = _whole_roles(listed)
            return _each(listed.prefix, items, tail)
    # "barn owl and tawny owl calls": two kinds of one noun, said twice, share what follows
    twice = _NOUN_SAID_TWICE_RE.match(t) if not _CHOICE_QUESTION_RE.match(t) and not _or_stopped(t) else None  # (not "the use it or lose it rule")
    # (the shared part a noun they modify: "bunk beds or cabin beds safer", "sick pay and holiday pay for …" share no noun)
    shared = syntax.tag(twice.group("tail"))[0] if twice else None
    shared_noun = shared is not None and (shared.tag in ("NN", "NNS") or syntax.plural_read_as_verb(shared))
    if twice and shared_noun and not _fixed_pair(twice.group("a") + " " + twice.group("head"), twice.group("b") + " " + twice.group("head")):
        return _node(Or, [_squash(f"{twice.group('pre')} {twice.group(k)} {twice.group('head')} {twice.group('tail')}") for k in ("a", "b")])
    paired = (_named_kinds(t) or _paired_modifiers(t)) if "?" not in t and len(_words(t)) <= 16 else None
    if paired is not None:
        return paired
    # "men's or women's running shoes": two possessives share what they own
    m = re.match(r"^(?P<pre>.*?)\b(?P<a>\w+['’]s)\s+or\s+(?P<b>\w+['’]s)\s+(?P<tail>\w.*)$", t, re.IGNORECASE)
    if m and "?" not in t and not _or_stopped(t):
        return _node(Or, [_squash(f"{m.group('pre')} {m.group(k)} {m.group('tail')}") for k in ("a", "b")])
    hyphened = _hyphened_modifiers(t, question)
    if hyphened is not None:
        return hyphened
    of_names = _NAMES_ASKED_RE.match(text.strip())
    if of_names and not _CHOICE_QUESTION_RE.match(t) and not _CHOICE_WORD_RE.search(t):
        # "Is the Tate Modern or the British Museum open on Boxing Day?", "Is the Andromeda or the
        # Triangulum galaxy visible …?": one yes/no question asked of each name
        after = syntax.tag(of_names.group("rest"))
        head = after[0].text if after and after[0].tag in ("NN", "NNS") and len(after) > 1 else ""
        rest = of_names.group("rest")[len(head) :].strip().rstrip("?").strip()
        if rest and _words(rest):
            return _node(Or, [_squash(f"{of_names.group(k)} {head} {rest}") for k in ("a", "b")])
    compounds = _compound_pair(t)
    if compounds is not None and not _CHOICE_QUESTION_RE.match(t):
        return compounds
    there = re.match(r"(?:are|is)\s+there\s+(?:any\s+)?(?=[a-z])", t, re.IGNORECASE) if question and not _CHOICE_QUESTION_RE.match(t) else None
    if there and re.search(r"\s+(?:or|and)\s+", t[there.end() :], re.IGNORECASE):
        # "Are there grants for solar panels or heat pumps in Scotland?": what exists is asked of each item
        each = _coordination(t[there.end() :], question=False)
        if isinstance(each, Or):
            return each
    if question:
        if "?" not in t and len(_words(t)) <= 16 and _WH_START_RE.match(t) and _YEARS_AND_RE.search(t) and not _CHOICE_WORD_RE.search(t):
            listed = syntax.shared_list(text.strip())  # "Who won the 1966 and 1970 World Cups?"
            if listed is not None:
                return _each(listed.prefix, listed.items, listed.tail)
        relation = _RELATION_RE.search(t)
        if "?" not in t and re.search(r"\s+and\s+", t) and not re.search(r"\s+or\s+", t, re.IGNORECASE) and not relation and not _CHOICE_WORD_RE.search(t):
            places = _places_with_tail(t)  # "What are the tenancy deposit rules in Scotland and Wales?": asked of each place
            if places is not None:
                return places
            topics = _objects_with_tail(t) if _WH_START_RE.match(t) else None
            if topics is not None:
                return topics  # "What are the planning rules for listed buildings and conservation areas in England?"
            both = _both_asked(t) or _two_tasks(t)
            if both is not None:
                return both
            # "How do mortgage brokers and estate agents get paid?": asked of each subject (not what
            # they do together or to each other: "How do bees and wasps differ?", "… work together")
            # ("Which muscles do squats and lunges work?": the question's object first, then its subjects)
            subjects = syntax.subject_items(t, "and") if re.match(r"(?:how(?:\s+(?:long|often))?|why|when|where|(?:which|what)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:do|does|did|can|should)\b", t, re.IGNORECASE) else None
            # (common nouns only: "When did Marks and Spencer open its first shop?" names one firm)
            # (nor a fixed pair: "How do bed and breakfast star ratings work?")
            if subjects is not None and not _TOGETHER_RE.search(subjects[2]) and all(it[:1].islower() for it in subjects[1]) and not _fixed_pair(subjects[1][0], subjects[1][-1]):
                prefix, items, tail = subjects
                return _each(prefix, items, tail)
        if re.search(r"\s+or\s+", t) and _WH_START_RE.match(t) and not relation and not _CHOICE_WORD_RE.search(t) and not _CHOICE_QUESTION_RE.match(t):
            topics = _objects_with_tail(t, "or")  # "What are the symptoms of tennis elbow or carpal tunnel?"
            if topics is not None:
                return topics
            objects_of = syntax.verb_objects(t)  # "How do I renew a passport or a driving licence online?"
            if objects_of is not None:
                return _each(objects_of.prefix, objects_of.items, objects_of.tail)
        if "?" in t or len(_words(t)) > 16 or _or_stopped(t) or not re.search(r"\s+or\s+", t, re.IGNORECASE):
            return None
        if _CHOICE_QUESTION_RE.match(t):
            return None  # "Is it better to run in the morning or evening?": a choice, asked whole
        head, comma, options = t.partition(",")
        choice_head = re.match(r"(?:which|what|who)(?:['’]s|\s+(?:is|are|was|were|would|should|could|do|does)\b)", head, re.IGNORECASE)
        if comma and choice_head and re.search(r"\s+or\s+", options) and len(_words(options)) <= 8:
            return None  # "Which is healthier for breakfast, oatmeal or eggs?": options to choose from
        if _WH_START_RE.match(t) and not _CHOICE_WORD_RE.search(t):
            # "Which teams played in the 2008, 2012 or 2016 Euro finals?", "How do I clean cast
            # iron or carbon steel pans?": the same parallel items and shared parts as in a request
            # (parsed with its question mark: the parser reads a question better with it)
            asked = text.strip()
            listed = syntax.shared_list(asked) or syntax.shared_head_phrases(asked)
            if listed is not None:
                items, tail = _whole_roles(listed)
                return _each(listed.prefix, items, tail)
        found = syntax.coordination_items(t, "or")
        verbs = found is not None and found.verbs and re.match(r"(?:how|what|why|when|where|which|who)\b", t, re.IGNORECASE) is not None
        # "how to bleed a radiator or a brake line": one task, two objects; "Who invented the telephone
        # or the telegraph?" (not "Which is better a Kindle or an iPad": a choice)
        how_to = found is not None and _HOW_TO_RE.match(t) is not None and bool(found.tail or found.objects or all(len(it.split()) == 1 for it in found.items))
        objects = found is not None and (how_to or (found.objects and _WH_START_RE.match(t) is not None and not _CHOICE_WORD_RE.search(t)))
        if found is not None and not found.tail and _WH_START_RE.match(t) and not _CHOICE_WORD_RE.search(t):
            named = _names_share_noun(found.items)
            if named is not None:
                return _node(Or, [found.prefix + it for it in named])  # "the next Jupiter or Saturn opposition"
        if found is None or not (found.modifiers or verbs or objects or re.search(r"\b(?:of|for|about|on|in|at|to|from|with|by|between)\s+$", found.prefix)):
            # "How do vaccines or antibiotics work?": one wh-question per subject (a yes/no
            # question such as "Should I learn Python or Java?" asks to choose: it stays whole)
            subject = syntax.subject_items(t, "or") if _WH_START_RE.match(t) else None
            if subject is None:
                return None
            prefix, items, tail = subject
            return _each(prefix, items, tail)
        prefix, items, tail = found.prefix, *_whole_roles(found)
        return _each(prefix, items, tail)
    # "type 1 or type 2 diabetes diet advice": a word repeated before each item heads them both
    m = _REPEATED_HEAD_RE.match(t) or _NUMBERED_HEAD_RE.match(t)
    if m and not question:
        pre, tail = m.group("pre"), m.group("tail")
        return _node(Or, [_squash(f"{pre} {m.group('head')} {item} {tail}") for item in (m.group("a"), m.group("b"))])
    # either A or B (or C)
    m = re.match(r"^(?P<pre>.*?)\beither\s+(?P<a>.+?)\s+or\s+(?P<b>.+)$", t, re.IGNORECASE)
    if m and not _or_stopped(m.group("a") + " or " + m.group("b")):
        pre = m.group("pre")
        found = syntax.coordination_items(m.group("a") + " or " + m.group("b"), "or")
        if found is not None:
            prefix, items, tail = found.prefix, found.items, found.tail
            items = [prefix + it + tail for it in items]
        else:
            items = [m.group("a")] + re.split(r"\s+or\s+", m.group("b"))
        return _node(Or, [_squash(pre + " " + it) if pre.strip() else it for it in items])
    # both A and B
    m = re.match(r"^(?P<pre>.*?)\bboth\s+(?P<a>.+?)\s+and\s+(?P<b>.+)$", t, re.IGNORECASE)
    if m:
        pre = m.group("pre")
        found = syntax.coordination_items(m.group("a") + " and " + m.group("b"), "and")
        if found is not None and not found[0]:
            items = [it + found[2] for it in found[1]]
        else:
            items = [m.group("a"), m.group("b")]
        return _node(And, [_squash(pre + " " + it) if pre.strip() else it for it in items])
    # A that also mentions B / A and also B / A as well as B / A along with B
    m = re.match(
        r"^(?P<a>.+?)\s*,?\s+(?:(?:that|which|who)\s+also\s+(?:" + _META_VERBS + r")\s+|and\s+also\s+(?:(?:" + _META_VERBS + r")\s+)?|"
        r"as\s+well\s+as\s+|along\s+with\s+|together\s+with\s+|in\s+addition\s+to\s+|plus\s+)(?P<b>.+)$",
        t,
        re.IGNORECASE,
    )
    if m and _words(m.group("a")) and _words(m.group("b")):
        a, b = m.group("a"), m.group("b")
        if re.search(r"\b(?:that|which|who)\s+also\b", m.group(0)[len(a) : len(a) + 20], re.IGNORECASE):
            return _node(And, [a, b])
        return _node(And, _distribute(a, [b]))
    # "visa requirements for vietnam and cambodia for uk citizens": two places under one
    # preposition with a shared purpose after them are two requests
    if re.search(r"\s+and\s+", t, re.IGNORECASE) and not re.search(r"\s+or\s+", t, re.IGNORECASE):
        places = _places_with_tail(t)
        if places is not None:
            return places
        topics = _objects_with_tail(t)  # "toxicity of lilies and sago palms for cats"
        if topics is not None:
            return topics
        both = _both_asked(t)  # "symptoms and treatment of shingles"
        if both is not None:
            return both
        # "rules of go, shogi, xiangqi and janggi": three short topics or more under "of/in/on/about"
        # are one request each ("a salad with …", "recipes free of …" name what goes together)
        listed = syntax.coordination_items(t, "and") if "?" not in t and "," in t else None
        if (
            listed is not None
            and len(listed.items) >= 3
            and all(len(it.split()) <= 2 for it in listed.items)
            and re.search(r"\w\s+(?:of|in|on|about)\s+$", listed.prefix)
            and not re.search(r"\b(?:free|mix|mixture|blend|combination|pairing|made|full|fear)\s+of\s+$", listed.prefix, re.IGNORECASE)
        ):
            return _each(listed.prefix, listed.items, listed.tail)
        listed_with_tail = _short_list_with_tail(t) if "?" not in t else None
        if listed_with_tail is not None:
            return listed_with_tail
    modifiers = _modifier_list(t)
    if modifiers is not None:
        return modifiers
    # A or B, "A, B, or C"
    if re.search(r"\s+or\s+", t, re.IGNORECASE) and not _or_stopped(t):
        # "used motorbikes under 2000 or scooters": a price or size that ends the first item is its own; the
        # second item, no number, shares nothing with it
        bounded = re.match(r"^(?P<a>.+?\b(?:under|over|below|above|less\s+than|up\s+to)\s+[£$€]?\d[\d,.]*k?)\s+or\s+(?P<b>[a-z][^\d]*)$", t, re.IGNORECASE)
        if bounded and "?" not in t and len(_words(bounded.group("b"))) <= 4:
            return _node(Or, [bounded.group("a"), bounded.group("b")])
        listed_with_tail = _short_list_with_tail(t, "or") if "?" not in t else None
        if listed_with_tail is not None:
            return listed_with_tail  # "grants for solar panels or heat pumps in Scotland"
        found = syntax.coordination_items(t, "or")
        if found is not None:
            prefix, (items, tail) = found.prefix, _whole_roles(found)
            if len(items) <= 8:
                return _each(prefix, items, tail)
        one_head = syntax.conjoined_phrases(t)
        if one_head is not None and one_head.modifiers and not one_head.prefix and len(one_head.items[0].split()) == 1:
            # "tesco or asda opening hours on boxing day": two one-word modifiers of one head
            return _each("", one_head.items, one_head.tail)
        if (
            one_head is not None and not one_head.modifiers and not one_head.prefix and re.match(r"\s+(?:in|near|around|for)\s", one_head.tail)
            and all(syntax.plural_noun(syntax.tag(item)[-1]) for item in one_head.items)
        ):
            # "escape rooms or axe-throwing venues in Birmingham": two plurals, one place for both
            return _each("", one_head.items, one_head.tail)
        parts = re.split(r"\s*,?\s+or\s+", t, flags=re.IGNORECASE)
        if len(parts) >= 2 and all(_words(p) for p in parts):
            head = parts[0]
            m = _ITEM_PREP_RE.match(head)
            prefix, first = (m.group(1), m.group(2)) if m and len(_words(m.group(2))) <= 5 else ("", head)
            item = re.sub(r"^the\s+", "", first)
            if re.search(r"\b[A-Z][\w'’-]*\s+of\s+(?:the\s+)?$", prefix) and item[:1].isupper() and syntax.ends_title(t, len(head) - len(item)):
                return None  # "the Lord of the Rings or Hobbit films": the first item ends a title
            if prefix and any(re.match(r"\s*\w[\w-]*\s+\w[\w-]*(?:\s+\w[\w-]*)?\s+" + re.escape(prefix.split()[-1]) + r"\s", p, re.IGNORECASE) for p in parts[1:]):
                # "horse riding holidays in wales or pony trekking in ireland": the other item has a
                # place of its own, so it shares nothing
                prefix, first = "", head
            if prefix:
                # "flights to rome or to milan": the preposition said again belongs to the prefix
                said_again = re.compile(r"(?i)" + re.escape(prefix.split()[-1]) + r"\s+")
                parts = parts[:1] + [said_again.sub("", p, count=1) if said_again.match(p) else p for p in parts[1:]]
            if prefix and any(re.match(r"(?:with|without|in|on|at|by|for|from|to|via|through|using)\b", p, re.IGNORECASE) for p in parts[1:]):
                return None  # "guides to taking blood pressure manually or with a monitor": the items are no objects of the prefix's preposition
            firsts = [f for f in re.split(r",\s+", first) if f.strip()]
            items = firsts + parts[1:]
            items = _shared_tail_noun(items)
            items = _lone_adjective_shares(items)
            # (and so is what they do: "dentists in york or harrogate accepting nhs patients")
            # ("bakeries in bath or wells open on sunday": with what the place is asked to be)
            last_place = re.search(r"\s+(?:(?:open|closed|available|accessible)\s+)?(?:(?:in|on|at|near|during|for|after|before|around)|[a-z]{3,}ing(?=\s+[a-z]))\s+[^,]+$", items[-1]) if prefix else None
            if last_place and not any(re.search(r"\s(?:in|on|at|near|during|for|after|before|around|of|with|to)\s", " " + it + " ") for it in items[:-1]):
                # "symptoms of croup or whooping cough in toddlers", "opening hours for tesco or
                # sainsbury's on boxing day": where or when the last item is asked is said of each
                items = [it + last_place.group(0) for it in items[:-1]] + items[-1:]
            if all(len(_words(it)) <= 6 for it in items) and len(items) <= 8:
                return _node(Or, [_squash(prefix + it) if prefix and len(_words(it)) <= 5 else it for it in items])
    return None


_MODIFIER_LIST_RE = re.compile(
    r"^(?P<pre>(?:[\w'’-]+\s+){0,2}?)(?P<items>[\w'’-]+(?:,\s+[\w'’-]+)+),?\s+(?:or|and)\s+(?P<last>[\w'’-]+)\s+"
    r"(?P<tail>[a-z][\w'’-]*(?:\s+[\w'’£$€%.-]+)+)$",
    re.IGNORECASE,
)


def _whole_roles(found: syntax.Coordination) -> tuple[list[str], str]:
    """The items and tail of an "or" list, less a head the parse shared with an occupation:
    "a plumber or gas engineer in Bristol" is a plumber or a gas engineer, no "plumber engineer"
    ("a plumber or electrician call-out": two occupations do share the head)."""
    head = re.match(r"\s+([\w-]+)(.*)$", found.tail, re.DOTALL)
    # (a plural head is the people or things both share: "paramedic or radiography students", "dental nurse or hygienist apprenticeships")
    if found.modifiers and len(found.items) == 2 and head and not head.group(1).lower().endswith("s") and re.fullmatch(_ROLE, found.items[0].lower()) and not re.fullmatch(_ROLE, found.items[1].lower()):
        return [found.items[0], found.items[1] + " " + head.group(1)], head.group(2)
    return found.items, found.tail


def _modifier_list(text: str) -> Expr | None:
    """ "copper, PEX, CPVC and galvanised supply pipe lifespan", "beginner crochet, knitting or
    macramé kits under £30": three one-word modifiers or more share the phrase after the last
    (two words or more, opening with a noun); plural nouns are things of their own ("cats, dogs
    or guinea pigs"), and a one-word head may be one flavour ("salt, pepper and vinegar crisps").
    A last item of two words is not seen: "brass, copper or stainless steel fittings" gives
    "brass steel fittings" (wrong, though no NOT is involved)."""
    m = _MODIFIER_LIST_RE.match(text)
    if not m:
        return None
    items = [it.strip() for it in m.group("items").split(",")] + [m.group("last")]
    tags = {w.text: w.tag for w in syntax.tag(text)}
    if any(tags.get(it) not in ("NN", "NNP", "JJ", "VBN") for it in items):
        return None
    if syntax.tag(m.group("tail"))[0].tag not in ("NN", "NNS"):
        return None
    return _node(Or, [_squash(f"{m.group('pre')}{it} {m.group('tail')}") for it in items])


def _named_kinds(text: str) -> Expr | None:
    """ "the Roman and Byzantine fleets": two capitalised modifiers of one plural noun name two
    groups of things, one request each ("salt and pepper shakers", "Greek and Roman
    mythology" stay whole)."""
    if not re.search(r"\s+and\s+[A-Z]", text) or re.search(r"\s+or\s+", text, re.IGNORECASE) or _ONE_PLACE_RE.search(text):
        return None
    found = syntax.coordination_items(text, "and")
    if found is None or not found.modifiers or len(found.items) != 2 or not all(re.fullmatch(r"[A-Z][a-z]+", it) for it in found.items):
        return None
    if _TOGETHER_RE.search(found.tail):
        return None  # "Why do the Catholic and Orthodox churches celebrate Easter on different dates?": asked of both together
    at = len(text) - len(found.tail.lstrip())  # the shared noun opens the tail
    words = syntax.tag(text)
    head = next((w for w in words if w.start == at), None)
    if head is None or head.tag != "NNS" or head.capitalised:
        return None
    # adjectives ("Catholic and Protestant churches"), not names ("Simon and Garfunkel songs", "Law and Order episodes")
    if not all(w.tag == "JJ" or syntax.demonym(w.text) or _nationality(w.text) for w in words if w.text in found.items):
        return None
    return _asked_of_each(found)


# Fixed pairs joined by "and" that name one thing ("salt and vinegar crisps", "a hit and run case"),
# and heads that a pair of foods makes one dish of ("chicken and leek pie")
_AND_BINOMIALS = {
    ("salt", "pepper"), ("salt", "vinegar"), ("fish", "chips"), ("fish", "chip"), ("black", "white"), ("hit", "run"),
    ("trial", "error"), ("bed", "breakfast"), ("sweet", "sour"), ("foot", "mouth"), ("profit", "loss"), ("cease", "desist"),
    ("pros", "cons"), ("snakes", "ladders"), ("cops", "robbers"), ("catch", "release"), ("england", "wales"), ("hook", "eye"), ("hook", "loop"), ("stay", "play"), ("pride", "prejudice"), ("war", "peace"), ("rock", "roll"), ("arts", "crafts"),
    ("health", "safety"), ("bread", "butter"), ("research", "development"), ("mac", "cheese"), ("macaroni", "cheese"),
    ("acids", "bases"), ("stocks", "shares"), ("belt", "braces"), ("dungeons", "dragons"), ("slip", "fall"), ("pay", "display"),
    ("parent", "baby"), ("parent", "toddler"), ("mother", "baby"), ("mum", "baby"),
    ("cheese", "onion"), ("gin", "tonic"), ("supply", "demand"), ("wear", "tear"), ("law", "order"), ("drum", "bass"),
    ("rhythm", "blues"), ("checks", "balances"), ("nuts", "bolts"), ("odds", "ends"), ("bits", "pieces"), ("surf", "turf"),
    ("sense", "sensibility"), ("crime", "punishment"), ("romeo", "juliet"), ("bangers", "mash"), ("pie", "mash"),
    ("hide", "seek"), ("show", "tell"), ("pick", "mix"), ("question", "answer"), ("lost", "found"), ("bubble", "squeak"),
    ("mergers", "acquisitions"), ("search", "rescue"), ("predator", "prey"), ("predators", "prey"), ("egg", "spoon"), ("stop", "search"), ("park", "ride"), ("click", "collect"),
    ("drag", "drop"), ("plug", "play"), ("copy", "paste"), ("cut", "paste"), ("song", "dance"), ("bow", "arrow"),
    ("call", "response"), ("sink", "swim"), ("ebb", "flow"), ("give", "take"), ("loss", "damage"), ("terms", "conditions"),
    ("tongue", "groove"), ("wattle", "daub"), ("cash", "carry"), ("nip", "tuck"), ("rough", "tumble"), ("hustle", "bustle"),
    ("meet", "greet"), ("health", "welfare"), ("bring", "buy"), ("smash", "grab"), ("kiss", "tell"), ("room", "board"), ("bed", "board"), ("cut", "collect"), ("stop", "start"), ("fits", "starts"),
    ("peace", "quiet"), ("touch", "go"), ("wine", "dine"), ("spit", "polish"), ("lock", "key"), ("pomp", "circumstance"),
    ("fixtures", "fittings"), ("fixture", "fitting"), ("give", "go"), ("dos", "don'ts"), ("do's", "don'ts"), ("dos", "don’ts"),
    ("gas", "air"), ("clean", "jerk"), ("pride", "joy"), ("hit", "miss"), ("push", "pull"), ("pick", "roll"),
}


def _fixed_pair(first: str, second: str, conj: str = "and") -> bool:
    """Whether the last word of ``first`` and the first of ``second`` make a fixed pair joined by
    ``conj`` ("Romeo" and "Juliet"; "trick" or "treat")."""
    a, b = first.split(), second.split()
    return bool(a and b) and (a[-1].lower(), b[0].lower()) in (_AND_BINOMIALS if conj == "and" else syntax.OR_BINOMIALS)


def _two_asked_together(text: str, asked: str) -> bool:
    """ "hotels in manchester with a pool and a gym", "tortoise and terrapin care": two items one
    "and" joins in one request are both asked for, an AND (this brief's writers: 271 AND, 7 OR over
    sets 109-194; earlier writers made it OR as often). Not a list of three or more, where "and"
    only closes an enumeration, nor two questions joined by ", and", nor items with an exclusion
    of their own between them in ``asked``, the text as asked ("castles (A) excluding a and
    hyperlinks (B) excluding b": each its own request, the paper's OR)."""
    if len(re.findall(r"\band\b", text, re.IGNORECASE)) != 1 or re.search(r"\bor\b|/|,\s*and\b", text, re.IGNORECASE):
        return False
    if len(re.findall(r"\b(?:what|which|how|where|when|why|who)\b", text, re.IGNORECASE)) > 1:
        return False
    cue = _find_trigger(asked)  # (the parse last)
    return cue is None or re.search(r"\band\b", asked[cue[1] :], re.IGNORECASE) is None


def _asked_of_each(found: syntax.Coordination) -> Expr | None:
    """One alternative per coordinated item, each with the prefix and tail they share."""
    return _each(found.prefix, found.items, found.tail)


_COMPOUND_ADJECTIVE_HEADS = {"free", "friendly", "proof", "safe", "resistant", "based"}


def _each(prefix: str, items: list[str], tail: str) -> Expr | None:
    """One alternative per item with the prefix and tail they share, and the first item's
    modifiers where the second shares them ("free stock photos or icons": ``syntax.shared_modifiers``)."""
    items = list(items)
    audience = items[0].split(None, 1)
    if len(items) >= 2 and len(audience) == 2 and audience[0].lower() in syntax.AUDIENCE_WORDS and all(it.split()[0].lower() not in syntax.AUDIENCE_WORDS for it in items[1:] if it.split()):
        prefix, items[0] = prefix + audience[0] + " ", audience[1]  # "adult tap or ballet classes": both are for adults
    head = re.match(r"\s*([\w'’-]+)", tail)
    first = items[0].split()[-1].lower() if len(items) == 2 and items[0].split() else ""
    if head and first:
        shared = head.group(1).lower()
        before = prefix.rstrip().rsplit(None, 1)
        if first == shared and len(before) == 2 and before[1].isalpha() and before[1].islower() and before[1] not in grading.STOP_WORDS:
            # "routes peak district or lake district": the head said twice, and the first item's modifier
            # is the word before it
            return _node(Or, [before[0] + " " + before[1] + " " + items[0] + tail[head.end() :], before[0] + " " + items[1] + tail])
        if shared in (first, first + "s", first + "es"):
            # "guitar or bass guitar lessons", "lessons for guitar or bass guitar": the head said twice, the first item whole
            # (or in the singular: "solid food or finger foods")
            return _node(Or, [prefix + items[0] + tail[head.end() :], prefix + items[1] + tail])
        activity = first.endswith("ing") and shared.endswith("ing") and re.fullmatch(r"\s*(?:[?.!,].*|\s+(?:in|on|at|for|with|near)\b.*)?", tail[head.end() :]) is not None
        if first.isalpha() and ((first.endswith(shared) and len(first) > len(shared) + 2) or activity):
            # "physiotherapy or occupational therapy degrees", "skiing and scuba diving": the first item
            # already names the head (a noun that ends in it, an activity in "-ing")
            return _node(Or, [prefix + items[0] + tail[head.end() :], prefix + items[1] + tail])
    if len(items) == 2 and not re.match(r"\s*[\w'’-]", tail) and len(items[1].split()) == 2:
        # "Polish birth or marriage records": a first item whose singular noun wants the plural head the second ends in
        first_words, second_words = syntax.tag(items[0]), syntax.tag(items[1])
        if (
            first_words and first_words[-1].tag == "NN" and first_words[-1].text.islower() and not any(w.tag in ("DT", "PRP$") for w in first_words)
            and [w.tag for w in second_words] == ["NN", "NNS"] and all(w.text.islower() for w in second_words)
            and not second_words[-1].text.lower().startswith(first_words[-1].text.lower()[:4])  # ("solid food or finger foods" says its head)
        ):
            items[0] += " " + second_words[-1].text
    compound = re.search(r"(?:^|\s)([\w'’-]+)\s+$", prefix)
    if compound and items[0].strip().lower() in _COMPOUND_ADJECTIVE_HEADS:
        # "gluten free or vegan brownie recipes": "gluten free" (a hyphen left out) is the first item's own
        prefix, items[0] = prefix[: compound.start(1)], compound.group(1) + " " + items[0]
    shared = syntax.shared_modifiers(items[0], items[1]) if len(items) == 2 else ""
    if shared:
        items[1] = shared + " " + items[1]
    shared = syntax.code_shares_tail(items[0], items[1]) if len(items) == 2 else ""
    if shared:
        items[0] += " " + shared  # "vitamin d and b12 deficiency"
    last = items[-1].split()
    if (
        len(items) == 2 and len(items[0].split()) == 1 and re.fullmatch(r"[A-Z][\w'’-]*", items[0]) and len(last) >= 2
        and re.fullmatch(r"[A-Z][\w'’-]*", last[0]) and all(re.fullmatch(r"[a-z][a-z-]*", w) for w in last[1:])
        and syntax.plural_noun(syntax.tag(items[-1])[-1])  # (a plural: "Spanish or French online" shares no "online")
    ):
        items[0] += " " + " ".join(last[1:])  # "Brompton or Dahon folding bikes": two makers of one kind
    elif (
        len(last) == 2 and last[-1][:1].isupper() and last[-1].lower() in syntax.INSTITUTIONS  # ("Oxfam or British Heart Foundation": a name of its own)
        and all(it[:1].isupper() and it.split()[-1].lower() not in syntax.INSTITUTIONS and it.replace(" ", "").isalpha() for it in items[:-1])
    ):
        items[:-1] = [it + " " + last[-1] for it in items[:-1]]  # "Redland Green or Cotham School": the institution of each name
    return _node(Or, [prefix + it + tail for it in items])
_DISH_HEADS = {
    "pie", "pies", "pizza", "pizzas", "soup", "soups", "salad", "salads", "sandwich", "sandwiches", "sauce", "stew", "curry",
    "risotto", "cake", "cakes", "muffins", "crisps", "dressing", "recipe", "recipes", "dish", "dishes", "casserole", "pasta",
    "tart", "quiche", "omelette", "smoothie", "smoothies", "jam", "flavour", "flavours", "flavor", "flavors", "cookies", "biscuits",
    "burger", "burgers", "wrap", "wraps", "toastie", "cocktail", "cocktails", "sausages", "rolls", "bake", "traybake", "noodles",
    "stir-fry", "chutney", "marinade", "glaze", "squid", "pudding", "crumble", "scones", "bread", "loaf", "combo", "combination",
}


def _objects_with_tail(text: str, conj: str = "and") -> Expr | None:
    """One request per object of a topic's preposition (``syntax.objects_with_tail``), unless
    the two meet in a fixed pair ("fire safety rules for bed and breakfast guesthouses with …")."""
    found = syntax.objects_with_tail(text, conj)
    if found is None or _fixed_pair(found.items[0], found.items[1]):
        return None
    return _asked_of_each(found)


def _paired_modifiers(text: str) -> Expr | None:
    """ "snake and spider bites", "the licensing and microchipping rules for dogs": two lowercase
    words joined by "and" before one noun name two kinds of it, one request each, as two
    capitalised ones do (``_named_kinds``). Fixed pairs ("salt and vinegar crisps"), dishes
    ("chicken and leek pie") and anything asked together ("between", "both") stay whole."""
    if re.search(r"\s+or\s+|[,/]", text, re.IGNORECASE) or _RELATION_RE.search(text) or len(re.findall(r"\band\b", text, re.IGNORECASE)) != 1:
        return None
    found = syntax.coordination_items(text, "and")
    if found is None or not found.modifiers or len(found.items) != 2 or not all(re.fullmatch(r"[a-z]+", it) for it in found.items):
        return None
    if _fixed_pair(found.items[0], found.items[1]) or syntax.objects_with_tail(text) is not None:
        return None  # ("grants for insulation and heat pumps in Wales": two objects, the second a compound)
    at = len(text) - len(found.tail.lstrip())  # the shared noun opens the tail
    words = syntax.tag(text)
    k = next((k for k, w in enumerate(words) if w.start == at), None)
    if k is None or words[k].tag not in ("NN", "NNS") or not words[k].text.islower() or words[k].text in _DISH_HEADS:
        return None
    before = [w for w in words if w.end <= len(found.prefix.rstrip())]
    # the pair opens its noun phrase: "council tax and parking permit discounts", "red wine and candle
    # wax" are two compounds of their own (the pair modifies a whole compound after it: "baroque and
    # rococo furniture styles", "knee and hip replacement recovery times")
    if before and before[-1].tag not in ("DT", "PRP$", "IN", "TO", "WDT", "WP", "WRB") and not before[-1].verb:
        return None
    return _asked_of_each(found)


_COMPARING = r"better|worse|best|worst|prefer|preferable|win|choose|pick|\w+er\s+than|vs\.?|versus"
_COMPARING_RE = re.compile(r"\b(?:" + _COMPARING + r")\b", re.IGNORECASE)
_CHOICE_WORD_RE = re.compile(r"\b(?:" + _COMPARING + r"|should)\b", re.IGNORECASE)
# "Should I …, A or B?" asks to choose
_SHOULD_OR_RE = re.compile(r"^(?:should|shall)\b.*\s+or\s+", re.IGNORECASE)
_HOW_TO_RE = re.compile(
    r"(?:how|where|when)\s+(?:to|(?:do|can|should|would)\s+(?:i|you|we|one))\b|what(?:['’]s|\s+is)\s+the\s+(?:best|easiest|right)\s+way\s+to\b",
    re.IGNORECASE,
)
_REPEATED_HEAD_RE = re.compile(
    r"^(?P<pre>.*?)\b(?P<head>[a-z][\w-]*)\s+(?P<a>[\w-]{1,4})\s+or\s+(?P=head)\s+(?P<b>[\w-]{1,4})\s+(?P<tail>\w.*)$",
    re.IGNORECASE,
)


_NOUN_SAID_TWICE_RE = re.compile(
    r"^(?P<pre>.*?)\b(?P<a>[a-z][\w-]*)\s+(?P<head>[a-z][\w-]*)\s+(?:and|or)\s+(?P<b>[a-z][\w-]*)\s+(?P=head)\s+(?P<tail>[a-z].*)$"
)


# Places whose one name holds "and".
_ONE_PLACE_RE = re.compile(
    r"\b(?:bosnia\s+and\s+herzegovina|trinidad\s+and\s+tobago|antigua\s+and\s+barbuda|(?:saint|st\.?)\s+kitts\s+and\s+nevis|"
    r"turks\s+and\s+caicos|wallis\s+and\s+futuna|s[aã]o\s+tom[eé]\s+and\s+pr[ií]ncipe)\b",
    re.IGNORECASE,
)


def _places_with_tail(text: str) -> Expr | None:
    """ "taxes in france and spain for retirees" -> one alternative per place; None unless the
    two items are one-word names after a preposition and a prepositional phrase follows them."""
    found = syntax.coordination_items(text, "and")
    if found is None or not 2 <= len(found.items) <= 6 or not re.search(r"\b(?:for|to|in|at|from|visit|visiting)\s+$", found.prefix):
        return None
    if len(found.items) == 2 and _fixed_pair(found.items[0], found.items[1].rstrip("?.!")):
        return None  # "in England and Wales", "in War and Peace": one name
    if _ONE_PLACE_RE.search(text) or not _words(found.prefix[:-4]):
        return None
    tags = {w.text: w.tag for w in syntax.tag(text)}
    if re.match(r"\s+(?:for|in|to|from|during|with|by)\s+\w", found.tail, re.IGNORECASE):
        if all(len(it.split()) == 1 and tags.get(it) == "NNP" for it in found.items):
            return _asked_of_each(found)
        return None
    # "corporation tax rates in Ireland, the Netherlands and Luxembourg", "vaccination schedule for
    # puppies and kittens": a topic with a head of its own asked for each of several places or
    # kinds of thing (one-word names in a list of three or more, or one-word lowercase plurals)
    if found.tail.strip() or len(_words(found.prefix)) < 3:
        return None
    # ("best time to visit peru and bolivia": a lowercase query types its countries in lowercase)
    if all(re.sub(r"^the\s+", "", it, flags=re.IGNORECASE).lower() in syntax.COUNTRIES and (it[:1].isupper() or text == text.lower()) for it in found.items):
        return _node(Or, [found.prefix + it for it in found.items])  # "cost of living in Chad and Niger": never a title
    head = [w for w in _words(found.prefix)[:-1] if w.lower() not in ("there", "are", "is")][-1]  # ("museums are there in …")
    if tags.get(head) not in ("NN", "NNS") and not (tags.get(head) == "VBZ" and head.endswith("s")):  # "thresholds" may read as a verb
        return None
    # (two names alone may be one title: "Main themes in Pride and Prejudice")
    one_word_names = all(len(it.split()) == 1 and tags.get(it.rstrip("?.!")) == "NNP" and it[:1].isupper() for it in found.items)
    if one_word_names and len(found.items) == 2 and re.search(re.escape(found.items[0]) + r"\s+and\s+the\s+" + re.escape(found.items[1].rstrip("?.!")), text):
        return None  # "music for Beauty and the Beast": "X and the Y" in capitals is a title
    # (two after a noun that no title is about: "modern art museums in Bilbao and Valencia", not
    # "main themes in …", "a character guide for …")
    names = one_word_names and (len(found.items) >= 3 or not (_TEXT_NOUN_RE.search(found.prefix) or re.search(r"\bhappen", found.prefix, re.IGNORECASE)))
    plurals = all(len(it.split()) == 1 and tags.get(it) == "NNS" and it.islower() for it in found.items)
    if not (names or plurals):
        return None
    return _node(Or, [found.prefix + it for it in found.items])


# "stage 1 or 2 breast cancer treatment": numbers after these nouns name versions, not counts
_NUMBERED_HEAD_RE = re.compile(
    r"^(?P<pre>.*?)\b(?P<head>stage|type|level|grade|class|category|phase|season|series|generation|gen|version|tier|zone|"
    r"step|chapter|volume)\s+(?P<a>\d{1,2}|[IVX]{1,4})\s+or\s+(?P<b>\d{1,2}|[IVX]{1,4})\s+(?P<tail>[a-z].*)$",
    re.IGNORECASE,
)


def _names_share_noun(items: list[str]) -> list[str] | None:
    """ ["Jupiter", "Saturn opposition"] -> each name with "opposition": one-word names, the last
    followed by one lowercase singular noun that ends the question; None otherwise."""
    last = items[-1].split()
    if len(last) != 2 or not last[1].isalpha() or not last[1].islower() or last[1].endswith("s"):
        return None
    if not all(len(it.split()) == 1 and it[:1].isupper() and it.isalpha() for it in items[:-1] + [last[0]]):
        return None
    return [it + " " + last[1] for it in items[:-1]] + [items[-1]]


def _shared_tail_noun(items: list[str]) -> list[str]:
    """ "the alto", "tenor", "baritone saxophone" -> each with "saxophone": after "the", one-word
    items and a last item of one more word share that singular noun ("the Gold, Silver or Bronze
    medal"), as are a possessive's ("tennis or golfer's elbow"); anything else stays as it is."""
    first = re.sub(r"^the\s+", "", items[0])
    last = items[-1].split()
    if len(last) == 2 and re.fullmatch(r"[a-z]+['’]s", last[0]) and last[1].isalpha() and last[1].islower() and all(len(it.split()) == 1 and it.isalpha() for it in items[:-1]):
        return [it + " " + last[1] for it in items[:-1]] + [items[-1]]  # "tennis or golfer's elbow": a possessive's noun is shared
    if first == items[0] or len(last) != 2 or any(len(it.split()) != 1 for it in [first] + items[1:-1]):
        return items
    words = syntax.tag(" ".join(["the", first] + items[1:-1] + last))
    if words[-1].tag != "NN" or words[-1].capitalised or words[-2].tag not in ("NN", "NNP", "JJ"):
        return items
    noun = last[-1]
    return [it + " " + noun for it in items[:-1]] + [items[-1]]


def _lone_adjective_shares(items: list[str]) -> list[str]:
    """ "refurbished", "second-hand road bikes" -> "refurbished road bikes", …: a first item that is one
    adjective alone shares the nouns that end the last item (after the last item's own modifiers); so does
    one word for who it is for, before another ("mens", "womens wetsuits")."""
    if len(items) != 2 or len(items[0].split()) != 1 or not items[0].islower():
        return items
    first = syntax.tag(items[0])
    # (a participle alone is tagged a past tense: "refurbished")
    if items[0] in syntax.AUDIENCE_WORDS and items[1].split()[0].lower() in syntax.AUDIENCE_WORDS and len(items[1].split()) >= 2:
        return [items[0] + " " + items[1].split(None, 1)[1], items[1]]  # "mens or womens wetsuit sizing chart": who each is for
    if not ("-" in items[0] or first[-1].tag in ("JJ", "VBN") or (first[-1].tag == "VBD" and items[0].endswith("ed"))):
        return items
    # the last item word by word (a hyphened word is one), each with the tag of its last part
    last = syntax.tag(items[1])
    spans = [(m.start(), m.end()) for m in re.finditer(r"\S+", items[1])]
    tags = [next(w.tag for w in reversed(last) if w.start < b) for _, b in spans]
    k = next((k for k, tag in enumerate(tags) if tag in ("NN", "NNS") and "-" not in items[1][spans[k][0] : spans[k][1]]), None)
    if k is None or k == 0 or not all(tag in ("NN", "NNS") for tag in tags[k:]):
        return items
    if not all(tag in ("JJ", "VBN", "NN") and ("-" in items[1][a:b] or tag != "NN") for tag, (a, b) in zip(tags[:k], spans[:k])):
        return items
    return [items[0] + " " + items[1][spans[k][0] :], items[1]]


def _node(cls: type[And] | type[Or], texts: list[str]) -> Expr | None:
    terms: list[str] = []
    for text in texts:
        t = _tidy(_strip_quotes(text))
        if t and _words(t) and t not in terms:
            terms.append(t)
    if len(terms) < 2:
        return None
    return cls([Term(t) for t in terms])


# --------------------------------------------------------------------------- entry point


# A sentence about the asker ("I'm 45 and self-employed.", "My team keeps losing."): context, not the topic
_ABOUT_ME_RE = re.compile(
    r"^(?:(?:i|we)(?:['’](?:m|ve|d|ll|re))?|my|our|someone|somebody"  # ("Someone clipped my car …": what happened to the asker)
    # the subject left out: "Working on a family law file.", "Total beginner here."
    r"|(?:currently\s+|just\s+)?(?:working\s+on|writing|preparing|planning|doing)\s+(?:a|an|my|our)|(?:[\w-]+\s+){0,4}[\w-]+\s+here(?=\s*(?:[,.!]|$))"
    # "Looking to buy a used family car.", "Just finished a contract job …": a plan or an event of the asker's
    r"|looking\s+to\s+(?!(?:know|learn|find|read|understand|get\s+info)\b)\w+|just\s+(?:finished|started|moved|bought|got|had|joined|signed|graduated|retired|switched|inherited))\b",
    re.IGNORECASE,
)
# the asker named later in a statement tells about them too: "The vet says our labrador …", "Six of us are …"
# (case-sensitive: "US" is a country, and so is "the us" typed in lowercase)
_ASKER_NAMED_RE = re.compile(r"\b(?:I|[Mm]e|[Mm]y|[Ww]e|(?<!\bthe\s)us|[Oo]ur)\b")


def _has_finite_verb(text: str) -> bool:
    """Whether ``text`` holds a finite verb: it states something ("As a vegan, I need …" has none before "I need")."""
    return any(w.tag in ("VBZ", "VBP", "VBD", "MD") for w in syntax.tag(text))


def _names_asker(sentence: str) -> bool:
    """Whether ``sentence`` names the asker; a lone "us" only in a sentence typed as a statement (capitalised or with a
    finite verb), not in a keyword query ("visa waiver countries … for us citizens")."""
    said = {m.group(0) for m in _ASKER_NAMED_RE.finditer(sentence)}
    return bool(said - {"us"}) or (bool(said) and (sentence[:1].isupper() or _has_finite_verb(sentence)))


# ("Right, I need a new hobby …": a request after a word that opens the sentence)
_ASKER_WANTS_RE = re.compile(r"\b(?:I|[Ww]e)(?:\s+(?:just|really|actually|still))?(?:\s+(?:need|want|would\s+like)|['’](?:d\s+like|m\s+after|re\s+after))\b")
# ("couples keep asking me this", "I was wondering about this": "this" is the question that follows, no topic)
_TOPIC_STATEMENT_RE = re.compile(
    # ("parents keep asking me about kit", "my clients are asking about ingredients": what others ask
    # the asker is why it is asked)
    r"\b(?:wonder(?:ing)?|curious|interested|question|(?<!keep\s)(?<!keeps\s)(?<!kept\s)(?<!\bare\s)(?<!\bis\s)(?<!\bwere\s)(?<!\bbeen\s)asking|know\s+(?:if|whether|how|what|why|which))\b(?!\s+(?:(?:me|us|myself|about)\s+)?(?:this|that)\b)(?![\s.!]*$)",
    re.IGNORECASE,
)
# ("My grandson asked me a tricky question at dinner.", "… came home with a question I couldn't answer": the
# question is the one that follows, no topic of the asker's)
_A_QUESTION_RE = re.compile(r"\b(?:a|an|one)\s+(?:[a-z]+\s+)?question\b(?!\s+(?:about|regarding|concerning|re|for|on(?!\s+(?:the|my|our|a)\b))\b)", re.IGNORECASE)
# someone other than the asker asked it: "my nephew keeps asking me things", "a pupil asked me something"
_SOMEONE_ASKED_RE = re.compile(r"\b(?:ask|asks|asked|asking)\b(?!\s+(?:for|to)\b)", re.IGNORECASE)
# words that point back to an earlier sentence ("that" only where it is no relative pronoun: "… for that?")
# ("worth it" points nowhere; "Is that enforceable?" points back)
_REFERENCE_RE = re.compile(
    # ("Is it legal to …", "What does it mean when …": an "it" that stands for what follows points nowhere)
    r"\b(?:(?<!\bworth\s)it(?!(?:(?<=\bis\sit)|(?<=\bwas\sit)|(?<=\bdoes\sit)|(?<=\bwould\sit))\s+(?:[a-z]+\s+){0,2}?(?:to|when|if)\s+[a-z])|this|these|those|them|they|he|him|his|she|her|such|same|(?:which|the|this|that)\s+ones?|that(?=\s*(?:[?.!,;]|$))|"
    # ("Which climbing plants would thrive there?" points at a place; "What options are there?" does not)
    r"(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)(?<!\bwere\s)(?<!\bbe\s)there(?=\s*(?:[?.!,;]|$))|(?<=\bis\s)that|(?<=\bwas\s)that|(?<=\bdoes\s)that|(?<=\bdid\s)that|(?<=\bdo\s)that)\b(?!['’])",
    re.IGNORECASE,
)


# a name of several capitalised words after a question's first word ("Guys and Dolls", "the Lake District"; not "I")
_OWN_NAME_RE = re.compile(r"(?<=\S\s)(?!I\b)[A-Z][\w'’-]+(?:\s+(?:and|of|the|&)\s+|\s+)(?!I\b)[A-Z][\w'’-]+")
_ELSE_ALONE_RE = re.compile(r"\b(?:anything|something|what|who|where)\s+else\b", re.IGNORECASE)


# "Context: I'm a junior dev. Question: what …": labels of a prompt's parts
# (the label goes, and the sentence after it starts with a capital, as a sentence does)
_SENTENCE_LABEL_RE = re.compile(r"(?:^|(?<=[.?!]\s))(?:context|background|question|q|query|task)\s*:\s*(?P<first>\w)", re.IGNORECASE)
# "Keep it simple and …", "Keep it short.": how to answer, not what about
_STYLE_RE = re.compile(
    r"(?:^|(?<=[.?!]\s))keep\s+it\s+(?:simple|short|brief|basic|concise|light|non-technical)(?:\s+please)?(?:[.!]\s*|\s+and\s+(?P<first>\w)|\s*$)", re.IGNORECASE
)
# "Can someone explain the 'but for' test in plain English?": how to answer, after a request to explain
# (not "guides to writing in plain English", where it is the topic)
_PLAIN_WORDS_RE = re.compile(
    r"(?P<asked>\b(?:explain|describe|summarise|summarize|tell|outline)\b(?:(?!\b(?:how|to)\b)[^.?!;])*?)\s+in\s+(?:plain|simple|simpler|layman['’]?s|lay|everyday|non-technical)\s+(?:English|terms|language|words)\b",
    re.IGNORECASE,
)
# "I need a reading list: either …", "Looking for recommendations: …": what is asked for comes after the colon
_LIST_PREAMBLE_RE = re.compile(
    r"^(?:(?:i\s+(?:need|want|would\s+like|['’]d\s+like|am\s+after|['’]m\s+after)|looking\s+for|(?:can|could)\s+you\s+(?:give|get|find)\s+me)\s+)?"
    r"(?:a|an|some)?\s*(?:[\w-]+\s+)?(?:list|lists|sources|recommendations|suggestions|ideas|resources|references|reading)\s*:\s+(?=\w)",
    re.IGNORECASE,
)


def _sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence: ends at ".", "?" or "!" (not ";")."""
    spans, start = [], 0
    for i, ch in enumerate(text):
        if ch in ".?!" and _is_sentence_end(text, i) and (i + 1 == len(text) or text[i + 1].isspace()):
            if _words(text[start : i + 1]):
                spans.append((start, i + 1))
            start = i + 1
    if _words(text[start:]):
        spans.append((start, len(text)))
    return spans


# "…, so I'm after games …", "…, I just want to know about …": a request that opens a clause
_ELIDED_REQUEST_RE = re.compile(
    r"(?P<head>(?:^|(?<=[.?!]\s))(?P<subject>I|We)\s+(?!(?:want|need|would|am|are|['’]m|['’]re|['’]d)\b)[^.?!;,]*?\w)\s+and\s+(?P<verb>(?:want|need|would\s+like)(?=\s+(?!to\b)\w))"
)
_LATE_REQUEST_RE = re.compile(
    r"(?:,|;|\s[-–—])\s+(?:(?:so|and|but)\s+)?(?:(?:this|next)\s+(?:week|month|term|year)\s+|(?:right\s+)?now\s+|today\s+)?(?=(?:I|[Ww]e)(?:\s+(?:just|really|only|actually))?"
    r"(?:\s+(?:want|need|would\s+like)|['’](?:m|re|d)\s+(?:after|looking\s+for|like)|\s+(?:am|are)\s+(?:after|looking\s+for))\b)"
    # "I already know about Hayabusa, so what other spacecraft …?", "…, so could you explain …?"
    r"|(?:,|;)\s+so\s+(?=(?:what|which|who|where|how|when|could\s+you|can\s+you|would\s+you)\b)"
)


def _requests(sentence: str) -> bool:
    """Whether ``sentence`` opens with request wording ("I need …", "Looking for …", "Recommend …")."""
    return bool(_FILLER_RE.match(sentence + " ") or _ASK_FOR_RE.match(sentence + " "))


def _asks(text: str) -> bool:
    """Whether ``text`` holds a question or a request (not only statements about the asker)."""
    sentences = [text[a:b].strip() for a, b in _sentences(text)]
    return "?" in text or any(_QUESTION_START_RE.match(t) or _requests(t) for t in sentences)


def _split_late_requests(text: str) -> str:
    """A statement, then a request in the same sentence, become two sentences ("Our hall is too
    slippery for dodgeball, so I'm after games …"): the request stands on its own, and what comes
    before it goes or stays as any other sentence would. A question or a request before the
    comma keeps the sentence whole ("What laptops suit students, I need something light")."""
    # "I coach an under-11s cricket team and want drills for fielding.": the subject said once
    text = _ELIDED_REQUEST_RE.sub(lambda m: m.group("head") + ". " + m.group("subject") + " " + m.group("verb"), text)
    out, last = [], 0
    for m in _LATE_REQUEST_RE.finditer(text):
        start = max((a for a, _ in _sentences(text[: m.start()])), default=0)
        before = text[start : m.start()].strip()
        if not before or _asks(before):
            continue
        if not _has_finite_verb(before):
            continue  # "As a vegan, I need …": no statement before it, one sentence
        out.append(text[last : m.start()] + ". " + text[m.end() : m.end() + 1].upper())
        last = m.end() + 1
    return "".join(out) + text[last:]


# A later sentence made only of these asks again for what was asked: "Any ideas?", "Where do we start?"
_EMPTY_ASK_WORDS = frozenset({"idea", "option", "choice", "alternative", "suggestion", "thought", "recommendation", "read", "start", "begin", "help", "welcome", "appreciated", "thank", "source", "pointer"})
# A later question that only asks again: "What do I tell them?", "What would other parents recommend?"
_ASKS_AGAIN_RE = re.compile(
    r"^(?:so\s+)?(?:what|how)\s+(?:do|should|can|could|would|shall)\s+(?:i|we)\s+(?:say|tell|do|answer|respond|reply|advise)"
    r"(?:\s+(?:to\s+)?(?:them|him|her|it|this|that))?\s*\?$"
    r"|^(?:so\s+)?what\s+(?:do|does|would|did|should|could)\s+(?:you|(?:other|most|many|the)\s+[\w-]+|[\w-]+s)(?:\s+(?:here|out\s+there|people))?\s+"
    r"(?:recommend|suggest|use|advise|think|say)\s*\?$",
    re.IGNORECASE,
)


# A sentence about what was just excluded: "It makes me groggy.", "They're overrated." (not a wish: "It should be short.")
_REMARK_SENTENCE_RE = re.compile(
    r"^(?:it|they|those|these|he|she)(?:['’](?:s|re|ve|ll|d))?\s+" + _NO_WISH + r"(?!(?:should|must|needs?|has\s+to|have\s+to)\b)\w"
    # "The students have those already.", "Please don't include those three.": said of what was left out
    r"|^" + _NO_WISH + r"[^.?!;]*\b(?:those|them|these|both|all\s+three)\b(?:\s+(?:two|three|four|ones))?\s+(?:already|before|again|too)\b"
    # ("… excluding Earth, Mars and Jupiter? The kids have done those.": done, seen or read, they end it)
    r"|^" + _NO_WISH + r"[^.?!;]*\b(?:have|has|had|['’]ve)\s+(?:already\s+)?(?:done|seen|read|covered|tried|used|visited|watched|played|had)\s+(?:those|them|these|both|all\s+three)(?:\s+(?:two|three|four|ones))?\s*[.!]*$"
    r"|^(?:please\s+)?(?:don['’]t|do\s+not)\s+(?:include|mention|suggest|recommend|list|repeat)\s+(?:those|them|these|any\s+of\s+(?:those|them|these)|either|both)(?:\s+(?:two|three|four|ones))?\s*(?:again|please)?\s*[.!]*$",
    re.IGNORECASE,
)


# A statement after the question that narrows what is wanted ("I need at least 16GB.", "It must be
# under £500.", "We have a dog."): it stays
_CONSTRAINT_RE = re.compile(
    r"\b(?:need|needs|must|should|has\s+to|have\s+to|prefer|prefers|preferably|ideally|only|under|over|at\s+least|at\s+most|"
    r"max(?:imum)?|min(?:imum)?|less\s+than|more\s+than|without|with|no|not|don['’]t|doesn['’]t|can['’]t|cannot|isn['’]t|aren['’]t|have\s+an?|has\s+an?|"
    r"(?:i|we)['’]ve\s+got|allergic|vegan|vegetarian|live\s+in|based\s+in|in\s+[A-Z]|want|wants|couldn['’]t|wouldn['’]t|won['’]t|didn['’]t|tolerate|"
    # what is excluded or asked as an alternative, said after the question
    r"or|alternatively|otherwise|failing|off\s+the\s+(?:table|list)|off\s+limits|ruled\s+out|out\s+of\s+the\s+question|aside|except\w*|exclud\w*|omit\w*|avoid\w*|"
    r"ignor\w*|skip\w*|leav\w*\s+out|forget|has|have|had)\b|[£$€]\s*\d|\d|[()]",
    re.IGNORECASE,
)


# The asker's own work, said as background: "I run a small bakery in Leeds.", "I'm a cataloguer at a
# public library.", "I teach A-level chemistry." (not "I live in Norway.", "We're moving to Spain.",
# nor what the work is about: "I'm a PhD student writing about the Baroque.")
_WORKPLACE_RE = re.compile(
    r"^(?!.*\b(?:writing|researching|studying|reading\s+up)\b)(?:(?:i|we)\s+(?:(?:also\s+)?(?:run|own|manage|teach|coach)\b|work\s+(?:in|at|for|as|on)\b|volunteer\s+(?:at|in|for|with)\b)"
    r"|(?:i['’]m|i\s+am|we['’]re|we\s+are)\s+an?\s+(?:[\w-]+\s+){0,2}(?:" + _ROLE + r"|[a-z]+(?:er|or|ist|ian))\b)",
    re.IGNORECASE,
)


# How many answers, after the question, narrows nothing: "Need about ten.", "I'd like five or six."
_ANSWER_COUNT_RE = re.compile(
    r"^(?:(?:i|we)(?:['’]d|\s+would)?\s+)?(?:need|want|like|would\s+like|looking\s+for)\s+(?:about|around|roughly|at\s+least|maybe|just|only)?\s*"
    r"(?:\d+|a\s+few|a\s+couple|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|a\s+dozen)"
    r"(?:\s+or\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|so))?(?:\s+(?:of\s+them|examples|ideas|options|suggestions|names|answers))?\s*[.!]*$",
    re.IGNORECASE,
)


_QUOTED_RE = re.compile(r"(?<!\w)['‘\"“][^'’\"”]{2,60}['’\"”](?!\w)")


def _antecedent_before(text: str, ref: re.Match[str]) -> bool:
    """Whether "them", "they", "those" or "these" has a plural noun before it in its own sentence
    ("inventions … credited with them", "excluding Sangiovese … since I've covered those"), so it
    points at nothing in the background ("it" may point anywhere)."""
    start = max((a for a, _ in _sentences(text) if a <= ref.start()), default=0)
    if ref.group(0).lower() == "it":
        # "What is the 'no surprises' rule and how do I apply it?": a second clause's "it" is the first clause's noun
        before = text[start : ref.start()]
        return re.search(r"\band\s+(?:how|what|why|when|where|who|can|should|do|does|is)\b", before, re.IGNORECASE) is not None and any(w.tag == "NN" for w in syntax.tag(before))
    if ref.group(0).lower() not in ("them", "they", "those", "these"):
        return False
    after = [w for w in syntax.tag(text[ref.end() :].lstrip())[:3] if w.tag not in ("JJ", "JJR", "JJS")]
    if ref.group(0).lower() in ("those", "these") and after and after[0].tag in ("NN", "NNS") and after[0].text.lower() not in text[start : ref.start()].lower():
        return False  # "… cover a fence quickly in those conditions?": a noun of its own, said before the question
    if ref.group(0).lower() == "they" and re.fullmatch(r"\s*(?:what|which)\s+(?:[\w-]+\s+){1,3}(?:do|did|can|could|should|would|will)\s+", text[start : ref.start()], re.IGNORECASE):
        return False  # "What activities do they usually run?": the noun is what "they" do, not who they are
    return any(w.tag == "NNS" and not w.capitalised for w in syntax.tag(text[start : ref.start()]))


# What someone else thinks, after the question, narrows nothing: "He reckons a seahorse isn't a fish either."
# "… for fear of flying? Not sure if that's even allowed anymore.": a doubt about the question
_DOUBT_RE = re.compile(r"^(?:(?:I['’]m|I\s+am|we['’]re|we\s+are)\s+)?(?:just\s+|really\s+)?not\s+(?:" + _UNSURE + r")\b", re.IGNORECASE)


def _exclusions_cut(text: str) -> str:
    """``text`` without its inline exclusions, to read what it asks; as it is where the cut is unsure."""
    try:
        return _inline_exclusions(text, [])
    except _Unsure:
        return text


# "I'm a wheelchair user visiting Rome next month. Which museums there have no steps?": "there"
# points back at the one place the message named before the question
_VISITING_RE = re.compile(r"\b(?:visit|visiting)\s+()((?:the\s+)?[A-Z][\w'’-]*(?:\s+(?:of\s+)?[A-Z][\w'’-]*){0,3})")  # (groups as in _PLACE_NAMED_RE)
_THERE_RE = re.compile(
    r"\bthere\b(?!\s+(?:is|are|was|were|be|been|seems?|will|would|may|might|must|should|could|can|any|some|a|an)\b|['’]s)", re.IGNORECASE
)
# (not "is there", "out there", "neither here nor there", "get there", "from there")
_NOT_PLACE_BEFORE = {"is", "are", "was", "were", "be", "out", "over", "here", "nor", "get", "got", "go", "went", "going", "been", "from", "in", "up", "down"}


def _there_named(text: str) -> str:
    """``text`` with a question's "there" read as "in <place>" where one place was named in the
    sentences before it (blind writers wrote the place in, 6 times in 6)."""
    spans = _sentences(text)
    for k, (a, b) in enumerate(spans[1:], start=1):
        there = _THERE_RE.search(text, a, b)
        before = text[a : there.start()].split()[-1:] if there else []
        if there is None or not before or before[0].lower() in _NOT_PLACE_BEFORE or not text[a:b].rstrip().endswith("?"):
            continue
        places = {m.group(2) for a0, b0 in spans[:k] for rx in (_PLACE_NAMED_RE, _VISITING_RE) for m in rx.finditer(text, a0, b0)}
        places = {p for p in places if p.lower() not in syntax.TIME_WORDS and p != "I"}
        if len(places) == 1:
            return text[: there.start()] + "in " + places.pop() + text[there.end() :]
    return text


# who asks, as a group: "My book club is reading 'War and Peace'"
_ASKERS_GROUPS = {"club", "group", "choir", "band", "school", "company", "firm", "business", "charity", "council", "church", "society", "committee", "office", "department", "practice", "shop", "café", "cafe"}  # (and syntax.PEOPLE_AND_TIMES: "team", "family", "class")
_REPORTED_RE = re.compile(r"[\"“”‘’']|\b(?:which|what|how|whether|why|said|says|asks?|asked|wonder\w*)\b", re.IGNORECASE)


def _names_its_topics(sentence: str) -> bool:
    """Whether a background sentence's topics are its objects (``syntax.background_topics``): not
    when a thing is its subject ("Our extractor fan is noisy …") or it reports what someone said or
    asked ("My physio said 'no pain, no gain' is …", "clients ask which exercises …")."""
    # (a quoted title is a topic, and an apostrophe inside a word no quote: "we're", "Bryson's")
    said = syntax.QUOTED_TITLE_RE.sub("", sentence)
    said = re.sub(r"(?<=\w)['’](?=\w)", "", said)
    reported = _REPORTED_RE.search(said)
    things = [
        w for w in syntax.tag(sentence)
        if w.dep in ("nsubj", "nsubjpass") and w.tag in ("NN", "NNS") and w.text.lower() not in syntax.PEOPLE_AND_TIMES | _ASKERS_GROUPS
    ]
    # (nor when it asks: "… and want ideas for day trips by train.")
    asking = re.search(r"\b(?:want|need|looking\s+for|after)\s+(?:some\s+|any\s+)?(?:ideas|tips|advice|suggestions|recommendations|help|info|information)\b", sentence, re.IGNORECASE)
    # (nor when it says what the asker has had, or wants to avoid: "I've read Dune.", "my doctor told
    # me to avoid ibuprofen": as a topic of its own it would pull in what the question moves away from)
    aversion = _STATEMENT_CUE_RE.search(sentence.lower()) or re.search(
        r"\b(?:avoid\w*|hate|hates|allergic|intoleran\w*|can['’]?t|cannot|don['’]?t|doesn['’]?t|won['’]?t|not|no|never|stopp?\w*|quit|banned|fed\s+up|tired\s+of|sick\s+of|bored|already|used|had|have|own|got|off\s+the\s+(?:table|list)|off\s+limits|out\s+of\s+the\s+question|ruled\s+out|aside|excluded)\b",
        sentence,
        re.IGNORECASE,
    )
    return reported is None and not things and asking is None and aversion is None


def _background_topics(sentence: str) -> list[str]:
    """``syntax.background_topics``, but what the asker works on is one topic as it reads, without
    the work or whom it is for ("I'm writing an essay on Art Nouveau posters for my design course."
    → "Art Nouveau posters")."""
    work = _WORK_ON_RE.match(sentence)
    if work is None:
        return syntax.background_topics(sentence)
    # (and a clause of its own ends it: "… on twentieth-century dictators and my supervisor says …")
    topic = re.split(r"\s+for\s+(?:my|our|a|an|the|his|her|their)\b|\s+(?:and|but|so)\s+(?:my|our|i|we|i['’]m|we['’]re|he|she|they|his|her|their)\b|[,;:]", sentence[work.end() :], maxsplit=1)[0]
    topic = re.sub(r"^(?:the|a|an)\s+", "", topic.strip().rstrip(".!"), flags=re.IGNORECASE)
    return [topic] if topic else []


_WISH_RE = re.compile(r"(?:i|we)(?:['’]d|\s+would)?(?:\s+(?:really|just))?\s+(?:want|like|need|hope|plan)\s+to\s+\w", re.IGNORECASE)


# "What's the best sauce recipe?", "What are the tax consequences in Canada?": a question that ends in a
# thing named with "the" and nothing after it but a place points back at what the background says
_POINTS_BACK_RE = re.compile(r"\bthe\s+(?:best\s+|main\s+|right\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?(?:\s+in\s+[A-Z][\w-]*)?\s*\?*\s*$")


# "Which breeds …?", "What brands, aside from Gaggia, …?": kinds of a thing the question does not name
_BARE_KIND_RE = re.compile(r"(?:which|what)\s+(?:other\s+)?(?:breeds|brands|varieties|models|strains|cultivars)\b(?!\s+(?:of|make|makes|that|which)\b)", re.IGNORECASE)


_RESTATED_RE = re.compile(r"(?:something|anything)\s+(?:on|about|like|regarding)\s+\S", re.IGNORECASE)  # ("something by X" names only its maker)


def _drop_background(text: str) -> str:
    """Drop sentences that only tell about the asker ("I'm a pharmacy student revising for
    exams.") when another sentence asks a question that stands on its own: at least four
    content words and nothing that points back ("What are the tax consequences?" after "I'm
    selling my ETFs." needs the statement, so both stay). A statement that asks ("I need …",
    "I'm writing an essay on …") or excludes ("I already know about X.") is kept."""
    spans = _sentences(text)
    if len(spans) < 2:
        return text
    # "Can you help? …": a sentence that only asks for help goes, whatever the others say
    kept = [(a, b) for a, b in spans if not _EMPTY_REQUEST_RE.match(text[a:b].strip())]
    if kept and len(kept) < len(spans):
        text = _squash(" ".join(text[a:b] for a, b in kept))
        spans = _sentences(text)
        if len(spans) < 2:
            return text
    triggers: list[tuple[int, int]] = []  # the text's exclusion cues: (start of the connector, end)
    found = _find_trigger(text)
    while found is not None and len(triggers) < 8:
        triggers.append((found[0], found[1]))
        found = _find_trigger(text, found[1])

    def excludes(a: int, b: int) -> bool:  # the sentence a..b holds an exclusion cue ("Vinyl is off the table." too)
        return any(a <= end - 1 < b for _, end in triggers) or any(_off_the_table_items(m) for m in _OFF_THE_TABLE_RE.finditer(text[a:b].strip()) if m.start() == 0)

    background: list[int] = []
    named: list[int] = []  # background that names a place or a thing
    request: list[int] = []
    excluded_before = next((b for a, b in spans if excludes(a, b)), len(text))  # where the first sentence with an exclusion ends
    # where the last question ends, or the last request ("I need recipes …. Anything cheap works!")
    asked_by = max((b for a, b in spans if text[a:b].rstrip().endswith("?")), default=-1)
    if asked_by < 0:
        asked_by = max((b for a, b in spans if _requests(text[a:b].strip())), default=-1)
    afterthoughts: list[int] = []  # no antecedent there: they go even where the question points back
    for k, (a, b) in enumerate(spans):
        sentence = text[a:b].strip()
        if a >= excluded_before and _REMARK_SENTENCE_RE.match(sentence) and not sentence.endswith("?") and not excludes(a, b):
            background.append(k)  # "… other than melatonin? It makes me groggy.": a remark on what was excluded
        elif (
            0 <= asked_by <= a
            and not sentence.endswith("?")
            and not _QUESTION_START_RE.match(sentence)  # "… Is there any similarity between …": a question typed without its mark
            and not excludes(a, b)
            and (not _CONSTRAINT_RE.search(sentence) or _HEARSAY_RE.match(sentence) or _ANSWER_COUNT_RE.match(sentence) or _DOUBT_RE.match(sentence))
        ):
            background.append(k)  # "… in Europe? Just curious.", "… on gravel? Customers keep asking me.": why it is asked
            afterthoughts.append(k)
        elif k > 0 and (grading.content_words(sentence) <= _EMPTY_ASK_WORDS or _ASKS_AGAIN_RE.match(sentence)) and not excludes(a, b):
            background.append(k)  # "… What do I tell them?", "Where can I read about these?": it adds nothing
        elif (
            (_ABOUT_ME_RE.match(sentence) or (_names_asker(sentence) and not _QUESTION_START_RE.match(sentence) and not _ASKER_WANTS_RE.search(sentence)))
            and not sentence.endswith("?")
            # ("I'm writing an essay on X." asks for X, unless a question follows: "I'm writing a school
            # project on the Industrial Revolution. Could you find me primary sources on …?")
            and (not _FILLER_RE.match(sentence) or (_WORK_ON_RE.match(sentence) is not None and any(text[c:d].rstrip().endswith("?") for c, d in spans[k + 1 :])))
            and not _ASK_FOR_RE.match(sentence)
            and not _TOPIC_STATEMENT_RE.search(_A_QUESTION_RE.sub("", sentence))
            and not excludes(a, b)
            # (case-sensitive on purpose: only a sentence typed in lowercase, "i hate cooking.", matches;
            # matching "My son is allergic to eggs." too dropped backgrounds writers keep: fixed 1, broken 13 in session 19)
            and not _STATEMENT_CUE_RE.match(sentence)
        ):
            background.append(k)
            # "I live in Canada.": a place or a name is a constraint, unless the question names it again
            # ("Our team is fed up with Slack. What could replace Slack?"): its topics stay
            # (a month or a day is when, no name: "We're planning a family trip in June.")
            names = [name for name in re.findall(r"(?<=\S)\s+((?!I\b)[A-Z][\w'’-]*)", sentence) if name.lower() not in syntax.TIME_WORDS]
            # (but not what the asker's work is: "I work in IT support.", "I run a small bakery in Leeds.";
            # where the asker is stays: "I'm a pharmacist in Ontario.", "I work in Berlin.")
            placed = re.search(r"\b(?:in|near|outside|around|to|from)\s+(?:the\s+)?[A-Z][a-z]", sentence) is not None  # "… heading to Edinburgh"
            workplace = _WORKPLACE_RE.match(sentence) and (not placed or re.match(r"(?:i|we)\s+(?:also\s+)?(?:run|own|manage)\b", sentence, re.IGNORECASE))
            if any(name not in text[b:] and name not in text[:a] for name in names) and not workplace:
                named.append(k)
        else:
            request.append(k)
    # "I need an idea for a class project. Something on glaciers other than the Alps.": a later sentence that
    # says what the something is restates the request; the earlier one is why it is asked
    restated = next((k for k in request if k > 0 and _RESTATED_RE.match(text[spans[k][0] : spans[k][1]].strip())), None)
    if restated is not None:
        earlier = [k for k in request if k < restated and not excludes(*spans[k]) and _requests(text[spans[k][0] : spans[k][1]].strip())]
        background += earlier
        afterthoughts += earlier  # (what it was for leads nothing: the restated request says it all)
        request = [k for k in request if k not in earlier]
    if not request:  # "I'm planning a trip to Laos. What do I need?": the named background is the question
        request, named = named, []
        background = [k for k in background if k not in request]
    if not request:
        # "I'm a childminder with four under-fives. I want to swap screen time for something calmer
        # after lunch. Any ideas?": with nothing else asked, what the asker wants to do is the question
        wish = [k for k in background if k not in afterthoughts and _WISH_RE.match(text[spans[k][0] : spans[k][1]].strip())]
        request = wish[-1:]
        background = [k for k in background if k not in request]
    if not background or not request:
        return text
    without_afterthoughts = _squash(" ".join(text[a:b] for k, (a, b) in enumerate(spans) if k not in afterthoughts))
    # the question itself, less the sentences that open with an exclusion ("We've used Square
    # before, so leave that out.": its pronouns point at what it excludes) unless they go on to
    # ask ("Excluding Chardonnay and Riesling, which white grapes should I study?")
    def opens_with_exclusion(a: int, b: int) -> bool:
        return any(a <= end - 1 < b and not _words(text[a:start]) for start, end in triggers)

    @functools.cache  # (a sentence is read this way by each test below: the cut parses it)
    def asked_in(a: int, b: int) -> str:
        if not opens_with_exclusion(a, b):
            return text[a:b]
        rest = _exclusions_cut(text[a:b]).lstrip(" ,;:-–—")  # ("Not interested in X, I need …": the comma goes with the cut)
        return rest if _asks(rest) else ""

    @functools.cache  # (read by the bare-kind test and each word count below: the cut parses it)
    def asked_plain(k: int) -> str:
        # what sentence k asks for, less its request wording and exclusions
        return _strip_filler(_exclusions_cut(asked_in(*spans[k])).strip())

    def asked_words(kept: list[int]) -> frozenset[str]:
        # what the sentences ask for, each read alone ("What calming aids can we try? We've already ruled out
        # Feliway." asks for two words)
        return frozenset().union(*(grading.content_words(asked_plain(k)) for k in kept))

    def stands_alone(kept: list[int], but_people: bool = False) -> bool:
        core = " ".join(asked_in(a, b) for a, b in (spans[k] for k in kept))
        # ("'use it or lose it' rules": a quoted "it" points nowhere, nor does one in what is left out:
        # "… but not the IHT400 because the solicitor's doing that")
        # ("…, or failing that, …" points at the option before it, not at the background)
        core = re.sub(r"\bfailing\s+that\b", "failing", core, flags=re.IGNORECASE)
        said = _QUOTED_RE.sub(lambda m: "x" * len(m.group(0)), _exclusions_cut(core) if triggers else core)
        people = ("he", "him", "his", "she", "her") if but_people else ()
        # ("… murder mystery party …. Leave out the 1920s themes, anything else that works …?": "anything else"
        # asks for more of the background's kind, where the question names nothing the background does;
        # "… mild eczema …. What else helps hand eczema?" says its topic again)
        # (a background that names no topic gives "else" nothing to point at: "…, we can't afford one.")
        else_alone = False
        if _ELSE_ALONE_RE.search(said):  # (the other sentences' words read only where "else" is said)
            others = grading.content_words(" ".join(text[a:b] for k, (a, b) in enumerate(spans) if k not in kept))
            else_alone = len(others) >= 3 and not grading.content_words(core) & others
        return len(grading.content_words(core)) >= 4 and not else_alone and not any(
            not _antecedent_before(said, m) and m.group(0).lower() not in people for m in _REFERENCE_RE.finditer(said)
        )

    # "My husband has coeliac disease. Which cuisines are safe for him?": the question points back
    # only at a person; what the background says of them is the question's topic, not who they are
    alone = stands_alone(request)
    about_someone = not alone and stands_alone(request, but_people=True)
    asked_sentences = [text[a:b] for a, b in (spans[k] for k in request)]
    asked_text = " ".join(asked_sentences)
    asked = grading.content_words(asked_text)
    # "… keeping chickens in the back garden …. Which breeds are not noisy?": breeds, brands or varieties
    # named by nothing else are those of the thing the background names first
    if _BARE_KIND_RE.match(asked_plain(request[0])):
        first = next((k for k in background if k < request[0] and k not in afterthoughts), None)
        named_first = _background_topics(text[spans[first][0] : spans[first][1]].strip())[:1] if first is not None else []
        if named_first and not grading.content_words(named_first[0]) & asked:
            return _led(named_first, asked_sentences)
    if not alone and not about_someone:
        # (the named background as part of the question, as it reads)
        with_named = sorted(request + named)
        if len(with_named) == len(spans) or not stands_alone(with_named):
            # "My husband has just been told he has high blood pressure. Which exercises help lower
            # it?": what the question points back at is what the background names, not who asks
            before = [k for k in background if k < min(request) and k not in afterthoughts]
            lead_topics: list[str] = []
            for k in before:
                lead_topics += [t for t in _background_topics(text[spans[k][0] : spans[k][1]].strip()) if t not in lead_topics]
            topics_named = all(_names_its_topics(text[spans[k][0] : spans[k][1]].strip()) for k in before)
            # ("My kids found a slow worm and asked if it was a snake.", "a pupil asked me something I couldn't
            # answer": who asked it is why it is asked; what they asked is the question that follows)
            why_asked = bool(before) and all(_SOMEONE_ASKED_RE.search(text[spans[k][0] : spans[k][1]]) for k in before)
            if before and lead_topics and topics_named:
                # (a topic the question names again is said once: "… a school project on deserts. Which deserts are not hot?")
                lead_topics = [t for t in lead_topics if not grading.content_words(t) <= asked]
                specific = (
                    not re.search(r"\b(?:else|other|others|another|options?|suggestions?|ideas?|recommend\w*|some|any)\b", asked_text, re.IGNORECASE)
                    and len(asked_words(request)) >= 3
                    # ("What's the best sauce recipe?", "What are the tax consequences in Canada?": "the" points back;
                    # "… what lifestyle changes actually help?": help with what the background says)
                    and not _POINTS_BACK_RE.search(asked_text.strip())
                    and not re.search(r"\b(?:help|work|matter)\s*\?*\s*$", asked_text.strip(), re.IGNORECASE)
                )
                if specific and not any(_REFERENCE_RE.search(sentence) for sentence in asked_sentences):
                    # short but pointing nowhere ("… a couple want a spring ceremony outdoors. Which flowers are in
                    # season in April?"), the question takes what one that stands alone takes: a name of several
                    # capitalised words, or a one-word place where it asks for things that are somewhere
                    # (writers folded 2 such backgrounds in 19 since set 150, both names: "Land Rover Series III")
                    located = _LOCATED_RE.search(asked_text) is not None
                    lead_topics = [t for t in lead_topics if sum(w[:1].isupper() for w in t.split()) >= 2 or (len(t.split()) == 1 and t[:1].isupper() and located)]
                return _led(lead_topics, asked_sentences)
            asked_alone = text[spans[request[0]][0] : spans[request[0]][1]] if len(request) == 1 else ""
            if (
                # (or one whose topics are no objects of the asker's: "… and a pupil asked me something I
                # couldn't answer. Why are whales not fish?")
                # (or one that asks of a name of its own: "… she's got a part in it. Can you find the song list for Guys and Dolls?")
                before and ((not lead_topics and not named) or why_asked or _OWN_NAME_RE.search(asked_alone) is not None) and asked_alone and not _REFERENCE_RE.search(asked_alone)
                and not re.search(r"\bthen\b", asked_alone, re.IGNORECASE)  # ("What were the rules back then?" points back)
                and not any(_STATEMENT_CUE_RE.match(text[spans[k][0] : spans[k][1]].strip().lower()) for k in before)  # ("I hate cooking. Quick dinner ideas?")
                and not re.search(r"\b(?:else|options?)\b", asked_alone, re.IGNORECASE)
                and len(grading.content_words(_strip_filler(_exclusions_cut(asked_alone).strip()))) >= 3
            ):
                # "We're a couple in our sixties looking to downsize. What kinds of retirement housing are
                # there?": a background that names no topic adds nothing to a question of three content words
                return _squash(asked_alone)
            return without_afterthoughts
        return _squash(" ".join(text[spans[k][0] : spans[k][1]] for k in with_named))
    # what a named background is about stays where the question does not say it: "We're doing
    # a cycling tour through the Netherlands in May. Which cities …?" keeps "cycling tour", "Netherlands"
    topics: list[str] = []
    # (only there: writers drop the topics of a background that names nothing; all of it was
    # measured as 25 worse and 5 better over 1,695 dev questions)
    # and any background's topics where the question asks for two words or fewer once its exclusions
    # are cut ("I'm planning a vegetarian dinner party. Can you suggest main courses apart from
    # lasagne and curry?": "main courses" alone lost what they are for)
    asking = [k for k in request if _asks(text[spans[k][0] : spans[k][1]]) or (opens_with_exclusion(*spans[k]) and asked_in(*spans[k]))]
    asked_without_exclusions = _exclusions_cut(" ".join(text[spans[k][0] : spans[k][1]] for k in asking))
    # (less its request wording: "Could you point me to beginner tips" asks for two words)
    bare = len(asked_words(asking)) <= 2
    # (a place the question narrows with a name of its own goes: "We're off to Japan. Ryokan stays in
    # Kyoto?", "… in Manchester. Primary schools in Didsbury?"; writers dropped it 12 times in 13)
    named_in_asking = re.search(r"(?<=[\w,)]\s)(?!I\b)[A-Z][a-z]", asked_without_exclusions) is not None
    def narrowed(place: str, sentence: str) -> bool:
        return named_in_asking and _NAME_ONLY_RE.fullmatch(place) is not None and re.search(r"\b(?:in|to|from|visit|visiting|around|near|across|through)\s+(?:the\s+)?" + re.escape(place), sentence) is not None

    # a question that stands on its own takes from a named background only a name of several
    # capitalised words (a title, "the Lake District") and, where it asks for things that are
    # somewhere ("Which cities …", "day trips", "walks"), a one-word place
    located = _LOCATED_RE.search(asked_without_exclusions) is not None
    # ("What else is out there …?", "what are realistic options?": all of the background is what it asks about)
    vague = re.search(r"\b(?<!or\s)(?:else|options?)\b", asked_without_exclusions, re.IGNORECASE) is not None

    def wanted(topic: str) -> bool:
        if bare or about_someone or vague:
            return True
        capitals = sum(word[:1].isupper() for word in topic.split())
        return capitals >= 2 or (capitals == 1 and len(topic.split()) == 1 and located)

    for k in named if not (bare or about_someone) else sorted(set(named) | {k for k in background if k < min(request) and k not in afterthoughts}):
        sentence = text[spans[k][0] : spans[k][1]].strip()
        topics += [t for t in _background_topics(sentence) if not grading.content_words(t) <= asked and t not in topics and not narrowed(t, sentence) and wanted(t)]
    # "We're redoing our bathroom …. What flooring options …?": the room the asker does up is what its
    # floors, walls and worktops are for (writers said it 42 times in 49 with such a thing, 37 in 40 since set 100)
    # (not where it names a part of the room, which says where: "… wall coverings for a shower", writers 5 in 7)
    if _FITTED_RE.search(asked_without_exclusions) and not re.search(r"\b(?:showers?|vanity|vanities|baths?|basins?|toilets?)\b", asked_without_exclusions, re.IGNORECASE):
        for k in background:
            room = _DOING_UP_RE.search(text[spans[k][0] : spans[k][1]]) if k < min(request) else None
            if room and room.group("room").lower() not in topics and not grading.content_words(room.group("room")) & asked:
                topics.append(room.group("room").lower())
    # ("We're getting married in June …. What flowers are in season …?": a wedding's flowers, venues, catering; writers 15 in 17)
    if _WEDDING_THINGS_RE.search(asked_without_exclusions) and "wedding" not in topics and not re.search(r"\b(?:wedding|bridal|bride|marry|married)\b", asked_text, re.IGNORECASE):
        if any(k < min(request) and _WEDDING_RE.search(text[spans[k][0] : spans[k][1]]) for k in background):
            topics.append("wedding")
    return _led(topics, asked_sentences)


_DOING_UP_RE = re.compile(
    r"\b(?:redoing|renovating|refurbishing|remodell?ing|doing\s+up|redecorating|decorating|updating|revamping|re-?tiling|planning|organi[sz]ing)\s+"
    r"(?:our|the|my|a|an)\s+(?:(?:new|small|tiny|old|little)\s+)?(?P<room>bathroom|kitchen|wedding|hallway|nursery|living\s+room|bedroom|en-?suite|utility\s+room)\b",
    re.IGNORECASE,
)
_WEDDING_RE = re.compile(r"\b(?:getting\s+married|get\s+married|(?:our|my|the|a|their|her|his)\s+(?:own\s+)?wedding)\b", re.IGNORECASE)
_WEDDING_THINGS_RE = re.compile(r"\b(?:venues?|flowers|bouquets?|catering|caterers?|florists?|centrepieces?|receptions?|canap[eé]s|dances)\b", re.IGNORECASE)
_FITTED_RE = re.compile(r"\b(?:floors?|flooring|tiles?|walls?|worktops?|countertops?|splashbacks?|wallpapers?|paints?|cabinets?|taps?|lighting|venues?|flowers|bouquets?|marquees?)\b", re.IGNORECASE)


# "I coach an under-12 hockey team", "I coach junior rugby": the sport and who plays it
_COACH_RE = re.compile(
    r"\bI\s+(?:help\s+)?coach\s+(?:an?\s+|the\s+|our\s+|my\s+)?(?P<what>(?:(?:under[- ]?\d+s?|u\d+s?|junior|youth|girls['’]?|boys['’]?|women['’]s|men['’]s|"
    r"adult|beginners?|school|village|local|amateur|club|sunday\s+league)\s+)*(?P<sport>(?!(?:kids|children|people|adults|teams?|clubs?|players|a|an|the)\b)[a-z][a-z-]+))"
    r"(?=\s+(?:team|club|squad|side|group|players|sessions?)\b|\s*[,.;!?]|\s+(?:and|on|at|in|for|twice|every)\b)",
)
_LOCATED_RE = re.compile(
    r"\b(?:cit(?:y|ies)|towns?|villages?|places?|beach(?:es)?|walks?|hikes?|trails?|routes?|parks?|campsites?|hotels?|restaurants?|caf[eé]s?|pubs?|bars?|"
    r"neighbou?rhoods?|areas?|resorts?|castles?|museums?|galler(?:y|ies)|attractions?|trips?|stops?|things\s+to\s+do|activit(?:y|ies)|schools?|nurser(?:y|ies)|"
    r"supermarkets?|shops?|venues?|islands?|spots?|destinations?|regions?|lakes?|mountains?|gardens?|clubs?|courses?|classes|centres?|centers?|"
    r"see|visit|stay|go|live|eat|from\s+there|there)\b",
    re.IGNORECASE,
)


# what the asker does it for, not what about: "a school project", "the pub quiz", "our anniversary"
_PURPOSES = {
    "project", "projects", "homework", "assignment", "assignments", "coursework", "dissertation", "unit", "topic", "lesson", "lessons",
    "session", "sessions", "exam", "exams", "quiz", "fact", "facts", "menu", "anniversary", "birthday", "hobby", "money", "club", "group", "society", "firm",
}
# and whose kind says nothing of the topic: "a school project", "our wedding anniversary"
_PURPOSE_KINDS = {
    "school", "class", "classroom", "homework", "pub", "family", "book", "work", "group", "research", "science", "history", "geography", "english", "maths",
    "art", "architecture", "design", "fun", "surprising", "interesting", "quick", "few", "big", "final", "first", "next", "weekly", "monthly", "end-of-term",
}


# what an idiom or a date leaves behind, naming no topic: "bored of the usual suspects", "out of my depth",
# "getting to grips with it", "for my mum's 60th", "needs kit", "widen our range" (writers left 29 of 32 out)
_NO_TOPIC_RE = re.compile(
    r"(?:usual|obvious|big|same|normal)\s+\S+|names|stuff|things|depth|grips|death|\d+(?:st|nd|rd|th)|\w+tieth|tenth|eleventh|twelfth|"
    r"kit|pieces|range|counter|bits|options|surprise",  # ("a surprise 40th": the date gone, "surprise" is left)
    re.IGNORECASE,
)


def _led(topics: list[str], sentences: list[str]) -> str:
    """The question's sentences with the background's topics before the first that asks; one that only
    excludes ("Granite is off the table.") goes after them, since cut out whole it would take the colon too."""
    lead = _lead(topics)
    at = next((k for k, sentence in enumerate(sentences) if _asks(sentence)), 0) if lead else 0
    asked = _squash(" ".join(sentences[at:]))
    if at and not asked.endswith((".", "?", "!")):
        asked += "?"  # (its mark went with an afterthought: "… would work? Thanks!")
    return _squash(lead + " ".join([asked] + sentences[:at]))


def _lead(topics: list[str]) -> str:
    """ "high blood pressure, Edinburgh: ": background topics before the question ("" for none); a
    title that holds an exclusion word is quoted, so that it is read as a name ("'Neither Here Nor There'")."""
    # ("a new puppy", "a small farm", "my first gaming PC": how new or big the asker's thing is says nothing of the topic)
    topics = [re.sub(r"^(?:(?:brand\s+)?new|small|little|big|old|first|tiny|local)\s+(?=\w)", "", t) for t in topics]
    # (what it is for stays: "fencing club", "the water regulations exam", "a pond dipping session")
    # ("our 25th wedding anniversary", "his 40th birthday": which one, or a wedding's, says nothing of the topic either)
    topics = [re.sub(r"(?:\s+(?:\d+(?:st|nd|rd|th)|silver|golden|ruby|diamond|pearl))?(?:\s+wedding(?=\s+anniversary))?\s+\S+$", "", " " + t).strip() if t.split()[-1].lower() in _PURPOSES else t for t in topics]
    topics = [t for t in topics if t and not set(t.lower().split()) <= _PURPOSE_KINDS and not _NO_TOPIC_RE.fullmatch(t)]
    return ", ".join(f"'{t}'" if _TRIGGER_RE.search(t) else t for t in topics) + ": " if topics else ""


# "…, or should I just buy good binoculars?", "…, or are artificial plants a better idea?": the
# other option asked about as a yes/no question; the option is what is searched for
_OPTION_OFFERED_RES = (
    re.compile(
        r"^\s*(?:should|shall|could|can|would)\s+(?:I|we)\s+(?:just\s+|instead\s+|rather\s+|simply\s+)?"
        r"(?:buy|get|use|take|go\s+for|go\s+with|try|choose|pick|opt\s+for|stick\s+with|switch\s+to|look\s+at|consider|start\s+with|visit)\s+(?P<option>\w.*?)(?:\s+instead)?\s*\?*\s*$",
        re.IGNORECASE,
    ),
    # ("…, or should I just join a sailing club?": an act of its own is the option, its verb with it)
    re.compile(r"^\s*(?:should|shall|could|can|would)\s+(?:I|we)\s+(?:just\s+|instead\s+|rather\s+|simply\s+)?(?P<option>(?!be\b|do\b|go\b|stay\b|wait\b|bother\b)(?![a-z]\w+\s+about\b)[a-z]\w+\s+\w.*?)(?:\s+instead)?\s*\?*\s*$", re.IGNORECASE),
    re.compile(
        r"^\s*(?:are|is|would)\s+(?P<option>\w.*?)\s+(?:be\s+)?(?:an?\s+)?(?:better|good|safer|cheaper|easier|smarter|wiser)\s+"
        r"(?:idea|option|choice|bet|alternative|solution|buy)s?\s*\?*\s*$",
        re.IGNORECASE,
    ),
    # "…, or is a micro:bit with add-ons enough?", "…, or else is overpaying my mortgage smarter?"
    re.compile(r"^\s*(?:are|is|would)\s+(?P<option>\w.*?)\s+(?:be\s+)?(?:good\s+enough|enough|better|smarter|wiser|cheaper|safer|easier|worth\s+it)\s*\?*\s*$", re.IGNORECASE),
    # "…, or would rubber flooring work?", "…, or could a gazebo do instead?"
    re.compile(r"^\s*(?:would|could|might|will|can)\s+(?P<option>(?!(?:I|we|you|he|she|one|it|that|this|they)\b)\w.*?)\s+(?:work|do|suffice)(?:\s+(?:instead|better|as\s+well))?\s*\?*\s*$", re.IGNORECASE),
)


# "What are the entry requirements and the salary for prison officers?": two things asked of one topic
_BOTH_ASKED_RE = re.compile(
    # (no preposition inside an item: "symptoms and treatment of shingles in older adults" asks both of shingles)
    r"^(?P<pre>(?:(?:what|which)\s+(?:are|were|is|was)\s+the\s+)?)(?P<a>[a-z][\w'’-]*(?:\s+(?!(?:for|of|in|at|on)\b)[a-z][\w'’-]*){0,2})\s+and\s+(?:the\s+)?"
    r"(?P<b>[a-z][\w'’-]*(?:\s+(?!(?:for|of|in|at|on)\b)[a-z][\w'’-]*){0,2})\s+(?P<tail>(?:for|of|in|at|on)\s+\S.*)$",
    re.IGNORECASE,
)


def _both_asked(t: str) -> Expr | None:
    """ "What are the causes and treatments of tennis elbow?": two plural things asked of one
    topic, each a request, both wanted (blind writers joined them with AND 4 times in 5)."""
    m = _BOTH_ASKED_RE.match(t)
    if m is None or _fixed_pair(m.group("a"), m.group("b")):
        return None
    if re.search(r",|\band\b", m.group("tail")):
        return None  # one topic only: "… of William Wilberforce, and the Lockheed Corporation" pairs them
    if not m.group("pre") and not re.match(r"(?:of|on)\s", m.group("tail"), re.IGNORECASE):
        return None  # typed as a query, two aspects of one thing ("symptoms and treatment of shingles"), not "plumbers and electricians in swindon"
    words = syntax.tag(t)
    def tags(g: str) -> list[str]:
        return [w.tag for w in words if m.start(g) <= w.start < m.end(g)]
    a, b = tags("a"), tags("b")
    # (typed as a query or of one thing, writers split them too: "symptoms and treatment of shingles",
    # "history and culture of the faroe islands": 4 in 4)
    # (a plural last, typed as a query, may be a head both share: "nursery and preschool fees in manchester")
    if not a or not b or a[-1] not in ("NN", "NNS") or b[-1] not in (("NN", "NNS") if m.group("pre") or len(b) == 1 else ("NN",)) or any(tag not in ("NN", "NNS", "JJ", "JJS", "HYPH", "VBG") for tag in a + b):
        return None
    return _node(And, [m.group("pre") + m.group(k) + " " + m.group("tail") for k in ("a", "b")])


_HOW_DO_I_RE = re.compile(r"^how\s+(?:do|can|should|would)\s+(?:i|we|you)\s+\w", re.IGNORECASE)


def _two_tasks(t: str) -> Expr | None:
    """ "How do I register to vote and apply for a postal vote?", "How do I stop my dog barking at
    the postman and jumping up at visitors?": two tasks, each a verb with what follows it, one
    request each, with what the question says before the first (blind writers split them)."""
    if not _HOW_DO_I_RE.match(t) or "," in t:
        return None
    words = syntax.tag(t)
    ands = [k for k, w in enumerate(words) if w.text.lower() == "and"]
    if len(ands) != 1 or ands[0] + 2 >= len(words):
        return None
    c = ands[0]
    second = words[c + 1]
    # ("red wine and candle wax", "a guitar's fretboard and bridge in dry weather", "moss and algae on a patio": a noun
    # the tagger reads as a verb, after a noun and before a noun or a preposition of place or time)
    located = words[c - 1].tag in ("NN", "NNS") and words[c + 2].text.lower() in ("in", "on", "at", "near", "under", "during", "around", "inside", "outside", "over")
    if second.tag not in ("VB", "VBG") or ((words[c + 2].tag in ("NN", "NNS") or located) and syntax.noun_alone(second.text)):
        return None
    first = next((k for k in range(3, c) if words[k].tag == second.tag), None)  # the question's own verb, or its first gerund
    if first is None or c - first < 2 or len(words) - c - 1 < 2 or _fixed_pair(words[c - 1].text, second.text):
        return None
    prefix, tail = t[: words[first].start], t[second.start :]
    return _node(Or, [prefix + t[words[first].start : words[c - 1].end], prefix + tail])


# what two subjects do together or to each other: asked of both at once
_TOGETHER_RE = re.compile(
    r"\b(?:differ|distinguish\w*|compare|interact|relate|combine|mix|compete|coexist|fight|mate|communicate|cooperate|work\s+together|get\s+along|"
    r"together|each\s+other|one\s+another|apart|between|both|on\s+different)\b",  # ("… celebrate Easter on different dates")
    re.IGNORECASE,
)


_HEAD_PREPS = ("through", "via", "in", "at", "on", "for", "with", "by", "from", "near", "during", "under", "using", "to", "of", "about")


# "leatherwork projects no wallets no belts", "bbc period dramas not austen not dickens": a lowercase keyword
# query that says "no" or "not" before each of two items
_NO_TWICE_RE = re.compile(
    r"(?P<head>[a-z][^,;:?!.]*?)\s+(?P<cue>no|not)\s+(?P<a>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
    r"(?P<more>(?:\s+(?P=cue)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)+)[\s.!]*"
)


def _head_before_preposition(first: str, part: str) -> str:
    """ "Should I learn watch repair through a college course, or through online tutorials?", "Jobs
    in marketing other than sales, or in product management": an alternative that opens with a
    preposition of the first takes the words before it (the last such preposition, with no
    exclusion before it). So does one that opens with "somewhere" or "one" and then such a preposition ("…, or else
    somewhere in Lincolnshire for short-eared owls", "…, or one about Mesopotamia"): the first's head stands for it."""
    stand_in = re.match(r"\s*(?:somewhere|one)\s+(?=\w)", part, re.IGNORECASE)
    if stand_in:
        taken = _head_before_preposition(first, part[stand_in.end() :])
        return taken if taken != part[stand_in.end() :] else part
    opening = part.strip().split(" ", 1)[0].lower()
    if opening not in _HEAD_PREPS:
        return part
    at = first.lower().rfind(" " + opening + " ")
    if at < 0 or _find_trigger(first[:at]) is not None:
        return part
    return first[:at] + " " + part.strip()


def _option_offered(part: str) -> str:
    for rx in _OPTION_OFFERED_RES:
        m = rx.match(part)
        if m and _words(m.group("option")):
            return m.group("option")
    return part


def rules_to_expr(question: str) -> RuleResult:
    """The rule-based translation of ``question`` (see the module docstring)."""
    if not isinstance(question, str):
        raise TypeError(f"a question is a string, not {type(question).__name__}")
    original = _squash(question)
    if not original:
        raise ValueError("empty question")
    # "401(k)", "section 3(b)": a parenthesis glued to a word is part of it, not an aside
    glued = _GLUED_PAREN_RE.sub(lambda m: m.group(1) + _OPEN + m.group(2) + _CLOSE, original)
    glued = _RECOMMEND_TYPO_RE.sub(lambda m: m.group(1) + "ecommend", glued)
    glued = _FUNCTION_TYPO_RE.sub(lambda m: _typo_fixed(m.group(0)), glued)
    said_twice = _NO_TWICE_RE.fullmatch(glued) if glued == glued.lower() else None
    listed = [said_twice.group("a")] + [x for x in re.split(r"(?:^|\s+)" + said_twice.group("cue") + r"\s+", said_twice.group("more").strip()) if x] if said_twice else []
    if said_twice and (len(listed) >= 3 or not _SAYING_RE.search(glued)) and not re.search(r"\b(?:and|or|with|has|have)\b", " ".join(listed) + " " + said_twice.group("head").split()[-1]):
        # "cheese scone recipes no chives no mustard": the cue said before each item makes them a list
        # left out (every writer of dev read it so), whatever the tagger makes of the items
        glued = f"{said_twice.group('head')}, excluding " + (", ".join(listed[:-1]) + " or " + listed[-1])
    glued = _ABBREVIATION_DOT_RE.sub(lambda m: m.group(1) + _DOT, glued)
    glued = _titles_as_named(glued)
    result = _rules_to_expr(glued)
    return result if glued == original and not _capitalised_here(result, original) else _unglued(result, original)


_CAPITALISED = r"[A-Z][\w'’]*(?:\s+[A-Z][\w'’]*)*"
# "Snakes and Ladders", "Marks and Spencer": a name joined by "and" / "or", typed with capitals
_TITLE_PAIR_RE = re.compile(r"(?<![.?!]\s)(?<!^)\b[A-Z][\w'’]*(?:\s+(?:[A-Z][\w'’]*|of|the))*\s+(?:and|or|&)\s+" + _CAPITALISED)
_LISTED_TITLE_RE = re.compile(
    r"(?<![\w'‘\"“])(?:The|A)\s+" + _CAPITALISED + r"(?:,\s+(?:the|a)\s+" + _CAPITALISED + r")+,?\s+(?:and|&)\s+(?:the|a)\s+" + _CAPITALISED + r"(?![\w'’\"”])"
)


def _titles_as_named(text: str) -> str:
    """``text`` with a name joined by "and" that it types once with capitals and again in lowercase
    ("… obsessed with Snakes and Ladders. Where did the game snakes and ladders come from?")
    written with its capitals each time, so that it is read as one name and not split; and a
    title that lists with commas ("The Lion, the Witch and the Wardrobe") quoted, as a title is."""
    for title in {m.group(0) for m in _TITLE_PAIR_RE.finditer(text)}:
        text = re.sub(r"\b" + re.escape(title) + r"\b", title, text, flags=re.IGNORECASE)
    return _LISTED_TITLE_RE.sub(lambda m: "'" + m.group(0) + "'", text)


# "reccomend", "recomend", "reccommend": the request word as users often type it
_RECOMMEND_TYPO_RE = re.compile(r"\b([Rr])ec{1,2}om{1,3}end")
# the question and request words as users often mistype them ("Wich islands …", "Coud you pont me to …"):
# read as meant, they are request wording, not topic words
_FUNCTION_TYPOS = {
    "wich": "which", "whcih": "which", "whihc": "which", "waht": "what", "whta": "what", "hwo": "how",
    "coud": "could", "cuold": "could", "shoud": "should", "shuold": "should", "woud": "would", "wuold": "would",
    "sugest": "suggest", "suggets": "suggest", "pont": "point", "plese": "please", "pleese": "please", "pleaes": "please",
    "allready": "already", "alredy": "already", "alraedy": "already",
    "exluding": "excluding", "excluing": "excluding", "exculding": "excluding", "exept": "except", "excpet": "except",
    "arent": "aren't", "isnt": "isn't", "dont": "don't", "doesnt": "doesn't", "wont": "won't",  # (typed without the apostrophe)
    "im": "I'm", "ive": "I've",  # ("Im a personal trainer …": background, as "I'm" is)
}
# (not "Pont du Gard": "pont" only as "pont me to"; not "IM" or "IVE" in capitals: an abbreviation)
_FUNCTION_TYPO_RE = re.compile(
    r"\b(?:" + "|".join(w for w in _FUNCTION_TYPOS if w not in ("pont", "im", "ive")) + r")\b|\bpont(?=\s+(?:me|us)\s+to\b)|\b(?-i:[Ii]m|[Ii]ve)\b",
    re.IGNORECASE,
)


def _typo_fixed(word: str) -> str:
    meant = _FUNCTION_TYPOS[word.lower()]
    return meant.capitalize() if word[:1].isupper() else meant


_GLUED_PAREN_RE = re.compile(r"(\w)\((\w{1,3})\)(?!\w)")
_OPEN, _CLOSE = "\ue000", "\ue001"  # private-use characters: no question holds them, the tagger keeps them in the word
# "Sgt. Pepper", "St. Ives": the tagger splits the dot off a title's abbreviation and ends a phrase there
_ABBREVIATION_DOT_RE = re.compile(r"\b(Sgt|St|Dr|Mr|Mrs|Ms|Mt|Prof|Capt|Gen|Col|Lt|Rev|Fr|Jr|Sr|Gov|Sen|Hon|Pres)\.(?=\s+[A-Z])")
_DOT = "\ue002"


def _unglued(result: RuleResult, original: str) -> RuleResult:
    """``result`` as the user typed it: glued parentheses and abbreviation dots back, and no quotes around a title that
    ``_titles_as_named`` quoted."""
    titles = [m.group(0) for m in _LISTED_TITLE_RE.finditer(original)]

    def text(t: str) -> str:
        for title in titles:
            t = t.replace("'" + title + "'", title)
        t = t.replace(_OPEN, "(").replace(_CLOSE, ")").replace(_DOT, ".")
        return t[:1].lower() + t[1:] if _capitalised_here(t, original) else t

    def expr(e: Expr) -> Expr:
        if isinstance(e, Term):
            return Term(text(e.text))
        if isinstance(e, Not):
            return Not(expr(e.child))
        assert isinstance(e, (And, Or))
        children: list[Expr] = []
        for c in map(expr, e.children):
            if c not in children:  # ("Dinosaurs are off the table" capitalised it by position only: one item, said twice)
                children.append(c)
        return type(e)(children) if len(children) > 1 else children[0]

    negatives = list(dict.fromkeys(text(n) for n in result.negatives))
    return RuleResult(expr(result.expr), text(result.positive), negatives, [text(n) for n in result.notes])


def _capitalised_here(found: RuleResult | str, original: str) -> bool:
    """Whether a term (any term of a result) starts with a capital the user did not type: a
    sentence made of a clause ("… and leather is off the table" → "Leather is off the table.")."""
    if isinstance(found, RuleResult):
        return any(_capitalised_here(t, original) for t in [found.positive, *found.negatives])
    return found[:1].isupper() and found not in original and re.search(r"\b" + re.escape(found[:1].lower() + found[1:]) + r"\b", original) is not None


def _reported_question(text: str) -> str:
    """ "She asked me which reptiles are not dinosaurs." as the question it reports: "which reptiles
    are not dinosaurs?" (a sentence of its own; what came before it in the sentence is background)."""
    m = _ASKED_WHAT_RE.search(text)
    if m is None:
        return text
    end = next((b for a, b in _sentences(text) if b > m.end()), len(text))
    before = text[: m.start()]
    if before.rstrip().endswith(" and"):
        before = before.rstrip()[:-4].rstrip() + ". "
    asked = text[m.end() : end].rstrip()
    # ("… which bugs aren't really bugs, and I had no idea!": what the asker says of it is no part of it)
    asked = re.sub(r",\s+(?:and|but)\s+(?:I|we)\b.*$", "", asked).rstrip(" !")
    asked = asked[:-1] + "?" if asked.endswith(".") else asked if asked.endswith("?") else asked + "?"
    return _squash(before + asked[:1].upper() + asked[1:] + " " + text[end:])


_FRONT_CUE_RE = re.compile(r"(?P<cue>excluding|except(?:\s+for)?|apart\s+from|aside\s+from|other\s+than|besides|anything\s+but|not\s+including)\s+(?=[a-z])")


# "Give me anything but Thailand for a beach honeymoon in Asia.": "anything" is the class; what it is for is asked
_ANYTHING_BUT_FOR_RE = re.compile(
    r"^(?:please\s+)?(?:give|show|find|suggest|recommend)\s+(?:me\s+|us\s+)?anything\s+but\s+(?P<out>[^,.;:?!]+?)\s+(?:for|when\s+it\s+comes\s+to)\s+(?:an?\s+|the\s+)?(?P<what>[^,.;:?!]+?)[.?!]*$",
    re.IGNORECASE,
)


def _front_exclusion_moved(text: str) -> str:
    """ "excluding barn owls uk owl species": a lowercase keyword query that opens with what it leaves
    out names the class after it; it reads as "uk owl species, excluding barn owls". The excluded
    phrase ends at a plural noun, or before an adjective of a people or place, and the class after it
    is a bare noun phrase ending in a plural; anywhere else it is unsure, and the query stays as it is."""
    given = _ANYTHING_BUT_FOR_RE.match(text.strip())
    if given:
        return f"{given.group('what')}, anything but {given.group('out')}"
    cue = _FRONT_CUE_RE.match(text)
    # (the first sentence only: "anything but ikea flat pack wardrobes. Also, …")
    later = re.search(r"[.?!]\s+(?=[A-Z])", text)
    first, rest_of_text = (text[: later.start()], text[later.start() :]) if later else (text, "")
    # (commas only between one-word items before the list's "and" / "or": "aside from keats, shelley and byron …")
    one_word_list = cue is not None and re.match(r"[a-z'’-]+(?:\s*,\s*[a-z'’-]+)+,?\s+(?:and|or)\s+[a-z'’-]+\s+[^,]+$", first[cue.end() :].rstrip(" .")) is not None
    if not cue or first != first.lower() or re.search(r"[;:?!]|\.\s", first.rstrip(" .")) or ("," in first and not one_word_list):
        return text
    body = first[cue.end() :].rstrip(" .")
    words = syntax.tag(body)

    def plural(w: syntax.Word) -> bool:  # (and "owls" alone in a lowercase run is tagged a proper noun)
        return syntax.plural_noun(w) or (w.tag in ("NN", "NNP") and len(w.text) > 3 and w.text.endswith("s") and not w.text.endswith("ss"))

    def modifier(run: list[syntax.Word], j: int) -> bool:  # "migraine medication options": a noun before a noun, whatever the tagger says
        return run[j].tag in ("VB", "VBP") and run[j].text.isalpha() and j + 1 < len(run) and run[j + 1].tag in ("NN", "NNS")

    def adjective(w: syntax.Word) -> bool:  # "georgian", "british", "uk", "flat"
        return _nationality(w.text.capitalize()) or w.text in syntax.COUNTRIES or w.text in ("uk", "us", "eu") or (w.tag == "JJ" and w.text in _PLAIN_ADJECTIVES | {"flat"})

    for k in range(min(4, len(words) - 2)):
        w, after = words[k], words[k + 1]
        country = k == 0 and w.text in syntax.COUNTRIES  # (one country, whatever its tag: "excluding scotland hmo licence rules")
        if w.tag not in ("NN", "NNS", "NNP", "NNPS", "VBZ", "VBP") and not country:
            continue
        if not ((plural(w) and after.tag in ("NN", "NNS", "NNP", "JJ")) or adjective(after) or country):
            continue
        rest = words[k + 1 :]
        if len(rest) < 2 or not plural(rest[-1]) or any(x.tag in ("IN", "TO", "DT", "CC", "PRP", "MD") or (x.verb and not plural(x) and not modifier(rest, j)) for j, x in enumerate(rest)):
            break
        return f"{body[after.start :]}, {cue.group('cue')} {body[: w.end]}{rest_of_text}"
    # Otherwise the writers' items (dev sets): one word, as a rule ("apart from teak hardwoods for outdoor
    # furniture", "excluding roscoff ferry ports in brittany": 19 in 32); a name after "the" has two
    # ("aside from the eden project cornwall rainy day attractions": 4 in 4); so has an adjective with
    # its noun ("white noise"), or a compound whose head the class says again ("brain coral types of coral")
    texts = [w.text for w in words]
    if len(words) < 3 or any(w.tag in ("PRP", "MD", "WDT", "WP", "WRB") for w in words):
        return text
    # ("anything but tiles for bathroom walls": "anything" is the class, and what it is for is asked; 3 in 3)
    purpose = re.fullmatch(r"(?P<out>[a-z'’-]+(?:\s+[a-z'’-]+)?)\s+for\s+(?:an?\s+|the\s+)?(?P<what>[a-z'’-]+(?:\s+[a-z'’-]+)+)", body)
    if purpose and cue.group("cue").startswith("anything"):
        return f"{purpose.group('what')}, {cue.group('cue')} {purpose.group('out')}{rest_of_text}"
    # ("aside from keats, shelley and byron romantic era poets": one word each, the last after "and" / "or")
    joined = [k for k, t in enumerate(texts) if t in ("and", "or", "nor", "but", "not", "no")]
    listed = len(joined) == 1 and texts[joined[0]] in ("and", "or") and all(t == "," for t in texts[1 : joined[0] : 2]) and all(t != "," for t in texts[0 : joined[0] : 2])
    if joined and not (listed and len(words) - joined[0] >= 4 and "," not in texts[joined[0] :]):
        return text
    if joined:
        size = joined[0] + 2  # the list and its last item
    elif texts[0] == "the":
        size = 2 if adjective(words[2]) else 3  # ("apart from the colosseum roman amphitheatres": a people's adjective opens the class)
    elif " ".join(texts[:2]) in syntax.COUNTRIES or texts[0] in _COLOURS | _PLAIN_ADJECTIVES:
        size = 2
    elif len(words) >= 4 and (texts[1] in texts[3:] or (plural(words[1]) and not plural(words[0]) and words[2].tag not in ("IN", "TO"))):
        size = 2  # (or a compound that ends in a plural before the class: "glue traps humane mouse control")
    elif len(words) >= 4 and words[0].tag == words[1].tag == "NNP" and words[2].tag != "NNP" and texts[0] not in syntax.COUNTRIES:
        size = 2  # ("anything but harry potter fantasy books": a name the tagger knows, typed in lowercase)
    else:
        size = 1
    rest = words[size:]
    if len(rest) < 2 or rest[0].tag in ("IN", "TO", "DT", "CC") or (rest[0].verb and not plural(rest[0]) and not modifier(rest, 0)):
        return text
    return f"{body[rest[0].start :]}, {cue.group('cue')} {body[: words[size - 1].end]}{rest_of_text}"


# "Carols not by John Rutter, or else medieval Advent chants, would be great.": what would be great
# is what is asked for (not "Something hands-on would be great.", "It would be great if …")
_WOULD_BE_GREAT_RE = re.compile(
    # ("Anything on plant milks …", "Something like a smart speaker …" name what would be great)
    r"(?:(?<=^)|(?<=[.?!]\s))(?!(?:something|anything)\b(?!\s+(?:on|about|like)\s)|(?:it|that|this|these|those|examples?|any|some|one|details?|links?|sources?|tips|ideas|advice|help)\b)"
    r"(?:Something\s+like\s+)?(?P<asked>[A-Z]?[^.?!]*?\w)\s*,?\s+(?:would|will)\s+(?:be\s+(?:great|ideal|lovely|perfect|brilliant|handy|helpful|amazing|welcome|appreciated)|help)(?=\s*(?:[.!]|$|[-–—]))",
)


def _rules_to_expr(original: str) -> RuleResult:
    text = original
    for _ in range(3):  # "Hi, I'm a practice nurse. Customer is asking …": one opening after another
        opened = _LABEL_RE.sub("", _GREETING_RE.sub("", text))
        role = _ROLE_LEAD_RE.match(opened)
        opened = opened[role.end() :] if role and len(grading.content_words(opened[role.end() :])) >= 3 else opened
        if opened == text:
            break
        text = opened
    text = _ASKED_UNANSWERED_RE.sub("", text).strip() or text
    if text.count(" / ") == 1 and not _TRIGGER_RE.search(text):
        # "leather / suede shoe cleaning": one slash typed with spaces between two words is a slash (not
        # where it may part two phrases: "… excluding ones with coconut milk / quick dal recipes")
        text = re.sub(r"(?<=[a-z]) / (?!(?:or|and)\b)(?=[a-z])", "/", text)
    text = _ABOUT_EXCLUDED_RE.sub(lambda m: m.group("excluded"), text)
    text = _reported_question(text)
    only = _ONLY_CARE_RE.search(text)
    # ("I manage a warehouse. I'm not interested in X, I just want to know about Y": with no
    # request before it, "I just want …" is the request itself)
    if only and _find_trigger(text[: only.start()]) and len(grading.content_words(text[: only.start()])) >= 3 and _asks(text[: only.start()]):
        text = text[: only.start()]
    for _ in range(3):  # "… It's for my school project. Thanks!"
        signed_off = _SIGN_OFF_RE.sub("", text)
        # "…, or DC movies pls"; but "? No pasta or rice please" says what the list is: it stays
        if _PLEASE_END_RE.search(signed_off) and _words(signed_off):
            a, b = _sentences(signed_off)[-1]
            # ("reptile pets for kids no snakes please": the "please" asks to leave the snakes out)
            if not re.match(r"\s*(?:not|no|nothing|none|never|don['’]?t|without)\b", signed_off[a:b], re.IGNORECASE) and not re.search(
                r"\sno\s+[\w\s,'’-]+?\s(?:please|pls|plz)\s*[.!?]*\s*$", signed_off[a:b]
            ):
                signed_off = _PLEASE_END_RE.sub("", signed_off)
        if signed_off == text or not _words(signed_off):
            break
        text = signed_off
    text = _SENTENCE_LABEL_RE.sub(lambda m: m.group("first").upper(), text)
    text = _STYLE_RE.sub(lambda m: (m.group("first") or "").upper(), text)
    text = _PLAIN_WORDS_RE.sub(lambda m: m.group("asked"), text)
    text = _WOULD_BE_GREAT_RE.sub(lambda m: m.group("asked"), text)
    text = _DISLIKE_LEFT_OUT_RE.sub(lambda m: m.group("pre") + "Leave out " + m.group("items"), text)
    text = _THOSE_LEFT_OUT_RE.sub(lambda m: m.group("pre") + m.group("cue")[:1].upper() + m.group("cue")[1:] + " " + m.group("items") + ", ", text)
    text = _front_exclusion_moved(text)
    told = text
    text = _PRONOUN_RULED_OUT_RE.sub(_pronoun_ruled_out, text)
    text = _OFF_THE_TABLE_RE.sub(_off_the_table_own_sentence, text)
    text = _drop_background(_there_named(_split_late_requests(text)))
    coach = _COACH_RE.search(told)
    if coach and coach.group("what") not in text and not re.search(r"\b" + re.escape(coach.group("sport")) + r"\b", text, re.IGNORECASE):
        # "I coach an under-12 hockey team. … passing drills …": the sport coached is what the drills are for (writers 22 in 24)
        # (a question that says who plays already, "for kids", "young players", needs no age group)
        who = re.search(r"\b(?:kids|children|young|youngsters|juniors)\b", text, re.IGNORECASE)
        text = (coach.group("sport") if who else coach.group("what")) + ": " + text.lstrip()
    text = _LIST_PREAMBLE_RE.sub("", text)
    if " & " in text and _find_trigger(text):
        # "excluding hellebores, snowdrops & crocuses": a list, as with "and" ("Marks & Spencer",
        # "Thames & Kosmos": between two capitalised words, one name)
        text = re.sub(r"(?P<before>\S+)\s+&\s+(?=(?P<after>\S))", lambda m: m.group("before") + (" & " if m.group("before")[:1].isupper() and m.group("after").isupper() else " and "), text)
    text = _END_LABEL_RE.sub(_MARK, text)
    text = text.replace("“", '"').replace("”", '"')
    ask = _LEAVE_THEN_ASK_RE.match(text)
    # ("skip breakfast and tell me why": what to do, then a question about it)
    # ("leave out fertiliser advice and tell me how …", "skip the history and explain how …": a text's part left out)
    text_part = ask is not None and (
        re.match(r"(?:leave\s+out|exclude|omit|ignore|set\s+aside)$", ask.group("cue"), re.IGNORECASE) is not None
        or ask.group("obj").lower().startswith("the ")
    )
    if ask and len(_words(ask.group("ask"))) >= 4 and (text_part or not re.search(r"\b(?:why|how|whether|if|what)\b", ask.group("ask"), re.IGNORECASE)):
        text = (ask.group("lead") or "") + ask.group("ask").rstrip(".!") + ", excluding " + ask.group("obj")  # (after the background's topics)
    text = _EXCLUDED_AGAIN_RE.sub(lambda m: m.group(0) if _find_trigger(text[: m.start()]) is None else "", text)
    text = _LEAVE_X_OUT_RE.sub(lambda m: m.group("pre") + "leave out " + m.group("obj"), text)
    text = _OFF_THE_TABLE_RE.sub(_off_the_table, text)
    text = _ASIDE_RE.sub(_aside, text)
    try:
        parts = _alternatives(text)
        if len(parts) > 1:
            # ("…, or else a good heist movie?": how good the other option should be only softens it; writers
            # drop the word 60 times in 92)
            parts = parts[:1] + [_head_before_preposition(parts[0], _option_offered(_GOOD_OPTION_RE.sub("", part))) for part in parts[1:]]
            led = _LEAD_RE.match(parts[0]) if not _QUESTION_START_RE.match(parts[0].strip()) else None
            if led and _words(parts[0][led.end() :]):
                # "Edinburgh: indoor play centres, or museums other than …": the lead a background gave is
                # said of each option (as _coordination says it of each item)
                parts = parts[:1] + [part if _LEAD_RE.match(part) else led.group(0) + part.lstrip() for part in parts[1:]]
            shared = _SHARED_TAIL_RE.search(parts[-1])
            if shared and _words(parts[-1][: shared.start()]):
                # "a Python web framework other than Django, or a Go one, for a small REST API": what
                # follows the last alternative after a comma is said of each
                tail = " " + shared.group("tail")
                parts = [part.rstrip(" ,.?!") + tail for part in parts[:-1]] + [parts[-1][: shared.start()] + tail]
            results = [_translate(part) for part in parts]
            first = results[0]
            for k in range(1, len(parts)):
                bare = _BARE_WH_RE.match(parts[k])
                asked = _WH_NOUN_RE.match(first.positive) if first is not None else None
                if bare and asked:
                    # "Which wines go with roast lamb apart from Rioja, or which beers?": the new
                    # noun takes the first question's predicate, not its exclusions
                    results[k] = _translate(asked.group("wh") + " " + bare.group("noun") + asked.group("rest"))
                elided = _ELIDED_SUBJECT_RE.match(parts[k])
                subject = _WH_SUBJECT_NP_RE.match(first.positive) if elided and first is not None else None
                if elided and subject:
                    # "Which parrot species are good talkers …, or which are quiet enough for flats?":
                    # the second question asks of the first one's things
                    results[k] = _translate(elided.group("wh") + " " + subject.group("np") + " " + elided.group("rest"))
                ends_bare = _ENDS_IN_AUXILIARY_RE.match(parts[k])
                predicate = _WH_PREDICATE_RE.match(first.positive) if ends_bare and first is not None else None
                if ends_bare and predicate:
                    # "Which Greek islands are quiet in June, or which Croatian islands other than Hvar are?":
                    # the second question's verb stands for the first one's predicate
                    results[k] = _translate(ends_bare.group("body") + " " + predicate.group("pred"))
                topics = syntax.background_topics(first.positive) if first is not None and _OBJECT_IT_RE.search(parts[k]) else []
                if len(topics) == 1 and first is not None and not _OBJECT_IT_RE.search(first.positive):
                    # "What helps with jet lag …, or else how do airline pilots cope with it?": "it" is
                    # the one thing the first alternative names
                    results[k] = _translate(_OBJECT_IT_RE.sub(lambda m: m.group(1) + topics[0], parts[k]))
                ones = _OTHER_ONES_RE.match(parts[k])
                head = _kind_head(first.positive) if ones and first is not None else None
                if ones and head:
                    # "python web frameworks besides django, or rust ones": "ones" takes the first's head
                    if re.match(r"\s*one\b", parts[k][ones.end("kind") :], re.IGNORECASE) and re.search(r"[^s]s$", head):
                        head = head[:-1]  # ("or a second-hand one": one bike, not "bikes")
                    results[k] = _translate((ones.group("pre") or "") + ones.group("kind") + " " + head + ones.group("rest"))
            if all(r is not None for r in results):
                done = [r for r in results if r is not None]
                expr = Or([r.expr for r in done])
                return RuleResult(expr, " | ".join(r.positive for r in done), [n for r in done for n in r.negatives], [n for r in done for n in r.notes])
        result = _translate(text)
    except _Unsure as exc:
        return RuleResult(Term(original), original, [], [f"{exc}; the question is one term"])
    if result is None:
        return RuleResult(Term(original), original, [], ["no positive text left after removing the exclusions; the question is one term"])
    return result


_GOOD_OPTION_RE = re.compile(r"^\s*(?:(?:an?|some)\s+)?(?:good|decent|nice)\s+(?=[a-z])", re.IGNORECASE)
_SHARED_TAIL_RE = re.compile(r",\s+(?P<tail>(?:for|in|on|at|near|with|during|under|around)\s+[^,.;?!]+)[.?!]*\s*$", re.IGNORECASE)
# "…, or rust ones excluding actix", "…, or a Go one": another kind of the first alternative's things
_OTHER_ONES_RE = re.compile(r"^\s*(?P<pre>(?:a|an|some|any)\s+)?(?P<kind>(?!(?:which|what|the|those|these)\s)[\w-]+|[A-Z][\w-]+\s+[A-Z][\w-]+)\s+(?-i:ones?)\b(?![-'’])(?P<rest>.*)$", re.IGNORECASE)  # (not "a one-pot risotto", "which ones")


def _kind_head(positive: str) -> str | None:
    """ "python web frameworks" -> "web frameworks": the words after the first of a short noun
    phrase that opens ``positive`` and ends in a noun (None when it does not); a question's opening
    goes first ("What are sci-fi audiobooks" -> "audiobooks")."""
    positive = re.sub(r"^\s*(?:which|what)\s+(?:(?:are|is|were|was)\s+)?(?:(?:some|the)\s+)?(?:(?:good|best|other)\s+)?", "", positive, flags=re.IGNORECASE)
    words = syntax.tag(positive)
    k = 0
    while k < len(words) and (words[k].tag in ("NN", "NNS", "NNP", "JJ", "HYPH") or (words[k].dep == "compound" and not words[k].verb)):
        k += 1
    first = 1
    while first < k and (words[first].tag == "HYPH" or (words[first - 1].tag == "HYPH" and not words[first - 1].space)):
        first += 1  # "sci-fi audiobooks": a hyphened first word is one word
    if k <= 1 and len(words) > 1 and words[1].tag == "IN" and (words[0].tag in ("NN", "NNS") or syntax.noun_alone(words[0].text)):
        # ("a cookbook on Persian cuisine, or a Middle Eastern one": the noun alone is the kind, though the
        # tagger may read it as an imperative verb)
        return words[0].text
    if not 2 <= k <= 4 or first >= k or words[k - 1].tag not in ("NN", "NNS"):
        return None
    return positive[words[first].start : words[k - 1].end]


_ELIDED_SUBJECT_RE = re.compile(r"^\s*(?P<wh>which|what)\s+(?P<rest>(?:are|is|were|was|can|could|do|does|will|would)\b.+)$", re.IGNORECASE)
_WH_SUBJECT_NP_RE = re.compile(r"^(?:which|what)\s+(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:are|is|were|was|can|could|do|does|will|would|have|has)\b", re.IGNORECASE)
_OBJECT_IT_RE = re.compile(r"\b((?:of|with|on|about|for|to|from|into|against|after)\s+)it\b(?!['’])", re.IGNORECASE)
_AUXILIARY = r"(?:are|is|were|was|can|could|do|does|will|would|have|has)"
_ENDS_IN_AUXILIARY_RE = re.compile(r"^(?P<body>\s*(?:which|what)\s+\S.*?\s+" + _AUXILIARY + r")\s*[?.!]*\s*$", re.IGNORECASE)
_WH_PREDICATE_RE = re.compile(r"^(?:which|what)\s+\S.*?\s+" + _AUXILIARY + r"\s+(?P<pred>\S.*?)\s*[?.!]*$", re.IGNORECASE)
_BARE_WH_RE = re.compile(r"^\s*(?:which|what)\s+(?P<noun>[\w-]+)\s*[?.!]*\s*$", re.IGNORECASE)
_WH_NOUN_RE = re.compile(r"^(?P<wh>which|what)\s+[\w-]+(?P<rest>\s+(?:go|goes|are|is|work|works|pair|pairs|can|should|would|do|does|have|has)\b.+)$", re.IGNORECASE)
# ", or" between two alternatives that keep their own exclusions: "X except Y, or Z".
_ALT_MARKER = r"else|failing\s+that|if\s+not|alternatively|instead|maybe|perhaps|possibly|even|how\s+about|what\s+about"
_ALT_OR_RE = re.compile(r"(?:,|\s[-–—/])\s+or\s+(?:(?P<marker>" + _ALT_MARKER + r")[,\s]+)?(?!else\b|not\b|otherwise\b)", re.IGNORECASE)
# "…, apart from Celestron ones? Or would binoculars be better?": a sentence that opens with "Or"
_SENTENCE_OR_RE = re.compile(
    r"(?<=[?.!;])\s+(?:or\s+(?:(?:else|failing\s+that|if\s+not|alternatively|maybe|perhaps)[,\s]+)?|(?:alternatively|otherwise|failing\s+that)[,\s]+)(?=\w)",
    re.IGNORECASE,
)
_NEGATION_RE = re.compile(r"\b(?:not|without|never|no)\b|n['’]t\b", re.IGNORECASE)
_PLAIN_OR_RE = re.compile(r"\s+or\s+", re.IGNORECASE)


def _purpose_request(text: str) -> bool:
    """Whether ``text`` opens with a request of its own: nouns, then "to" and a verb ("ways to
    prevent cluster headaches", "exercises to strengthen the knee"), not one more excluded item."""
    if re.match(r"\s*how\s+(?:to|do|can)\s+\w", text, re.IGNORECASE):
        return True  # "… or how to treat back pain naturally"
    words = syntax.tag(text.strip())
    k = 0
    while k < len(words) and words[k].tag in ("NN", "NNS", "JJ") and not words[k].capitalised:
        k += 1
    if not (0 < k <= 3 and k + 1 < len(words) and words[k - 1].tag == "NNS"):
        return False
    # "ways to prevent …"; "train routes from paris": a plural with its own prepositional phrase
    purpose = words[k].tag == "TO" and words[k + 1].tag == "VB"
    place = k >= 2 and words[k].tag == "IN" and words[k].text.lower() in ("from", "in", "for", "with", "on", "about", "at", "near")
    return purpose or place


_NAME_ONLY_RE = re.compile(r"(?:the\s+)?[A-Z][\w'’-]*(?:\s+(?:of\s+)?[A-Z][\w'’-]*){0,3}")
_PLACE_NAMED_RE = re.compile(r"\b(in|at|to|near|around|across|from)\s+((?:the\s+)?[A-Z][\w'’-]*(?:\s+(?:of\s+)?[A-Z][\w'’-]*){0,3})")


def _place_typed_lowercase(word: str) -> bool:
    """Whether a lowercase word may name one place (or field) as another does: a country, or a singular
    noun to the tagger (alone, "cornwall" and "tuscany" are common nouns to it; "camping" is no place)."""
    return word in syntax.COUNTRIES or (syntax.tag(word)[0].tag in ("NN", "NNP") and not word.endswith("ing"))


def _alternative_with_head(left: str, right: str) -> str:
    """ "Jobs in marketing other than sales, or in product management": an alternative that
    opens with a preposition takes the first one's head ("Jobs in product management"); one that
    names only a place, or only an object, takes the words around the first one's place or before
    its object."""
    if right.strip().split(" ", 1)[0].lower() in _HEAD_PREPS:
        return _squash(_head_before_preposition(left, right))
    own = _find_trigger(right)
    if own is not None and _words(right[: own[0]]):
        # "sea glass beaches in england, or wales except pembrokeshire": the place before the
        # second alternative's own exclusion takes the first one's place
        return _squash(_alternative_with_head(left, right[: own[0]]) + right[own[0] :])
    trigger = _find_trigger(left)
    positive = left[: trigger[0]] if trigger else left
    alone = right.strip().rstrip("?.! ")
    if _NAME_ONLY_RE.fullmatch(alone):
        # "campsites in the Lake District apart from Great Langdale, or else the Peak District": a
        # place named alone takes the place of the one the first alternative names after a preposition
        place = ([None] + list(_PLACE_NAMED_RE.finditer(positive)))[-1]  # the last place it names
        if place is not None and _words(positive[: place.start(2)]):
            return _squash(positive[: place.start(2)] + alone + positive[place.end(2) :])
    # ("scuba diving in egypt but not hurghada, or the maldives": a place named with its article)
    lone = re.fullmatch(r"(?:the\s+)?([a-z][a-z'’-]+)", alone)
    if lone and _place_typed_lowercase(lone.group(1)):
        # "dog friendly cottages in cornwall except st ives, or else devon": the same in lowercase,
        # one place for one place
        place = re.search(r"\b(?:in|to|near|around|across)\s+([a-z][a-z'’-]+)\s*$", positive)
        if place is None and lone.group(1) in syntax.COUNTRIES:
            # (or a country for the country that ends a keyword query: "cycle touring routes france, or spain excluding …")
            place = re.search(r"\s([a-z]+)\s*$", positive)
            place = place if place is not None and place.group(1) in syntax.COUNTRIES else None
        if place is not None and _place_typed_lowercase(place.group(1)) and _words(positive[: place.start(1)]):
            return _squash(positive[: place.start(1)] + alone)
    region = re.fullmatch(r"the\s+[a-z][a-z'’-]+(?:\s+[a-z][a-z'’-]+){1,2}", alone)
    if region and alone.split()[-1] in syntax.REGION_HEADS and all(w.tag in ("NN", "NNS", "NNP", "NNPS", "JJ") for w in syntax.tag(alone)[1:]):
        # "hikes in snowdonia but not snowdon, or the brecon beacons": a region of several lowercase words,
        # named with its article, for the place that ends the first alternative
        place = re.search(r"\b(?:in|to|near|around|across)\s+((?:the\s+)?[a-z][a-z'’-]+(?:\s+[a-z][a-z'’-]+){0,2})\s*$", positive)
        if place is not None and _words(positive[: place.start(1)]) and all(_place_typed_lowercase(w) or w in ("the",) for w in place.group(1).split()[-1:]):
            return _squash(positive[: place.start(1)] + alone)
    if re.match(r"(?:a|an|the|some)\s", right.strip(), re.IGNORECASE):
        # "Should I learn the ukulele, or a folk instrument other than the banjo?": an object alone
        # takes the verb the first alternative's object follows
        words = syntax.tag(positive.rstrip(" ,"))
        k = next((k for k in range(len(words) - 2, 0, -1) if words[k].tag == "VB" and words[k + 1].tag == "DT" and words[k].text.islower()), None)
        if k is not None and all(w.tag in {"NN", "NNS", "NNP", "NNPS", "CD", "DT", "JJ", "HYPH", "POS"} for w in words[k + 1 :]) and _words(positive[: words[k].end]):
            return _squash(positive[: words[k].end] + " " + right.strip())
    return right


_EITHER_RE = re.compile(r"^\s*either\s+", re.IGNORECASE)


def _alternatives(text: str, one_sentence: bool = False) -> list[str]:
    """ "Novels by Austen except Emma, or novels by the Brontes" -> the two alternatives
    (only where one of them excludes something; a plain "A, B, or C" is coordination)."""
    body = text.rstrip(" ?!.")
    if not one_sentence and any(_is_sentence_end(body, i) for i, ch in enumerate(body) if ch in ".?!;"):
        # several sentences: an ", or" inside one of them is not the question's alternative, but a
        # sentence that opens with "Or" after an exclusion is
        for m in _SENTENCE_OR_RE.finditer(text):
            left, right = text[: m.start()], text[m.end() :]
            # (or before one: "How do I unclog a sink? Or else, what drain cleaners work other than lye?")
            if _words(right) and not _depth_at(text, m.start()) and (_find_trigger(left) or _find_trigger(right)):
                return [left] + _alternatives(right)
        # "I'm a student. Marvel movies excluding the Avengers films, or DC movies. Keep it short.":
        # the sentence with the exclusion keeps its own alternatives; the others go with its ends
        for a, b in _sentences(text):
            # (or that names the other option outright: "…, or else blacksmithing courses")
            marked = re.search(r",\s+or\s+(?:else|alternatively|failing\s+that|if\s+not)\b", text[a:b], re.IGNORECASE)
            sub = _alternatives(text[a:b], one_sentence=True) if _find_trigger(text[a:b]) or marked else []
            if len(sub) > 1:
                # (a space between: the sentence's own lead, "Either", may have gone with its whitespace)
                return [_squash(text[:a] + " " + sub[0])] + sub[1:-1] + [_squash(sub[-1] + " " + text[b:])]
        return [text]
    request = _FILLER_RE.match(text) or _ASK_FOR_RE.match(text)  # "Show me either …"
    lead = request.end() if request else 0
    either = _EITHER_RE.match(text[lead:])
    if either:
        body = text[lead + either.end() :]
        for m in re.finditer(r"\s+or\s+", body, re.IGNORECASE):
            left, right = body[: m.start()], body[m.end() :]
            own_property = _NEGATION_RE.search(left) is not None and _NEGATION_RE.search(right) is None
            if not _depth_at(body, m.start()) and _words(right) and (own_property or _find_trigger(left)):
                return [left.rstrip(" ,"), right]
            # "Either a road trip in Scotland or a week in Ireland but not Dublin": the second keeps its own
            trigger = _find_trigger(right)
            if not _depth_at(body, m.start()) and _words(left) and trigger and "," not in right[: trigger[0] + 1] and len(_words(left)) >= 2:
                return [left.rstrip(" ,"), right]
        return [text]
    listed = _request_in_list(text)
    if listed is not None:
        return listed
    for m in _ALT_OR_RE.finditer(text):
        if _depth_at(text, m.start()):
            continue
        left, right = text[: m.start()], text[m.end() :]
        remark = _EXCLUSION_REMARK_RE.search(right)
        # "…, or Radiolab - heard them all": the remark is no part of what the last item is
        right_words = _words(right[: remark.start()] if remark and not right[remark.end() :].strip() else right)
        # "… except Einstein, Newton, or Bohr": one more name is a list, not an alternative
        fresh = len(right_words) >= 2 and not (len(right_words) <= 3 and all(w[:1].isupper() for w in right_words) and right_words[-1] == right_words[-1].strip("?.!"))
        if fresh and right_words and right_words[0][:1].isupper() and len(right_words) <= 3:
            # a short name is one more listed item, unless it ends in the left side's own head
            # noun: "Marvel movies excluding the Avengers films, or DC movies"
            head = right_words[-1].strip("?.!")
            fresh = head[:1].islower() and head.lower() in {w.lower() for w in _words(left)[:4]}
            # "…, or Scandinavian crime fiction": an adjective of a people and a lowercase phrase
            fresh = fresh or (_nationality(right_words[0]) and all(w[:1].islower() for w in right_words[1:]))
        if not fresh and right_words and right_words[0][:1].islower() and len(right_words) >= 2:
            fresh = True
        cue = _find_trigger(left)
        if not fresh and len(right_words) == 1 and right_words[0].islower() and cue is not None and "," not in left[cue[1] :].rstrip(" ,"):
            fresh = True  # "campsites except wild camping spots, or bothies": one item, then a comma: the other option
        if fresh and cue is not None and "," in left[cue[1] :] and not _other_kind(left, right) and not _own_exclusion(right):
            fresh = False  # "other than poor posture, muscle strain, or herniated discs": the list goes on
        if m.group("marker") and right_words:
            fresh = True  # "…, or else pilates", "…, or failing that …": always the other option
        # the tagger may read an excluded word differently without what follows it: the whole
        # text decides too ("… but not primavera, or music festivals in portugal")
        whole = _find_trigger(text)
        # "pasta dishes without cream, or risotto recipes": a property of the first alternative stays with it
        own_property = _NEGATION_RE.search(left) is not None and _NEGATION_RE.search(right) is None
        # "…, or else a caravan site in Wales": these markers name the other option whatever either side excludes
        other_option = m.group("marker") is not None and re.match(r"else|alternatively|failing\s+that|if\s+not", m.group("marker"), re.IGNORECASE) is not None
        if fresh and (other_option or (whole is not None and whole[1] <= m.start()) or own_property or _find_trigger(left) or _find_trigger(right)):
            right = _alternative_with_head(left, right)
            right = re.sub(r"^(?:about|on|regarding)\s+", "", right.strip(), flags=re.IGNORECASE)
            return [left] + _alternatives(right)
    # "curry recipes excluding ones with coconut milk / quick dal recipes": after a " / " an
    # exclusion's items are listed, unless what follows names the wanted thing's own head noun
    for m in re.finditer(r"(?<=[\w)]) / (?=\w)", text):
        left, right = text[: m.start()], text[m.end() :]
        trigger = _find_trigger(left)
        if trigger and _plural_phrase(_phrase_words(right)):
            wanted = _wanted_plurals(left, trigger)
            head = _words(right)[-1].strip("?.!").lower()
            if wanted and head == wanted[-1].text.lower():
                return [left, right]
        if _PAREN_EXCLUSION_END_RE.search(left) and _fresh_phrase(right):
            return [left, right]  # "JS charting libraries (not D3) / python plotting libraries"
    # "treatments for migraine excluding triptans or ways to prevent cluster headaches": a
    # request of its own after an exclusion is an alternative, not one more excluded item
    for m in _PLAIN_OR_RE.finditer(text):
        left, right = text[: m.start()], text[m.end() :]
        if _depth_at(text, m.start()):
            continue
        marker = re.match(r"(?:" + _ALT_MARKER + r")[,\s]+(?=\w)", right, re.IGNORECASE)
        if marker and _find_trigger(left):
            return [left, right[marker.end() :]]  # "… except Hardcore History or even audiobooks"
        if marker and re.match(r"else|alternatively|failing\s+that|if\s+not", marker.group(0), re.IGNORECASE) and _find_trigger(right) and _words(left) and not _CHOICE_QUESTION_RE.match(text):
            return [left, right[marker.end() :]]  # "watercolour tutorials or else acrylic pouring but not resin"
        trigger = _find_trigger(left)
        ahead = _find_trigger(right) if trigger is None and "," not in text else None
        if ahead and _noun_phrase_of_its_own(left, right[: ahead[0]]):
            return [left, right]  # "ferret hammocks or ferret toys excluding tunnels": the last alternative's own exclusion
        # ("used motorbikes under 2000 or scooters apart from vespa", "campervan hire in portugal or in spain but not
        # barcelona": typed as a query, what is left out after the last alternative is its own; writers of dev 15 in 15)
        # (the first ends in a plural, a place or a number: "vegan or vegetarian restaurants except chains" shares its head)
        first_words = [w for w in syntax.tag(text) if w.end <= m.start()] if ahead else []
        if (
            ahead and "?" not in text and not _sentences(text)[1:] and first_words
            and (syntax.plural_noun(first_words[-1]) or first_words[-1].tag in ("NNP", "NNPS", "CD") or first_words[-1].text.lower() in syntax.COUNTRIES)
            and _words(right[: ahead[0]]) and not _CHOICE_QUESTION_RE.match(text)
            # (a way or a place said of every flight stays with all: "Cheap flights to London or Paris but not via Frankfurt")
            and not re.match(r"\s*(?:via|through|in|from|on|at|near|with|for|during)\b", right[ahead[1] :], re.IGNORECASE)
        ):
            return [left, _alternative_with_head(left, right)]
        if trigger and "," not in left[trigger[1] :] and (_purpose_request(right) or _other_kind(left, right)):
            return [left, right]  # (a comma after the cue makes "A, B or C" one list)
        if trigger and "," not in left[trigger[1] :] and _parallel_kind(left, trigger, right):
            return [left, right]  # "symphonies by Mahler excluding the fifth or string quartets by Shostakovich"
        if trigger and "," not in left[trigger[1] :] and _own_exclusion(right):
            return [left, right]  # "X excluding A or Y excluding B": each keeps its own exclusion
        if trigger and "," not in left[trigger[1] :] and _indefinite_alternative(left[trigger[1] :], right):
            return [left, right]  # "earbuds other than AirPods or a cheap pair of bone-conduction headphones"
        if trigger and _ONES_END_RE.search(left) and _fresh_plural(right):
            return [left, right]  # "sock patterns but not toe-up ones or crochet slipper patterns"
        if _PAREN_EXCLUSION_END_RE.search(left) and _fresh_phrase(right):
            return [left, right]  # "Weekend trips from Munich (not Salzburg) or lakes in Bavaria"
    return [text]


def _noun_phrase_of_its_own(left: str, right: str) -> bool:
    """ "vintage dress patterns or crochet patterns": after "or", a lowercase noun phrase of two
    words or more with its own head noun (what follows a preposition may name its place: "pony
    trekking in ireland"), after one of its own; an exclusion after it is that alternative's own
    (every writer of dev scoped it so). "Beaches in Portugal or Spain without crowds" shares its
    head, and stays one phrase."""
    first, second = _phrase_words(left), _phrase_words(right)
    cut = next((i for i, w in enumerate(second) if w.tag == "IN"), len(second))
    noun = second[:cut]
    return (
        len(first) >= 2 and first[-1].tag in ("NN", "NNS")
        and 2 <= len(noun) <= 4 and noun[-1].tag in ("NN", "NNS")
        # (alone, the tagger reads a lowercase first word as a verb: "ferret toys")
        and all(not w.capitalised and (w.tag in ("JJ", "NN", "NNS", "NNP", "VBG") or (k == 0 and w.tag in ("VB", "VBP"))) for k, w in enumerate(noun))
    )


def _request_in_list(text: str) -> list[str] | None:
    """ "dog food brands besides purina, raw feeding guides for puppies, or homemade kibble
    recipes": in a comma list after an exclusion's cue, an item past the first that is a plural
    with a place or purpose of its own opens the alternatives; it and the items after it are
    each asked for."""
    trigger = _find_trigger(text)
    if trigger is None or _depth_at(text, trigger[0]):
        return None
    commas = [
        m for m in re.finditer(r",\s+(?:(?:or|and)\s+(?:(?:" + _ALT_MARKER + r")[,\s]+)?)?", text) if m.start() > trigger[1] and not _depth_at(text, m.start())
    ]
    items = [text[c.end() : (commas[j + 1].start() if j + 1 < len(commas) else len(text))] for j, c in enumerate(commas)]
    for k, m in enumerate(commas):
        if _plural_with_own_place(items[k]):
            return [text[: m.start()]] + [r for r in items[k:] if _words(r)]
    # "sci-fi novels set on Mars except The Martian, space opera series, cyberpunk short stories,
    # or solarpunk anthologies": one member named and left out, then kinds of other things (their
    # own head nouns, several words each), one request each; "other than poor posture, muscle
    # strain, or herniated discs" names causes of one kind and stays one list
    first = _phrase_words(text[trigger[1] : commas[0].start()]) if commas else []
    kinds = [_phrase_words(it) for it in items]
    wanted = {w.text.lower() for w in _wanted_plurals(text, trigger)}
    if (
        len(kinds) >= 2
        and first
        and (first[-1].tag != "NNS" or first[0].capitalised)
        and all(_plural_phrase(k) and k[-1].text.lower() not in wanted for k in kinds)
        and len({k[-1].text.lower() for k in kinds}) == len(kinds)
    ):
        return [text[: commas[0].start()]] + [r for r in items if _words(r)]
    return None


def _plural_with_own_place(text: str) -> bool:
    """ "raw feeding guides for puppies", "trail shoes for muddy hills": a lowercase plural noun
    phrase, then a preposition of place or purpose and what it governs."""
    words = _phrase_words(text)
    cut = next((i for i, w in enumerate(words) if w.tag == "IN"), len(words))
    noun, rest = words[:cut], words[cut:]
    # "walks in Snowdonia": a list item opens with no subject, so a lone "-s" word is a plural noun
    bare_plural = len(noun) == 1 and noun[0].tag == "VBZ" and not noun[0].capitalised
    return (
        (bare_plural or _plural_phrase(noun, shortest=1, modifiers=("JJ", "NN", "NNS", "NNP", "VBG")))
        and len(rest) >= 2
        and rest[0].text.lower() in ("for", "in", "from", "with", "on", "about", "at", "near")
    )


def _indefinite_alternative(excluded: str, right: str) -> bool:
    """ "… other than AirPods or a raw feeding guide for cats": after an item named without an
    article, "a/an" and a noun phrase of its own is one more thing asked for; a list of excluded
    items keeps one form ("other than a cat or a dog"). Read wrongly it costs an OR, read the
    other way it puts what is wanted under NOT."""
    item = _words(excluded)
    if not 1 <= len(item) <= 3 or item[0].lower() in ("a", "an", "the", "any", "some"):
        return False
    m = re.match(r"\s*an?\s+(?=\w)", right, re.IGNORECASE)
    if m and re.match(r"\s*An?\s+[A-Z]", right):
        return False  # "not Twelfth Night or A Midsummer Night's Dream": a capital "A" inside a sentence opens a title
    return m is not None and len(_words(right[m.end() :])) >= 2


_ONES_END_RE = re.compile(r"\b(?:the\s+)?[\w-]+\s+ones\s*$", re.IGNORECASE)


def _parallel_kind(left: str, trigger: tuple[int, int, bool], right: str) -> bool:
    """ "football clubs founded before 1880 other than Sheffield FC or rugby clubs from the same
    period": after an excluded item that is no plural common noun, a lowercase plural noun phrase
    (with a place, time or maker of its own, or modifiers) is another kind of thing asked for.
    After a plural item it may be one more item ("pets other than cats or lap dogs"): left be."""
    phrase = _phrase_words(right)
    cut = next((i for i, w in enumerate(phrase) if w.tag == "IN"), len(phrase))
    noun, rest = phrase[:cut], phrase[cut:]
    if not _plural_phrase(noun, shortest=1):
        return False
    if len(noun) < 2 and len(rest) < 2:
        return False  # a bare plural ("or dogs") is one more item
    wanted = _wanted_plurals(left, trigger)
    excluded = [w for w in syntax.tag(left[trigger[1] :].strip()) if w.tag not in (",", ".")]
    if not wanted or not excluded:
        return False
    # only a name or a "the …" item: "running or walking shoes" shares its head noun
    if not (excluded[0].capitalised or excluded[0].text.lower() == "the"):
        return False
    return not (excluded[-1].tag == "NNS" and not excluded[-1].capitalised)


def _phrase_words(text: str) -> list[syntax.Word]:
    """``text``'s tagged words, without punctuation."""
    return [w for w in syntax.tag(text.strip().rstrip("?.!")) if w.tag not in (",", ".")]


def _wanted_plurals(left: str, trigger: tuple[int, int, bool]) -> list[syntax.Word]:
    """The lowercase plural nouns before an exclusion's cue: the wanted thing's head nouns."""
    return [w for w in syntax.tag(left[: trigger[0]]) if w.tag == "NNS" and not w.capitalised]


def _plural_phrase(words: list[syntax.Word], shortest: int = 2, modifiers: tuple[str, ...] = ("JJ", "NN", "NNS", "NNP", "VBG")) -> bool:
    """Two (or ``shortest``) to four lowercase words ending in a plural noun, the others
    ``modifiers`` (by default proper nouns too: the tagger reads some lowercase modifiers as
    proper nouns, "green juice recipes")."""
    return (
        shortest <= len(words) <= 4
        and words[-1].tag == "NNS"
        and all(not w.capitalised for w in words)
        and all(w.tag in modifiers for w in words[:-1])
    )


def _own_exclusion(text: str) -> bool:
    """ "node.js frameworks excluding express": a lowercase noun phrase of two words or more with
    an exclusion of its own is an alternative, not one more excluded item."""
    trigger = _find_trigger(text)
    # "gravel bikes without disc brakes": a property of its own marks a fresh noun phrase too
    cue = trigger[0] if trigger else next((m.start() for m in re.finditer(r"\bwithout\b", text, re.IGNORECASE)), None)
    if cue is None:
        return False
    head = _words(text[:cue])
    return len(head) >= 2 and head[-1].islower() and not head[0][:1].isupper()


def _fresh_plural(text: str) -> bool:
    """ "crochet slipper patterns": two to four lowercase words ending in a plural noun (alone,
    the tagger reads a lowercase first word as a name: "crochet")."""
    return _plural_phrase(syntax.tag(text.strip().rstrip("?.!")), modifiers=("JJ", "NN", "NNS", "VBG", "NNP"))


_PAREN_EXCLUSION_END_RE = re.compile(
    r"\((?:excluding|except(?:ing)?|other\s+th[ae]n|apart\s+from|aside\s+from|besides|minus|but\s+not|not|no|without)\b[^()]*\)\s*$", re.IGNORECASE
)


def _fresh_phrase(text: str) -> bool:
    """Whether ``text`` is a request of its own: two words or more, opening with a lowercase noun phrase."""
    words = syntax.tag(text.strip())
    return len(words) >= 2 and not words[0].capitalised and words[0].tag in ("NN", "NNS", "JJ", "DT", "VBG")


def _other_kind(left: str, right: str) -> bool:
    """ "cheap hotels in Lisbon except Bairro Alto or hostels in Porto", "Norse gods except Thor or
    Greek heroes": after an excluded item, a lowercase plural with a place of its own, or (after
    a name) a plural noun phrase, is another kind of thing asked for, not one more item left out. (Read wrongly, it
    costs an OR; read the other way, it puts what is wanted under NOT.)"""
    before = _words(left)
    if not before:
        return False
    whole = left + " or " + right.strip()
    tagged = syntax.tag(whole)
    words = [w for w in tagged if w.start >= len(left) + 4]
    if len(words) < 2 or words[0].tag == "DT":
        return False

    def plural(w: syntax.Word) -> bool:  # "beaches" alone reads as a verb, "ultras" as a name
        return not w.capitalised and syntax.plural_noun(w)

    # "hostels in Porto", "train passes in Japan": a (compound) plural with a place or purpose of its own
    k = next((k for k, w in enumerate(words[:3]) if plural(w)), None)
    if k is not None and all(not w.capitalised and w.tag in ("NN", "NNP", "JJ", "VBG", "VBN") for w in words[:k]) and k + 1 < len(words):
        if words[k + 1].tag == "IN" and words[k + 1].text.lower() in ("in", "from", "near", "for", "with", "on", "at", "about", "by"):
            return len(words) >= k + 3
    content = [w for w in words if w.tag not in (".", ",")]
    if not before[-1][:1].isupper():
        # after a lowercase item ("other than westbrook", "apart from granny squares"), only a longer
        # plural phrase is another kind of thing ("easy knitted hat patterns"; "bell peppers" may be one more item)
        return 3 <= len(content) <= 5 and plural(content[-1]) and all(w.tag in ("JJ", "NN", "NNS", "NNP", "VBG", "VBN") and not w.capitalised for w in content[:-1])
    name = [w for w in tagged if w.end <= len(left)][-1:]
    if not name or not (name[0].tag in ("NNP", "NNPS") or (name[0].tag == "NNS" and name[0].capitalised)):
        return False  # "the French or Russian revolutions": an adjective shares the head
    if len(content) == 2 and not content[0].capitalised and content[0].tag in ("JJ", "VBN", "VBD") and content[1].capitalised and content[1].text.endswith("s"):
        return True  # "excluding Chromebooks or refurbished MacBooks": a kind of thing of its own
    return (
        2 <= len(content) <= 4
        and plural(content[-1])
        and all(w.tag in ("JJ", "NN", "NNS", "NNP", "VBG") and (not w.capitalised or w.tag == "JJ" or syntax.demonym(w.text)) for w in content[:-1])
    )


def _translate(text: str) -> RuleResult | None:
    """One alternative: the positive part, its coordination, and its exclusions; None when nothing positive is left."""
    negatives: list[str] = []  # whole exclusion phrases, split later ("(excluding A and B)")
    items: list[str] = []  # excluded items the parser already delimited

    several_sentences = len(_sentences(text)) > 1
    asked = text
    m = _NON_RE.search(text)
    if m and not _depth_at(text, m.start()):
        negatives.append(m.group(1))
        text = text[: m.start()] + text[m.end() :]
    text = _paren_exclusions(text, negatives)
    cut = _inline_exclusions(text, items)
    spans = _sentences(cut) if cut != text else []
    if len(spans) > 1:
        # "We already saw Positano on a previous trip. Which …?": what is left of a sentence whose
        # exclusion was cut, a preposition's phrase with its article and no verb, says nothing asked
        # (not any lowercase verbless sentence: a background's topics, "hen, Spain.", and a keyword
        # query, "after school snack ideas.", are such too)
        residue = [
            k for k, (a, b) in enumerate(spans[:-1])
            if re.match(r"(?:on|in|at|during|over|before|after|from|with)\s+(?:a|an|the|my|our|his|her|their)\s", cut[a:b].strip()) and not any(w.verb for w in syntax.tag(cut[a:b].strip()))
        ]
        if residue:
            cut = _squash(" ".join(cut[a:b] for k, (a, b) in enumerate(spans) if k not in residue))
            spans = _sentences(cut)
    if len(spans) > 1:
        # "I'm a new head of year and I already know about X. What other …?": with its exclusion cut,
        # a sentence may be left saying only who asks; it goes where the question stays as asked
        # and what is left out does not come back as a topic ("We did Croatia last year.")
        asked = _squash(cut[spans[-1][0] : spans[-1][1]])  # (spaced as ``_drop_background`` leaves it: the cut left two spaces)
        dropped = _drop_background(cut)
        if dropped.endswith(asked) and not any(re.search(r"(?<!\w)" + re.escape(item.strip()) + r"(?!\w)", dropped[: len(dropped) - len(asked)]) for item in items if item.strip()):
            cut = dropped
    text = cut

    positive = _tidy(text)
    # "Could you compare secondary schools in Clifton and Redland?": each item is wanted, both at once
    compared = re.search(r"\bcompar(?:e|ing)\b(?![^.?!]*\bor\b)[^.?!]*\sand\s", positive, re.IGNORECASE) is not None
    unstripped = positive
    pieces = [p for raw in negatives for p in _split_negative(_clean_negative(raw))] + items
    if pieces:
        # ("We've already done Austen and the Brontës, so … novels by women apart from those?": the cue points back
        # at what is already left out)
        positive = re.sub(
            r"[\s,]+(?:apart\s+from|other\s+than|except(?:\s+for)?|excluding|besides|aside\s+from|but\s+not)\s+(?:those|these|them|that|this|it)(?=\s*[?.!]*\s*$)", "", positive, flags=re.IGNORECASE
        )
    positive = _strip_filler(positive, listed_out=len(pieces) >= 2)
    # (what a request asked for, its wording gone: "Could you explain the symptoms of …?")
    # (not one with a clause or a title that asks: "… recipes that freeze well?", "… chords for Should I Stay or Should I Go?")
    asked_for = (
        positive != unstripped and _QUESTION_START_RE.match(unstripped) is not None and _QUESTION_START_RE.match(positive) is None and len(_sentences(positive)) == 1
        and not re.search(r"\b(?:that|which|who)\b|\s(?:Should|Can|Could|Do|Does|Is|Are|Will|Would|Who|What|Where|When|Why|How)\b", positive)
    )
    positive = _tidy(_strip_quotes(positive) if positive[:1] in _QUOTES else positive)
    positive = positive.rstrip(".!").rstrip()

    negs: list[str] = []
    for piece in pieces:
        piece = _clean_negative(piece)
        if (
            piece and _words(piece) and piece not in negs and piece.lower() != positive.lower() and piece not in ("etc", "Etc") and not _HOW_MANY_RE.fullmatch(piece)
            and not any(_ARTICLE_START_RE.sub("", piece.lower()) == _ARTICLE_START_RE.sub("", n.lower()) for n in negs)  # ("the salt mine" said twice, once as "The salt mine")
            and not _OWN_USUAL_RE.match(piece)
        ):
            negs.append(piece)

    if (
        len(negs) == 1 and re.match(r"(?:you|that|we|i|they)\b", positive, re.IGNORECASE) and not re.search(r"[,:;.?!]", asked.rstrip(" ?.!"))
        and (front := _find_trigger(asked)) is not None and front[0] == 0  # (the parse last: this runs for every question)
    ):
        # "other than rhubarb vegetables you can force in winter": with nothing asked for before its
        # clause (no comma, no question word), a front exclusion's last plural is the class asked for
        left_out = syntax.tag(negs[0])
        if len(left_out) >= 2 and syntax.plural_noun(left_out[-1]) and not left_out[-1].capitalised:
            positive = left_out[-1].text + " " + positive
            negs[0] = negs[0][: left_out[-1].start].rstrip()
    for k in range(1, len(negs)):
        # "except Apollo 11 and 13": a bare number after a numbered name shares the name
        numbered = re.fullmatch(r"(?P<name>.*\S)\s+(?:\d{1,4}|[IVX]{1,4})", negs[k - 1])
        if numbered and re.fullmatch(r"\d{1,4}|[IVX]{1,4}", negs[k]):
            negs[k] = numbered.group("name") + " " + negs[k]
    notes: list[str] = []
    if len(negs) > _MAX_NEGATIVES:
        notes.append(f"kept the first {_MAX_NEGATIVES} of {len(negs)} exclusions")
        negs = negs[:_MAX_NEGATIVES]

    if not _words(positive):
        return None
    # Fail safe: an exclusion that the wanted phrase asks for as a property, or names as what is to
    # be replaced, would push the wanted documents down ("I'm allergic to latex. … gloves that are
    # latex-free …", "… allergic to peanuts. What spreads … in place of peanut butter?"); but
    # "games like Catan but not Catan itself" leaves Catan out
    def asked_for_without(n: str) -> bool:
        x = "(?:" + re.escape(n) + "|" + re.escape(re.sub(r"(?<=\w)e?s$", "", n)) + ")"  # "peanuts" / "peanut-free"
        return re.search(
            r"(?i)\b" + x + r"(?:e?s)?[- ](?:free|less)\b|\b(?:without|no|non-?)\s*(?:any\s+)?" + x + r"\b"
            r"|\b(?:instead\s+of|in\s+place\s+of|rather\s+than|replacements?\s+for|substitutes?\s+for|alternatives?\s+to)\s+(?:[\w-]+\s+){0,3}?" + x + r"\b",
            positive,
        ) is not None

    # ("My partner is allergic to cats … Which cat breeds are hypoallergenic?": what the question asks for by name
    # stays wanted where a sentence of its own left it out; "features of X excluding X's …" leaves X out)
    inside = [n for n in negs if asked_for_without(n) or (several_sentences and n[:1].islower() and grading.content_words(n) and grading.content_words(n) <= grading.content_words(positive) and not re.search(r"\b(?:like|similar\s+to|such\s+as)\b", positive, re.IGNORECASE))]
    if inside:
        notes.append("kept what the question asks to go without out of the NOT: " + ", ".join(inside))
        negs = [n for n in negs if n not in inside]

    # A negation left in the text is a property ("… but not via Frankfurt"): it belongs to
    # the whole phrase, so the phrase is not split into alternatives.
    negated = _NEGATION_RE.search(positive) and not _or_stopped(positive)
    # "Beaches in Portugal or Spain without crowds": a property said after both items is shared by both
    shared_property = re.search(r"\s+or\s+\S+(?:\s+\S+)?\s+(?:without|with\s+no)\s+[^,;]+$", positive, re.IGNORECASE)
    if negated and shared_property and not _NEGATION_RE.search(positive[: shared_property.start()]):
        negated = False
    # (a request's object with the question mark left on it is a phrase: "Could you explain the symptoms of tennis or
    # golfer's elbow?" asks for "symptoms of tennis or golfer's elbow?")
    pos_expr: Expr | None = None if negated else _coordination(positive, question=not _is_phrase(re.sub(r"\?\s*$", "", positive) if asked_for else positive))
    if pos_expr is None:
        pos_expr = Term(positive)
    elif compared and isinstance(pos_expr, Or) and all(isinstance(c, Term) for c in pos_expr.children):
        pos_expr = And(pos_expr.children)
    elif isinstance(pos_expr, Or) and len(pos_expr.children) == 2 and _two_asked_together(positive, asked):
        pos_expr = And(pos_expr.children)
    if not negs:
        # Nothing excluded: the question (less request filler), or its alternatives.
        return RuleResult(pos_expr, positive, [], notes)
    expr = And([pos_expr] + [Not(Term(n)) for n in negs])
    return RuleResult(expr, positive, negs, notes)
