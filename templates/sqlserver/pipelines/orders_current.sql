-- An incremental read into a keyed merge: each run moves only the orders changed since the last
-- committed run, and a run that is repeated lands the same rows again instead of duplicates.
INSERT INTO {{ sink('mart', 'mart.orders_current', strategy: 'merge', keys: ['order_id']) }}
select
    order_id,
    customer_id,
    amount,
    status,
    updated_at
from {{ source('erp', 'dbo.orders') }}
where updated_at > {{ watermark('erp', 'dbo.orders') }}
