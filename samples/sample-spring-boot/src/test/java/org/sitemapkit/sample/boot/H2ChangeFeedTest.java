package org.sitemapkit.sample.boot;

import org.springframework.test.context.TestPropertySource;

/** {@link ChangeFeedContract} on the shop's own database, H2 in memory, under a name of its own. */
@TestPropertySource(properties = "spring.datasource.url=jdbc:h2:mem:feed;LAZY_QUERY_EXECUTION=1")
class H2ChangeFeedTest extends ChangeFeedContract {}
