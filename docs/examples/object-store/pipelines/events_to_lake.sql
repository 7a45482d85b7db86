-- Local csv -> one parquet object in the bucket (native: DuckDB's COPY, then one upload).
INSERT INTO {{ sink('lake', 'events', strategy: 'replace', format: 'parquet', path: 'raw') }}
select id, kind, amount, event_time
from {{ source('files', 'events') }}
