import { Inject, Injectable } from '@nestjs/common';
import { wallScreenPath, type NsfwCheckView, type PublicWallPhoto, type WallPhotoStatus, type WallTerms, type WallView } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';

export interface WallRow {
  wall_id: string;
  org_id: string;
  code_id: string;
  terms: WallTerms;
  embed_origins: string[];
  pending: number;
  approved: number;
  rejected: number;
  created_at: Date;
  updated_at: Date;
}

export interface WallPhotoRow {
  photo_id: string;
  wall_id: string;
  org_id: string;
  blob_id: string;
  width: number;
  height: number;
  caption: string;
  nsfw: Omit<NsfwCheckView, 'ms'>;
  flagged: boolean;
  status: WallPhotoStatus;
  submitted_at: Date;
  decided_at: Date | null;
  approved_at: Date | null;
}

const WALL_COLUMNS = 'wall_id, org_id, code_id, terms, embed_origins, pending, approved, rejected, created_at, updated_at';
const PHOTO_COLUMNS = 'photo_id, wall_id, org_id, blob_id, width, height, caption, nsfw, flagged, status, submitted_at, decided_at, approved_at';

const iso = (at: Date) => new Date(at).toISOString();

export const toWallView = (row: WallRow): WallView => ({
  ...row.terms,
  wall_id: row.wall_id,
  org_id: row.org_id,
  code_id: row.code_id,
  embed_origins: row.embed_origins,
  pending: row.pending,
  approved: row.approved,
  rejected: row.rejected,
  wall_url: wallScreenPath(row.wall_id),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/** Where a wall screen fetches an approved photo: the public route, on the site the screen is on. */
export const publicPhotoPath = (wallId: string, photoId: string): string => `/api/v1/public/walls/${wallId}/photos/${photoId}`;

export const toPublicWallPhoto = (row: WallPhotoRow): PublicWallPhoto => ({
  photo_id: row.photo_id,
  caption: row.caption,
  width: row.width,
  height: row.height,
  url: publicPhotoPath(row.wall_id, row.photo_id),
  approved_at: iso(row.approved_at ?? row.submitted_at),
});

/** The `walls` read model (projections/engagement): live walls only; a deleted wall reads as none. */
@Injectable()
export class WallReads {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  async live(wallId: string): Promise<WallRow | undefined> {
    const { rows } = await this.db.query<WallRow>(`SELECT ${WALL_COLUMNS} FROM walls WHERE wall_id = $1 AND status = 'live'`, [wallId]);
    return rows[0];
  }

  async page(orgId: string, codeId: string | undefined, page: number, perPage: number): Promise<{ rows: WallRow[]; total: number }> {
    const where = `org_id = $1 AND status = 'live' AND ($2::text IS NULL OR code_id = $2)`;
    const params = [orgId, codeId ?? null];
    const [{ rows }, { rows: counted }] = await Promise.all([
      this.db.query<WallRow>(`SELECT ${WALL_COLUMNS} FROM walls WHERE ${where} ORDER BY created_at DESC, wall_id LIMIT $3 OFFSET $4`, [
        ...params,
        perPage,
        (page - 1) * perPage,
      ]),
      this.db.query<{ total: string | number }>(`SELECT count(*) AS total FROM walls WHERE ${where}`, params),
    ]);
    return { rows, total: Number(counted[0]?.total ?? 0) };
  }

  /** The review queue: newest first, of one status or all. */
  async photoPage(wallId: string, status: WallPhotoStatus | undefined, page: number, perPage: number): Promise<{ rows: WallPhotoRow[]; total: number }> {
    const where = 'wall_id = $1 AND ($2::text IS NULL OR status = $2)';
    const params = [wallId, status ?? null];
    const [{ rows }, { rows: counted }] = await Promise.all([
      this.db.query<WallPhotoRow>(`SELECT ${PHOTO_COLUMNS} FROM wall_photos WHERE ${where} ORDER BY submitted_at DESC, photo_id LIMIT $3 OFFSET $4`, [
        ...params,
        perPage,
        (page - 1) * perPage,
      ]),
      this.db.query<{ total: string | number }>(`SELECT count(*) AS total FROM wall_photos WHERE ${where}`, params),
    ]);
    return { rows, total: Number(counted[0]?.total ?? 0) };
  }

  async photo(wallId: string, photoId: string): Promise<WallPhotoRow | undefined> {
    const { rows } = await this.db.query<WallPhotoRow>(`SELECT ${PHOTO_COLUMNS} FROM wall_photos WHERE wall_id = $1 AND photo_id = $2`, [wallId, photoId]);
    return rows[0];
  }

  /** What a wall screen shows: the newest approved photos of each wall asked for, newest first. */
  async screens(wallIds: readonly string[], limit: number): Promise<Map<string, WallPhotoRow[]>> {
    const { rows } = await this.db.query<WallPhotoRow>(
      `SELECT shown.* FROM unnest($1::uuid[]) AS w(id)
         CROSS JOIN LATERAL (SELECT ${PHOTO_COLUMNS} FROM wall_photos p WHERE p.wall_id = w.id AND p.status = 'approved'
                             ORDER BY p.approved_at DESC, p.photo_id LIMIT $2) shown`,
      [wallIds, limit],
    );
    const screens = new Map<string, WallPhotoRow[]>(wallIds.map((id) => [id, []]));
    for (const row of rows) screens.get(row.wall_id)?.push(row);
    return screens;
  }

  /** Every photo of a wall in the order they came, for the export. */
  async allPhotos(wallId: string): Promise<WallPhotoRow[]> {
    const { rows } = await this.db.query<WallPhotoRow>(`SELECT ${PHOTO_COLUMNS} FROM wall_photos WHERE wall_id = $1 ORDER BY submitted_at, photo_id`, [wallId]);
    return rows;
  }

  /** The wall each photo is on, for a live feed told only which photos changed. */
  async wallsOfPhotos(photoIds: readonly string[]): Promise<{ photo_id: string; wall_id: string }[]> {
    const { rows } = await this.db.query<{ photo_id: string; wall_id: string }>('SELECT photo_id, wall_id FROM wall_photos WHERE photo_id = ANY($1::uuid[])', [
      photoIds,
    ]);
    return rows;
  }
}
