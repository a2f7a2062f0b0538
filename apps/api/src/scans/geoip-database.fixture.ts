/**
 * A tiny MaxMind DB file (https://maxmind.github.io/MaxMind-DB/) for tests: an IPv4 tree with one
 * /24 network mapped to one country, in the layout GeoLite2-Country uses (`country.iso_code`). Real
 * GeoLite2 files need an account and a licence, so tests write their own.
 */
const TYPE = { string: 2, uint16: 5, uint32: 6, map: 7, uint64: 9, array: 11 } as const;

function control(type: number, size: number): Buffer {
  // Types above 7 are "extended": type bits 0, then a byte holding type - 7.
  return type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]);
}

type Value = string | { uint: number; type: 'uint16' | 'uint32' | 'uint64' } | Value[] | { [key: string]: Value };

function encode(value: Value): Buffer {
  if (typeof value === 'string') return Buffer.concat([control(TYPE.string, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([control(TYPE.array, value.length), ...value.map(encode)]);
  if ('uint' in value && typeof value.uint === 'number') {
    // Unsigned integers are big-endian in as few bytes as they need.
    const hex = value.uint.toString(16);
    const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
    return Buffer.concat([control(TYPE[value.type as 'uint16'], bytes.length), bytes]);
  }
  const entries = Object.entries(value as Record<string, Value>);
  return Buffer.concat([control(TYPE.map, entries.length), ...entries.flatMap(([key, item]) => [encode(key), encode(item)])]);
}

/** `network` as `a.b.c.0/24`: every address in it answers `isoCode`, every other address nothing. */
export function geoipCountryDatabase(network: string, isoCode: string): Buffer {
  const [address] = network.split('/');
  const bits = address!
    .split('.')
    .flatMap((octet) => Number(octet).toString(2).padStart(8, '0').split('').map(Number))
    .slice(0, 24);
  // One node per bit of the prefix; the last one points into the data section, every other branch at "no data".
  const nodeCount = bits.length;
  const noData = nodeCount;
  const dataPointer = nodeCount + 16;
  const tree = Buffer.alloc(nodeCount * 6);
  bits.forEach((bit, node) => {
    const next = node + 1 === nodeCount ? dataPointer : node + 1;
    tree.writeUIntBE(bit === 0 ? next : noData, node * 6, 3);
    tree.writeUIntBE(bit === 1 ? next : noData, node * 6 + 3, 3);
  });
  const data = encode({ country: { iso_code: isoCode } });
  const metadata = encode({
    binary_format_major_version: { uint: 2, type: 'uint16' },
    binary_format_minor_version: { uint: 0, type: 'uint16' },
    build_epoch: { uint: 1_700_000_000, type: 'uint64' },
    database_type: 'GeoLite2-Country',
    description: { en: 'test fixture' },
    ip_version: { uint: 4, type: 'uint16' },
    languages: ['en'],
    node_count: { uint: nodeCount, type: 'uint32' },
    record_size: { uint: 24, type: 'uint16' },
  });
  return Buffer.concat([tree, Buffer.alloc(16), data, Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1'), metadata]);
}
