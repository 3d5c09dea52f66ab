package org.sitemapkit.internal.robots;

/**
 * A robots rules file that {@link RobotsParser} refuses, located as {@code source:line: detail}
 * so the developer who wrote the file can go straight to the line.
 */
public final class RobotsSyntaxException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** @serial the name the caller gave the text */
    private final String source;
    /** @serial 1-based line of the refused text */
    private final int line;

    RobotsSyntaxException(String source, int line, String detail, Throwable cause) {
        super(source + ":" + line + ": " + detail, cause);
        this.source = source;
        this.line = line;
    }

    /**
     * The name the caller gave the text, such as its file name.
     *
     * @return the source name, as given to {@link RobotsParser}
     */
    public String source() {
        return source;
    }

    /**
     * Where in the text the refused line is.
     *
     * @return 1-based line number
     */
    public int line() {
        return line;
    }
}
