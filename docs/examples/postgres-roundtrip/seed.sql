-- psql -f seed.sql : the table the example exports.
create table if not exists public.orders (id int primary key, customer_id int not null,
  amount numeric(18,2) not null, status varchar(16) not null, updated timestamp not null);
insert into public.orders
select i, i % 100, (i * 97 % 100000) / 100.0,
  case i % 4 when 0 then 'shipped' when 1 then 'pending' when 2 then 'returned' else 'cancelled' end,
  timestamp '2026-01-01' + make_interval(secs => i)
from generate_series(1, 10000) i
on conflict (id) do nothing;
