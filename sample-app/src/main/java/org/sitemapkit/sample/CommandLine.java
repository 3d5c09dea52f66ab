package org.sitemapkit.sample;

/**
 * The command line of {@link SampleApp}. Scripts depend on it: {@code --port}, {@code --products} and
 * {@code --base-url}, as {@code --name value} or {@code --name=value}; anything else is a usage error (exit 2).
 */
final class CommandLine {

    /** What {@code --help} prints, and a usage error after its message. */
    static final String USAGE = String.join(System.lineSeparator(),
            "usage: java -jar sitemapkit-sample-app.jar [--port N] [--products N] [--base-url URL] [--help]",
            "  --port N        TCP port, 0 to 65535 (default " + SampleApp.DEFAULT_PORT + "; 0 picks a free port)",
            "  --products N    products to create, a positive integer (default " + ShopDatabase.DEFAULT_PRODUCTS
                    + ")",
            "  --base-url URL  the URL every sitemap URL starts with, e.g. https://shop.example.com/ (default:"
                    + " none,",
            "                  URLs then follow the request's Host, which must be localhost or 127.0.0.1)",
            "  --help          print this and exit");

    /**
     * A parsed command line.
     *
     * @param port the port, 0 for any free one
     * @param options the rest
     * @param help whether {@code --help} was given
     */
    record Parsed(int port, ShopOptions options, boolean help) {
    }

    /** A command line that does not parse; the message says why. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    private CommandLine() {
    }

    /**
     * Parses the arguments of {@code main}.
     *
     * @param args the arguments
     * @return what they ask for
     * @throws UsageException for an unknown flag, a missing or bad value
     */
    static Parsed parse(String... args) throws UsageException {
        int port = SampleApp.DEFAULT_PORT;
        ShopOptions options = ShopOptions.defaults();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--help") || arg.equals("-h")) {
                return new Parsed(port, options, true);
            }
            int eq = arg.indexOf('=');
            String name = eq > 0 && arg.startsWith("--") ? arg.substring(0, eq) : arg;
            String value;
            if (!name.equals("--port") && !name.equals("--products") && !name.equals("--base-url")) {
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
                case "--products" -> options = options.withProducts(integer(name, value, 1, Integer.MAX_VALUE));
                default -> {
                    try {
                        options = options.withBaseUrl(value);
                    } catch (IllegalArgumentException e) {
                        throw new UsageException(e.getMessage());
                    }
                }
            }
        }
        return new Parsed(port, options, false);
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
