import { createQueryClient, retryDelay } from './query-client';

test('fetched data is kept 5 minutes after last use and failed loads retry 3 times', () => {
  const { queries, mutations } = createQueryClient().getDefaultOptions();

  expect(queries?.gcTime).toBe(5 * 60 * 1000);
  expect(queries?.retry).toBe(3);
  expect(queries?.retryDelay).toBe(retryDelay);
  expect(mutations?.retry).toBe(false);
});

test('retries back off from 1 s, doubling, and never wait more than 30 s', () => {
  expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
});
