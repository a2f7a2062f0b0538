/**
 * Values loaded on demand and kept a short while, per key: a provider's opened credentials, which a
 * burst of sends or signs would otherwise open once each. A failed load is forgotten at once, so
 * the next call tries again; another process sees a change at most `ttlMs` late.
 */
export class ShortLivedCache<Value> {
  private readonly kept = new Map<string, { value: Promise<Value>; until: number }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string, load: () => Promise<Value>): Promise<Value> {
    const kept = this.kept.get(key);
    if (kept && kept.until > Date.now()) return kept.value;
    const value = load();
    this.kept.set(key, { value, until: Date.now() + this.ttlMs });
    value.catch(() => this.kept.delete(key));
    return value;
  }

  forget(key: string): void {
    this.kept.delete(key);
  }
}
