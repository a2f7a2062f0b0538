import { compareCheckpoints } from './event-store';

const at = (transactionId: string, globalPosition: number) => ({ transactionId, globalPosition });
const sign = (n: number) => Math.sign(n);

describe('compareCheckpoints', () => {
  it('orders by transaction id as a number, not as text', () => {
    expect(sign(compareCheckpoints(at('9', 50), at('10', 1)))).toBe(-1);
    expect(sign(compareCheckpoints(at('10', 1), at('9', 50)))).toBe(1);
    expect(sign(compareCheckpoints(at('123456789012345678', 1), at('123456789012345679', 1)))).toBe(-1);
  });

  it('orders by global position within one transaction', () => {
    expect(sign(compareCheckpoints(at('77', 3), at('77', 4)))).toBe(-1);
    expect(compareCheckpoints(at('77', 4), at('77', 4))).toBe(0);
  });

  it('reads an empty transaction id as 0', () => {
    expect(compareCheckpoints(at('', 5), at('0', 5))).toBe(0);
    expect(sign(compareCheckpoints(at('', 5), at('1', 1)))).toBe(-1);
  });

  it('sorts checkpoints as BigInt arithmetic would', () => {
    const ids = ['0', '1', '2', '9', '10', '11', '99', '100', '1000', '18446744073709551615'];
    const checkpoints = ids.flatMap((id) => [at(id, 2), at(id, 1)]);
    const byBigInt = [...checkpoints].sort((a, b) => {
      const d = BigInt(a.transactionId) - BigInt(b.transactionId);
      return d === 0n ? a.globalPosition - b.globalPosition : d < 0n ? -1 : 1;
    });
    expect([...checkpoints].reverse().sort(compareCheckpoints)).toEqual(byBigInt);
  });
});
