from fixtures_clusters import *  # noqa: F401,F403  (real Elasticsearch/OpenSearch clusters)
from fixtures_llm import *  # noqa: F401,F403  (a real OpenAI-compatible chat server: llama-cpp-python + Gemma 3 270M)
