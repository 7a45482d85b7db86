-- The parquet object -> one blob per day: events/2026/07/10/events.parquet, ... (a partition_by fan-out).
INSERT INTO {{ sink('blob', 'events', strategy: 'replace', container: 'pz-example', path: 'events/{yyyy}/{MM}/{dd}', format: 'parquet', partition_by: 'event_time') }}
select *
from {{ source('lake', 'events', path: 'raw/events.parquet') }}
