import { randomUUID } from 'node:crypto';
import { ClickHouseLogLevel, createClient } from '@clickhouse/client';
import { requiredServiceUrl } from '@qr/platform/testing';
import { ClickHouseAnalyticsStore } from '../clickhouse/clickhouse-analytics.store';

export interface TestClickHouse {
  store: ClickHouseAnalyticsStore;
  /** CLICKHOUSE_URL naming this run's database. */
  url: string;
  /** Closes the client and drops the database. */
  drop(): Promise<void>;
}

/**
 * The CLICKHOUSE_URL server, or undefined after saying once what to install (throws with
 * REQUIRE_SERVICES=1, as CI sets): `bash .ci/clickhouse.sh` installs and starts one on loopback.
 */
export const clickhouseServerUrl = (): string | undefined =>
  requiredServiceUrl('CLICKHOUSE_URL', 'ClickHouse (apt-get install clickhouse-server, then eval "$(bash .ci/clickhouse.sh)")');

/** A database of its own on the ClickHouse server, so concurrent runs never see each other's rows. */
export function openTestClickHouse(serverUrl: string): TestClickHouse {
  const url = new URL(serverUrl);
  url.pathname = `/test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const store = ClickHouseAnalyticsStore.open(url.toString());
  return {
    store,
    url: url.toString(),
    drop: async () => {
      await store.close();
      const admin = createClient({
        url: new URL('/', serverUrl).toString(),
        request_timeout: 15_000,
        keep_alive: { enabled: false },
        log: { level: ClickHouseLogLevel.OFF },
      });
      try {
        await admin.command({ query: `DROP DATABASE IF EXISTS ${store.database}` });
      } catch (error) {
        // ClickHouse 18.16 at times keeps a DROP of a database written by live batches waiting for
        // minutes (nothing else waits behind it). The server finishes it later; a test is not failed for it.
        console.warn(`ClickHouse did not drop ${store.database} in time (${(error as Error).message}); it is left to the server.`);
      } finally {
        await admin.close();
      }
    },
  };
}
