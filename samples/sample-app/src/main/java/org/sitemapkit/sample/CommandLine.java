package org.sitemapkit.sample;

import java.util.List;
import java.util.Map;

/**
 * The command line of {@link SampleApp}. Scripts depend on it: {@code --host}, {@code --port},
 * {@code --admin-token}, {@code --products},
 * {@code --base-url}, {@code --store}, {@code --store-dir}, {@code --cluster}, {@code --cluster-port},
 * {@code --db}, {@code --db-server}, {@code --db-password},
 * {@code --indexnow-key} and {@code --indexnow-endpoint}, as
 * {@code --name value} or {@code --name=value}; anything else is a usage error (exit 2).
 */
final class CommandLine {

    /** The environment variable that gives the admin token when {@code --admin-token} does not. */
    static final String ADMIN_TOKEN_ENV = "SHOP_ADMIN_TOKEN";

    /** The environment variable that gives the database password when {@code --db-password} does not. */
    static final String DB_PASSWORD_ENV = "SHOP_DB_PASSWORD";

    /** What {@code --help} prints, and a usage error after its message. */
    static final String USAGE = String.join(
            System.lineSeparator(),
            "usage: java -jar sitemapkit-sample-app.jar [--host ADDR] [--port N] [--admin-token TOKEN]",
            "           [--products N] [--base-url URL]",
            "           [--store memory|disk|jcache] [--store-dir DIR] [--cluster HOST:PORT,...] [--cluster-port N]",
            "           [--db URL | --db-server PORT] [--db-password PASSWORD]",
            "           [--indexnow-key KEY] [--indexnow-endpoint URL] [--help]",
            "  --host ADDR     the address to listen on (default " + SampleApp.DEFAULT_HOST + ", this machine only;",
            "                  0.0.0.0 for every interface)",
            "  --admin-token TOKEN  lets clients on other machines use the admin endpoints with",
            "                  Authorization: Bearer TOKEN (at least 16 characters; or the environment variable",
            "                  " + ADMIN_TOKEN_ENV + "); without it they answer only to this machine",
            "  --port N        TCP port, 0 to 65535 (default " + SampleApp.DEFAULT_PORT + "; 0 picks a free port)",
            "  --products N    products to create, a positive integer (default " + ShopDatabase.DEFAULT_PRODUCTS + ")",
            "  --base-url URL  the URL every sitemap URL starts with, e.g. https://shop.example.com/ (default:"
                    + " none,",
            "                  URLs then follow the request's Host, which must be localhost or 127.0.0.1)",
            "  --store KIND    where rendered pages are kept: memory (default), disk, or jcache",
            "  --store-dir DIR the directory of the disk store (default: a folder in the temporary directory)",
            "  --cluster LIST  join the other instances: an embedded Hazelcast member on 127.0.0.1 joins",
            "                  these members (host:port, comma-separated) and the instances share one page store",
            "  --cluster-port N  this member's port (default 5701)",
            "  --db URL        use the database at this JDBC URL, shared with the other instances, instead of an own",
            "                  in-memory one; its tables are created and seeded only when absent. H2 and PostgreSQL,",
            "                  e.g. jdbc:h2:tcp://127.0.0.1:9092/shop (another instance's --db-server)",
            "  --db-server PORT  serve this instance's database to the others' --db, on 127.0.0.1:PORT only",
            "                  (H2's TCP server; needs a database password)",
            "  --db-password PASSWORD  the database password (or the environment variable " + DB_PASSWORD_ENV + ")",
            "  --indexnow-key KEY  submit changed URLs to IndexNow, and serve /KEY.txt",
            "  --indexnow-endpoint URL  where to submit (default https://api.indexnow.org/indexnow)",
            "  --help          print this and exit");

    /**
     * A parsed command line.
     *
     * @param host the address to listen on
     * @param port the port, 0 for any free one
     * @param options the rest
     * @param cluster the cluster to join, or null
     * @param dbServer the server that offers this instance's database to the others, or null
     * @param help whether {@code --help} was given
     */
    record Parsed(
            String host,
            int port,
            ShopOptions options,
            ShopCluster cluster,
            ShopDatabaseServer dbServer,
            boolean help) {}

    /** A command line that does not parse; the message says why. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    private CommandLine() {}

    /**
     * Parses the arguments of {@code main}.
     *
     * @param args the arguments
     * @return what they ask for
     * @throws UsageException for an unknown flag, a missing or bad value
     */
    static Parsed parse(String... args) throws UsageException {
        return parseWith(System.getenv(), args);
    }

    /**
     * As {@link #parse(String...)}, with the environment given.
     *
     * @param env the environment variables; {@value #ADMIN_TOKEN_ENV} and {@value #DB_PASSWORD_ENV} are read
     * @param args the arguments
     * @return what they ask for
     * @throws UsageException for an unknown flag, a missing or bad value
     */
    static Parsed parseWith(Map<String, String> env, String... args) throws UsageException {
        String host = SampleApp.DEFAULT_HOST;
        int port = SampleApp.DEFAULT_PORT;
        ShopOptions options = ShopOptions.defaults();
        String envToken = env.get(ADMIN_TOKEN_ENV);
        if (envToken != null && !envToken.isEmpty()) {
            options = token(options, envToken, ADMIN_TOKEN_ENV);
        }
        List<String> cluster = null;
        int clusterPort = 5701;
        String db = null;
        ShopDatabaseServer dbServer = null;
        String dbPassword = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--help") || arg.equals("-h")) {
                return new Parsed(host, port, options, null, null, true);
            }
            int eq = arg.indexOf('=');
            String name = eq > 0 && arg.startsWith("--") ? arg.substring(0, eq) : arg;
            String value;
            if (!OPTIONS.contains(name)) {
                throw new UsageException("unknown option: " + arg);
            } else if (eq > 0 && arg.startsWith("--")) {
                value = arg.substring(eq + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new UsageException(name + " needs a value");
            }
            switch (name) {
                case "--port" -> port = integer(name, value, 0, 65_535);
                case "--host" -> {
                    if (!value.matches("[A-Za-z0-9.:-]+")) {
                        throw new UsageException("--host takes an address or a host name: \"" + value + "\"");
                    }
                    host = value;
                }
                case "--admin-token" -> options = token(options, value, name);
                case "--products" -> options = options.withProducts(integer(name, value, 1, Integer.MAX_VALUE));
                case "--store" -> {
                    if (!List.of("memory", "disk", "jcache").contains(value)) {
                        throw new UsageException("--store must be memory, disk or jcache: \"" + value + "\"");
                    }
                    options = options.withSetting("sitemapkit.store", value);
                }
                case "--store-dir" -> options = options.withSetting("sitemapkit.store-dir", value);
                case "--indexnow-key" -> options = options.withSetting("sitemapkit.indexnow-key", value);
                case "--indexnow-endpoint" -> options = options.withSetting("sitemapkit.indexnow-endpoint", value);
                case "--cluster" -> {
                    cluster = List.of(value.split(","));
                    for (String member : cluster) {
                        if (!member.matches("[A-Za-z0-9.-]+:[0-9]{1,5}")) {
                            throw new UsageException("--cluster takes host:port,host:port...: \"" + value + "\"");
                        }
                    }
                }
                case "--cluster-port" -> clusterPort = integer(name, value, 1, 65_535);
                case "--db" -> db = value;
                case "--db-server" -> dbServer = new ShopDatabaseServer(integer(name, value, 1, 65_535));
                case "--db-password" -> {
                    if (value.isEmpty()) {
                        throw new UsageException("--db-password must not be empty");
                    }
                    dbPassword = value;
                }
                default -> {
                    try {
                        options = options.withBaseUrl(value);
                    } catch (IllegalArgumentException e) {
                        throw new UsageException(e.getMessage());
                    }
                }
            }
        }
        options = database(options, db, dbServer, dbPassword, env.get(DB_PASSWORD_ENV));
        return new Parsed(
                host, port, options, cluster == null ? null : new ShopCluster(cluster, clusterPort), dbServer, false);
    }

    /** The database options together: one of {@code --db} and {@code --db-server}, and a password they use. */
    private static ShopOptions database(
            ShopOptions options, String db, ShopDatabaseServer server, String password, String envPassword)
            throws UsageException {
        if (db != null && server != null) {
            throw new UsageException("--db and --db-server exclude each other: --db-server serves this"
                    + " instance's own database, --db uses another one");
        }
        if (db == null && server == null) {
            if (password != null) {
                throw new UsageException("--db-password needs --db or --db-server");
            }
            return options; // the own in-memory database, reached by nobody else: no password
        }
        String pw = password != null ? password : envPassword == null || envPassword.isEmpty() ? null : envPassword;
        if (server != null && pw == null) {
            throw new UsageException("--db-server needs a database password, which the other instances log in"
                    + " with: --db-password or the environment variable " + DB_PASSWORD_ENV);
        }
        ShopOptions with = options;
        if (db != null) {
            try {
                with = options.withDatabase(db);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--db: " + e.getMessage());
            }
            if (ShopDatabase.driverFor(db).isEmpty()) {
                throw new UsageException("--db: the shop has no JDBC driver for \"" + ShopDatabase.printable(db)
                        + "\"; it has H2's (jdbc:h2:...) and PostgreSQL's (jdbc:postgresql:...)");
            }
        }
        return pw == null ? with : with.withDatabasePassword(pw);
    }

    private static final List<String> OPTIONS = List.of(
            "--host",
            "--port",
            "--admin-token",
            "--products",
            "--base-url",
            "--store",
            "--store-dir",
            "--cluster",
            "--cluster-port",
            "--db",
            "--db-server",
            "--db-password",
            "--indexnow-key",
            "--indexnow-endpoint");

    private static ShopOptions token(ShopOptions options, String token, String from) throws UsageException {
        try {
            return options.withAdminToken(token);
        } catch (IllegalArgumentException e) {
            throw new UsageException(from + ": " + e.getMessage());
        }
    }

    private static int integer(String name, String value, int min, int max) throws UsageException {
        try {
            int n = Integer.parseInt(value);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(name + " must be an integer from " + min + " to " + max + ": \"" + value + "\"");
    }
}
