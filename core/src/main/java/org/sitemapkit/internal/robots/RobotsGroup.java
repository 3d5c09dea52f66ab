package org.sitemapkit.internal.robots;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The rules for the crawlers named by one run of {@code User-agent} lines.
 *
 * <p>A group needs at least one rule. RFC 9309's grammar admits a group without rules, but a
 * blank line does not end a group there: the user-agent lines of an empty group run on into the
 * next group's, and those crawlers would be given its rules. So instead of an empty group,
 * write {@code disallow("")}, which disallows nothing and ends the group.
 */
public final class RobotsGroup {
    private final List<String> userAgents;
    private final List<RobotsRule> rules;

    private RobotsGroup(Builder builder) {
        this.userAgents = List.copyOf(builder.userAgents);
        this.rules = List.copyOf(builder.rules);
    }

    /**
     * Starts an empty group; it needs a user-agent and a rule before it builds.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The product tokens in the order given; crawlers match them case-insensitively.
     *
     * @return at least one token, {@code *} standing for every crawler
     */
    public List<String> userAgents() {
        return userAgents;
    }

    /**
     * In the order given, which is how they are written; crawlers apply the longest match.
     *
     * @return at least one rule
     */
    public List<RobotsRule> rules() {
        return rules;
    }

    /**
     * For a group that adds crawlers or rules to this one.
     *
     * @return a builder holding this group's user-agents and rules
     */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.userAgents.addAll(userAgents);
        builder.rules.addAll(rules);
        return builder;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RobotsGroup
                && ((RobotsGroup) o).userAgents.equals(userAgents)
                && ((RobotsGroup) o).rules.equals(rules);
    }

    @Override
    public int hashCode() {
        return Objects.hash(userAgents, rules);
    }

    /** The group as written, each line ending in {@code \n}. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        RobotsWriter.append(out, this);
        return out.toString();
    }

    /** Collects a {@link RobotsGroup}; each token and rule is checked as it is added. */
    public static final class Builder {
        private final List<String> userAgents = new ArrayList<>();
        private final List<RobotsRule> rules = new ArrayList<>();

        private Builder() {}

        /**
         * Adds a crawler the group applies to.
         *
         * @param token {@code *} for every crawler, or a name of letters, {@code -} and {@code _}
         * @return this builder
         */
        public Builder userAgent(String token) {
            userAgents.add(RobotsChecks.checkUserAgent(token));
            return this;
        }

        /**
         * Adds an {@code Allow} rule, which overrides a shorter {@code Disallow}.
         *
         * @param path a path pattern, as {@link RobotsRule#of} takes it
         * @return this builder
         */
        public Builder allow(String path) {
            return rule(RobotsRule.allow(path));
        }

        /**
         * Adds a {@code Disallow} rule; {@code disallow("")} disallows nothing.
         *
         * @param path a path pattern, as {@link RobotsRule#of} takes it
         * @return this builder
         */
        public Builder disallow(String path) {
            return rule(RobotsRule.disallow(path));
        }

        /**
         * Adds a rule made elsewhere, such as one read from another file.
         *
         * @param rule not null
         * @return this builder
         */
        public Builder rule(RobotsRule rule) {
            rules.add(RobotsChecks.checkNotNull(rule, "rule"));
            return this;
        }

        /**
         * Refuses a group without a user-agent or without a rule (see the class comment).
         *
         * @return the group
         * @throws IllegalStateException if either is missing
         */
        public RobotsGroup build() {
            if (userAgents.isEmpty()) {
                throw new IllegalStateException("RobotsGroup needs a User-agent");
            }
            if (rules.isEmpty()) {
                throw new IllegalStateException(
                        "RobotsGroup for " + userAgents + " has no rules; use disallow(\"\") to allow everything");
            }
            return new RobotsGroup(this);
        }
    }
}
