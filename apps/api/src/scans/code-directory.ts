import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { CodeContent, CodeStatus } from '@qr/contracts';
import { codeStreamId } from '@qr/domain';
import type { ProjectionRunner } from '@qr/projections-runner';
import { CodeReads } from '../codes';
import { PROJECTION_RUNNER } from '../infrastructure';

/** What a scan needs to know about a code. */
export interface DirectoryEntry {
  codeId: string;
  orgId: string;
  name: string;
  status: CodeStatus;
  content: CodeContent;
}

/** Enough for every code a busy installation scans, bounded so random ids cannot grow it without end. */
const MAX_ENTRIES = 100_000;
const STREAM_PREFIX = codeStreamId('');

/**
 * The scan path's lookup: codes from the `codes` read model, kept in memory so a scan costs no
 * query. An entry is dropped as soon as the projection applies an event of its code (the runner
 * calls back after the batch commits), so a command that returned has already cleared it.
 * Unknown ids are not remembered: a code created a moment later must be found.
 */
@Injectable()
export class CodeDirectory implements OnModuleDestroy {
  private readonly entries = new Map<string, DirectoryEntry>();
  /** Lookups under way; one a change raced is dropped, so later scans ask again. */
  private readonly loading = new Map<string, Promise<DirectoryEntry | undefined>>();
  private readonly unsubscribe: () => void;
  /** Counts invalidations, so a read that raced one is not cached. */
  private invalidations = 0;

  constructor(
    private readonly codes: CodeReads,
    @Inject(PROJECTION_RUNNER) projections: ProjectionRunner,
  ) {
    this.unsubscribe = projections.onApplied('codes', (events) => {
      this.invalidations++;
      if (!events) {
        this.loading.clear();
        return this.entries.clear();
      }
      // Folder events that move codes reach the projection too; they change nothing a scan reads.
      for (const event of events) {
        if (!event.streamId.startsWith(STREAM_PREFIX)) continue;
        const codeId = event.streamId.slice(STREAM_PREFIX.length);
        this.entries.delete(codeId);
        this.loading.delete(codeId);
      }
    });
  }

  async find(codeId: string): Promise<DirectoryEntry | undefined> {
    const cached = this.entries.get(codeId);
    if (cached) return cached;
    // A popular code's scans right after a start (or an update) wait for one query, not one each.
    const pending = this.loading.get(codeId);
    if (pending) return pending;
    const loading: Promise<DirectoryEntry | undefined> = this.load(codeId).finally(() => {
      if (this.loading.get(codeId) === loading) this.loading.delete(codeId);
    });
    this.loading.set(codeId, loading);
    return loading;
  }

  private async load(codeId: string): Promise<DirectoryEntry | undefined> {
    const seen = this.invalidations;
    const row = await this.codes.find(codeId);
    if (!row) return undefined;
    const entry = { codeId, orgId: row.org_id, name: row.name, status: row.status, content: row.content };
    if (seen !== this.invalidations) return entry;
    // Oldest first out: Map keeps insertion order.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(codeId, entry);
    return entry;
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }
}
