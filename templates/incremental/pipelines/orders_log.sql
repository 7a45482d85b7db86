INSERT INTO {{ sink('lake', 'orders_log', format: 'parquet', strategy: 'append', duplicates: 'accept') }}
select order_id, customer_id, amount, status, updated_at
from {{ source('raw', 'orders') }}
where updated_at > {{ watermark('raw', 'orders') }}
