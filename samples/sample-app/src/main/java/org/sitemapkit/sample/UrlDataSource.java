package org.sitemapkit.sample;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The shared database of {@code --db}: a new connection from the URL's driver for each use, as the own
 * in-memory database's {@code JdbcDataSource} gives them. A shop with real traffic puts a connection pool here.
 */
final class UrlDataSource implements DataSource {
    private final Driver driver;
    private final String url;
    private final String password;

    /**
     * Makes the data source; connects only when asked.
     *
     * @param driver the driver that takes {@code url}
     * @param url a JDBC URL, user and settings included
     * @param password the password, or null for none
     */
    UrlDataSource(Driver driver, String url, String password) {
        this.driver = driver;
        this.url = url;
        this.password = password;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return getConnection(null, password);
    }

    @Override
    public Connection getConnection(String user, String pass) throws SQLException {
        Properties info = new Properties();
        if (user != null) {
            info.setProperty("user", user);
        }
        if (pass != null) {
            info.setProperty("password", pass);
        }
        Connection c = driver.connect(url, info);
        if (c == null) {
            throw new SQLException("the JDBC driver declined " + ShopDatabase.printable(url));
        }
        return c;
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        // no log
    }

    @Override
    public void setLoginTimeout(int seconds) {
        // the driver's own
    }

    @Override
    public int getLoginTimeout() {
        return 0;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("no java.util.logging");
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper of " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
