-- The shop's tables, created by Spring Boot at start-up (it runs schema.sql, then data.sql, for an
-- embedded database), before Hibernate checks the entities Product and HelpPage against them.
-- ShopData fills product, with as many rows as shop.products says.
CREATE TABLE product (
    id BIGINT PRIMARY KEY,
    slug VARCHAR(60) NOT NULL UNIQUE,
    name VARCHAR(60) NOT NULL,
    price_cents INT NOT NULL,
    updated TIMESTAMP(0) WITH TIME ZONE NOT NULL
);

-- The help centre: a page per path under /help, at any depth.
CREATE TABLE help_page (
    path VARCHAR(100) PRIMARY KEY,
    title VARCHAR(100) NOT NULL,
    body VARCHAR(2000) NOT NULL,
    updated TIMESTAMP(0) WITH TIME ZONE NOT NULL
);
