-- Products 10, 20, ... 10000 with slugs p10, p20, ...: loaded by Hibernate when it creates the schema, so no entity event.
INSERT INTO product (id, slug) SELECT X * 10, 'p' || (X * 10) FROM SYSTEM_RANGE(1, 1000);
