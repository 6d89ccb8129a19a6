-- Observations received per registered device and day, kept by the ingest hook in the transaction
-- that stores them: tech support reads transmissions per day without touching clinical values.
create table device_transmission (
  device_id uuid not null references device (id) on delete cascade,
  day date not null,
  observations integer not null check (observations >= 0),
  primary key (device_id, day)
);
