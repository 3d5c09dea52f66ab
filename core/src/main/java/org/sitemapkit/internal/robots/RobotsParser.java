package org.sitemapkit.internal.robots;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Reads a robots.txt rules file written by an application's developer, strictly: where a
 * crawler would skip a line it does not understand, this fails with the file and line number,
 * because a skipped line in a rules file is a rule that silently does not apply.
 *
 * <p>Accepted: {@code User-agent}, {@code Allow}, {@code Disallow} and {@code Sitemap} in any
 * letter case, {@code #} comments, blank lines, a UTF-8 byte order mark, and CRLF, LF or CR line
 * ends. As in RFC 9309, consecutive {@code User-agent} lines form one group even with blank
 * lines between them, and the group ends at the next {@code User-agent} line after a rule.
 * {@code Sitemap} lines may stand anywhere and do not affect grouping.
 *
 * <p>Refused: any other field, including {@code Crawl-delay} and {@code Host}, which RFC 9309
 * does not define, Google ignores, and this library would have no place to keep; a rule before
 * the first {@code User-agent}; a group without rules (see {@link RobotsGroup}); a line with no
 * {@code :}; and any value its value type refuses, such as a path not starting with {@code /}.
 */
public final class RobotsParser {
    private RobotsParser() {}

    /**
     * Reads UTF-8, refusing bytes that are not.
     *
     * @param in the file's bytes, read to the end but not closed
     * @param source names the text in error messages, such as {@code robots-rules.txt}
     * @return the file
     * @throws RobotsSyntaxException if a line is refused, naming it
     * @throws IOException if {@code in} fails
     */
    public static RobotsTxt parse(InputStream in, String source) throws IOException {
        RobotsChecks.checkNotNull(in, "in");
        RobotsChecks.checkNotNull(source, "source");
        return parse(decodeUtf8(in.readAllBytes(), source), source);
    }

    /**
     * Reads text already decoded, such as a resource read with its own charset.
     *
     * @param in the file's text, read to the end but not closed
     * @param source names the text in error messages, such as {@code robots-rules.txt}
     * @return the file
     * @throws RobotsSyntaxException if a line is refused, naming it
     * @throws IOException if {@code in} fails
     */
    public static RobotsTxt parse(Reader in, String source) throws IOException {
        RobotsChecks.checkNotNull(in, "in");
        RobotsChecks.checkNotNull(source, "source");
        StringBuilder text = new StringBuilder();
        char[] buffer = new char[8192];
        for (int n; (n = in.read(buffer)) != -1; ) {
            text.append(buffer, 0, n);
        }
        return parse(text.toString(), source);
    }

    /**
     * Parses the whole text strictly, as the class comment describes.
     *
     * @param text the file's text
     * @param source names the text in error messages, such as {@code robots-rules.txt}
     * @return the file
     * @throws RobotsSyntaxException if a line is refused, naming it
     */
    public static RobotsTxt parse(String text, String source) {
        RobotsChecks.checkNotNull(text, "text");
        RobotsChecks.checkNotNull(source, "source");
        return new Parse(source).run(text);
    }

    private static String decodeUtf8(byte[] bytes, String source) {
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            int offset = in.position();
            throw new RobotsSyntaxException(
                    source,
                    lineAt(bytes, offset),
                    String.format("not UTF-8 (byte 0x%02X at offset %d)", bytes[offset] & 0xFF, offset),
                    null);
        }
        decoder.flush(out);
        return out.flip().toString();
    }

    private static int lineAt(byte[] bytes, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (bytes[i] == '\n' || (bytes[i] == '\r' && (i + 1 >= offset || bytes[i + 1] != '\n'))) {
                line++;
            }
        }
        return line;
    }

    /** The state of one parse: the group being read and whether it has a rule yet. */
    private static final class Parse {
        private final String source;
        private final RobotsTxt.Builder robots = RobotsTxt.builder();
        private RobotsGroup.Builder group;
        private int groupLine;
        private boolean groupHasRules;
        private int line;

        Parse(String source) {
            this.source = source;
        }

        RobotsTxt run(String text) {
            int start = !text.isEmpty() && text.charAt(0) == '\uFEFF' ? 1 : 0;
            while (start < text.length()) {
                line++;
                int end = start;
                while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
                    end++;
                }
                parseLine(text.substring(start, end));
                start = text.startsWith("\r\n", end) ? end + 2 : end + 1;
            }
            endGroup();
            return robots.build();
        }

        private void parseLine(String text) {
            int hash = text.indexOf('#');
            String content = trim(hash < 0 ? text : text.substring(0, hash));
            if (content.isEmpty()) {
                return;
            }
            int colon = content.indexOf(':');
            if (colon < 0) {
                throw error("expected \"field: value\": " + RobotsChecks.quote(content), null);
            }
            String field = trim(content.substring(0, colon));
            String value = trim(content.substring(colon + 1));
            try {
                switch (field.toLowerCase(Locale.ROOT)) {
                    case "user-agent":
                        if (groupHasRules) {
                            endGroup();
                        }
                        if (group == null) {
                            group = RobotsGroup.builder();
                            groupLine = line;
                        }
                        group.userAgent(value);
                        break;
                    case "allow":
                        rule(RobotsRule.Type.ALLOW, value);
                        break;
                    case "disallow":
                        rule(RobotsRule.Type.DISALLOW, value);
                        break;
                    case "sitemap":
                        robots.sitemap(value);
                        break;
                    default:
                        throw error(
                                "unsupported field " + RobotsChecks.quote(field)
                                        + "; only User-agent, Allow, Disallow and Sitemap are allowed",
                                null);
                }
            } catch (RobotsSyntaxException e) {
                throw e;
            } catch (IllegalArgumentException e) {
                throw error(e.getMessage(), e);
            }
        }

        private void rule(RobotsRule.Type type, String path) {
            if (group == null) {
                throw error(type.field() + " before any User-agent line", null);
            }
            group.rule(RobotsRule.of(type, path));
            groupHasRules = true;
        }

        private void endGroup() {
            if (group == null) {
                return;
            }
            if (!groupHasRules) {
                line = groupLine;
                throw error(
                        "User-agent group has no Allow or Disallow line;" + " add \"Disallow:\" to allow everything",
                        null);
            }
            robots.group(group.build());
            group = null;
            groupHasRules = false;
        }

        private RobotsSyntaxException error(String detail, Throwable cause) {
            return new RobotsSyntaxException(source, line, detail, cause);
        }

        /** RFC 9309 whitespace is only space and tab. */
        private static String trim(String s) {
            int start = 0;
            int end = s.length();
            while (start < end && (s.charAt(start) == ' ' || s.charAt(start) == '\t')) {
                start++;
            }
            while (end > start && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == '\t')) {
                end--;
            }
            return s.substring(start, end);
        }
    }
}
