from fixtures_clusters import *  # noqa: F401,F403  (real Elasticsearch/OpenSearch clusters)
