-- The read options of `products` are declared here, at the call site, instead of in
-- connections.yml: one place or the other, never both.
INSERT INTO {{ sink('lake', 'product_catalog', strategy: 'replace', format: 'csv') }}
select id, name, price
from {{ source('raw', 'products', path: 'data/products.csv', format: 'csv', columns: { id: 'bigint', name: 'varchar', price: 'double' }) }}
