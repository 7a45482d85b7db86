-- One day of blobs per run (the window's cover lists only that day's folder) -> totals per kind.
INSERT INTO {{ sink('out', 'daily_totals', strategy: 'append', duplicates: 'accept', format: 'csv', path: 'totals/') }}
select cast(event_time as date) as day, kind, count(*) as events, sum(amount) as amount
from {{ source('blob', 'events') }}
group by all
order by all
