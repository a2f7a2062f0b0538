/** "1 scan", "2 scans", "1,200 codes": a count with its noun, for the screens' running text. */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}
