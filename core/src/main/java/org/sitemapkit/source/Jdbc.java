package org.sitemapkit.source;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import javax.sql.DataSource;

/**
 * A query's rows as a lazy stream over a forward-only cursor, so a sitemap of millions of rows
 * never holds a list: one row is read each time the stream is pulled. The result set, statement
 * and connection are closed when the stream is closed (the renderer closes it when done, when a
 * source fails and when it stops early at its deadline), when the rows run out, and when reading
 * one fails.
 */
public final class Jdbc {
    /** Rows fetched per round trip by drivers that honour it; embedded databases stream anyway. */
    public static final int FETCH_SIZE = 1_000;

    private Jdbc() {}

    /**
     * Reads the row the result set is positioned on.
     *
     * @param <T> what a row becomes
     */
    @FunctionalInterface
    public interface Row<T> {
        /**
         * Maps the current row; called once per row, before the cursor moves on.
         *
         * @param rs the result set, positioned on the row
         * @return what the row becomes, not null
         * @throws SQLException when a column cannot be read
         */
        T map(ResultSet rs) throws SQLException;
    }

    /**
     * Runs a query and streams its rows; the caller closes the stream (SitemapKit does).
     *
     * @param <T> what a row becomes
     * @param db where to run it
     * @param sql a query with a {@code ?} for each of {@code params}
     * @param row maps one row
     * @param params the query's parameters, bound with {@code setObject}
     * @return the rows, read lazily
     * @throws SQLException when the query cannot start; the connection is closed then
     */
    public static <T> Stream<T> stream(DataSource db, String sql, Row<T> row, Object... params) throws SQLException {
        Objects.requireNonNull(db, "db");
        Objects.requireNonNull(sql, "sql");
        Objects.requireNonNull(row, "row");
        Connection c = db.getConnection();
        PreparedStatement statement = null;
        ResultSet rs;
        try {
            statement = c.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
            statement.setFetchSize(FETCH_SIZE);
            for (int i = 0; i < params.length; i++) {
                statement.setObject(i + 1, params[i]);
            }
            rs = statement.executeQuery();
        } catch (SQLException | RuntimeException | Error e) {
            Cursor.close(e, statement, c);
            throw e;
        }
        Cursor<T> cursor = new Cursor<>(sql, row, rs, statement, c);
        return StreamSupport.stream(cursor, false).onClose(cursor::close);
    }

    /** One open query: reads a row per pull and closes its three resources exactly once. */
    private static final class Cursor<T> extends Spliterators.AbstractSpliterator<T> {
        private final String sql;
        private final Row<T> row;
        private final ResultSet rs;
        private final PreparedStatement statement;
        private final Connection connection;
        private final AtomicBoolean closed = new AtomicBoolean();

        Cursor(String sql, Row<T> row, ResultSet rs, PreparedStatement statement, Connection connection) {
            super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
            this.sql = sql;
            this.row = row;
            this.rs = rs;
            this.statement = statement;
            this.connection = connection;
        }

        @Override
        public boolean tryAdvance(Consumer<? super T> action) {
            T value;
            try {
                if (closed.get() || !rs.next()) {
                    close();
                    return false;
                }
                value = Objects.requireNonNull(row.map(rs), "a JDBC row mapped to null");
            } catch (SQLException e) {
                IllegalStateException failure =
                        new IllegalStateException("reading a row of \"" + sql + "\" failed: " + e, e);
                if (closed.compareAndSet(false, true)) {
                    close(failure, rs, statement, connection);
                }
                throw failure;
            }
            action.accept(value);
            return true;
        }

        void close() {
            if (closed.compareAndSet(false, true)) {
                IllegalStateException failure =
                        new IllegalStateException("closing the cursor of \"" + sql + "\" failed");
                close(failure, rs, statement, connection);
                if (failure.getSuppressed().length > 0) {
                    throw failure;
                }
            }
        }

        /** Closes in order, adding every failure to {@code failure} as suppressed. */
        static void close(Throwable failure, AutoCloseable... resources) {
            for (AutoCloseable r : resources) {
                if (r == null) {
                    continue;
                }
                try {
                    r.close();
                } catch (Exception e) {
                    failure.addSuppressed(e);
                }
            }
        }
    }
}
