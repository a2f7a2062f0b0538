import { createHmac, hash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';
import type { ScanRecorded } from '@qr/domain';
import { lazyServerSecret, type Config, type SqlClient } from '@qr/platform';
import { clientAddress, type Visit } from '../http/client-address';
import { CONFIG, SQL_CLIENT } from '../infrastructure';
import { VisitorCountry } from './visitor-country';

export type VisitorFacts = Pick<ScanRecorded['data'], 'device' | 'os' | 'browser' | 'referrer' | 'language' | 'country' | 'visitor' | 'bot'>;

export type { Visit };

const SECRET_NAME = 'visitor_hash';
const DAY_MS = 86_400_000;
/** Headers come from anyone: only so much of each is read. */
const MAX_HEADER = 512;
const LANGUAGE = /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/;
/** A language range's weight (RFC 9110 §12.4.2): `q=` and up to three decimals. */
const WEIGHT = /;\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i;

const header = (visit: Visit, name: string): string => {
  const value = visit.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.slice(0, MAX_HEADER) ?? '';
};

function deviceOf(type: string | undefined, os: string | undefined): VisitorFacts['device'] {
  if (type === 'mobile') return 'mobile';
  if (type === 'tablet') return 'tablet';
  // ua-parser names no device type for desktop browsers, nor for curl or a link previewer
  // (WhatsApp/2.23, Slackbot-LinkExpanding): a desktop browser is the one of those that names its system.
  return type === undefined && os ? 'desktop' : 'other';
}

const named = (name?: string, version?: string) => (name ? (version ? `${name} ${version.split('.')[0]}` : name) : null);

/**
 * A tag in its conventional case (RFC 5646 §2.1.1): `en-us`, `EN-US` and `en_US` are one language in
 * the breakdown, `en-US`. Region upper, script title, the rest lower.
 */
function canonicalTag(tag: string): string | null {
  const parts = tag.replace(/_/g, '-').split('-');
  if (!LANGUAGE.test(parts.join('-'))) return null;
  return parts
    .map((part, i) => {
      if (i === 0) return part.toLowerCase();
      if (part.length === 2) return part.toUpperCase();
      return part.length === 4 ? part[0]!.toUpperCase() + part.slice(1).toLowerCase() : part.toLowerCase();
    })
    .join('-');
}

/**
 * The language the visitor prefers most: browsers list it first with no weight, which is all most
 * scans cost. Otherwise the heaviest range wins, the first of equals; `*` and `q=0` (not wanted)
 * name no language.
 */
function preferredLanguage(accepted: string): string | null {
  const first = accepted.split(',', 1)[0]!.trim();
  if (!first.includes(';') && first !== '*') return canonicalTag(first);
  let best: string | null = null;
  let bestWeight = 0;
  for (const range of accepted.split(',')) {
    const [tag = '', ...params] = range.split(';');
    const weightText = params.length ? WEIGHT.exec(`;${params.join(';')}`)?.[1] : '1';
    const weight = weightText === undefined ? 0 : Number(weightText);
    const language = tag.trim() === '*' ? null : canonicalTag(tag.trim());
    if (language && weight > bestWeight) [best, bestWeight] = [language, weight];
  }
  return best;
}

function referrerOrigin(referrer: string): string | null {
  // Most scans carry no referrer, and a URL that fails to parse costs a thrown exception.
  if (referrer === '') return null;
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

type AgentFacts = Pick<VisitorFacts, 'device' | 'os' | 'browser' | 'bot'>;

/**
 * Phones send a few thousand distinct user agents, and parsing one (ua-parser-js, then isbot) is a
 * large share of a scan's CPU: parsed agents are remembered, bounded so made-up agents cannot grow
 * the map without end.
 */
const MAX_AGENTS = 10_000;
/**
 * Browsers send a few hundred distinct Accept-Language values, the same few for most visitors, and
 * finding the preferred tag in one (splits, a pattern test, the tag's case) was half of reading a
 * visit's facts: remembered, bounded alike.
 */
const MAX_LANGUAGES = 2_000;

/** Keeps `value` under `key`, dropping the oldest entry (Map keeps insertion order) once `map` holds `max`. */
function rememberBounded<Value>(map: Map<string, Value>, key: string, value: Value, max: number): Value {
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/**
 * What a scan records about the visitor, from the request alone. The IP address goes into the
 * visitor hash and nowhere else; the hash's salt changes every UTC day and derives from a server
 * secret kept in the database, so hashes cannot be reversed or joined across days.
 */
@Injectable()
export class VisitorFactsReader {
  /** Made once per installation (see serverSecret). */
  private readonly serverSecret: () => Promise<Buffer>;
  private readonly agents = new Map<string, AgentFacts>();
  private readonly languages = new Map<string, string | null>();
  /** The current UTC day's salt (hex), made once a day rather than once a scan. */
  private salt: { day: number; key: string } | undefined;

  constructor(
    @Inject(SQL_CLIENT) db: SqlClient,
    @Inject(CONFIG) private readonly config: Config,
    private readonly country: VisitorCountry,
  ) {
    this.serverSecret = lazyServerSecret(db, SECRET_NAME);
  }

  /**
   * The facts built field by field rather than spread from the cached agent's: on Node 20 an object
   * spread followed by more fields costs as much as the rest of this put together.
   */
  async read(visit: Visit, now: Date): Promise<VisitorFacts> {
    const userAgent = header(visit, 'user-agent');
    const agent = this.agentFacts(userAgent);
    const day = Math.floor(now.getTime() / DAY_MS);
    const salt = this.salt?.day === day ? this.salt.key : await this.saltOf(day);
    return {
      device: agent.device,
      os: agent.os,
      browser: agent.browser,
      bot: agent.bot,
      referrer: referrerOrigin(header(visit, 'referer')),
      language: this.languageOf(header(visit, 'accept-language')),
      country: this.country.of(visit),
      // SHA-256 of the salt and the visit in one call: an HMAC object a scan cost three times as much,
      // and a salt that is secret and changes daily needs no HMAC's second pass.
      visitor: hash('sha256', `${salt}\n${clientAddress(visit.headers, visit.ip, this.config.TRUSTED_CLIENT_IP_HEADER)}\n${userAgent}`, 'base64url').slice(
        0,
        22,
      ),
    };
  }

  private agentFacts(userAgent: string): AgentFacts {
    const known = this.agents.get(userAgent);
    if (known) return known;
    const parsed = new UAParser(userAgent).getResult();
    const facts: AgentFacts = {
      device: deviceOf(parsed.device.type, parsed.os.name),
      os: named(parsed.os.name, parsed.os.version),
      browser: named(parsed.browser.name, parsed.browser.version),
      bot: userAgent === '' || isbot(userAgent),
    };
    return rememberBounded(this.agents, userAgent, facts, MAX_AGENTS);
  }

  private languageOf(accepted: string): string | null {
    const known = this.languages.get(accepted);
    return known !== undefined ? known : rememberBounded(this.languages, accepted, preferredLanguage(accepted), MAX_LANGUAGES);
  }

  /** The salt of a UTC day (days since the epoch), from the server secret and the day's ISO date. */
  private async saltOf(day: number): Promise<string> {
    const isoDate = new Date(day * DAY_MS).toISOString().slice(0, 10);
    const key = createHmac('sha256', await this.serverSecret())
      .update(isoDate)
      .digest('hex');
    this.salt = { day, key };
    return key;
  }
}
