import type Database from 'better-sqlite3';

/** Tables of the embedded memory, apart from the vector index (its size depends on the embedder). */
export const MEMORY_SCHEMA = `
create table if not exists memory_meta (name text primary key, value text not null);
create table if not exists memories (
  rowid integer primary key,
  id text not null unique,
  kind text not null,
  key text,
  text text not null,
  importance real not null,
  x real, y real, z real,
  dimension text,
  data text,
  created_at integer not null,
  accessed_at integer not null,
  -- The vector again, for searches that score every memory (the vec0 index answers nearest-first only).
  embedding blob not null
);
create index if not exists memories_kind_created on memories(kind, created_at);
create index if not exists memories_accessed on memories(accessed_at);
create index if not exists memories_place on memories(kind, x, z);
`;

/** The vector index: cosine distance, partitioned by kind, filterable by creation time (ms). */
export function vectorTable(dimensions: number): string {
  return `create virtual table memory_vectors using vec0(embedding float[${dimensions}] distance_metric=cosine, kind text partition key, created_at integer)`;
}

export function readMeta(db: Database.Database, name: string): string | undefined {
  return (db.prepare('select value from memory_meta where name = ?').get(name) as { value: string } | undefined)?.value;
}

export function writeMeta(db: Database.Database, name: string, value: string): void {
  db.prepare('insert into memory_meta(name, value) values (?, ?) on conflict(name) do update set value = excluded.value').run(name, value);
}
