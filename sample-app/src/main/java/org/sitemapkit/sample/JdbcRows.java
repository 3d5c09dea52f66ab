package org.sitemapkit.sample;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import javax.sql.DataSource;

/**
 * A query's rows as a lazy {@link Stream} over a forward-only JDBC cursor: one row is read each time the
 * consumer pulls one, and closing the stream closes the result set, the statement and the connection. This
 * is what lets a sitemap provider hand 120,000 (or 12 million) rows to SitemapKit without a list in memory;
 * SitemapKit closes the stream as soon as it has drained it.
 */
final class JdbcRows {

    /** Rows fetched per round trip by drivers that honour it (a server database; embedded H2 streams anyway). */
    static final int FETCH_SIZE = 1_000;

    /**
     * Reads one row of the current position of a result set.
     *
     * @param <T> what a row becomes
     */
    @FunctionalInterface
    interface Row<T> {
        /**
         * Maps the current row.
         *
         * @param rs the result set, positioned on the row
         * @return the mapped value, never null
         * @throws SQLException if a column cannot be read
         */
        T map(ResultSet rs) throws SQLException;
    }

    private JdbcRows() {}

    /**
     * Runs {@code sql} and streams its rows. The caller must close the stream (SitemapKit does).
     *
     * @param <T> what a row becomes
     * @param db where to run it
     * @param sql a query with {@code ?} for each of {@code args}
     * @param row maps one row
     * @param args the query's parameters
     * @return the rows, read lazily
     * @throws SQLException if the query cannot start
     */
    static <T> Stream<T> stream(DataSource db, String sql, Row<T> row, Object... args) throws SQLException {
        Connection c = db.getConnection();
        try {
            PreparedStatement statement =
                    c.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
            statement.setFetchSize(FETCH_SIZE);
            for (int i = 0; i < args.length; i++) {
                statement.setObject(i + 1, args[i]);
            }
            ResultSet rs = statement.executeQuery();
            Spliterator<T> rows =
                    new Spliterators.AbstractSpliterator<T>(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL) {
                        @Override
                        public boolean tryAdvance(Consumer<? super T> action) {
                            try {
                                if (!rs.next()) {
                                    return false;
                                }
                                action.accept(row.map(rs));
                                return true;
                            } catch (SQLException e) {
                                throw new IllegalStateException("reading a row of \"" + sql + "\" failed: " + e, e);
                            }
                        }
                    };
            return StreamSupport.stream(rows, false).onClose(() -> close(rs, statement, c));
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** Closes in reverse order of opening; the first failure is thrown once all are closed. */
    private static void close(AutoCloseable... resources) {
        IllegalStateException failure = null;
        for (AutoCloseable r : resources) {
            try {
                r.close();
            } catch (Exception e) {
                if (failure == null) {
                    failure = new IllegalStateException("closing a JDBC cursor failed: " + e, e);
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
