/**
 * The change feed: committed changes of the application's entities, heard from the persistence
 * layer, turned into one invalidation per section and transaction. ORM-neutral routing here
 * ({@link org.sitemapkit.internal.feed.ChangeFeeds}), one listener per ORM beside it.
 */
package org.sitemapkit.internal.feed;
