/** One step of the schema. Applied once, in order, never edited after release: add a new one. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/*
 * Conventions: ids and ISO-8601 times are TEXT; whole records (checkpoints, plans, reports)
 * are JSON in one column and the columns next to them are copies kept for querying, written
 * from the record on every save. Tables are STRICT so that a wrong type fails loudly.
 */
const initial = `
CREATE TABLE requests (
  id         TEXT PRIMARY KEY,
  text       TEXT NOT NULL,
  summary    TEXT,
  status     TEXT NOT NULL,
  brain      TEXT NOT NULL,
  requester  TEXT NOT NULL, -- JSON Requester
  plan       TEXT NOT NULL, -- JSON Plan
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX requests_by_created ON requests (created_at);
CREATE INDEX requests_by_status ON requests (status, created_at);

CREATE TABLE groups (
  group_id            TEXT PRIMARY KEY,
  request_id          TEXT NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
  status              TEXT NOT NULL,
  dispatch            INTEGER NOT NULL,
  position            INTEGER NOT NULL,
  waiting_question_id TEXT,
  checkpoint          TEXT NOT NULL, -- JSON GroupCheckpoint
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL
) STRICT;
CREATE INDEX groups_by_request ON groups (request_id);
CREATE INDEX groups_by_status ON groups (status, updated_at);
CREATE INDEX groups_by_updated ON groups (updated_at);

-- Rewritten from the checkpoint on every save, so that the dashboard can query actions.
CREATE TABLE actions (
  group_id   TEXT NOT NULL REFERENCES groups (group_id) ON DELETE CASCADE,
  position   INTEGER NOT NULL,
  request_id TEXT NOT NULL,
  action_id  TEXT NOT NULL,
  text       TEXT NOT NULL,
  optional   INTEGER NOT NULL,
  status     TEXT NOT NULL,
  target     TEXT,
  attempts   INTEGER NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (group_id, position)
) STRICT;
CREATE INDEX actions_by_request ON actions (request_id);
CREATE INDEX actions_by_status ON actions (status);
CREATE INDEX actions_by_target ON actions (target);

CREATE TABLE questions (
  id              TEXT PRIMARY KEY,
  request_id      TEXT NOT NULL,
  group_id        TEXT NOT NULL REFERENCES groups (group_id) ON DELETE CASCADE,
  status          TEXT NOT NULL,
  channel         TEXT NOT NULL,
  conversation_id TEXT NOT NULL,
  record          TEXT NOT NULL, -- JSON QuestionRecord
  created_at      TEXT NOT NULL
) STRICT;
CREATE INDEX questions_by_conversation ON questions (channel, conversation_id, status);
CREATE INDEX questions_by_request ON questions (request_id);
CREATE INDEX questions_by_group ON questions (group_id);
CREATE INDEX questions_by_status ON questions (status, created_at);

-- One report per group and dispatch: completing a group twice keeps one.
CREATE TABLE reports (
  group_id    TEXT NOT NULL REFERENCES groups (group_id) ON DELETE CASCADE,
  dispatch    INTEGER NOT NULL,
  request_id  TEXT NOT NULL,
  status      TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  report      TEXT NOT NULL, -- JSON GroupReport
  PRIMARY KEY (group_id, dispatch)
) STRICT;
CREATE INDEX reports_by_request ON reports (request_id, finished_at);

-- Append-only. AUTOINCREMENT so that an id is never reused, even after the last rows are deleted.
CREATE TABLE events (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  at         TEXT NOT NULL,
  request_id TEXT,
  type       TEXT NOT NULL,
  data       TEXT NOT NULL -- JSON
) STRICT;
CREATE INDEX events_by_request ON events (request_id, id);

CREATE TABLE plugin_state (
  namespace  TEXT NOT NULL,
  key        TEXT NOT NULL,
  value      TEXT NOT NULL, -- JSON
  updated_at TEXT NOT NULL,
  PRIMARY KEY (namespace, key)
) STRICT, WITHOUT ROWID;

-- The ledger of side effects applied once per idempotency key.
CREATE TABLE applied_effects (
  namespace       TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  result          TEXT, -- JSON; NULL for an undefined result
  at              TEXT NOT NULL,
  PRIMARY KEY (namespace, idempotency_key)
) STRICT, WITHOUT ROWID;

CREATE TABLE scheduled_jobs (
  id         TEXT PRIMARY KEY,
  kind       TEXT NOT NULL,
  at         INTEGER NOT NULL, -- epoch ms
  payload    TEXT NOT NULL, -- JSON: the job without id, kind and at
  status     TEXT NOT NULL,
  fired_at   INTEGER, -- epoch ms
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX scheduled_jobs_due ON scheduled_jobs (status, at);
CREATE INDEX scheduled_jobs_by_at ON scheduled_jobs (at);
`;

/** The schema, oldest first. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', sql: initial },
  // Nothing reads groups by their time alone, and every save of a checkpoint moved its entry.
  { version: 2, name: 'drop groups_by_updated', sql: 'DROP INDEX IF EXISTS groups_by_updated;' },
  // Nothing read the action rows (the dashboard reads checkpoints), and every save of a
  // checkpoint wrote them and their four indexes: about a third of the pages a request wrote.
  { version: 3, name: 'drop actions', sql: 'DROP TABLE IF EXISTS actions;' },
];
