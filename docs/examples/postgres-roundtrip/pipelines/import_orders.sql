INSERT INTO {{ sink('shop', 'public.orders_copy') }}
select id, customer_id, amount, status, updated
from {{ source('lake', 'orders') }}
