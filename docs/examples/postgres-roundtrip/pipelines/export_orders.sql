INSERT INTO {{ sink('lake', 'orders', format: 'parquet', strategy: 'replace') }}
select id, customer_id, amount, status, updated
from {{ source('shop', 'public.orders') }}
