-- Each run appends the issues updated since the last run as a new parquet file under out/issues/.
-- duplicates: 'accept' acknowledges that a retried run may deliver an issue twice.
INSERT INTO {{ sink('lake', 'issues_log', format: 'parquet', path: 'out/issues/', strategy: 'append', duplicates: 'accept') }}
select id, number, title, state, updated_at
from {{ source('github', 'issues') }}
