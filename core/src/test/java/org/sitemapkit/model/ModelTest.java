package org.sitemapkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sitemapkit.internal.check.Checks;

/** Builders refuse impossible values with a message naming the field and the value. */
class ModelTest {
    static void refused(Executable e, String... inMessage) {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
        for (String part : inMessage) {
            assertTrue(x.getMessage().contains(part), "\"" + x.getMessage() + "\" lacks \"" + part + "\"");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/about", "about", "ftp://shop.example.com/", "https:///path", "//shop.example.com/", ""})
    void locMustBeAbsoluteHttp(String loc) {
        refused(() -> SitemapUrl.of(loc), "loc", "\"" + loc + "\"");
    }

    @Test
    void priorityMustBeBetweenZeroAndOne() {
        refused(() -> SitemapUrl.builder("https://a.example/").priority(1.1), "priority", "1.1");
        refused(() -> SitemapUrl.builder("https://a.example/").priority(-0.1), "priority", "-0.1");
        refused(() -> SitemapUrl.builder("https://a.example/").priority(Double.NaN), "priority", "NaN");
        assertEquals(
                "0.0",
                Checks.decimal(SitemapUrl.builder("https://a.example/")
                        .priority(0)
                        .build()
                        .priority()));
        assertEquals(
                "1.0",
                Checks.decimal(SitemapUrl.builder("https://a.example/")
                        .priority(1)
                        .build()
                        .priority()));
        assertEquals(
                "0.85",
                Checks.decimal(SitemapUrl.builder("https://a.example/")
                        .priority(0.85)
                        .build()
                        .priority()));
        assertEquals(
                "0.3",
                Checks.decimal(SitemapUrl.builder("https://a.example/")
                        .priority(0.3)
                        .build()
                        .priority()));
        assertEquals(
                "0.0001",
                Checks.decimal(SitemapUrl.builder("https://a.example/")
                        .priority(1e-4)
                        .build()
                        .priority()));
    }

    @Test
    void changefreqIsOneOfSevenWords() {
        assertEquals(Changefreq.HOURLY, Changefreq.of("Hourly"));
        assertEquals("never", Changefreq.NEVER.word());
        refused(() -> Changefreq.of("fortnightly"), "changefreq", "fortnightly");
    }

    @Test
    void aLastmodFromAnInstantIsWhatJavaTimeWritesInEveryYearOneTo9999() {
        java.time.format.DateTimeFormatter w3c = java.time.format.DateTimeFormatter.ofPattern(
                        "uuuu-MM-dd'T'HH:mm:ss'Z'")
                .withZone(ZoneOffset.UTC);
        long first = Instant.parse("0001-01-01T00:00:00Z").getEpochSecond();
        long last = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
        java.util.SplittableRandom random = new java.util.SplittableRandom(25);
        for (int i = 0; i < 200_000; i++) {
            long second = i < 4 ? new long[] {first, last, 0, 951_782_400}[i] : random.nextLong(first, last + 1);
            Instant instant = Instant.ofEpochSecond(second);
            assertEquals(w3c.format(instant), Lastmod.of(instant).toString(), instant::toString);
        }
        refused(() -> Lastmod.of(Instant.ofEpochSecond(first - 1)), "lastmod year", "1 to 9999");
        refused(() -> Lastmod.of(Instant.ofEpochSecond(last + 1)), "lastmod year", "1 to 9999");
    }

    /**
     * A lastmod keeps its second and offset and makes its text only when asked: the text, and
     * equality with it, must still be java.time's for every offset and date.
     */
    @Test
    void aLastmodWithAnOffsetOrADateIsWhatJavaTimeWritesAndEqualsWhatWritesTheSame() {
        java.time.format.DateTimeFormatter w3c =
                java.time.format.DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssxxx");
        java.util.SplittableRandom random = new java.util.SplittableRandom(26);
        java.util.Map<String, Lastmod> byText = new java.util.HashMap<>();
        for (int i = 0; i < 100_000; i++) {
            ZoneOffset offset = ZoneOffset.ofTotalSeconds(random.nextInt(-14 * 60, 14 * 60 + 1) * 60);
            LocalDate day = LocalDate.ofEpochDay(random.nextLong(
                    LocalDate.of(1, 1, 2).toEpochDay(),
                    LocalDate.of(9999, 12, 31).toEpochDay()));
            OffsetDateTime time = OffsetDateTime.of(day.atTime(random.nextInt(24), random.nextInt(60)), offset)
                    .withSecond(random.nextInt(60));
            boolean dateOnly = random.nextInt(8) == 0;
            String expected = dateOnly ? day.toString() : w3c.format(time).replace("+00:00", "Z");
            Lastmod lastmod = dateOnly ? Lastmod.of(day) : Lastmod.of(time);
            String text = lastmod.toString();
            assertEquals(expected, text);
            Lastmod same = byText.putIfAbsent(text, lastmod);
            if (same != null) {
                assertEquals(same, lastmod, text);
                assertEquals(same.hashCode(), lastmod.hashCode(), text);
                assertEquals(0, same.compareTo(lastmod), text);
            }
        }
        Lastmod utc = Lastmod.parse("2026-05-01T02:00:00+02:00");
        Lastmod sameInstant = Lastmod.parse("2026-05-01T00:00:00Z");
        Lastmod date = Lastmod.parse("2026-05-01");
        assertFalse(utc.equals(sameInstant), "the same instant written otherwise is another text");
        assertFalse(date.equals(sameInstant), "a date is not its first second");
        assertEquals(
                Integer.signum("2026-05-01".compareTo("2026-05-01T00:00:00Z")),
                Integer.signum(date.compareTo(sameInstant)));
        assertEquals(
                Integer.signum("2026-05-01T00:00:00Z".compareTo("2026-05-01T02:00:00+02:00")),
                Integer.signum(sameInstant.compareTo(utc)));
    }

    /** What Lastmod.parse gave before its fast path: java.time's parsers, with the same checks. */
    static Lastmod parsedByJavaTime(String text) {
        String s = text.trim();
        try {
            return s.length() == 10 ? Lastmod.of(LocalDate.parse(s)) : Lastmod.of(OffsetDateTime.parse(s));
        } catch (java.time.DateTimeException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** The same text, lastmod or refusal, for texts written as SitemapKit writes them and near misses. */
    @Test
    void parseReadsWrittenFormsAsJavaTimeDoes() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(38);
        List<String> texts = new java.util.ArrayList<>(List.of(
                "2024-02-29",
                "2023-02-29",
                "2025-02-30",
                "2025-04-31",
                "0000-01-01",
                "9999-12-31",
                "2025-07-16T23:59:59Z",
                "2025-07-16T24:00:00Z",
                "2025-07-16T23:60:00Z",
                "2025-07-16T23:59:60Z",
                "2025-07-16t10:00:00z",
                "2025-07-16T10:00:00+14:00",
                "2025-07-16T10:00:00+14:01",
                "2025-07-16T10:00:00-14:00",
                "2025-07-16T10:00:00+18:00",
                "2025-07-16T10:00:00+19:00",
                "2025-07-16T10:00:00-00:00",
                "2025-07-16T10:00:00+05:60",
                "2025-07-16T10:00:00+0500",
                "2025-13-01",
                "2025-00-10",
                "2025-01-00",
                "20a5-01-01",
                "2025-07-16T10:0a:00Z",
                "0001-01-01T00:00:00+01:00",
                "9999-12-31T23:59:59-01:00",
                " 2025-07-16T10:00:00Z "));
        for (int i = 0; i < 50_000; i++) {
            StringBuilder b = new StringBuilder(String.format(
                    java.util.Locale.ROOT,
                    "%04d-%02d-%02d",
                    random.nextInt(0, 10_000),
                    random.nextInt(0, 14),
                    random.nextInt(0, 33)));
            if (random.nextInt(4) != 0) {
                b.append(String.format(
                        java.util.Locale.ROOT,
                        "T%02d:%02d:%02d",
                        random.nextInt(0, 26),
                        random.nextInt(0, 62),
                        random.nextInt(0, 62)));
                b.append(
                        random.nextBoolean()
                                ? "Z"
                                : String.format(
                                        java.util.Locale.ROOT,
                                        "%c%02d:%02d",
                                        random.nextBoolean() ? '+' : '-',
                                        random.nextInt(0, 20),
                                        random.nextInt(0, 61)));
            }
            texts.add(b.toString());
        }
        for (String text : texts) {
            Lastmod expected;
            try {
                expected = parsedByJavaTime(text);
            } catch (IllegalArgumentException e) {
                assertThrows(IllegalArgumentException.class, () -> Lastmod.parse(text), text);
                continue;
            }
            Lastmod parsed = Lastmod.parse(text);
            assertEquals(expected, parsed, text);
            assertEquals(expected.toString(), parsed.toString(), text);
            assertEquals(expected.instant(), parsed.instant(), text);
        }
    }

    @Test
    void lastmodIsAW3cDatetimeToTheSecond() {
        assertEquals(
                "2026-11-22T10:15:30Z",
                Lastmod.of(Instant.parse("2026-11-22T10:15:30.999Z")).toString());
        assertEquals(
                "1969-12-31T23:59:59Z", Lastmod.of(Instant.ofEpochSecond(-1)).toString());
        assertEquals(
                "2026-11-22T10:15:30+05:30",
                Lastmod.of(OffsetDateTime.of(2026, 11, 22, 10, 15, 30, 5, ZoneOffset.ofHoursMinutes(5, 30)))
                        .toString());
        assertEquals(
                "2026-07-01T12:00:00+02:00",
                Lastmod.of(ZonedDateTime.of(2026, 7, 1, 12, 0, 0, 0, ZoneId.of("Europe/Berlin")))
                        .toString());
        assertEquals("2026-11-22", Lastmod.of(LocalDate.of(2026, 11, 22)).toString());
        assertEquals("2026-11-22T10:15:00Z", Lastmod.parse("2026-11-22T10:15Z").toString());
        assertEquals(
                "2026-11-22T10:15:30-08:00",
                Lastmod.parse("2026-11-22T10:15:30.25-08:00").toString());
        // an offset with seconds cannot be written, so the instant is kept in UTC
        assertEquals(
                "2026-01-01T00:00:00Z",
                Lastmod.of(OffsetDateTime.of(2026, 1, 1, 0, 0, 7, 0, ZoneOffset.ofTotalSeconds(7)))
                        .toString());
        refused(() -> Lastmod.parse("2026-11-22T10:15:30"), "lastmod", "2026-11-22T10:15:30");
        refused(() -> Lastmod.parse("22.11.2026"), "lastmod", "22.11.2026");
        refused(() -> Lastmod.of(LocalDate.of(10_000, 1, 1)), "lastmod", "10000");
    }

    @Test
    void lastmodOrdersByInstant() {
        Lastmod date = Lastmod.parse("2026-05-01");
        Lastmod later = Lastmod.parse("2026-05-01T01:00:00+02:00"); // 2026-04-30T23:00Z
        assertTrue(date.isAfter(later));
        assertTrue(Lastmod.parse("2026-05-01T00:00:01Z").isAfter(date));
    }

    @Test
    void alternatesMustIncludeTheUrlItself() {
        refused(
                () -> SitemapUrl.builder("https://a.example/en")
                        .alternate("de", "https://a.example/de")
                        .build(),
                "https://a.example/en",
                "itself");
        refused(
                () -> SitemapUrl.builder("https://a.example/en")
                        .alternate("en", "https://a.example/en")
                        .alternate("EN", "https://a.example/en2"),
                "hreflang",
                "EN");
        refused(() -> Alternate.of("english", "https://a.example/en"), "hreflang", "english");
        refused(() -> Alternate.of("en", "/en"), "alternate href", "/en");
        assertEquals(
                2,
                SitemapUrl.builder("https://a.example/en")
                        .alternate("en", "https://a.example/en")
                        .alternate("zh-Hant-TW", "https://a.example/tw")
                        .build()
                        .alternates()
                        .size());
    }

    @Test
    void imagesAndVideosAndNewsAreChecked() {
        refused(() -> SitemapUrl.builder("https://shop.example.com/").image("img/1.png"), "image loc", "img/1.png");
        SitemapUrl.Builder b = SitemapUrl.builder("https://a.example/");
        for (int i = 0; i < SitemapUrl.MAX_IMAGES; i++) {
            b.image("https://cdn.example/" + i + ".png");
        }
        refused(() -> b.image("https://cdn.example/one-too-many.png"), "1000 images");

        refused(() -> Video.builder("https://a.example/t.jpg", "t", "d").build(), "content_loc", "player_loc");
        refused(() -> Video.builder("https://a.example/t.jpg", "x".repeat(101), "d"), "video title", "100");
        refused(() -> Video.builder("https://a.example/t.jpg", "t", "d").duration(28_801), "duration", "28801");
        refused(() -> Video.builder("https://a.example/t.jpg", "t", "d").rating(5.5), "rating", "5.5");
        refused(() -> Video.builder("https://a.example/t.jpg", "t\u0000", "d"), "video title", "U+0000");
        refused(() -> Video.builder("https://a.example/t.jpg", "t", "d\ud800"), "video description", "U+D800");
        Video.Builder v = Video.builder("https://a.example/t.jpg", "t", "d");
        for (int i = 0; i < 32; i++) {
            v.tag("tag" + i);
        }
        refused(() -> v.tag("tag32"), "32 tags", "tag32");

        Lastmod now = Lastmod.parse("2026-11-22");
        refused(() -> News.of("Times", "english", now, "Title"), "news language", "english");
        refused(() -> News.of(" ", "en", now, "Title"), "news publication name");
        assertEquals("zh-cn", News.of("Times", "zh-cn", now, "Title").language());
    }

    @Test
    void siteIsCanonical() {
        Site s = Site.of("HTTPS://Shop.Example.COM:443");
        assertEquals("https://shop.example.com/", s.base());
        assertEquals("https://shop.example.com/products/1", s.url("/products/1"));
        Site ctx = Site.of("http://127.0.0.1:8080/shop");
        assertEquals("http://127.0.0.1:8080/shop/", ctx.base());
        assertEquals("http://127.0.0.1:8080/shop/about", ctx.url("/about"));
        assertEquals(8080, ctx.effectivePort());
        assertEquals("http://[::1]:8080/", Site.of("http", "[::1]", 8080, "").base());
        refused(() -> Site.of("https://shop.example.com/?q"), "base-url", "?q");
        refused(() -> Site.of("https://u@shop.example.com/"), "base-url", "u@");
        refused(() -> Site.of("https://shop.example.com:0x/"), "base-url", "0x");
        refused(() -> Site.of("https", "shop example", -1, ""), "host", "shop example");
        refused(() -> Site.of("https", "shop.example.com", -1, "/a b"), "context path", "/a b");
    }

    @Test
    void lastmodOffsetsPastXsdsFourteenHoursAreWrittenInUtc() {
        assertEquals(
                "2026-11-22T00:00:00Z",
                Lastmod.of(OffsetDateTime.parse("2026-11-22T15:00:00+15:00")).toString());
        assertEquals(
                "2026-11-23T12:00:00Z",
                Lastmod.of(OffsetDateTime.parse("2026-11-22T18:00:00-18:00")).toString());
        assertEquals(
                "2026-11-22T10:00:00+14:00",
                Lastmod.of(OffsetDateTime.parse("2026-11-22T10:00:00+14:00")).toString());
        assertEquals(
                "2026-11-22T10:00:00-12:00",
                Lastmod.of(OffsetDateTime.parse("2026-11-22T10:00:00-12:00")).toString());
    }

    @Test
    void prioritiesAreWrittenWithAtMostFourDecimals() {
        String loc = "https://shop.example.com/a";
        assertEquals(
                "0.0",
                Checks.decimal(SitemapUrl.builder(loc).priority(1e-25).build().priority()));
        assertEquals(
                "0.0",
                Checks.decimal(SitemapUrl.builder(loc)
                        .priority(Double.MIN_VALUE)
                        .build()
                        .priority()));
        assertEquals(
                "0.1235",
                Checks.decimal(
                        SitemapUrl.builder(loc).priority(0.123456789).build().priority()));
        assertEquals(
                "0.0001",
                Checks.decimal(SitemapUrl.builder(loc).priority(0.0001).build().priority()));
        assertEquals(
                "1.0",
                Checks.decimal(
                        SitemapUrl.builder(loc).priority(0.99999999).build().priority()));
        assertEquals(
                "0.5",
                Checks.decimal(SitemapUrl.builder(loc).priority(0.5).build().priority()));
        assertEquals(
                0.1235, SitemapUrl.builder(loc).priority(0.123456789).build().priority(), "kept as written");
        assertTrue(Double.isNaN(SitemapUrl.of(loc).priority()), "unset is NaN, as in @SitemapEntry");
    }

    @Test
    void locsThatCanNeverBeWrittenAreRefusedByTheBuilder() {
        refused(() -> SitemapUrl.of("https://user:secret@shop.example.com/"), "user information");
        refused(() -> SitemapUrl.of("https://@shop.example.com/"), "user information");
        refused(() -> SitemapUrl.of("https://shop.example.com:99999/"), "port");
        refused(() -> SitemapUrl.of("https://shop.example.com:0/"), "port");
        refused(() -> SitemapUrl.of("https://shop.example.com:/"), "port");
        refused(() -> SitemapUrl.of("https://shop.example.com:8x/"), "port");
        refused(() -> SitemapUrl.of("https://shop.example.com/a\nb"), "U+000A");
        refused(() -> SitemapUrl.of("https://shop.example.com/a\u0000"), "U+0000");
        refused(() -> SitemapUrl.of("https://shop.example.com/a\u007f"), "U+007F");
        refused(() -> SitemapUrl.of("https://shop.example.com/\ud800x"), "U+D800");
        refused(() -> SitemapUrl.of("https://shop.example.com/\udc00"), "U+DC00");
        refused(() -> SitemapUrl.of("https://shop example.com/"), "not a DNS name");
        refused(() -> SitemapUrl.of("https://shop.exa<mple.com/"), "host");
        refused(() -> SitemapUrl.of("https://[::1/"), "IPv6");
        refused(() -> SitemapUrl.of("https://[::g]/"), "host");
        for (String host : List.of(
                "cdn_1.example.com",
                "cdn%41.example.com",
                ".example.com",
                "-cdn.example.com",
                "cdn!.example.com",
                "cdn\u00a0x.example.com")) {
            refused(
                    () -> SitemapUrl.builder("https://shop.example.com/").image("https://" + host + "/a.png"),
                    "not a DNS name"); // the writer would drop the URL
        }
        // still accepted: the forms a real loc takes
        for (String ok : List.of(
                "https://shop.example.com:8443/a?b=c#d",
                "http://[::1]:8080/x",
                "https://bücher.example/straße",
                "https://shop.example.com/\ud83d\ude00",
                "https://shop.example.com/a%20b")) {
            assertEquals(ok, SitemapUrl.of(ok).loc());
        }
    }

    @Test
    void refusalsEscapeTheControlCharactersOfTheValueTheyName() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> Alternate.of("en\nSEVERE forged line", "https://shop.example.com/a"));
        assertTrue(!e.getMessage().contains("\n") && e.getMessage().contains("\\u000a"), e.getMessage());
    }
}
