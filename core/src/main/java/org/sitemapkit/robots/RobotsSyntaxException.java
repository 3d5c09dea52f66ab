package org.sitemapkit.robots;

/**
 * A robots rules file that {@link RobotsParser} refuses, located as {@code source:line: detail}
 * so the developer who wrote the file can go straight to the line.
 */
public final class RobotsSyntaxException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;

    RobotsSyntaxException(String source, int line, String detail, Throwable cause) {
        super(source + ":" + line + ": " + detail, cause);
        this.source = source;
        this.line = line;
    }

    /** The name the caller gave the text, such as its file name. */
    public String source() {
        return source;
    }

    /** 1-based. */
    public int line() {
        return line;
    }
}
