import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { Kafka, logLevel } from 'kafkajs';

const INSTALL_HINT = 'a Kafka broker (set KAFKA_BROKERS=host:port, or apt-get install kcat for its mock cluster)';

/** A Kafka-protocol broker for one test file, and topic names no other run uses (DESIGN.md §10). */
export interface TestKafka {
  brokers: string[];
  /** A topic name of its own for each call; the broker creates it on first use. */
  newTopic(): string;
  close(): Promise<void>;
}

/** librdkafka's mock cluster run by kcat: a broker this test owns, so it can also make it unreachable. */
export interface MockKafka extends TestKafka {
  /** Freezes the brokers (SIGSTOP): connections hang as when the network to them is cut. */
  pause(): void;
  resume(): void;
}

/**
 * Whether Kafka suites can run here: KAFKA_BROKERS is set or kcat is installed. Otherwise says once
 * what to install and returns false, unless REQUIRE_SERVICES=1 (CI), where it throws.
 */
export function kafkaAvailable(): boolean {
  if (process.env.KAFKA_BROKERS || kcatInstalled()) return true;
  return refuseOrSkip(INSTALL_HINT);
}

/** Whether a test that stops the broker can run: it needs kcat, whatever KAFKA_BROKERS says. */
export function mockKafkaAvailable(): boolean {
  return kcatInstalled() || refuseOrSkip('a Kafka mock cluster that can be stopped (apt-get install kcat)');
}

/** The KAFKA_BROKERS server when set (CI exports the one it started), else a mock cluster of this file's own. */
export async function openTestKafka(): Promise<TestKafka> {
  const brokers = process.env.KAFKA_BROKERS;
  if (!brokers) return startMockKafka();
  return { brokers: brokers.split(',').map((b) => b.trim()), newTopic, close: async () => undefined };
}

/**
 * Starts `kcat -X test.mock.num.brokers=3 -b localhost:1 -C -t boot` (DESIGN.md §10), which runs
 * librdkafka's mock cluster in the kcat process and prints where its brokers listen.
 */
export async function startMockKafka(): Promise<MockKafka> {
  const kcat = spawn('kcat', ['-X', 'test.mock.num.brokers=3', '-b', 'localhost:1', '-C', '-t', 'boot'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const brokers = await new Promise<string[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('kcat printed no mock cluster address within 10 s')), 10_000);
    kcat.once('error', reject);
    kcat.once('exit', (code) => reject(new Error(`kcat exited with ${code} before the mock cluster started`)));
    // The notice reads "… replaced with 127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3". Lines keep being read so the pipe never fills.
    createInterface({ input: kcat.stderr! }).on('line', (line) => {
      const match = /(?:bootstrap\.servers=|replaced with )(\S+)/.exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1]!.split(','));
    });
  });
  kcat.removeAllListeners('exit');
  let closing = false;
  // A suite's clients see only refused connections when the mock cluster dies; this says why.
  kcat.once('exit', (code, signal) => {
    if (!closing) console.warn(`The Kafka mock cluster (kcat, pid ${kcat.pid}) exited unexpectedly: code ${code}, signal ${signal}.`);
  });
  return {
    brokers,
    newTopic,
    pause: () => void kcat.kill('SIGSTOP'),
    resume: () => void kcat.kill('SIGCONT'),
    close: () => {
      closing = true;
      return stopProcess(kcat);
    },
  };
}

export interface TopicMessage {
  partition: number;
  key: string;
  headers: Record<string, string>;
  value: string;
}

/**
 * Everything on `topic` from the beginning, read through a new consumer group, once `count` messages
 * arrived (or 30 s passed) and then nothing more for half a second, so an extra duplicate shows.
 */
export async function readTestTopic(brokers: string[], topic: string, count: number): Promise<TopicMessage[]> {
  const consumer = new Kafka({ clientId: 'test-reader', brokers, logLevel: logLevel.NOTHING }).consumer({
    groupId: `reader.${randomUUID()}`,
    // Short fetch waits: disconnecting waits for the fetch in flight.
    maxWaitTimeInMs: 100,
  });
  const read: TopicMessage[] = [];
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ partition, message }) => {
      const headers = Object.fromEntries(Object.entries(message.headers ?? {}).map(([name, value]) => [name, String(value)]));
      read.push({ partition, key: String(message.key), headers, value: String(message.value) });
    },
  });
  const deadline = Date.now() + 30_000;
  while (read.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 500));
  await consumer.disconnect();
  return read;
}

function newTopic(): string {
  return `test.${randomUUID().slice(0, 8)}`;
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGCONT');
    child.kill('SIGTERM');
  });
}

let kcatFound: boolean | undefined;
function kcatInstalled(): boolean {
  kcatFound ??= spawnSync('kcat', ['-V'], { stdio: 'ignore' }).status === 0;
  return kcatFound;
}

const announced = new Set<string>();
function refuseOrSkip(what: string): false {
  if (process.env.REQUIRE_SERVICES === '1') throw new Error(`REQUIRE_SERVICES=1 but these tests need ${what}.`);
  if (!announced.has(what)) {
    announced.add(what);
    console.log(`Skipping tests that need ${what}.`);
  }
  return false;
}
