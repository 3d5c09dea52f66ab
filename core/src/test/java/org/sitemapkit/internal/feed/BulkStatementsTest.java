package org.sitemapkit.internal.feed;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The tables of the statements Hibernate and applications send, on the dialects the tests run. */
class BulkStatementsTest {

    @Test
    void theTablesAChangingStatementNames() {
        assertEquals(Set.of("product"), BulkStatements.tables("update product p1_0 set slug='b'"));
        assertEquals(Set.of("product"), BulkStatements.tables("UPDATE product SET slug = 'c' WHERE id = 990"));
        assertEquals(Set.of("product"), BulkStatements.tables("delete from product p1_0 where p1_0.slug='z'"));
        assertEquals(Set.of("product"), BulkStatements.tables("delete p1_0 from product p1_0 where p1_0.id>?"));
        assertEquals(Set.of("product"), BulkStatements.tables("insert into \"Product\" (slug,id) values (?,?)"));
        assertEquals(Set.of("product"), BulkStatements.tables("update shop.product set slug=?"));
        assertEquals(Set.of("product"), BulkStatements.tables("update \"shop\".\"product\" set slug=?"));
        assertEquals(Set.of("product"), BulkStatements.tables("/* bulk */ -- note\n  truncate table product"));
        assertEquals(
                Set.of("product", "review"),
                BulkStatements.tables("update product set slug = 'x' from review r where r.product_id = product.id"));
        assertEquals(
                Set.of("ht_product", "product"),
                BulkStatements.tables("insert into HT_product (id) select p.id from product p where p.slug like 'a%'"));
        assertEquals(
                Set.of("product", "article", "review"),
                BulkStatements.tables("delete from product using article a, review r where a.id = r.id"));
        assertEquals(
                Set.of("tmp", "product"),
                BulkStatements.tables("with tmp as (select id from product) update product set slug='w' where id in"
                        + " (select id from tmp)"));
    }

    @Test
    void statementsThatChangeNothingNameNoTable() {
        for (String sql : List.of(
                "select p.id from product p for update",
                "SELECT * FROM product",
                "create table product (id bigint)",
                "(select 1) union (select 2)",
                "{call refresh_product()}",
                "",
                "   ",
                "\"update\" product")) {
            assertEquals(Set.of(), BulkStatements.tables(sql), sql);
        }
        assertEquals(Set.of(), BulkStatements.tables(null));
    }

    @Test
    void stringsAndCommentsAreNotNames() {
        assertEquals(
                Set.of("product"),
                BulkStatements.tables(
                        "update product set slug = 'from review; update article' /* from x */ where 1=1"));
        assertEquals(Set.of("product"), BulkStatements.tables("update product set slug = 'it''s from x'"));
    }
}
