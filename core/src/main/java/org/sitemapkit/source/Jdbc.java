package org.sitemapkit.source;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.ConcurrentHashMap;
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
 *
 * <p>Most drivers read a whole result set into memory unless asked otherwise, so the query is set
 * up as its driver (named by {@link java.sql.DatabaseMetaData}) needs to stream: PostgreSQL's
 * pgjdbc only streams inside a transaction, so a connection in auto-commit runs the query in a
 * read-only transaction that is rolled back at the end; MySQL Connector/J streams row by row with
 * a fetch size of {@link Integer#MIN_VALUE}; MariaDB Connector/J, H2 and others take the fetch
 * size of {@value #FETCH_SIZE}. What was changed on the connection is restored before it is
 * closed (returned to its pool). A driver not tested here gets the fetch size and a log line.
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
        Session session = null;
        ResultSet rs;
        try {
            session = Session.open(c);
            statement = c.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
            statement.setFetchSize(session.driver.fetchSize);
            for (int i = 0; i < params.length; i++) {
                statement.setObject(i + 1, params[i]);
            }
            rs = statement.executeQuery();
        } catch (SQLException | RuntimeException | Error e) {
            Cursor.close(e, statement, session, c);
            throw e;
        }
        Cursor<T> cursor = new Cursor<>(sql, row, rs, statement, session, c);
        return StreamSupport.stream(cursor, false).onClose(cursor::close);
    }

    /** One open query: reads a row per pull and closes its three resources exactly once. */
    private static final class Cursor<T> extends Spliterators.AbstractSpliterator<T> {
        private final String sql;
        private final Row<T> row;
        private final ResultSet rs;
        private final PreparedStatement statement;
        private final Session session;
        private final Connection connection;
        private final AtomicBoolean closed = new AtomicBoolean();

        Cursor(
                String sql,
                Row<T> row,
                ResultSet rs,
                PreparedStatement statement,
                Session session,
                Connection connection) {
            super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
            this.sql = sql;
            this.row = row;
            this.rs = rs;
            this.statement = statement;
            this.session = session;
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
                    close(failure, rs, statement, session, connection);
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
                close(failure, rs, statement, session, connection);
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

    /** What a driver needs to stream a result set instead of reading it whole. */
    enum Driver {
        /** pgjdbc: a fetch size is honoured only outside auto-commit. */
        POSTGRESQL(FETCH_SIZE, true),
        /** MySQL Connector/J: {@code Integer.MIN_VALUE} streams row by row. */
        MYSQL(Integer.MIN_VALUE, false),
        /** MariaDB Connector/J 3: streams with a fetch size. */
        MARIADB(FETCH_SIZE, false),
        /** H2: embedded, reads lazily. */
        H2(FETCH_SIZE, false),
        /** Any other: the fetch size, which most drivers honour; not verified. */
        OTHER(FETCH_SIZE, false);

        final int fetchSize;
        /** Whether the query must run in a transaction rather than in auto-commit. */
        final boolean transaction;

        Driver(int fetchSize, boolean transaction) {
            this.fetchSize = fetchSize;
            this.transaction = transaction;
        }

        static Driver of(String driverName) {
            String name = driverName.toLowerCase(Locale.ROOT);
            if (name.contains("postgresql")) {
                return POSTGRESQL;
            }
            if (name.contains("mysql")) {
                return MYSQL;
            }
            if (name.contains("mariadb")) {
                return MARIADB;
            }
            return name.startsWith("h2") ? H2 : OTHER;
        }
    }

    /** Drivers already named in the log as not verified, once each. */
    private static final Set<String> UNVERIFIED = ConcurrentHashMap.newKeySet();

    /**
     * The connection as the query needs it to stream, and what must be put back afterwards:
     * closing restores auto-commit and read-only as they were, ending the transaction it began.
     */
    private static final class Session implements AutoCloseable {
        private static final System.Logger LOG = System.getLogger(Jdbc.class.getName());
        final Driver driver;
        private final Connection connection;
        private final boolean autoCommitWas;
        private final boolean readOnlyWas;
        private boolean began;

        private Session(Connection connection, Driver driver) throws SQLException {
            this.connection = connection;
            this.driver = driver;
            this.autoCommitWas = connection.getAutoCommit();
            this.readOnlyWas = connection.isReadOnly();
        }

        static Session open(Connection c) throws SQLException {
            DatabaseMetaData meta = c.getMetaData();
            String name = meta.getDriverName();
            Session session = new Session(c, Driver.of(name));
            if (session.driver == Driver.OTHER && UNVERIFIED.size() < 64 && UNVERIFIED.add(name)) {
                LOG.log(
                        System.Logger.Level.INFO,
                        "sitemapkit: the JDBC driver {0} {1} is not one SitemapKit has tested to stream; its queries"
                                + " run forward-only, read-only, with a fetch size of {2} (check the heap with millions"
                                + " of rows)",
                        name,
                        meta.getDriverVersion(),
                        FETCH_SIZE);
            }
            if (session.driver.transaction && session.autoCommitWas) {
                if (!session.readOnlyWas) {
                    c.setReadOnly(true); // the transaction below begins READ ONLY
                }
                c.setAutoCommit(false);
                session.began = true;
            }
            return session;
        }

        @Override
        public void close() throws SQLException {
            if (!began) {
                return;
            }
            SQLException failure = null;
            try {
                connection.rollback(); // it only read: nothing to keep
            } catch (SQLException e) {
                failure = e;
            }
            try {
                connection.setAutoCommit(true);
                if (!readOnlyWas) {
                    connection.setReadOnly(false);
                }
            } catch (SQLException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
            if (failure != null) {
                throw failure;
            }
        }
    }
}
