import { CONFIG_VARIABLES, loadConfig } from '@qr/platform';
import { dependenciesOf, environmentOf, readComposeFile, serviceIn, settingOf, type ComposeService } from './testing/compose-file';

// No Docker engine runs the suite: these checks hold the compose file to what the product and the
// images need, so that a mistake shows here rather than on an operator's first `docker compose up`.
const compose = readComposeFile();
const services = Object.entries(compose.services);
const service = (name: string): ComposeService => serviceIn(compose, name);
const setting = (name: string, variable: string): string => settingOf(service(name), variable);

// One-shot services (the build): others wait for them to finish rather than to be healthy.
const tasks = new Set(
  services.flatMap(([, s]) => [...dependenciesOf(s)].filter(([, condition]) => condition === 'service_completed_successfully').map(([name]) => name)),
);

/** Where a service mounts each named volume the file declares: target path -> volume. */
const namedVolumes = (s: ComposeService): Map<string, string> =>
  new Map(
    (s.volumes ?? []).flatMap((mount) => {
      const [source = '', target = ''] = mount.split(':');
      return Object.hasOwn(compose.volumes ?? {}, source) ? [[target, source]] : [];
    }),
  );

describe('docker-compose.yml', () => {
  it('runs PostgreSQL, Kafka, ClickHouse, Keycloak, the API and projection workers', () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'kafka', 'clickhouse', 'keycloak', 'api', 'worker']));
  });

  it('pins every image to an explicit version tag', () => {
    for (const [name, s] of services) {
      const tag = /:([^/:]+)$/.exec(s.image ?? '')?.[1];
      expect({ name, tag }).toEqual({ name, tag: expect.stringMatching(/^\d+(\.\d+)+(-[\w.-]+)?$/) });
    }
  });

  it('runs Kafka in KRaft mode, with no ZooKeeper anywhere', () => {
    expect(setting('kafka', 'KAFKA_PROCESS_ROLES').split(',').sort()).toEqual(['broker', 'controller']);
    expect(setting('kafka', 'KAFKA_CONTROLLER_QUORUM_VOTERS')).toBe(`${setting('kafka', 'KAFKA_NODE_ID')}@kafka:9093`);
    expect(setting('kafka', 'CLUSTER_ID')).toMatch(/^[\w-]{22}$/);
    expect(JSON.stringify(compose)).not.toMatch(/zookeeper/i);
  });

  it('keeps the event topic forever and gives it a partition for each default worker at least', () => {
    expect(setting('kafka', 'KAFKA_LOG_RETENTION_MS')).toBe('-1');
    expect(setting('kafka', 'KAFKA_AUTO_CREATE_TOPICS_ENABLE')).toBe('true');
    expect(Number(setting('kafka', 'KAFKA_NUM_PARTITIONS'))).toBeGreaterThanOrEqual(service('worker').deploy?.replicas ?? 1);
  });

  it('gives every long-running service a health check and a restart after a crash, and neither to the one-shot build', () => {
    expect([...tasks]).toEqual(['build']);
    for (const [name, s] of services) {
      const test = s.healthcheck?.disable ? undefined : s.healthcheck?.test;
      if (tasks.has(name)) expect({ name, test, restart: s.restart }).toEqual({ name, test: undefined, restart: undefined });
      else {
        expect({ name, kind: test?.[0], command: test?.slice(1).join(' ') }).toEqual({
          name,
          kind: expect.stringMatching(/^CMD(-SHELL)?$/),
          command: expect.stringMatching(/\S/),
        });
        expect({ name, restart: s.restart }).toEqual({ name, restart: 'unless-stopped' });
      }
    }
  });

  it('starts a service only once what it depends on is healthy, or has finished for the build', () => {
    for (const [name, s] of services) {
      for (const [dependency, condition] of dependenciesOf(s)) {
        expect(Object.keys(compose.services)).toContain(dependency);
        expect({ name, dependency, condition }).toEqual({
          name,
          dependency,
          condition: tasks.has(dependency) ? 'service_completed_successfully' : 'service_healthy',
        });
      }
    }
  });

  it('installs dependencies in the build alone, which every service sharing its node_modules waits for', () => {
    expect(services.filter(([, s]) => s.command?.join(' ').includes('npm ci')).map(([name]) => name)).toEqual(['build']);
    const nodeModules = namedVolumes(service('build')).get('/app/node_modules');
    const sharing = services.filter(([name, s]) => name !== 'build' && namedVolumes(s).get('/app/node_modules') === nodeModules);
    expect(sharing.map(([name]) => name)).toEqual(expect.arrayContaining(['api', 'worker']));
    for (const [name, s] of sharing) expect({ name, build: dependenciesOf(s).get('build') }).toEqual({ name, build: 'service_completed_successfully' });
  });

  it('keeps every data service’s data, and the API’s uploads, in named volumes', () => {
    expect(namedVolumes(service('postgres')).has('/var/lib/postgresql/data')).toBe(true);
    expect(namedVolumes(service('kafka')).has(setting('kafka', 'KAFKA_LOG_DIRS'))).toBe(true);
    expect(namedVolumes(service('clickhouse')).has('/var/lib/clickhouse')).toBe(true);
    expect(namedVolumes(service('api')).has(setting('api', 'DATA_DIR'))).toBe(true);
  });

  describe.each(['api', 'worker'])('the %s', (name) => {
    it('is given only variables the configuration schema reads, valid ones, the scale mode’s among them', () => {
      const environment = environmentOf(service(name));
      expect(CONFIG_VARIABLES).toEqual(expect.arrayContaining(Object.keys(environment)));
      expect(Object.keys(environment)).toEqual(expect.arrayContaining(['DATABASE_URL', 'KAFKA_BROKERS', 'KAFKA_TOPIC', 'CLICKHOUSE_URL']));
      expect(() => loadConfig(environment)).not.toThrow();
    });

    it('reaches PostgreSQL, Kafka and ClickHouse with the names and credentials those services are given', () => {
      const database = new URL(setting(name, 'DATABASE_URL'));
      expect([database.username, database.password, database.host, database.pathname]).toEqual([
        setting('postgres', 'POSTGRES_USER'),
        setting('postgres', 'POSTGRES_PASSWORD'),
        'postgres:5432',
        `/${setting('postgres', 'POSTGRES_DB')}`,
      ]);
      expect(`PLAINTEXT://${setting(name, 'KAFKA_BROKERS')}`).toBe(setting('kafka', 'KAFKA_ADVERTISED_LISTENERS'));
      const analytics = new URL(setting(name, 'CLICKHOUSE_URL'));
      expect([analytics.username, analytics.password, analytics.host, analytics.pathname]).toEqual([
        setting('clickhouse', 'CLICKHOUSE_USER'),
        setting('clickhouse', 'CLICKHOUSE_PASSWORD'),
        'clickhouse:8123',
        `/${setting('clickhouse', 'CLICKHOUSE_DB')}`,
      ]);
    });
  });

  it('has the API publish to the topic the workers consume', () => {
    expect(setting('api', 'KAFKA_TOPIC')).toBe(setting('worker', 'KAFKA_TOPIC'));
  });

  it('runs two workers by default, scaled with --scale worker=N: no fixed name or host port', () => {
    const worker = service('worker');
    expect(worker.deploy?.replicas).toBe(2);
    expect(worker.container_name).toBeUndefined();
    expect(worker.ports).toBeUndefined();
  });
});
