import { WALL_PHOTO_STATUSES, type WallPhotoStatus } from '@qr/contracts';
import { wallPhotoStreamId, wallStreamId, type WallEvent, type WallPhotoEvent } from '@qr/domain';
import type { Projection, RecordedEvent } from '@qr/eventstore';
import type { SqlExecutor } from '@qr/platform';

const WALL_PREFIX = wallStreamId('');
const PHOTO_PREFIX = wallPhotoStreamId('');

/**
 * Selfie walls and their photos with each one's review (issue 57). `approved_at` orders a wall
 * screen, newest first; `position` is the global position of the photo's last change, which a live
 * screen's message carries.
 */
export const walls: Projection = {
  name: 'walls',
  version: 1,
  eventTypes: [
    'WallCreated',
    'WallUpdated',
    'WallEmbedAdded',
    'WallEmbedRemoved',
    'WallDeleted',
    'WallPhotoSubmitted',
    'WallPhotoApproved',
    'WallPhotoRejected',
  ],
  tables: {
    walls: (table) => [
      `CREATE TABLE ${table} (
         wall_id uuid PRIMARY KEY,
         org_id text NOT NULL,
         code_id text NOT NULL,
         terms jsonb NOT NULL,
         embed_origins jsonb NOT NULL DEFAULT '[]',
         status text NOT NULL,
         pending integer NOT NULL DEFAULT 0,
         approved integer NOT NULL DEFAULT 0,
         rejected integer NOT NULL DEFAULT 0,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL
       )`,
      `CREATE INDEX ${table}_org ON ${table} (org_id, created_at DESC)`,
    ],
    wall_photos: (table) => [
      `CREATE TABLE ${table} (
         photo_id uuid PRIMARY KEY,
         wall_id uuid NOT NULL,
         org_id text NOT NULL,
         code_id text NOT NULL,
         blob_id uuid NOT NULL,
         width integer NOT NULL,
         height integer NOT NULL,
         caption text NOT NULL,
         nsfw jsonb NOT NULL,
         flagged boolean NOT NULL,
         status text NOT NULL,
         submitter text NOT NULL,
         submitted_at timestamptz NOT NULL,
         decided_at timestamptz,
         decided_by text,
         approved_at timestamptz,
         position bigint NOT NULL
       )`,
      `CREATE INDEX ${table}_review ON ${table} (wall_id, status, submitted_at DESC)`,
      `CREATE INDEX ${table}_screen ON ${table} (wall_id, approved_at DESC) WHERE status = 'approved'`,
    ],
  },
  async handle(events, { tx, table }) {
    for (const recorded of events) {
      if (recorded.streamId.startsWith(PHOTO_PREFIX)) await applyPhoto(tx, table('walls'), table('wall_photos'), recorded);
      else await applyWall(tx, table('walls'), recorded);
    }
  },
};

async function applyWall(tx: SqlExecutor, wallTable: string, recorded: RecordedEvent): Promise<void> {
  const wallId = recorded.streamId.slice(WALL_PREFIX.length);
  const at = recorded.occurredAt;
  // Only the wall decider writes to these streams, so the payload has its shape.
  const event = { type: recorded.type, data: recorded.data } as WallEvent;
  switch (event.type) {
    case 'WallCreated': {
      const { org_id, code_id, terms } = event.data;
      await tx.query(
        `INSERT INTO ${wallTable} (wall_id, org_id, code_id, terms, status, created_at, updated_at) VALUES ($1, $2, $3, $4, 'live', $5, $5)
         ON CONFLICT (wall_id) DO NOTHING`,
        [wallId, org_id, code_id, JSON.stringify(terms), at],
      );
      return;
    }
    case 'WallUpdated':
      await tx.query(`UPDATE ${wallTable} SET terms = $2, updated_at = $3 WHERE wall_id = $1`, [wallId, JSON.stringify(event.data.terms), at]);
      return;
    case 'WallEmbedAdded':
      await tx.query(`UPDATE ${wallTable} SET embed_origins = embed_origins || $2::jsonb, updated_at = $3 WHERE wall_id = $1`, [
        wallId,
        JSON.stringify([event.data.origin]),
        at,
      ]);
      return;
    case 'WallEmbedRemoved':
      await tx.query(`UPDATE ${wallTable} SET embed_origins = embed_origins - $2::text, updated_at = $3 WHERE wall_id = $1`, [wallId, event.data.origin, at]);
      return;
    case 'WallDeleted':
      await tx.query(`UPDATE ${wallTable} SET status = 'deleted', updated_at = $2 WHERE wall_id = $1`, [wallId, at]);
      return;
  }
}

async function applyPhoto(tx: SqlExecutor, wallTable: string, photoTable: string, recorded: RecordedEvent): Promise<void> {
  const photoId = recorded.streamId.slice(PHOTO_PREFIX.length);
  const at = recorded.occurredAt;
  const position = recorded.globalPosition;
  const event = { type: recorded.type, data: recorded.data } as WallPhotoEvent;
  if (event.type === 'WallPhotoSubmitted') {
    const { wall_id, org_id, code_id, blob_id, width, height, caption, nsfw, flagged, status, submitter } = event.data;
    const { rows } = await tx.query(
      `INSERT INTO ${photoTable} (photo_id, wall_id, org_id, code_id, blob_id, width, height, caption, nsfw, flagged, status, submitter, submitted_at, approved_at, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (photo_id) DO NOTHING RETURNING 1`,
      [
        photoId,
        wall_id,
        org_id,
        code_id,
        blob_id,
        width,
        height,
        caption,
        JSON.stringify(nsfw),
        flagged,
        status,
        submitter,
        at,
        status === 'approved' ? at : null,
        position,
      ],
    );
    if (rows.length > 0) await tx.query(`UPDATE ${wallTable} SET ${status} = ${status} + 1 WHERE wall_id = $1`, [wall_id]);
    return;
  }
  const status = event.type === 'WallPhotoApproved' ? 'approved' : 'rejected';
  const { rows } = await tx.query<{ wall_id: string; was: string }>(
    `UPDATE ${photoTable} p SET status = $2, decided_at = $3, decided_by = $4, position = $5,
            approved_at = CASE WHEN $2 = 'approved' THEN $3 ELSE p.approved_at END
       FROM ${photoTable} before WHERE p.photo_id = $1 AND before.photo_id = p.photo_id
     RETURNING p.wall_id, before.status AS was`,
    [photoId, status, at, event.data.by, position],
  );
  const moved = rows[0];
  // `was` names a counter column: only ever one of the statuses this projection writes.
  if (moved && moved.was !== status && isPhotoStatus(moved.was)) {
    await tx.query(`UPDATE ${wallTable} SET ${moved.was} = ${moved.was} - 1, ${status} = ${status} + 1 WHERE wall_id = $1`, [moved.wall_id]);
  }
}

const isPhotoStatus = (value: string): value is WallPhotoStatus => (WALL_PHOTO_STATUSES as readonly string[]).includes(value);
