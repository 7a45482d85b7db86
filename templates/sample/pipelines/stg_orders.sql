-- Staging: orders worth at least var('min_amount'). Nothing writes this out; two
-- pipelines ref() it.
select
    id,
    customer_id,
    amount,
    status
from {{ source('raw', 'orders') }}
where amount >= {{ var('min_amount') }}
