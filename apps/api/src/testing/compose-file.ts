import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export interface ComposeService {
  image?: string;
  command?: string[];
  container_name?: string;
  restart?: string;
  environment?: Record<string, string | number | boolean>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  deploy?: { replicas?: number };
  networks?: Record<string, { aliases?: string[] }>;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** The repository's docker-compose.yml as Compose reads it: YAML merge keys (`<<: *anchor`) applied. */
export function readComposeFile(path = join(__dirname, '../../../../docker-compose.yml')): ComposeFile {
  return parse(readFileSync(path, 'utf8'), { merge: true }) as ComposeFile;
}

export function serviceIn(compose: ComposeFile, name: string): ComposeService {
  const service = compose.services[name];
  if (!service) throw new Error(`docker-compose.yml has no service "${name}"`);
  return service;
}

/** A service's environment as its process gets it when none of the `${VAR:-default}` variables is set. */
export function environmentOf(service: ComposeService): Record<string, string> {
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, String(value).replace(/\$\{\w+:-([^}]*)\}/g, '$1')]));
}

/** One variable of `environmentOf`, which the service must be given. */
export function settingOf(service: ComposeService, variable: string): string {
  const value = environmentOf(service)[variable];
  if (value === undefined) throw new Error(`the service is not given ${variable}`);
  return value;
}

/** What a service waits for, and on which condition (none in the short list form). */
export function dependenciesOf(service: ComposeService): Map<string, string | undefined> {
  const dependsOn = service.depends_on ?? {};
  return new Map(
    Array.isArray(dependsOn) ? dependsOn.map((name) => [name, undefined]) : Object.entries(dependsOn).map(([name, { condition }]) => [name, condition]),
  );
}
